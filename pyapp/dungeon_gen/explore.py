"""Exploring: the explorer reveals the dungeon the generator rolls.

The explorer may go any way in any order; when a way leads somewhere not
rolled yet, `advance` runs the generator on in the fixed order until it is
(rolling the rooms in between, unseen), so what lies there never depends
on the explorer's order. A search rolls on the search stream and only
decides whether the room's secret (fixed when the room was rolled) is found."""

from __future__ import annotations

from . import procedure as P
from .order import generate_step, run_to_end
from .state import draw, enter, here, level_of, passage, record, room_at, say, stairs_in, stairs_of


def visible(state: dict, room: dict, way: dict) -> bool:
    """A secret passage shows once its room's search found it, or once walked."""
    return not way["secret"] or way["known"] or state["revealed"] or room["search"] == "passed"


def entry(state: dict, level: int, room: dict) -> dict | None:
    """The passage that first led into `room` (its parent's), seen from `room`."""
    if not room["from"]:
        return None
    return passage(room_at(state, level, room["from"][0]), room["from"][1])


def ways(state: dict, level: int, room: dict) -> list[dict]:
    """Every visible way out of a room: its own passages and stairs, then the
    way it was first entered by (the parent's passage, seen from this side)."""
    out = [w for w in room["passages"] if visible(state, room, w)]
    back = entry(state, level, room)
    if back is not None and (not back["secret"] or back["known"] or state["revealed"]):
        out.append(back)
    return out


def unexplored(state: dict, level: int, room: dict) -> list[dict]:
    """The ways out of a known room the explorer has not been through."""
    return [w for w in ways(state, level, room) if not (w["known"] or state["revealed"])]


def has_work(state: dict, level: dict) -> bool:
    """Something left to explore on a level: an unexplored passage, or the
    level not entered yet while the stairs down to it are known (unfollowed
    stairs count for the level they lead to)."""
    if not level["rooms"] or not level["rooms"][0]["known"]:
        return bool(level["from"]) and room_at(state, *level["from"])["known"]
    return any(w["kind"] != "stairs" for r in level["rooms"] if r["known"]
               for w in unexplored(state, level["level"], r))


def mapped(state: dict) -> bool:
    """Nothing the explorer can see is left unexplored (unfound secrets may be)."""
    return not any(has_work(state, level) for level in state["levels"])


def open_count(state: dict) -> int:
    return sum(len(unexplored(state, lv["level"], r)) for lv in state["levels"] for r in lv["rooms"] if r["known"])


def advance(state: dict, done) -> None:
    """Run the generator in the fixed order until `done()`. When it has to
    roll unseen rooms first, the tray keeps only the last move's dice."""
    moves = 0
    while not done():
        start = len(state["rolls"])
        if not generate_step(state):
            raise RuntimeError("the fixed order ended before the way was rolled")
        moves += 1
    if moves > 1:
        state["rolls"][:start] = [["Fixed order", [], f"{moves - 1} moves rolled first, out of sight"]]


def take(state: dict, label: str) -> None:
    """Go through a way out of this room (rolled first if it was not yet)."""
    number, room = state["at"][0], here(state)
    way = next(w for w in ways(state, number, room) if w["label"] == label)
    found = len(state["levels"])
    if way["kind"] == "unexplored":
        advance(state, lambda: way["kind"] != "unexplored")
    if way in room["passages"]:
        to = way["to"]
        if way["kind"] == "loop":
            passage(room_at(state, number, to), way["via"])["known"] = True
    else:  # the way this room was first entered by, walked backwards
        to = room["from"][0]
    first = not (way["known"] or room_at(state, number, to)["known"])
    way["known"] = True
    enter(state, number, to)
    if first:
        say(state, f"{label} leads to {arrival(state, number, to)}.")
    searched_stairs(state, found, [number, to])


def searched_stairs(state: dict, found: int, arrived: list[int]) -> None:
    """Rules version 4: a level above its Size's least depth mapped without stairs down searches its dead ends
    for them (generate.stairs_search), so they may stand in a room the explorer has seen: say where."""
    for level in state["levels"][found:]:
        where = level["from"]
        if where != arrived and room_at(state, *where)["known"]:
            say(state, f"Level {where[0]} is mapped without stairs down, so its dead ends are searched: "
                       f"the stairs down are in Room {where[1]}.")


def arrival(state: dict, level: int, number: int) -> str:
    room = room_at(state, level, number)
    count = sum(1 for w in room["passages"] if w["kind"] != "stairs" and visible(state, room, w))
    what = "a dead end" if not count else f"{count} passage{'s' * (count != 1)}"
    return f"Room {number}: {what}" + (", with stairs down" if stairs_of(room) and room["n"] != 1 else "")


def follow_stairs(state: dict) -> None:
    """Down (the level below is rolled first if it was not yet) or up."""
    level, room = state["at"][0], here(state)
    stairs = stairs_in(room)  # the page offers the stairs only where there are some
    other = level_of(state, stairs["level"])
    if not other["rooms"]:
        advance(state, lambda: bool(other["rooms"]))
    first = not stairs["known"]
    stairs["known"] = True
    landing_or_room = other["rooms"][stairs["to"] - 1]
    back = stairs_in(landing_or_room)
    back["known"] = True
    enter(state, stairs["level"], stairs["to"])
    if first:
        say(state, f"Down the stairs of Level {level} Room {room['n']}: Level {stairs['level']}, "
                   f"{arrival(state, stairs['level'], 1)}.")


def go(state: dict, number: int) -> None:
    enter(state, state["at"][0], number)


def search(state: dict) -> None:
    """2d6 + INT + Dungeoneering vs 7 + Seed on the search stream; a pass
    reveals the room's secret, if it has one, read on the type's table."""
    room = here(state)
    opts = state["opts"]
    room["may_search"] = False
    state["counts"]["searches"] += 1
    faces = draw(state, 2, "search")
    need = 7 + state["seed_value"]
    total = sum(faces) + opts["int"] + opts["dungeoneering"]
    passed = P.search_passes(faces[0], faces[1], opts["int"], opts["dungeoneering"], state["seed_value"])
    found = room["hidden"]
    outcome = ("pass: " + (found[1] if found else "no secret")) if passed else "fail, marked ?"
    record(state, f"Room {room['n']}: search", faces, f"{total} vs {need}: {outcome}")
    if not passed:
        room["search"], room["mark"] = "failed", "?"
        say(state, f"Room {room['n']}: not sure there is no secret here (?).")
        return
    room["search"], room["mark"] = "passed", ""
    if not found:
        say(state, f"Room {room['n']}: no secret here.")
        return
    state["counts"]["secrets"] += 1
    if found[0] != "passage":
        say(state, f"Room {room['n']}: a secret! {found[1]}.")
        return
    advance(state, lambda: any(w["secret"] for w in room["passages"]))
    label = next(w["label"] for w in room["passages"] if w["secret"])
    say(state, f"Room {room['n']}: a secret passage, {label}: {found[1]}.")


def reveal_reachable(state: dict) -> None:
    """"Generate the rest": every room reachable from the known ones by the
    ways the explorer can see becomes known (unfound secrets stay hidden)."""
    run_to_end(state)
    todo = [(lv["level"], r) for lv in state["levels"] for r in lv["rooms"] if r["known"]]
    while todo:
        level, room = todo.pop()
        for way in ways(state, level, room):
            way["known"] = True
            if way["kind"] == "stairs":
                to_level, to = way["level"], way["to"]
                stairs_in(room_at(state, to_level, to))["known"] = True
            else:
                to_level, to = level, way["to"] if way in room["passages"] else room["from"][0]
                if way["kind"] == "loop":
                    passage(room_at(state, level, to), way["via"])["known"] = True
            target = room_at(state, to_level, to)
            if not target["known"]:
                target["known"] = True
                todo.append((to_level, target))


def reveal_all(state: dict) -> None:
    """Whole mode: the game master sees everything, secrets included."""
    run_to_end(state)
    state["revealed"] = True
    for level in state["levels"]:
        for room in level["rooms"]:
            room["known"] = True
            for way in room["passages"]:
                way["known"] = True
