"""Tabletop Dungeon action codes (pyapp/codes.py's form), made here only: the rules, the bot and the
tests spell a code through these names, never as a literal.

"m 3 4" moves the selected hero to square 3,4, "a 7" attacks monster 7, "hero 2" selects the hero of
seat 2, "place 1" / "place auto" places a tile, "open 1" opens door 1, "drink heal", "wear ring",
"give heal 2"; the one-word codes are the constants below.
"""

from __future__ import annotations

from ..codes import code, parse

__all__ = ["code", "parse", "move", "attack", "select", "place", "open_door", "drink", "wear", "give",
           "SEARCH", "END", "STEP", "SKIP", "LUCK", "NO_LUCK", "AUTO"]

SEARCH = "search"  # the heroes search the room
END = "end"  # end the heroes' phase
STEP = "step"  # the monsters' phase: the next step
SKIP = "skip"  # the monsters' phase: to its end
LUCK = "luck"  # drink Luck and re-roll
NO_LUCK = "noluck"  # keep the roll
AUTO = "auto"  # "place auto": the tile where the rules would put it


def move(sq) -> str:
    return code("m", sq[0], sq[1])


def attack(monster_id: int) -> str:
    return code("a", monster_id)


def select(seat: int) -> str:
    return code("hero", seat)


def place(where: int | str) -> str:
    """Place the tile at spot `where` (1-based) or AUTO."""
    return code("place", where)


def open_door(number: int) -> str:
    return code("open", number)


def drink(potion: str) -> str:
    return code("drink", potion)


def wear(item: str) -> str:
    return code("wear", item)


def give(item: str, seat: int) -> str:
    return code("give", item, seat)
