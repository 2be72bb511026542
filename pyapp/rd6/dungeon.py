"""The 3RD6 map: dungeon levels on a bounded sheet, the layout roll of a new
room, closing exits, locked treasure rooms, stairs, and walking about.

The grid helpers, door edges and 'what may be walked' come from the 3 Dice
Dungeon map (pyapp/three_dice/dungeon.py); this edition adds the sheet's
border, one map per dungeon level and the layout table."""

from __future__ import annotations

from itertools import combinations

from ..engine import rules_version
from ..three_dice.grid import OPPOSITE, SIDES, edge, is_locked, neighbour, passable, xy
from ..three_dice.records import roll, say
from .data import DOOR_HP, LAYOUTS, REACH
from .fight import arrive, boss_group, loot_room
from .hero import end_game

LEVEL_KEYS = ("cells", "locked", "doors", "jammed", "stairs", "entry")


def inside(key: str) -> bool:
    x, y = xy(key)
    return abs(x) <= REACH and abs(y) <= REACH


def start_level(state: dict, depth: int) -> None:
    """Go to dungeon level `depth`: its kept map, or a new one with its entrance."""
    park_level(state)
    state["depth"] = depth
    state["deepest"] = max(state["deepest"], depth)
    kept = state["maps"].pop(str(depth), None)
    if kept:
        state.update(kept)
        return
    state.update(cells={}, locked=[], doors={}, jammed=[], stairs=None, entry="0,0")
    state["made"] += 1
    exits = "".join(s for s in SIDES if inside(neighbour("0,0", s)))
    state["cells"]["0,0"] = {"n": state["made"], "x": 0, "y": 0, "exits": exits, "kind": "entrance",
                             "name": "Entrance" if depth == 1 else f"Entrance of level {depth}", "cleared": True,
                             "first": True, "search": 0, "monster": None, "treasure": None, "bosses": []}
    say(state, f"Dungeon level {depth}: you stand at its entrance.")


def park_level(state: dict) -> None:
    """Keep the map of the level being left (a hero may climb back up)."""
    if state.get("cells"):
        state["maps"][str(state["depth"])] = {k: state[k] for k in LEVEL_KEYS}


def unexplored(cells: dict) -> list[tuple[str, str]]:
    """(room, side) of every exit of a level map that leads into unexplored rock."""
    return [(k, s) for k, c in cells.items() for s in c["exits"] if neighbour(k, s) not in cells]


def fully_explored(state: dict) -> bool:
    """Every level of this dungeon mapped: no exit anywhere leads into unexplored rock."""
    levels = [state["cells"], *(m["cells"] for m in state["maps"].values())]
    return not any(unexplored(cells) for cells in levels)


def stairs_allowed(state: dict) -> bool:
    """'dungeon cannot be deeper than your level' and one stairway a level."""
    return state["stairs"] is None and state["depth"] + 1 <= state["hero"]["level"]


def side_closure(state: dict, key: str, entry: str) -> tuple[list[str], list[str], list[str]]:
    """The new room's other sides: closed for you (the border, a mapped room
    with no exit this way), open for you (a mapped room's exit points here), free."""
    shut, forced, free = [], [], []
    for side in SIDES:
        if side == entry:
            continue
        other_key = neighbour(key, side)
        other = state["cells"].get(other_key)
        if not inside(other_key) or (other is not None and OPPOSITE[side] not in other["exits"]):
            shut.append(side)
        elif other is not None:
            forced.append(side)
        else:
            free.append(side)
    return shut, forced, free


def new_cell(state: dict, key: str, kind: str, name: str, exits: str) -> dict:
    state["made"] += 1
    x, y = xy(key)
    cell = {"n": state["made"], "x": x, "y": y, "exits": exits, "kind": kind, "name": name, "cleared": False,
            "first": False, "search": 0, "monster": None, "treasure": None, "bosses": []}
    state["cells"][key] = cell
    return cell


def explore(state: dict, side: str) -> None:
    """Step 1: roll the layout of the room beyond `side`."""
    here_key = state["pos"]
    key = neighbour(here_key, side)
    entry = OPPOSITE[side]
    face = roll(state, "Layout")
    layout = face
    if face == 6 and not stairs_allowed(state):
        why = "the stairs are found" if state["stairs"] else "the dungeon cannot be deeper than your level"
        say(state, f"Layout 6, but {why}: treat it as 1.")
        layout = 1
    shut, forced, free = side_closure(state, key, entry)
    close = LAYOUTS[layout][2]
    if close is not None:
        need = max(0, close - len(shut))
        if need >= len(free) and not forced:
            say(state, f"Layout {face}: the map closes every other exit, a dead end: treat it as 1.")
            layout = 1
    if layout in (1, 6):
        # A mapped room's exit into the new room stays, whatever the layout: version 1 walled it off.
        ways = "".join(s for s in SIDES if s == entry or (s in forced and rules_version(state) >= 2))
        (locked_room if layout == 1 else stairs_room)(state, key, ways, side)
        return
    cell = new_cell(state, key, "room", "Room", "")
    state["prev"], state["pos"] = here_key, key
    say(state, f"Layout {face}: {LAYOUTS[layout][1].lower()}.")
    if 0 < need < len(free):
        state["pending"] = {"entry": entry, "forced": forced, "free": free, "need": need}
        state["phase"] = "exits"
        return
    keep = [] if need >= len(free) else free
    set_exits(state, cell, "".join(s for s in SIDES if s == entry or s in forced or s in keep))


def exit_choices(state: dict) -> list[tuple[str, str]]:
    """(sides kept open, sides closed) for each way to close the wanted number of free exits."""
    pend = state["pending"]
    out = []
    for shut in combinations(pend["free"], pend["need"]):
        kept = "".join(s for s in SIDES if s == pend["entry"] or s in pend["forced"]
                       or (s in pend["free"] and s not in shut))
        out.append((kept, "".join(shut)))
    return out


def set_exits(state: dict, cell: dict, sides: str) -> None:
    cell["exits"] = sides
    state["pending"] = None
    say(state, f"The room has exits {', '.join(sides)}.")
    arrive(state, cell, fresh=True)


def locked_room(state: dict, key: str, exits: str, side: str) -> None:
    """Layout 1: a dead end behind a locked door, with treasure and no monsters. You stay outside.
    A mapped room's exit into it is a way in too: behind a locked door of its own."""
    new_cell(state, key, "vault", "Treasure room", exits)
    for way in exits:
        state["locked"].append(edge(key, way))
        state["doors"][edge(key, way)] = DOOR_HP
    say(state, f"Layout 1: a locked door {side}; behind it, a dead end with treasure.")
    others = [way for way in exits if way != OPPOSITE[side]]
    if others:
        say(state, f"Its way{'s' * (len(others) > 1)} {', '.join(others)} into the map: a locked door too.")
    state["phase"] = "explore"


def stairs_room(state: dict, key: str, exits: str, _side: str) -> None:
    """Layout 6: a dead end with the stairs down, guarded by bosses."""
    cell = new_cell(state, key, "stairs", "Stairs down", exits)
    state["stairs"] = key
    state["prev"], state["pos"] = state["pos"], key
    say(state, "Layout 6: a dead end with the stairs down, and bosses guard them!")
    cell["bosses"], cell["hoard"] = boss_group(state)
    arrive(state, cell, fresh=True)


def go(state: dict, side: str) -> None:
    target = neighbour(state["pos"], side)
    if target not in state["cells"]:
        explore(state, side)
        return
    state["prev"], state["pos"] = state["pos"], target
    cell = state["cells"][target]
    say(state, f"You go {side} to the {cell['name']}.")
    if cell["kind"] == "vault" and not cell["cleared"]:
        cell["cleared"] = True
        loot_room(state, 1, "the treasure room")
        state["phase"] = "explore"
        return
    arrive(state, cell, fresh=False)


def locked_sides(state: dict) -> list[str]:
    return [s for s in state["cells"][state["pos"]]["exits"] if is_locked(state, state["pos"], s)]


def descend(state: dict) -> None:
    say(state, f"You take the stairs down to dungeon level {state['depth'] + 1}.")
    start_level(state, state["depth"] + 1)
    state["pos"], state["prev"] = state["entry"], None
    state["phase"] = "explore"
    goal = state["opts"]["goal"]
    if state["opts"]["mode"] == "quest" and state["depth"] >= goal:
        end_game(state, "won")


def climb(state: dict) -> None:
    say(state, f"You climb the stairs up to dungeon level {state['depth'] - 1}.")
    start_level(state, state["depth"] - 1)
    state["prev"], state["pos"] = None, state["stairs"]
    arrive(state, state["cells"][state["pos"]], fresh=False)


def teleport_home(state: dict) -> None:
    """The Teleport spell: to the entrance of this dungeon level, no monster check (ruling)."""
    state["prev"], state["pos"] = None, state["entry"]
    state["phase"] = "explore"
    say(state, "You teleport to the entrance of this level.")


def walkable(state: dict) -> list[str]:
    return passable(state, state["pos"])


def new_dungeon(state: dict) -> None:
    state["maps"], state["cells"] = {}, {}
    state["dungeons"] += 1
    say(state, f"You set out into a new dungeon (dungeon {state['dungeons']}).")
    start_level(state, 1)
    state["pos"], state["prev"] = state["entry"], None
    state["phase"] = "explore"

