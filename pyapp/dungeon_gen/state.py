"""The Dungeon Generator's state: a plain JSON dict, and the small helpers
that read and change it (rooms, passages, the log, the dice tray).

Shape (see also export.map_json, which publishes the map part):

    opts        the settings the game started with
    seed        the seed text; name, size, seed_value
    dice        main stream {"s", "q"} + dice["search"], a second stream for
                searches, so searching never changes the rooms rolled later
    levels      [{"level", "from": None | [level, room], "threads": [value or
                None (not started)], "thread": index of the current one,
                "open": unexplored passages on the level, "stairs": stairs down
                not yet followed on it, "rooms": [room]}]
    room        {"n", "passages": [passage], "from": None | [room, label],
                "thread": index of the thread that rolled it (None: entrance,
                landing, or made once every thread was spent), "dead",
                "mark" ("" or "?"), "search" ("", "failed", "passed"),
                "may_search", "secret" (text of a non-passage secret),
                "open" (its unexplored non-stairs passages), "seen" (clock
                value when last entered: the fixed order backtracks by it)}
    passage     {"label", "kind": unexplored | room | loop | stairs, "to":
                room number or None, "secret": bool, +"via" (a loop: the
                other end's label), +"level" (stairs: the other level)}
    at          [level, room] where the explorer stands
    level_thread, clock, open (unexplored passages + unfollowed stairs down)
    counts      {"loops", "dead_ends", "searches", "secrets"}
    rolls       this step's dice: [what, faces, outcome]
    log         the latest LOG_KEEP lines
"""

from __future__ import annotations

from .. import dice
from .data import LETTERS, LOG_KEEP, ROLLS_KEEP


def new_level(number: int, threads: int, came_from: list | None) -> dict:
    return {"level": number, "from": came_from, "threads": [None] * threads, "thread": 0, "open": 0, "stairs": 0,
            "rooms": []}


def new_room(number: int, came_from: list | None, thread: int | None) -> dict:
    return {"n": number, "passages": [], "from": came_from, "thread": thread, "dead": False, "mark": "",
            "search": "", "may_search": True, "secret": "", "open": 0, "seen": 0}


def add_passages(state: dict, level: dict, room: dict, count: int, secret: bool = False) -> None:
    """Give `room` `count` new unexplored passages, lettered after its others."""
    taken = sum(1 for p in room["passages"] if p["kind"] != "stairs")
    for i in range(taken, taken + count):
        room["passages"].append(
            {"label": f"{room['n']}{LETTERS[i]}", "kind": "unexplored", "to": None, "secret": secret})
    room["open"] += count
    level["open"] += count
    state["open"] += count


def explored(state: dict, level: dict, room: dict, passage: dict, kind: str, to: int) -> None:
    """An unexplored passage now leads somewhere."""
    passage["kind"], passage["to"] = kind, to
    room["open"] -= 1
    level["open"] -= 1
    state["open"] -= 1


def level_of(state: dict, number: int | None = None) -> dict:
    return state["levels"][(state["at"][0] if number is None else number) - 1]


def here(state: dict) -> dict:
    level, room = state["at"]
    return state["levels"][level - 1]["rooms"][room - 1]


def passage(room: dict, label: str) -> dict | None:
    return next((p for p in room["passages"] if p["label"] == label), None)


def stairs_of(room: dict) -> dict | None:
    return next((p for p in room["passages"] if p["kind"] == "stairs"), None)


def enter(state: dict, level: int, number: int) -> None:
    """Stand in a room. Coming back to a room marked "?" allows a new search."""
    state["at"] = [level, number]
    state["clock"] += 1
    room = state["levels"][level - 1]["rooms"][number - 1]
    room["seen"] = state["clock"]
    if room["search"] == "failed":
        room["may_search"] = True


def say(state: dict, text: str) -> None:
    log = state["log"]
    log.append(text)
    if len(log) > LOG_KEEP:
        del log[: len(log) - LOG_KEEP]


def roll(state: dict, count: int, stream: str = "main") -> list[int]:
    """Roll `count` d6 on the main stream or the search stream."""
    return dice.roll_many(state["dice"] if stream == "main" else state["dice"]["search"], count)


def record(state: dict, what: str, faces: list[int], outcome: str) -> None:
    """Show a roll in the dice tray with what it was for and what it did."""
    rolls = state["rolls"]
    rolls.append([what, faces, outcome])
    if len(rolls) > ROLLS_KEEP:
        del rolls[: len(rolls) - ROLLS_KEEP]


def room_name(level: int, number: int, levels: int) -> str:
    """'Room 5', or 'Level 2 Room 5' once the dungeon has several levels."""
    return f"Level {level} Room {number}" if levels > 1 else f"Room {number}"
