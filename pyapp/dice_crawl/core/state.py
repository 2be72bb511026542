"""Small readers and writers of a Dice Crawl state shared by the rules modules.

State (plain JSON, see rules.turn.new_state): dice, log, score, over, result,
size, grid (board.py), deck (tile ids still face down), players [{name,
seat (person/easy/normal), race, cls, army, out (dice out of play), at
[x, y], slots [[a, b] or None per card Power: the unlocking pair], dragon}],
turn (whose), first, round, phase (start/explore/crawl), pool (the Crawl's
rolled dice), used (card slots used this turn), revealed, moved, pending (a
stack of steps to finish first: orient, a Power's target, a tile Power
offer...), start_dice, max_rounds, roll (the latest roll, the tray: TRAY),
final (the scoring breakdown once over), steps (actions applied), last_power,
last_cost (from rules version 9: the bracket that Power printed, what Dog
Pile pays to repeat it), rules (the rules version, data.CHANGES; absent for
version 1).
"""

from __future__ import annotations

from functools import partial

from ... import engine
from ...engine import Tray, rules_version
from ..data import ALL_CLASSES, ALL_RACES

# The tray is the latest roll alone, [what, faces] (the Crawl's pool is its dice, sorted, as they are spent).
TRAY = Tray(key="roll", layout=("what", "faces"), latest=True)
roll_many = partial(engine.roll_many, tray=TRAY)


def plays(state: dict, version: int) -> bool:
    """Is the game played under rules `version` or a later one (data.CHANGES)? Version 1's states keep no
    "rules" key."""
    return rules_version(state) >= version


def me(state: dict) -> dict:
    return state["players"][state["turn"]]


def card_powers(player: dict) -> list[dict]:
    """The player's Powers in slot order: the race card's, then the class card's."""
    second = list(ALL_CLASSES[player["cls2"]][1]) if "cls2" in player else []  # Campaign Two's second class
    return list(ALL_RACES[player["race"]][1]) + list(ALL_CLASSES[player["cls"]][1]) + second


def actor(state: dict) -> int:
    """Who chooses now: the player to move, or the player a step names (a trap makes others choose)."""
    return state["pending"][-1].get("by", state["turn"]) if state["pending"] else state["turn"]


def unlocked(player: dict) -> list[int]:
    return [k for k, pair in enumerate(player["slots"]) if pair is not None]


def has_power(player: dict, key: str) -> bool:
    powers = card_powers(player)
    return any(powers[k]["key"] == key for k in unlocked(player))


def take(pool: list, value: int) -> None:
    """Take one die of this value out of the pool (it must be there)."""
    pool.remove(value)


def dice_total(state: dict, player: int) -> int:
    """Every die a player owns, wherever it is: what the rules must conserve."""
    p = state["players"][player]
    on_board = sum(1 for c in state["grid"] for u in c["units"] if u is not None and u[0] == player)
    on_cards = 2 * sum(1 for pair in p["slots"] if pair is not None)
    rolling = 0
    if player == state["turn"]:
        rolling = len(state["pool"]) + sum(len(step.get("roll", ())) for step in state["pending"])
    return p["army"] + p["out"] + on_board + on_cards + rolling


def who(state: dict, player: int) -> str:
    return state["players"][player]["name"]


def _copy(value):
    kind = type(value)
    if kind is dict:
        return {key: item if type(item) in _ATOMS else _copy(item) for key, item in value.items()}
    if kind is list:
        return [item if type(item) in _ATOMS else _copy(item) for item in value]
    return value


_ATOMS = frozenset((int, str, bool, float, type(None)))  # kept as they are, without a call each (the bots copy often)


def _copy_cell(cell: dict) -> dict:
    # units are replaced, never changed in place (turn.hunt, powers): a new list of the same units will do
    out = cell.copy()
    out["units"] = cell["units"][:]
    if len(cell) > 4:  # keys beyond t, dragon, rot and units
        out.update((key, _copy(item)) for key, item in cell.items() if key != "units")
    return out


def trial_copy(state: dict) -> dict:
    """A copy of the state to try an action on (the bots' look-ahead), without the log (it only grows):
    several times quicker than a JSON round trip, which dominated the normal bot's time."""
    out = {key: _copy(item) for key, item in state.items() if key not in ("log", "grid", "deck")}
    out["grid"] = [_copy_cell(cell) for cell in state["grid"]]
    out["deck"] = state["deck"][:]
    out["log"] = []
    return out
