"""Dice Crawl action codes (pyapp/codes.py's form), made and read here only.

Cells are "x y" (column, row from the top-left, 0-based); a space is a cell
and the index of one of its spaces (dice icons first, then Hoards):

- "x 2 3" explore (reveal) the face-down tile at 2,3; "o 1" orient the
  tile just revealed or rotated a quarter-turn clockwise once; "m 2 3" move
  the marker there; "roll" start the Crawl; "end" end the turn;
- "p 2 3 0" hunt: put the matching die on icon 0 of tile 2,3;
  "h 2 3 2 5" put a 5 on Hoard space 2; "u 4 3 3" unlock power slot 4 with
  two 3s; "use 4 3" use power slot 4 paying a 3 ("use 4" when free);
- a Power's targets: "rv x y" reveal, "rt x y" rotate, "sw x y" then
  "with x y" swap, "sc x y" scout, "g x y s" garrison, "w x y s" withdraw,
  "on x y s" onslaught, "sh x y s" shapechange, "at x y s" attack ("miss":
  no target), "d 4" which die, "gt 4" pay the Gate's toll with a 4 (a
  Garrison at the Gate), "t 2" mark die 2 for a reroll, "rr" reroll,
  "pass" forfeit a tile Power.
"""

from __future__ import annotations

from ...codes import code, parse

__all__ = ["code", "parse", "cell_code", "space_code", "numbers"]


def cell_code(verb: str, cell) -> str:
    return code(verb, cell[0], cell[1])


def space_code(verb: str, cell, space: int, *more) -> str:
    return code(verb, cell[0], cell[1], space, *more)


def numbers(action_code: str) -> tuple[str, list[int]]:
    """(verb, integer arguments) of a code."""
    verb, args = parse(action_code)
    return verb, [int(a) for a in args]
