"""The Dungeon Generator's state: a plain JSON dict, and the small helpers
that read and change it (rooms, passages, the log, the dice tray).

The dungeon is a function of seed and settings: explore.py rolls it in one
fixed order (order.py), as far as the explorer needs it, with its own cursor;
the explorer only reveals what is there. Shape (export.map_json publishes
the revealed part):

    opts        the settings the game started with
    seed        the seed text; name, size, seed_value
    dice        main stream {"s", "q"} (the structure, in the fixed order)
                + dice["secret"] (each room's secret, rolled when the room is)
                + dice["search"] (the searcher's checks: they only reveal)
    levels      [{"level" (numbered by depth), "from": None | [level, room],
                "threads": [value or None (not started)], "thread": index of
                the current one, "open": unexplored passages on the level (the
                generator's), "rooms": [room], from rules version 2 +"secret_from":
                [the secret passage that opened each thread after the Size's 1/2/3]};
                a level found but not yet rolled has no rooms
    room        {"n", "passages": [passage], "from": None | [room, label],
                "thread", "dead", "hidden": None | [kind, text] (its secret),
                "open", "seen" (the generator's), and the explorer's: "known",
                "visited", "mark" ("" or "?"), "search" ("", "failed",
                "passed"), "may_search"}
    passage     {"label", "kind": unexplored | room | loop | stairs, "to": room
                number or None, "secret": bool, "known": the explorer has
                been through it, +"via" (a loop: the other end's label),
                +"level" (stairs: the other level)}
    at          [level, room] where the explorer stands
    cursor      [level, room] where the generator stands
    level_thread, clock, open (the generator's unexplored passages), steps
    counts      {"loops", "dead_ends"} (rolled), {"searches", "secrets"} (found)
    revealed    True in Whole mode: everything shown, secrets included
    rules       the rules version, from 2 on (absent: version 1)
    rolls       this step's dice: [what, faces, outcome]
    log         the latest LOG_KEEP lines
"""

from __future__ import annotations

from functools import partial

from .. import dice, engine
from ..engine import Roll, Tray
from .data import LETTERS, LOG_KEEP, ROLLS_KEEP


def new_level(number: int, threads: int, came_from: list | None) -> dict:
    return {"level": number, "from": came_from, "threads": [None] * threads, "thread": 0, "open": 0, "rooms": []}


def new_room(number: int, came_from: list | None, thread: int | None) -> dict:
    return {"n": number, "passages": [], "from": came_from, "thread": thread, "dead": False, "hidden": None,
            "open": 0, "seen": 0, "known": False, "visited": 0, "mark": "", "search": "", "may_search": True}


def add_passages(state: dict, level: dict, room: dict, count: int, secret: bool = False) -> None:
    """Give `room` `count` new unexplored passages, lettered after its others."""
    taken = sum(1 for p in room["passages"] if p["kind"] != "stairs")
    for i in range(taken, taken + count):
        room["passages"].append(
            {"label": f"{room['n']}{LETTERS[i]}", "kind": "unexplored", "to": None, "secret": secret, "known": False})
    room["open"] += count
    level["open"] += count
    state["open"] += count


def explored(state: dict, level: dict, room: dict, passage: dict, kind: str, to: int) -> None:
    """An unexplored passage now leads somewhere (the generator rolled it)."""
    passage["kind"], passage["to"] = kind, to
    room["open"] -= 1
    level["open"] -= 1
    state["open"] -= 1


def level_of(state: dict, number: int | None = None) -> dict:
    """The explorer's level (or level `number`)."""
    return state["levels"][(state["at"][0] if number is None else number) - 1]


def room_at(state: dict, level: int, number: int) -> dict:
    return state["levels"][level - 1]["rooms"][number - 1]


def here(state: dict) -> dict:
    """The room the explorer stands in."""
    return room_at(state, *state["at"])


def cursor_level(state: dict) -> dict:
    return level_of(state, state["cursor"][0])


def cursor_room(state: dict) -> dict:
    return room_at(state, *state["cursor"])


def passage(room: dict, label: str) -> dict:
    """The room's passage of that label: asked only for labels the room's own rolls gave it."""
    for p in room["passages"]:
        if p["label"] == label:
            return p
    raise KeyError(f"room {room['n']} has no passage {label}")


def stairs_of(room: dict) -> dict | None:
    """The room's stairs, or None if it has none."""
    return next((p for p in room["passages"] if p["kind"] == "stairs"), None)


def stairs_in(room: dict) -> dict:
    """The stairs of a room known to have them (the explorer stands on them, or they lead to it)."""
    stairs = stairs_of(room)
    if stairs is None:
        raise KeyError(f"room {room['n']} has no stairs")
    return stairs


def move_cursor(state: dict, level: int, number: int) -> None:
    """The generator stands in a room (the fixed order backtracks by `seen`)."""
    state["cursor"] = [level, number]
    state["clock"] += 1
    room_at(state, level, number)["seen"] = state["clock"]


def enter(state: dict, level: int, number: int) -> None:
    """The explorer stands in a room. Coming back to a room marked "?" allows a new search."""
    state["at"] = [level, number]
    state["steps"] += 1
    room = room_at(state, level, number)
    room["known"] = True
    room["visited"] = state["steps"]
    if room["search"] == "failed":
        room["may_search"] = True


say = partial(engine.say, keep=LOG_KEEP)
# Each step's dice, [what, faces, outcome] a roll (the latest ROLLS_KEEP: a "finish" step rolls hundreds); every
# step starts an empty tray (rules.apply).
TRAY = Tray(layout=("what", "faces", "outcome"), keep=ROLLS_KEEP)


def draw(state: dict, count: int, stream: str = "main") -> list[int]:
    """Draw `count` d6 from the main stream, or the "secret" or "search" stream (the tray shows a roll once
    `record` says what it did)."""
    return dice.roll_many(state["dice"] if stream == "main" else state["dice"][stream], count)


def record(state: dict, what: str, faces: list[int], outcome: str) -> None:
    """Show a roll in the dice tray with what it was for and what it did."""
    engine.record(state, Roll(what, faces, outcome=outcome), tray=TRAY)


def room_name(level: int, number: int, levels: int) -> str:
    """'Room 5', or 'Level 2 Room 5' once the dungeon has several levels."""
    return f"Level {level} Room {number}" if levels > 1 else f"Room {number}"
