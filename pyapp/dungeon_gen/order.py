"""The fixed order the generator rolls the dungeon in, so that the dungeon is a
function of seed and settings alone (explore.py reveals it; bot.py's auto play
walks the same way). Depth-first, like the article's walks:
1. take its room's first unexplored passage (by label);
2. else go back to the most recently entered room of this level that still
   has one (then of the lowest-numbered level that has one);
3. else roll the lowest-numbered level found but not yet rolled (levels are
   numbered when their stairs are found, so numbers go by depth);
4. else add the secret passages (generate.add_secret_passages) and go on.
"""

from __future__ import annotations

from collections.abc import Callable

from . import generate
from .state import cursor_level, cursor_room


def most_recent(rooms) -> dict:
    return max(rooms, key=lambda r: r["seen"])


def next_move(state: dict) -> tuple[str, object] | None:
    """The generator's next move as (verb, argument), or None once the dungeon is whole."""
    room = cursor_room(state)
    if room["open"]:
        return "take", next(p["label"] for p in room["passages"] if p["kind"] == "unexplored")
    level = cursor_level(state)
    for lv in [level, *state["levels"]]:
        if lv["open"]:
            return "go", [lv["level"], most_recent(r for r in lv["rooms"] if r["open"])["n"]]
    waiting = next((lv for lv in state["levels"] if not lv["rooms"]), None)
    if waiting:
        return "level", waiting["level"]
    if any(room["hidden"] and room["hidden"][0] == "passage" and not any(p["secret"] for p in room["passages"])
           for lv in state["levels"] for room in lv["rooms"]):
        return "secrets", None
    return None


GENERATOR: dict[str, Callable] = {"take": generate.take, "go": generate.go, "level": generate.open_level,
             "secrets": lambda state, _: generate.add_secret_passages(state)}


def generate_step(state: dict) -> bool:
    """One move of the generator; False once the dungeon is whole."""
    move = next_move(state)
    if move is None:
        return False
    GENERATOR[move[0]](state, move[1])
    return True


def run_to_end(state: dict) -> None:
    """Roll the rest of the dungeon in the fixed order."""
    while generate_step(state):
        pass
