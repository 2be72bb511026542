"""The fixed order: the auto-play policy, and exactly what whole mode and
"finish" run to the end (so explore-by-auto_action == whole mode).

Depth-first, like the article's walks:
1. take this room's first unexplored passage (by label);
2. else go back to the most recently entered room of this level that still
   has one;
3. else, with this level done, follow unfollowed stairs down on it (the most
   recently entered such room first);
4. else head for the lowest-numbered level with work left, by stairs.
It never searches: there is no character choosing to.
"""

from __future__ import annotations

from ..codes import code
from . import explore
from .state import here, level_of


def has_work(level: dict) -> bool:
    return level["open"] > 0 or level["stairs"] > 0


def unfollowed_stairs(room: dict) -> bool:
    return any(p["kind"] == "stairs" and p["to"] is None for p in room["passages"])


def next_move(state: dict) -> tuple[str, object]:
    """The fixed order's next move as (verb, argument): ("take", "2B"), ("go", 7), ("stairs", None)."""
    room = here(state)
    level = level_of(state)
    if room["open"]:
        return "take", next(p["label"] for p in room["passages"] if p["kind"] == "unexplored")
    if level["open"]:
        return "go", max((r for r in level["rooms"] if r["open"]), key=lambda r: r["seen"])["n"]
    if level["stairs"]:
        target = max((r for r in level["rooms"] if unfollowed_stairs(r)), key=lambda r: r["seen"])
        return ("stairs", None) if target is room else ("go", target["n"])
    goal = next(lv for lv in state["levels"] if has_work(lv))
    return step_towards(state, level, goal)


def step_towards(state: dict, level: dict, goal: dict) -> tuple[str, object]:
    """One move along the stairs from this level toward `goal` (levels form a tree)."""
    child = goal
    while child["from"] and child["from"][0] != level["level"]:
        child = state["levels"][child["from"][0] - 1]
    if child["from"]:  # goal is below: go to the stairs down that lead toward it
        room = child["from"][1]
    else:  # goal is not below this level: climb to the level above
        room = 1
    return ("stairs", None) if state["at"][1] == room else ("go", room)


def auto_action(state: dict) -> str:
    if not state["open"]:  # all mapped: the fixed order makes no searches
        return "close"
    verb, arg = next_move(state)
    return verb if arg is None else code(verb, arg)


MOVES = {"take": explore.take, "go": explore.go, "stairs": lambda state, _: explore.follow_stairs(state)}


def run_to_end(state: dict) -> None:
    """Play the fixed order until every passage is explored (the moves
    auto_action names, carried out without spelling them as codes)."""
    while state["open"]:
        verb, arg = next_move(state)
        MOVES[verb](state, arg)
