"""Forbidden Vaults: what a tile's feature and a player's Undead Power change in the base rules' checks.

Small readers only (no Power, no turn): the base modules ask them in their filters (which icon may be hunted
next on a Goblin Swarm, which unit may be forced off a tile), so they import nothing but the board and state.
"""

from __future__ import annotations

from ..core import board
from ..core.state import has_power
from ..data import TILES
from ..vaults_data import DWARVEN_HOARD, DWARVEN_SPLIT, FEATURES


def feature(c: dict) -> str:
    """The tile's Forbidden Vaults feature ("undying", "swarm", "tripwire", a trap) or ""."""
    return TILES[c["t"]].get("feature", "") if c["t"] is not None else ""


def is_trap(c: dict) -> bool:
    return feature(c) in ("fire", "gas", "pit", "petrification", "sliding", "spinning")


def in_order(c: dict, s: int) -> bool:
    """Goblin Swarm: an icon may be covered only once every lower icon of the tile is covered."""
    if feature(c) != "swarm":
        return True
    value = board.spaces(c)[s]["v"]
    return all(unit is not None for space, unit in zip(board.spaces(c), c["units"])
               if space["kind"] == "icon" and space["v"] < value)


def protected(state: dict, owner: int) -> bool:
    """Undead: no one but their owner may force the owner's units off a tile or shapechange them."""
    return owner != state["turn"] and has_power(state["players"][owner], "undead")


def dwarven_points(state: dict, c: dict, rows: list) -> None:
    """A Dwarven Hoard: 3 points to the one player holding it (one or both halves; 4 with Hoarder), 1 to each
    player when its two halves are opposing players'."""
    halves: dict = {}
    for space, unit in zip(board.spaces(c), c["units"]):
        if "dwarf" in space and unit is not None:
            halves.setdefault(space["dwarf"], []).append(unit[0])
    for owners in halves.values():
        if len(set(owners)) > 1:
            for owner in owners:
                rows[owner]["hoards"] += DWARVEN_SPLIT
        else:
            hoarder = has_power(state["players"][owners[0]], "hoarder")
            rows[owners[0]]["hoards"] += DWARVEN_HOARD + (1 if hoarder else 0)


def vault_words(tile: dict) -> str:
    """What the log adds about a Forbidden Vaults tile: its Dwarven Hoards and its feature."""
    dwarven = len({s["dwarf"] for s in tile["spaces"] if "dwarf" in s})
    words = f", {dwarven} Dwarven Hoard{'s' if dwarven > 1 else ''}" if dwarven else ""
    return words + (f", {FEATURES[tile['feature']]} tile" if tile.get("feature") else "")
