"""Exploring: the article's final procedure carried out on the state.

Every die of the structure (size, Seed, passages, threads, loop-backs,
level checks, landings) comes from the main stream, in the order the
explorer meets them; searches roll on their own stream (state.py)."""

from __future__ import annotations

from .. import dice
from . import procedure as P
from .data import SEED_RULE, SIZE_NAMES, STAIRS_DOWN, STAIRS_UP
from .state import (add_passages, enter, explored, here, level_of, new_level, new_room, passage, record, roll,
                    say, stairs_of)


def new_dungeon(seed: str, opts: dict, forced: tuple[int, ...] = ()) -> dict:
    """Steps 1-3: Size, Seed, the entrance and its passages. Threads start later.
    `forced` faces come up first (tests and the article's worked examples)."""
    state = {
        "opts": dict(opts), "seed": seed, "name": opts["name"], "size": "", "seed_value": 0,
        "dice": {**dice.seed_state(seed), "search": dice.seed_state(seed + "/search")},
        "levels": [], "at": [1, 1], "level_thread": 0, "clock": 0, "open": 0,
        "counts": {"loops": 0, "dead_ends": 0, "searches": 0, "secrets": 0},
        "rolls": [], "log": [],
    }
    dice.force(state["dice"], *forced)
    size = opts["size"]
    if size == "roll":
        faces = roll(state, 1)
        size = P.size_from_face(faces[0])
        record(state, "Size", faces, SIZE_NAMES[size])
    state["size"] = size
    faces = roll(state, 2)
    state["seed_value"] = state["level_thread"] = P.seed_from_faces(size, *faces)
    record(state, f"Seed ({SEED_RULE[size]})", faces, str(state["seed_value"]))
    say(state, f"{state['name']}: Size {SIZE_NAMES[size]}, Seed {state['seed_value']}.")
    open_level(state, None, "Entrance")
    return state


def open_level(state: dict, came_from: list | None, what: str) -> None:
    """A new node map: its first room (entrance or stairs landing) has the
    highest of xd6 passages, and the level gets fresh threads."""
    number = len(state["levels"]) + 1
    level = new_level(number, P.dice_count(state["size"]), came_from)
    state["levels"].append(level)
    room = new_room(1, None, None)
    level["rooms"].append(room)
    if came_from:
        room["passages"].append({"label": STAIRS_UP, "kind": "stairs", "to": came_from[1], "secret": False,
                                 "level": came_from[0]})
    faces = roll(state, P.dice_count(state["size"]))
    count = P.entrance_passages(faces)
    add_passages(state, level, room, count)
    where = f"Level {number} {what}" if number > 1 else what
    record(state, where, faces, f"{count} passage{'s' * (count != 1)}")
    say(state, f"{where}: {count} passage{'s' * (count != 1)}.")
    enter(state, number, 1)


def take(state: dict, label: str) -> None:
    """Go through one of this room's passages; the first time, find where it leads."""
    room = here(state)
    way = passage(room, label)
    if way["kind"] != "unexplored":
        enter(state, state["at"][0], way["to"])
        return
    level = level_of(state)
    others = level["open"] - room["open"]  # unexplored passages in OTHER rooms of this level
    if others:
        faces = roll(state, 1)
        hit = P.loop_back(faces[0])
        record(state, f"{label}: loop-back check", faces, "joins a known room" if hit else "no")
        if hit:
            loop_back(state, level, room, way)
            return
    discover(state, level, room, way)


def loop_back(state: dict, level: dict, room: dict, way: dict) -> None:
    """Step 6a: the passage joins a room that still has unexplored passages;
    the passage met there is the same one seen from the other end."""
    candidates = [r for r in level["rooms"] if r is not room and r["open"]]
    if len(candidates) == 1:
        target = candidates[0]
        ends = [p for p in target["passages"] if p["kind"] == "unexplored"]
        question = f"{way['label']}: which passage of Room {target['n']}"
        end = ends[pick(state, list(range(1, len(ends) + 1)), question) - 1]
    else:
        target = level["rooms"][pick(state, [r["n"] for r in candidates], f"{way['label']}: which room") - 1]
        end = next(p for p in target["passages"] if p["kind"] == "unexplored")
    explored(state, level, room, way, "loop", target["n"])
    explored(state, level, target, end, "loop", room["n"])
    way["via"], end["via"] = end["label"], way["label"]
    state["counts"]["loops"] += 1
    say(state, f"{way['label']} loops back to Room {target['n']} through {end['label']} (crossed off).")
    enter(state, level["level"], target["n"])


def pick(state: dict, numbers: list[int], what: str) -> int:
    """Roll 1d6/2d6/3d6 and take the closest number (no roll for one choice)."""
    if len(numbers) == 1:
        return numbers[0]
    faces = roll(state, P.dice_for_choices(len(numbers)))
    chosen = P.closest(numbers, sum(faces))
    record(state, what, faces, str(chosen))
    return chosen


def current_thread(state: dict, level: dict) -> int | None:
    """The index of the thread in use, starting the next one (1d6 + Seed)
    when the current one is spent; None once every thread is spent."""
    threads = level["threads"]
    while level["thread"] < len(threads):
        index = level["thread"]
        if threads[index] is None:
            faces = roll(state, 1)
            threads[index] = P.thread_value(faces[0], state["seed_value"])
            record(state, f"Thread {index + 1} starts", faces, f"1d6 + Seed = {threads[index]}")
            say(state, f"Thread {index + 1} starts at {threads[index]}.")
        if threads[index] > 0:
            return index
        level["thread"] += 1
    return None


def discover(state: dict, level: dict, room: dict, way: dict) -> None:
    """Step 5: a new room, whose passages are the lowest die at or under the thread."""
    number = len(level["rooms"]) + 1
    index = current_thread(state, level)
    new = new_room(number, [room["n"], way["label"]], index)
    level["rooms"].append(new)
    explored(state, level, room, way, "room", number)
    what = f"Room {number}"
    if index is None:
        count = 0
        record(state, what, [], "every thread spent -> dead end")
    else:
        value = level["threads"][index]
        faces = roll(state, P.dice_count(state["size"]))
        count = P.room_passages(value, faces)
        if count:
            level["threads"][index] = value - 1
        found = f"{count} passage{'s' * (count != 1)}" if count else "dead end"
        record(state, what, faces, f"thread {value} -> " + found)
    enter(state, level["level"], number)
    if count:
        add_passages(state, level, new, count)
        say(state, f"{way['label']} leads to Room {number}: {count} passage{'s' * (count != 1)}.")
        return
    new["dead"] = True
    state["counts"]["dead_ends"] += 1
    say(state, f"{way['label']} leads to Room {number}: a dead end.")
    level_check(state, new)


def level_check(state: dict, room: dict) -> None:
    """Each dead end: roll the Seed's dice; strictly under the level thread
    puts stairs down here and the level thread drops by 1."""
    if not P.level_check_possible(state["size"], state["level_thread"]):
        return
    faces = roll(state, 2)
    value = P.seed_from_faces(state["size"], *faces)
    found = P.level_found(state["size"], *faces, state["level_thread"])
    record(state, f"Room {room['n']}: level check", faces,
           f"{value} vs level thread {state['level_thread']}: " + ("stairs down!" if found else "no"))
    if not found:
        return
    state["level_thread"] -= 1
    room["passages"].append({"label": STAIRS_DOWN, "kind": "stairs", "to": None, "secret": False, "level": None})
    state["open"] += 1
    level_of(state)["stairs"] += 1
    say(state, f"Stairs down in Room {room['n']}! The level thread drops to {state['level_thread']}.")


def follow_stairs(state: dict) -> None:
    """Down to a new level the first time (its landing rolls like an entrance), else walk them."""
    number = state["at"]
    room = here(state)
    stairs = stairs_of(room)
    if stairs["to"] is None:
        stairs["to"], stairs["level"] = 1, len(state["levels"]) + 1
        state["open"] -= 1
        level_of(state)["stairs"] -= 1
        open_level(state, list(number), "stairs landing")
        return
    enter(state, stairs["level"], stairs["to"])


def go(state: dict, number: int) -> None:
    enter(state, state["at"][0], number)


def search(state: dict) -> None:
    """2d6 + INT + Dungeoneering vs 7 + Seed on the search stream; a pass
    then finds a secret on a 1 in 6, read on the dungeon type's table."""
    room = here(state)
    opts = state["opts"]
    room["may_search"] = False
    state["counts"]["searches"] += 1
    faces = roll(state, 2, "search")
    need = 7 + state["seed_value"]
    total = sum(faces) + opts["int"] + opts["dungeoneering"]
    passed = P.search_passes(*faces, opts["int"], opts["dungeoneering"], state["seed_value"])
    what = f"Room {room['n']}: search"
    record(state, what, faces, f"{total} vs {need}: " + ("pass" if passed else "fail, marked ?"))
    if not passed:
        room["search"], room["mark"] = "failed", "?"
        say(state, f"Room {room['n']}: not sure there is no secret here (?).")
        return
    room["search"], room["mark"] = "passed", ""
    face = roll(state, 1, "search")
    found = P.secret_exists(face[0])
    record(state, f"Room {room['n']}: a secret? (1 in 6)", face, "yes" if found else "nothing")
    if not found:
        say(state, f"Room {room['n']}: no secret here.")
        return
    entry = roll(state, 1, "search")
    kind, text = P.secret_entry(opts["type"], entry[0])
    record(state, f"Room {room['n']}: {opts['type']} secret table", entry, text)
    state["counts"]["secrets"] += 1
    if kind == "passage":
        add_passages(state, level_of(state), room, 1, secret=True)
        say(state, f"Room {room['n']}: a secret passage, {room['passages'][-1]['label']}: {text}.")
    else:
        room["secret"] = f"{kind.title()}: {text}"
        say(state, f"Room {room['n']}: a secret! {text}.")
