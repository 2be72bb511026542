"""Generating: the article's final procedure, rolled in the fixed order.

The dungeon is a function of seed and settings alone. Every die of the
structure (size, Seed, passages, threads, loop-backs, level checks,
landings) comes from the main stream, in the fixed order of order.next_move;
each room's secret (1 in 6, then the type's table) is rolled on its own
stream when the room is. The generator walks the dungeon with its own
cursor, only as far as the explorer needs (explore.advance), so a game
that always follows the fixed order rolls each room as it enters it."""

from __future__ import annotations

from .. import dice
from ..engine import RULES_KEY, rules_version
from . import procedure as P
from .data import (
    AT_OR_UNDER,
    DEPTHS,
    FAR,
    ROLLED_STAIRS,
    SECRET_ROOMS,
    SECRET_THREADS,
    SEED_RULE,
    SIDE_THREADS,
    SIZE_NAMES,
    STAIRS_DOWN,
    STAIRS_UP,
)
from .level_tree import depths
from .state import (
    add_passages,
    cursor_level,
    cursor_room,
    draw,
    explored,
    move_cursor,
    new_level,
    new_room,
    passage,
    record,
    say,
)


def new_dungeon(seed: str, opts: dict, forced: tuple[int, ...] = (), secrets: tuple[int, ...] = ()) -> dict:
    """Steps 1-3: Size, Seed, the entrance and its passages. Threads start later.
    `forced` faces come up first (tests and the article's worked examples),
    `secrets` first on the secret stream."""
    opts = dict(opts)
    version = int(opts.pop(RULES_KEY, 1))  # as state["rules"] from 2 on: version 1 states stay as they were
    state = {
        "opts": opts, "seed": seed, "name": opts["name"], "size": "", "seed_value": 0,
        "dice": {**dice.seed_state(seed), "search": dice.seed_state(seed + "/search"),
                 "secret": dice.seed_state(seed + "/secret")},
        "levels": [], "at": [1, 1], "cursor": [1, 1], "level_thread": 0, "clock": 0, "steps": 0, "open": 0,
        "counts": {"loops": 0, "dead_ends": 0, "searches": 0, "secrets": 0}, "revealed": False,
        "rolls": [], "log": [],
    }
    if version > 1:
        state["rules"] = version
    dice.force(state["dice"], *forced)
    dice.force(state["dice"]["secret"], *secrets)
    size = opts["size"]
    if size == "roll":
        faces = draw(state, 1)
        size = P.size_from_face(faces[0])
        record(state, "Size", faces, SIZE_NAMES[size])
    state["size"] = size
    faces = draw(state, 2)
    state["seed_value"] = state["level_thread"] = P.seed_from_faces(size, *faces)
    record(state, f"Seed ({SEED_RULE[size]})", faces, str(state["seed_value"]))
    say(state, f"{state['name']}: Size {SIZE_NAMES[size]}, Seed {state['seed_value']}.")
    state["levels"].append(new_level(1, P.dice_count(size), None))
    open_level(state, 1)
    return state


def open_level(state: dict, number: int) -> None:
    """Roll a level found earlier: its first room (entrance or stairs landing)
    has the highest of xd6 passages; the level has its own fresh threads."""
    level = state["levels"][number - 1]
    room = new_room(1, None, None)
    level["rooms"].append(room)
    roll_secret(state, room)
    came_from = level["from"]
    if came_from:
        room["passages"].append({"label": STAIRS_UP, "kind": "stairs", "to": came_from[1], "secret": False,
                                 "known": False, "level": came_from[0]})
    faces = draw(state, P.dice_count(state["size"]))
    count = P.entrance_passages(faces)
    add_passages(state, level, room, count)
    where = f"Level {number} stairs landing" if came_from else "Entrance"
    record(state, where, faces, f"{count} passage{'s' * (count != 1)}")
    move_cursor(state, number, 1)


def roll_secret(state: dict, room: dict) -> None:
    """Whether the room holds a secret (1 in 6) and which (the type's table under the game's rules version),
    on the secret stream: a search only decides whether it is found."""
    if P.secret_exists(draw(state, 1, "secret")[0]):
        face = draw(state, 1, "secret")[0]
        room["hidden"] = list(P.secret_entry(state["opts"]["type"], face, rules_version(state)))


def take(state: dict, label: str) -> None:
    """The generator goes through one of its room's unexplored passages: a
    loop-back (step 6a) or a new room (step 5)."""
    room = cursor_room(state)
    way = passage(room, label)
    level = cursor_level(state)
    others = level["open"] - room["open"]  # unexplored passages in OTHER rooms of this level
    if others:
        faces = draw(state, 1)
        hit = P.loop_back(faces[0])
        record(state, f"{label}: loop-back check", faces, "joins a known room" if hit else "no")
        if hit:
            loop_back(state, level, room, way)
        else:
            discover(state, level, room, way)
    else:
        discover(state, level, room, way)
    if rules_version(state) >= AT_OR_UNDER:
        stairs_search(state, level)


def stairs_search(state: dict, level: dict) -> None:
    """Rules version 4: a level above its Size's least depth (Medium Level 1, Large Levels 1-2) that is mapped
    (no unexplored passage left) without stairs down searches its dead ends for them, farthest from the way
    in first (then by number), rolling the level check at each in turn, round after round, until one finds
    them: as far as the roll allows (a check that cannot succeed is not rolled), such a level has stairs."""
    size = state["size"]
    if level["open"] or has_stairs_down(level) or not P.level_check_possible_v4(size, state["level_thread"]):
        return
    if not P.stairs_without_check(size, depths(state["levels"])[level["level"]]):
        return
    rooms = [r for r in level["rooms"][1:] if r["dead"]] or level["rooms"][1:]
    rooms.sort(key=lambda r: (-rooms_in(level, r), r["n"]))
    record(state, f"Level {level['level']} mapped without stairs down", [],
           f"its dead ends searched, farthest first: Room {rooms[0]['n']} first")
    while not has_stairs_down(level):
        for room in rooms:
            level_check(state, level, room)
            if has_stairs_down(level):
                break


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
    move_cursor(state, level["level"], target["n"])


def pick(state: dict, numbers: list[int], what: str) -> int:
    """Roll 1d6/2d6/3d6 and take the closest number (no roll for one choice)."""
    if len(numbers) == 1:
        return numbers[0]
    faces = draw(state, P.dice_for_choices(len(numbers)))
    chosen = P.closest(numbers, sum(faces))
    record(state, what, faces, str(chosen))
    return chosen


def current_thread(state: dict, level: dict) -> int | None:
    """The index of the thread in use, starting the next one (1d6 + Seed)
    when the current one is spent; None once every thread is spent (the
    Size's 1/2/3: the threads secret passages open come after them)."""
    threads = level["threads"]
    while level["thread"] < P.dice_count(state["size"]):
        index = level["thread"]
        if threads[index] is None:
            faces = draw(state, 1)
            threads[index] = P.thread_value(faces[0], state["seed_value"])
            record(state, f"Thread {index + 1} starts", faces, f"1d6 + Seed = {threads[index]}")
        if threads[index] > 0:
            return index
        level["thread"] += 1
    return None


def secret_threads(state: dict) -> bool:
    return rules_version(state) >= SECRET_THREADS


def thread_for(state: dict, level: dict, room: dict, way: dict) -> int | None:
    """The thread a new room reached through `way` from `room` rolls against. From rules version 2 a
    secret passage opens a thread of its own (1d6 + Seed, as the article's threads), and the rooms
    behind it go on with that thread until it is spent: secret passages are rolled once every other
    thread is spent, so without it the room behind a secret was a dead end 93-96% of the time. From
    version 4 that side thread is 1d6 without the Seed, and a secret passage behind a secret leads to
    one secret room with no thread (None): each side thread of 1d6 + Seed found about one more secret
    passage, so versions 2-3 roughly doubled dungeons. Version 4's secret room was a dead end without a roll;
    from version 5 it is rolled as the article rolls rooms, on the side thread its passage was found along
    (None once that thread is spent), and still opens none: RULINGS' rooms behind a secret passage "are rolled
    as the article rolls rooms, not left as dead ends", and only a further thread would let the cascade grow."""
    if not secret_threads(state):
        return current_thread(state, level)
    if way["secret"]:
        side = rules_version(state) >= SIDE_THREADS
        if side and behind_secret(level, room):
            if rules_version(state) >= SECRET_ROOMS:
                index = side_thread_of(state, level, room)
                return index if level["threads"][index] > 0 else None
            return None  # version 4: one secret room, no further thread (discover says so)
        faces = draw(state, 1)
        value = P.side_thread_value(faces[0]) if side else P.thread_value(faces[0], state["seed_value"])
        level["threads"].append(value)
        level.setdefault("secret_from", []).append(way["label"])
        index = len(level["threads"]) - 1
        if side:
            record(state, f"{way['label']}: secret side thread starts", faces, f"1d6 = {value}")
        else:
            record(state, f"{way['label']}: secret thread starts", faces, f"1d6 + Seed = {value}")
        return index
    if room["thread"] is not None and room["thread"] >= P.dice_count(state["size"]):
        return room["thread"] if level["threads"][room["thread"]] > 0 else None
    return current_thread(state, level)


def side_thread_of(state: dict, level: dict, room: dict) -> int:
    """The side thread a room behind a secret passage lies along: the one the nearest room on a side thread back
    along first discoveries was rolled on (rooms rolled once it was spent have none; from version 5 a secret
    room rolls on it too, so the thread is always the one the first secret passage on the way opened)."""
    rooms, first = level["rooms"], P.dice_count(state["size"])
    while room["thread"] is None or room["thread"] < first:
        room = rooms[room["from"][0] - 1]  # behind a secret: a room on its side thread comes before Room 1
    return room["thread"]


def behind_secret(level: dict, room: dict) -> bool:
    """Whether `room` lies behind a secret passage: one on the way of first discoveries from the level's
    Room 1 to it (the side thread a secret opened, the rooms after it, or a secret room)."""
    rooms = level["rooms"]
    while room["from"]:
        parent = rooms[room["from"][0] - 1]
        if passage(parent, room["from"][1])["secret"]:
            return True
        room = parent
    return False


def rooms_in(level: dict, room: dict) -> int:
    """How many rooms `room` is from its level's way in (Room 1), along first discoveries: Room 1's own
    passages lead to rooms 1 in."""
    rooms, count = level["rooms"], 0
    while room["from"]:
        room = rooms[room["from"][0] - 1]
        count += 1
    return count


def discover(state: dict, level: dict, room: dict, way: dict) -> None:
    """Step 5: a new room, whose passages are the lowest die at or under the thread."""
    number = len(level["rooms"]) + 1
    index = thread_for(state, level, room, way)
    new = new_room(number, [room["n"], way["label"]], index)
    level["rooms"].append(new)
    explored(state, level, room, way, "room", number)
    what = f"Room {number}"
    faces: list[int] = []
    secret_room = way["secret"] and rules_version(state) >= SIDE_THREADS and behind_secret(level, room)
    if index is None:
        count = 0
        if secret_room and rules_version(state) < SECRET_ROOMS:
            record(state, what, [], "a secret behind a secret: one secret room, no thread")
        elif secret_room:
            record(state, what, [], "a secret room behind a secret, its side thread spent -> dead end")
        else:
            record(state, what, [], "every thread spent -> dead end")
    else:
        value = level["threads"][index]
        faces = draw(state, P.dice_count(state["size"]))
        count = P.room_passages(value, faces)
        if count:
            level["threads"][index] = value - 1
        found = f"{count} passage{'s' * (count != 1)}" if count else "dead end"
        on = "a secret room behind a secret, side thread" if secret_room else "thread"
        record(state, what, faces, f"{on} {value} -> " + found)
    roll_secret(state, new)
    move_cursor(state, level["level"], number)
    if rules_version(state) >= ROLLED_STAIRS:
        new["dead"] = not count
        state["counts"]["dead_ends"] += not count
        add_passages(state, level, new, count)  # before the check: its stairs come after the room's passages
        if rules_version(state) >= AT_OR_UNDER:
            level_below_v4(state, level, new, faces)
        else:
            level_below_v3(state, level, new, faces)
        return
    if count:
        add_passages(state, level, new, count)
        return
    new["dead"] = True
    state["counts"]["dead_ends"] += 1
    level_below(state, level, new)


def level_below_v3(state: dict, level: dict, room: dict, faces: list[int]) -> None:
    """Rules version 3: stairs down only from the article's level roll, made by the new rooms
    procedure.level_trigger_v3 names, until the level has found its stairs down (one per level); a level
    at the Size's greatest depth makes none. No stairs without a roll, so a level may have none."""
    size = state["size"]
    depth = depths(state["levels"])[level["level"]]
    if P.deepest(size, depth) or has_stairs_down(level):
        return
    if P.level_trigger_v3(size, state["opts"]["type"], depth, faces, room["dead"]):
        level_check(state, level, room)


def level_below_v4(state: dict, level: dict, room: dict, faces: list[int]) -> None:
    """Rules version 4: as version 3 (stairs down only from a level roll, one per level, none at the Size's
    greatest depth), on the trigger of procedure.level_trigger_v4, with the check at or under the level
    thread."""
    size = state["size"]
    depth = depths(state["levels"])[level["level"]]
    if P.deepest(size, depth) or has_stairs_down(level):
        return
    far = rooms_in(level, room)
    earlier = 0
    if room["dead"] and far >= FAR and not P.stairs_without_check(size, depth):
        earlier = sum(1 for r in level["rooms"] if r["dead"] and r is not room and rooms_in(level, r) >= FAR)
    if P.level_trigger_v4(size, state["opts"]["type"], depth, far, faces, room["dead"], earlier):
        level_check(state, level, room)


def level_below(state: dict, level: dict, room: dict) -> None:
    """Stairs down from a new dead end? Above the Size's least depth the
    level's first dead end has them, without a roll; at its greatest depth
    there is no check; otherwise the first dead end of each thread that
    procedure.level_trigger allows makes a level check, until the level has
    found its stairs down (one per level)."""
    size, kind = state["size"], state["opts"]["type"]
    depth = depths(state["levels"])[level["level"]]
    earlier = [r for r in level["rooms"] if r["dead"] and r is not room]
    if P.stairs_without_check(size, depth):
        if not earlier:
            record(state, f"Room {room['n']}: first dead end of Level {level['level']}", [],
                   f"stairs down (no check above depth {DEPTHS[size][0]})")
            stairs_down(state, level, room)
        return
    if P.deepest(size, depth) or has_stairs_down(level) or not P.level_trigger(kind, room["thread"] is None):
        return
    if not any(r["thread"] == room["thread"] for r in earlier):
        level_check(state, level, room)


def has_stairs_down(level: dict) -> bool:
    return any(p["label"] == STAIRS_DOWN for room in level["rooms"] for p in room["passages"])


def level_check(state: dict, level: dict, room: dict) -> None:
    """The level check: roll the Seed's dice; strictly under the level thread (from rules version 4: at or
    under) puts stairs down here and the level thread drops by 1."""
    at_or_under = rules_version(state) >= AT_OR_UNDER
    possible = P.level_check_possible_v4 if at_or_under else P.level_check_possible
    if not possible(state["size"], state["level_thread"]):
        return
    faces = draw(state, 2)
    value = P.seed_from_faces(state["size"], faces[0], faces[1])
    found = (P.level_found_v4 if at_or_under else P.level_found)(state["size"], faces[0], faces[1],
                                                                 state["level_thread"])
    versus = "at or under" if at_or_under else "vs"
    record(state, f"Room {room['n']}: level check", faces,
           f"{value} {versus} level thread {state['level_thread']}: " + ("stairs down!" if found else "no"))
    if found:
        state["level_thread"] -= 1
        stairs_down(state, level, room)


def stairs_down(state: dict, level: dict, room: dict) -> None:
    """The level found gets the next number: levels are rolled one after
    another, so numbers go by depth."""
    number = len(state["levels"]) + 1
    state["levels"].append(new_level(number, P.dice_count(state["size"]), [level["level"], room["n"]]))
    room["passages"].append({"label": STAIRS_DOWN, "kind": "stairs", "to": 1, "secret": False, "known": False,
                             "level": number})


def add_secret_passages(state: dict) -> None:
    """Once every ordinary passage is rolled, the secret passages join their
    rooms (level by level, room by room) and are rolled in the same order."""
    for level in state["levels"]:
        for room in level["rooms"]:
            if room["hidden"] and room["hidden"][0] == "passage" and not any(p["secret"] for p in room["passages"]):
                add_passages(state, level, room, 1, secret=True)


def go(state: dict, where: list) -> None:
    move_cursor(state, *where)
