"""The dungeon grows after each monsters' phase, then a new turn begins.

Equal rooms and hallways: a hallway on room (rooms - (1d3 - 1)), at least
room 1. More hallways: a room at the end of the last hallway. A closed door
where they meet. A new room is stocked by 1d3 + rooms (the new one
included). Once the Dragon is in, the dungeon never grows again.
"""

from __future__ import annotations

from . import board
from .data import DOORS, MAX_ROOMS, spawn_for
from .heroes import turn_moves
from .state import doors_in_box, halls, in_box, living, new_monster, roll, rooms, say
from .words import is_are, plural


def grow_step(state: dict) -> None:
    if state["dragon"]:
        new_turn(state)
        return
    room_ids, hall_ids = rooms(state), halls(state)
    if len(room_ids) == len(hall_ids):
        spots, where = hall_offer(state, room_ids)
    else:
        hall = hall_ids[-1]
        spots = board.room_spots(state, hall)
        where = f"a room at the end of hallway {state['tiles'][hall]['n']}"
        if len(room_ids) >= MAX_ROOMS:  # cannot happen (the 8th room always holds the Dragon); kept as a guard
            spots = []
    if not spots:
        say(state, "No tile fits anywhere: the dungeon does not grow this turn.")
        new_turn(state)
        return
    state["place"] = {"spots": spots, "auto": board.compact_choice(state, spots)}
    if state["opts"]["placement"] == "auto":
        place(state, state["place"]["auto"])
    else:
        state["phase"] = "place"
        say(state, f"The dungeon grows: {where}. Choose where ({plural(len(spots), 'place')}).")


def hall_offer(state: dict, room_ids: list) -> tuple[list, str]:
    face = roll(state, "Which room gets the new hallway (1d3-1)", 3)
    number = max(1, len(room_ids) - (face - 1))
    say(state, f"New hallway: 1d3 = {face}, {len(room_ids)} - {face - 1} = "
               f"{len(room_ids) - (face - 1)}: room {number}.")
    # that room first; if nothing fits there, the next room down, then the rooms above it
    order = list(range(number, 0, -1)) + list(range(number + 1, len(room_ids) + 1))
    for n in order:
        room = room_ids[n - 1]
        spots = [s for s in board.hall_spots(state, room) if board.hall_leaves_room(state, s)]
        if spots:
            if n != number:
                say(state, f"No hallway fits on room {number}: it goes on room {n}.")
            return spots, f"a hallway on room {n}"
    return [], ""


def place(state: dict, index: int) -> None:
    spot = state["place"]["spots"][index]
    state["place"] = None
    kind = spot["kind"]
    number = sum(1 for t in state["tiles"] if t["kind"] == kind) + 1
    tile = {"kind": kind, "n": number, "x": spot["x"], "y": spot["y"], "w": spot["w"], "h": spot["h"],
            "cleared": False}
    state["tiles"].append(tile)
    hall_sq, room_sq = spot["a"], spot["b"]  # a: the hallway's end, b: the room's side square
    # the junction is kept as a door entry either way (it links the tiles); with no Door left in the box it
    # stands open from the start
    boxed = doors_in_box(state) > 0
    state["doors"].append({"a": list(hall_sq), "b": list(room_sq), "state": "closed" if boxed else "open",
                           "hits": 0, "attacker": None})
    behind = "behind a closed door" if boxed else f"with no door: all {DOORS} Doors of the box stand in the dungeon"
    if kind == "hall":
        say(state, f"Hallway {number} is added to room {state['tiles'][spot['to']]['n']}, {behind}.")
    else:
        say(state, f"Room {number} is added at the end of hallway {state['tiles'][spot['to']]['n']}, {behind}.")
        stock(state, tile, room_sq)
    new_turn(state)


def stock(state: dict, tile: dict, door_sq) -> None:
    face = roll(state, "New room's monsters (1d3 + rooms)", 3)
    total = face + len(rooms(state))
    sum_text = f"1d3 = {face} + {plural(len(rooms(state)), 'room')} = {total}"
    wanted = spawn_for(total)
    squares = board.furthest_from(tile, door_sq)
    if "dragon" in wanted:
        state["monsters"].append(new_monster(state, "dragon", squares[0]))
        state["dragon"] = True
        say(state, f"{sum_text}: THE DRAGON! The dungeon is complete.")
        return
    placed: list[str] = []  # the kinds placed
    for kind in ("orc", "goblin"):  # the orcs take the far squares, the goblins stand in front
        n = min(wanted.get(kind, 0), in_box(state, kind))
        for _ in range(n):
            state["monsters"].append(new_monster(state, kind, squares[len(placed)]))
            placed.append(kind)
        if n < wanted.get(kind, 0):
            say(state, f"Only {plural(n, kind)} {is_are(n)} left in the box: {n} placed.")
    text = ", ".join(plural(placed.count(k), k) for k in ("goblin", "orc") if placed.count(k))
    say(state, f"{sum_text}: {text or 'no monsters left in the box'}.")


def new_turn(state: dict) -> None:
    state["turn"] += 1
    state["phase"] = "heroes"
    state["moved"], state["free_gives"] = [], []
    for hero in living(state):
        # a Luck Potion drunk in the monsters' phase counted as 1 square of this turn's movement
        hero["moves"], hero["owed"] = max(0, turn_moves(hero) - hero.get("owed", 0)), 0
        hero["attacked"] = False
    if state.get("sel") is None or state["heroes"][state["sel"]]["out"]:
        state["sel"] = next((i for i, h in enumerate(state["heroes"]) if not h["out"]), None)
    say(state, f"Turn {state['turn']}: the heroes' phase.")
