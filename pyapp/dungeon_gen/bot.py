"""The explorer's auto play: it walks the dungeon in the generator's fixed
order (order.py), so an auto-played exploration rolls nothing out of sight."""

from __future__ import annotations

from ..codes import code
from . import explore
from .state import here, level_of


# ---------------------------------------------------------------- the explorer's auto play
def explorer_move(state: dict) -> tuple[str, object]:
    """Take this room's first unexplored way; else walk to the most recently
    visited room of this level that has one; else, by stairs, head for the
    lowest-numbered level with something left to explore."""
    room = here(state)
    ways = [w for w in explore.unexplored(state, state["at"][0], room) if w["kind"] != "stairs"]
    if ways:
        return "take", ways[0]["label"]
    level = level_of(state)
    rooms = [r for r in level["rooms"] if r["known"] and any(
        w["kind"] != "stairs" for w in explore.unexplored(state, level["level"], r))]
    if rooms:
        return "go", max(rooms, key=lambda r: r["visited"])["n"]
    goal = next(lv for lv in state["levels"] if explore.has_work(state, lv))
    return step_towards(state, level, goal)


def step_towards(state: dict, level: dict, goal: dict) -> tuple[str, object]:
    """One move along the stairs from this level toward `goal` (levels form a tree)."""
    child = goal
    while child["from"] and child["from"][0] != level["level"]:
        child = state["levels"][child["from"][0] - 1]
    room = child["from"][1] if child["from"] else 1  # the stairs down toward goal, or up from this landing
    return ("stairs", None) if state["at"][1] == room else ("go", room)


def auto_action(state: dict) -> str:
    if explore.mapped(state):  # all mapped: the fixed order makes no searches
        return "close"
    verb, arg = explorer_move(state)
    return verb if arg is None else code(verb, arg)
