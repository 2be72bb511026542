"""Tabletop Dungeon action codes (pyapp/codes.py's form), made here only.

"m 3 4" moves the selected hero to square 3,4, "a 7" attacks monster 7,
"hero 2" selects the hero of seat 2; the other verbs ("place 1",
"place auto", "open 1", "drink heal", "wear ring", "give heal 2", "search",
"end", "step", "skip", "luck", "noluck") are made with `code`.
"""

from __future__ import annotations

from ..codes import code, parse

__all__ = ["code", "parse", "move", "attack", "select"]


def move(sq) -> str:
    return code("m", sq[0], sq[1])


def attack(monster_id: int) -> str:
    return code("a", monster_id)


def select(seat: int) -> str:
    return code("hero", seat)
