"""Dungeon Generator rules (seed 003): what may be done, and doing it.

`legal_actions` is the one place that decides what may be done; `apply`
carries out a code it offered (Game.play refuses any other). Codes:
"take 2B" (a passage of this room), "back" (to the room you came from),
"go 7" (any known room of this level; map click only), "stairs",
"search", "finish" (the rest of the dungeon in the fixed order), "close"
(once every passage is known: the dungeon is done; until then the explorer
may still walk it and search the rooms the article searches at the end)."""

from __future__ import annotations

from ..codes import code, parse
from ..engine import Action
from . import explore
from .generate import new_dungeon
from .state import here, level_of, say, stairs_of


def new_state(seed: str, opts: dict, forced: tuple[int, ...] = (), secrets: tuple[int, ...] = ()) -> dict:
    state = new_dungeon(seed, opts, forced, secrets)
    explore.enter(state, 1, 1)
    say(state, f"Entrance: {explore.arrival(state, 1, 1).split(': ', 1)[1]}.")
    if opts.get("mode") == "whole":  # a game master's map: the whole dungeon, secrets included
        explore.reveal_all(state)
        say(state, "The whole dungeon is mapped, secrets included.")
        state["closed"] = True
    return state


def passage_action(room: dict, way: dict) -> Action:
    label = way["label"]
    take = code("take", label)
    if not way["known"]:
        hint = "the way into this room" if way not in room["passages"] else "unexplored"
        return Action(take, f"Take {label}", "Passages", ("secret, " if way["secret"] else "") + hint,
                      target=("passage", label))
    to = way["to"] if way in room["passages"] else room["from"][0]
    what = "loops to" if way["kind"] == "loop" else "to"
    return Action(take, f"{label} {what} Room {to}", "Passages", "known", target=("passage", label))


def search_hint(state: dict) -> str:
    opts = state["opts"]
    bonus = opts["int"] + opts["dungeoneering"]
    return f"2d6+{bonus} vs {7 + state['seed_value']}: finds the room's secret, if any"


def legal_actions(state: dict) -> list[Action]:
    if is_over(state):
        return []
    level, room = state["at"][0], here(state)
    back = explore.entry(state, level, room)
    ways = [w for w in explore.ways(state, level, room) if w["kind"] != "stairs" and not (w is back and w["known"])]
    out = [passage_action(room, w) for w in ways]
    stairs = stairs_of(room)
    if stairs:
        if stairs["label"] == "up":
            text = f"Climb the stairs to Level {stairs['level']}"
        else:
            text = "Go down the stairs" + (f" to Level {stairs['level']}" if stairs["known"] else " (unexplored)")
        out.append(Action("stairs", text, "Stairs", target=("stairs", room["n"])))
    if back is not None and back["known"]:
        out.append(Action("back", f"Back to Room {room['from'][0]}", "Move", f"through {room['from'][1]}"))
    if room["may_search"]:
        out.append(Action("search", "Search this room for secrets", "Search", search_hint(state)))
    if mapped(state):
        out.append(Action("close", "Close the map: the dungeon is done", "Dungeon", searchable_hint(state)))
    else:
        out.append(Action("finish", "Generate the rest of the dungeon", "Dungeon", "fixed order, no searches"))
    out += [Action(code("go", r["n"]), f"Go to Room {r['n']}", "Move", board=True, target=("room", r["n"]))
            for r in level_of(state)["rooms"] if r["known"] and r is not room]
    return out


def searchable_hint(state: dict) -> str:
    rooms = sum(1 for level in state["levels"] for r in level["rooms"] if r["known"] and r["may_search"])
    return f"{rooms} room{'s' * (rooms != 1)} could still be searched" if rooms else "every room searched"


def finish(state: dict) -> None:
    explore.reveal_reachable(state)
    say(state, "The rest of the dungeon is mapped; rooms can still be searched before closing the map.")


def close(state: dict) -> None:
    state["closed"] = True
    say(state, "The map is closed: the dungeon is done.")


# verb -> what it does with the state and the code's arguments
VERBS = {
    "take": lambda state, args: explore.take(state, args[0]),
    "back": lambda state, args: explore.take(state, here(state)["from"][1]),
    "go": lambda state, args: explore.go(state, int(args[0])),
    "stairs": lambda state, args: explore.follow_stairs(state),
    "search": lambda state, args: explore.search(state),
    "finish": lambda state, args: finish(state),
    "close": lambda state, args: close(state),
}


def apply(state: dict, text: str) -> None:
    """Carry out an action that `legal_actions` offered."""
    state["rolls"] = []
    verb, args = parse(text)
    VERBS[verb](state, args)


def mapped(state: dict) -> bool:
    """Every way the explorer can see is explored: nothing left but searches."""
    return explore.mapped(state)


def is_over(state: dict) -> bool:
    """The map is closed (Whole mode closes it at once)."""
    return bool(state.get("closed"))


def result(state: dict) -> str:
    return "closed" if is_over(state) else ""
