"""The map 3 Dice Dungeon is played on, and 3RD6 Dungeon with it: a grid of locations keyed "x,y", four sides,
the neighbour on a side, the door between two locations (named the same from both), and the sides a location
leads on by. A location is state["cells"][key] with its "exits" (a text of sides); locked doors are
state["locked"]."""

from __future__ import annotations

SIDES = ("N", "E", "S", "W")
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def key_of(x: int, y: int) -> str:
    return f"{x},{y}"


def xy(key: str) -> tuple[int, int]:
    x, y = key.split(",")
    return int(x), int(y)


def neighbour(key: str, side: str) -> str:
    x, y = xy(key)
    dx, dy = STEP[side]
    return key_of(x + dx, y + dy)


def edge(key: str, side: str) -> str:
    """The door between a location and its neighbour on `side`, named the same from both sides."""
    return "|".join(sorted((key, neighbour(key, side))))


def is_locked(state: dict, key: str, side: str) -> bool:
    return edge(key, side) in state.get("locked", ())


def passable(state: dict, key: str) -> list[str]:
    """Exits of a location that lead somewhere: unexplored, or a location with a matching exit."""
    out = []
    for side in state["cells"][key]["exits"]:
        other = state["cells"].get(neighbour(key, side))
        if (other is None or OPPOSITE[side] in other["exits"]) and not is_locked(state, key, side):
            out.append(side)
    return out
