"""Tabletop Dungeon's board in words (pyapp/places.py): every square with a figure on it or an action to play
there (heroes and their wounds, monsters, the squares a hero may move to), each door, and the spots a new tile
may go; a square is named as the map's margin numbers it, with the tile it is in."""

from __future__ import annotations

from ..engine import Action, rolls
from ..places import BoardWords, Place, actions_at, listing, plain, roll_words, score_words
from .board import geometry, sq_of, square_name
from .data import MAX_WOUNDS
from .sheets import status_html
from .state import TRAY, find_monster, in_peril, label, monster_name, selected
from .words import plural


def words(state: dict, legal: list[Action]) -> BoardWords:
    offered = actions_at(legal, lambda target: target_place(state, target))
    found: dict[str, Place] = {}
    for hero in state["heroes"]:
        if not hero["out"]:
            sq = sq_of(hero["sq"])
            found[place_id(sq)] = square(state, sq, offered)
    for m in state["monsters"]:
        sq = sq_of(m["sq"])
        found[place_id(sq)] = square(state, sq, offered)
    for index, door in enumerate(state["doors"]):
        found[f"door {index}"] = door_place(index, door, offered)
    for spot_index, spot in enumerate((state.get("place") or {}).get("spots", ())):
        if f"spot {spot_index}" in offered:
            found[f"spot {spot_index}"] = spot_place(state, spot_index, spot, offered)
    for pid in offered:
        if pid not in found and pid.startswith("square "):
            found[pid] = square(state, tuple(int(v) for v in pid[7:].split(",")), offered)
    hero = selected(state) or next((h for h in state["heroes"] if not h["out"]), None)
    first = place_id(sq_of(hero["sq"])) if hero is not None else ""
    ordered = sorted(found.values(), key=lambda p: (p.id != first, p.at[1], p.at[0], p.id))
    living = [h for h in state["heroes"] if not h["out"]]
    so_far = (f"No score yet: turn {state['turn']}, {state['kills']} monsters slain, "
              f"{plural(len(living), 'hero', 'heroes')} in the dungeon.")
    return BoardWords(places=tuple(ordered), turn=plain(status_html(state)),
                      score=score_words(state.get("score"), so_far), rolls=roll_words(rolls(state, TRAY)),
                      title="Squares")


def place_id(sq) -> str:
    return f"square {square_name(sq)}"


def target_place(state: dict, target: tuple) -> str | None:
    kind = target[0]
    if kind == "square":
        return place_id(target[1:3])
    if kind == "hero":
        return place_id(sq_of(state["heroes"][target[1] - 1]["sq"])) if target[1] - 1 < len(state["heroes"]) else None
    if kind == "monster":
        monster, holder = find_monster(state, target[1])
        return place_id(sq_of((holder or monster)["sq"]))
    if kind in ("door", "spot"):
        return f"{kind} {target[1]}"
    return None


def tile_words(state: dict, sq) -> str:
    owner = geometry(state).owner.get(sq)
    if owner is None:
        return ""
    tile = state["tiles"][owner]
    if tile["kind"] == "room":
        return f"room {tile['n']}{' (cleared)' if tile['cleared'] else ''}"
    return f"hallway {tile['n']}"


def square(state: dict, sq, offered: dict) -> Place:
    pid = place_id(sq)
    bits = []
    for hero in state["heroes"]:
        if not hero["out"] and sq_of(hero["sq"]) == sq:
            bits.append(hero_words(state, hero))
    for m in state["monsters"]:
        if sq_of(m["sq"]) == sq:
            bits.append(monster_name(m) + (" (wounded)" if m["hurt"] else ""))
    tile = tile_words(state, sq)
    name = f"Square {square_name(sq)}" + (f", {tile}" if tile else "")
    return Place(pid, name, "; ".join(bits) or "empty floor", (float(sq[0]), float(sq[1])), offered.get(pid, ()))


def hero_words(state: dict, hero: dict) -> str:
    bits = [f"{label(hero)}, {hero['wounds']} of {MAX_WOUNDS} wounds"]
    if hero["threats"]:
        bits.append("threatened by " + listing(monster_name(m) for m in hero["threats"]))
    if in_peril(hero):
        bits.append("in Peril")
    if selected(state) is hero and state["phase"] == "heroes":
        bits.append(f"acting, {plural(hero['moves'], 'move')} left")
    return ", ".join(bits)


def door_place(index: int, door: dict, offered: dict) -> Place:
    a, b = sq_of(door["a"]), sq_of(door["b"])
    at = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    pid = f"door {index}"
    damaged = f", {plural(door['hits'], 'hit')}" if door.get("hits") else ""
    return Place(pid, f"Door {index + 1} between {square_name(a)} and {square_name(b)}", door["state"] + damaged,
                 at, offered.get(pid, ()))


def spot_place(state: dict, index: int, spot: dict, offered: dict) -> Place:
    kind = "room" if spot["kind"] == "room" else "hallway"
    auto = ", the automatic choice" if index == state["place"]["auto"] else ""
    corner = square_name((spot["x"], spot["y"]))
    at = (spot["x"] + (spot["w"] - 1) / 2, spot["y"] + (spot["h"] - 1) / 2)
    pid = f"spot {index}"
    return Place(pid, f"Spot {index + 1} for the new {kind}", f"{spot['w']} by {spot['h']} squares from {corner}{auto}",
                 at, offered.get(pid, ()))
