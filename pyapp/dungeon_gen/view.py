"""What the explorer knows, in the map's own shape: the render, the layout
and the exports draw this, never the dungeon itself (which the generator
may have rolled further, out of sight).

A view level is {"level", "from", "threads" (the Size's 1/2/3),
"secret_threads" ([index, passage, value] of those secret passages opened,
once walked), "thread", "open", "rooms"} with only the known rooms; a view room is a room with its visible ways out,
each {"label", "kind", "to", "secret", +"via", +"level", +"entry"}: a way
not walked yet is "unexplored" (stairs stay "stairs" with "level" None),
and a room reached another way than its first passage shows that passage,
unwalked, as an "entry" way out. A closed map is every known room."""

from __future__ import annotations

from . import explore
from .procedure import dice_count
from .state import passage


def view_way(state: dict, way: dict, entry: bool = False) -> dict:
    known = way["known"] or state["revealed"]
    if way["kind"] == "stairs":
        return {"label": way["label"], "kind": "stairs", "to": way["to"] if known else None, "secret": False,
                "level": way["level"] if known else None}
    out = {"label": way["label"], "kind": way["kind"] if known else "unexplored", "to": way["to"] if known else None,
           "secret": way["secret"]}
    if known and "via" in way:
        out["via"] = way["via"]
    if entry:
        out["entry"] = True
    return out


def view_room(state: dict, level: int, room: dict) -> dict:
    back = explore.entry(state, level, room)
    ways = explore.ways(state, level, room)
    passages = [view_way(state, w) for w in ways if w is not back]
    if back is not None and back in ways and not (back["known"] or state["revealed"]):
        passages.append(view_way(state, back, entry=True))
    hidden = room["hidden"]
    found = hidden and hidden[0] != "passage" and (state["revealed"] or room["search"] == "passed")
    return {"n": room["n"], "passages": passages, "root": room["from"] is None,
            "from": room["from"] if back is None or back["known"] or state["revealed"] else None,
            "thread": room["thread"], "dead": room["dead"], "mark": room["mark"], "search": room["search"],
            "secret": f"{hidden[0].title()}: {hidden[1]}" if found else "",
            "open": sum(1 for p in passages if p["kind"] == "unexplored")}


def visible_levels(state: dict) -> list[dict]:
    """Every level the explorer has entered (all of them in Whole mode), known rooms only."""
    out = []
    for level in state["levels"]:
        if not level["rooms"] or not level["rooms"][0]["known"]:
            continue
        rooms = [view_room(state, level["level"], r) for r in level["rooms"] if r["known"]]
        base = dice_count(state["size"])
        out.append({"level": level["level"], "from": level["from"], "threads": level["threads"][:base],
                    "secret_threads": secret_threads(state, level, base),
                    "thread": level["thread"], "rooms": rooms,
                    "open": sum(1 for r in rooms for p in r["passages"] if p["to"] is None)})
    return out


def secret_threads(state: dict, level: dict, base: int) -> list[tuple[int, str, int]]:
    """(index, passage, value) of the threads secret passages opened (rules version 2), for the passages the
    explorer has been through: the fixed order may roll another room's secret out of sight first."""
    out = []
    for index, label in enumerate(level.get("secret_from", ()), start=base):
        room = level["rooms"][int(label[:-1]) - 1]
        if state["revealed"] or passage(room, label)["known"]:
            out.append((index, label, level["threads"][index]))
    return out


def rooms_by_number(level: dict) -> dict:
    return {room["n"]: room for room in level["rooms"]}
