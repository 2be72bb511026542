"""Which tiles and cards a game deals from when Forbidden Vaults sets are on (state["vaults"]).

Apart from rules/vaults.py so that set-up steps (variants/picks.py) and a campaign's next game
(variants/series.py) can use them without importing the sets' rules.
"""

from __future__ import annotations

from ...engine import rules_version
from ..data import CLASS_IDS, RACE_IDS, SET_CLASS_IDS, SET_RACE_IDS, SET_TILES, TILE_IDS


def base_cards(state: dict, key: str) -> tuple[int, ...]:
    """The base game's race ("race") or class ("cls") cards under the game's rules version."""
    return (RACE_IDS if key == "race" else CLASS_IDS)[rules_version(state)]


def set_cards(state: dict, key: str) -> dict[str, tuple[int, ...]]:
    """Each Forbidden Vaults set's race ("race") or class ("cls") cards under the game's rules version."""
    return (SET_RACE_IDS if key == "race" else SET_CLASS_IDS)[rules_version(state)]


def card_pile(state: dict, key: str) -> list[int]:
    """The race or class cards in this game: the base pile of its rules version and the chosen sets' cards."""
    by_set = set_cards(state, key)
    return list(base_cards(state, key)) + [i for s in state.get("vaults", ()) for i in by_set[s]]


def new_dungeon(state: dict, players: int) -> None:
    """The stack of face-down tiles, with the chosen sets' shuffled in, and no trap debts (also a campaign's game 2)."""
    state["deck"] = list(TILE_IDS[rules_version(state)]) + [t for s in state.get("vaults", ()) for t in SET_TILES[s]]
    if "vaults" in state:
        state["owed"] = [[0, 0] for _ in range(players)]  # [to the army, out of play] next Crawl
        state["tripped"] = False
