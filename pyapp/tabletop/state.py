"""Small readers and writers of the game state shared by every rules module.

The state is a plain JSON dict (see rules.new_state for its shape): squares
are [x, y] lists, monsters are dicts with an "id", heroes are listed in seat
order and keep their place in the list after they are out.
"""

from __future__ import annotations

from functools import partial

from .. import engine
from ..engine import Tray
from .board import sq_of
from .data import BOX, DOORS, HEROES

# Every line of the log is kept, from the set-up on (the page numbers them once). A line is a sentence, so it starts
# with a capital even when it starts with a name like "the Dragon".
say = partial(engine.say, capital=True)
# The rolls of the latest action that rolled, [what, sides, face] a die (the latest 16); the first roll of a
# later action (state["acts"]) empties the tray, and state["rolls_at"] notes which action it holds.
TRAY = Tray(layout=("what", "sides", "face"), keep=16, per_action=("acts", "rolls_at"))
roll = partial(engine.roll, tray=TRAY)


def sheet(hero: dict) -> dict:
    return HEROES[hero["cls"]]


def label(hero: dict) -> str:
    """'Anna the Knight' (the name is the player's text: escape it when drawing)."""
    return f"{hero['name']} the {sheet(hero)['name']}"


def living(state: dict) -> list:
    return [h for h in state["heroes"] if not h["out"]]


def in_peril(hero: dict) -> bool:
    return not hero["out"] and len(hero["threats"]) >= sheet(hero)["peril"]


def threatened(hero: dict) -> bool:
    return bool(hero["threats"])


def hero_at(state: dict, sq) -> dict | None:
    sq = sq_of(sq)
    for hero in living(state):
        if sq_of(hero["sq"]) == sq:
            return hero
    return None


def monster_at(state: dict, sq) -> dict | None:
    sq = sq_of(sq)
    for m in state["monsters"]:
        if sq_of(m["sq"]) == sq:
            return m
    return None


def find_monster(state: dict, mid: int) -> tuple[dict, dict | None]:
    """(monster, the hero whose sheet holds it or None if it is on the board); KeyError if it is in neither."""
    for m in state["monsters"]:
        if m["id"] == mid:
            return m, None
    for hero in living(state):
        for m in hero["threats"]:
            if m["id"] == mid:
                return m, hero
    raise KeyError(f"no monster {mid} on the board or on a sheet")


def is_monster(state: dict, mid: int) -> bool:
    """Is monster `mid` still on the board or on a sheet?"""
    return any(m["id"] == mid for m in state["monsters"]) or any(
        m["id"] == mid for hero in living(state) for m in hero["threats"])


def figures(state: dict, kind: str) -> int:
    """Figures of a kind in play: on the board and on the heroes' sheets."""
    n = sum(1 for m in state["monsters"] if m["kind"] == kind)
    return n + sum(1 for h in living(state) for m in h["threats"] if m["kind"] == kind)


def in_box(state: dict, kind: str) -> int:
    return BOX.get(kind, 1) - figures(state, kind)


def doors_in_box(state: dict) -> int:
    """Doors left in the box: the standing ones (closed or damaged) are out of it."""
    return DOORS - sum(1 for d in state["doors"] if d["state"] != "open")


def new_monster(state: dict, kind: str, sq) -> dict:
    state["next_id"] += 1
    return {"id": state["next_id"], "kind": kind, "sq": list(sq), "hurt": 0}


def monster_name(m: dict) -> str:
    name = {"goblin": "Goblin", "orc": "Orc", "dragon": "the Dragon"}[m["kind"]]
    return f"{name} {m['id']}" if m["kind"] != "dragon" else "the Dragon"


def selected(state: dict) -> dict | None:
    sel = state.get("sel")
    if sel is None or sel >= len(state["heroes"]) or state["heroes"][sel]["out"]:
        return None
    return state["heroes"][sel]


def rooms(state: dict) -> list:
    return [i for i, t in enumerate(state["tiles"]) if t["kind"] == "room"]


def halls(state: dict) -> list:
    return [i for i, t in enumerate(state["tiles"]) if t["kind"] == "hall"]


def cleared_count(state: dict) -> int:
    return sum(1 for t in state["tiles"] if t["kind"] == "room" and t["cleared"])
