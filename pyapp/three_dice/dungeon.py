"""Making the map: levels, the tile deck, rolling or drawing a location and its exits, and what the map allows."""

from __future__ import annotations

from .. import dice
from ..engine import rules_version
from .combat import arrive
from .data import (
    DEAD_END_KINDS,
    KEY_TREASURE,
    LOCATIONS,
    MONSTERS,
    TILES,
    TREASURE_NAMES,
    TREASURES,
    UNDEAD_NAMES,
    rotate,
    tile_spec,
)
from .grid import OPPOSITE, SIDES, edge, is_locked, key_of, neighbour, xy
from .records import roll, say
from .state import bonus_hp, living, tiles


def start_level(state: dict) -> None:
    state["cells"] = {}
    state["pos"] = "0,0"
    state["prev"] = None
    state["artifact_here"] = False
    if "locked" in state:  # a new map: the old level's doors stay up there
        state["locked"] = []
    if tiles(state):
        state["deck"] = shuffled_deck(state)
    say(state, f"Level {state['level']} ({state['theme']}): you climb down the stairs.")
    new_location(state, "0,0", None)


def shuffle(state: dict, items: list) -> list:
    """Fisher-Yates with the game's own dice."""
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = dice.roll(state["dice"], i + 1) - 1
        items[i], items[j] = items[j], items[i]
    return items


def shuffled_deck(state: dict) -> list[str]:
    """The deck for a level, dead ends shuffled into its bottom third."""
    plain = [tid for tid, _, kind, _, n, _ in TILES if kind not in DEAD_END_KINDS for _ in range(n)]
    dead = [tid for tid, _, kind, _, n, _ in TILES if kind in DEAD_END_KINDS for _ in range(n)]
    plain = shuffle(state, plain)
    total = len(plain) + len(dead)
    bottom = max(len(dead), total // 3)
    top = total - bottom
    return plain[:top] + shuffle(state, plain[top:] + dead)


def side_status(state: dict, key: str) -> dict[str, str]:
    """For each side of a cell: 'forced' (a neighbour's exit points here),
    'closed' (a neighbour with no exit this way) or 'free' (nothing there yet)."""
    out = {}
    for side in SIDES:
        other = state["cells"].get(neighbour(key, side))
        if other is None:
            out[side] = "free"
        elif OPPOSITE[side] in other["exits"]:
            out[side] = "forced"
        else:
            out[side] = "closed"
    return out


def location_name(state: dict, kind: str, base: str) -> str:
    return UNDEAD_NAMES.get(kind, base) if state["theme"] == "undead" else base


def monster_faces(state: dict) -> list[int]:
    """One monster die per living player, with the training-wheels rerolls."""
    faces = []
    nth = state["made"] - (1 if tiles(state) else 0)  # the Tiles entrance has no monster roll
    wheels = state["opts"].get("training_wheels") and nth <= 2
    for _ in living(state):
        face = roll(state, "Monster")
        while wheels and ((nth == 1 and face in (4, 5)) or (nth == 2 and face == 5)):
            say(state, f"Training wheels: monster die {face} rerolled.")
            state["rolls"][-1][1].pop()
            face = roll(state, "Monster")
        faces.append(face)
    return faces


def make_monster(state: dict, faces: list[int]) -> dict | None:
    """The highest die sets the kind, the sum its hit points: a highest 6 ('None') is no monster, as the text
    says. Setting the sixes aside (version 1's reading, a setting since) gives one unless every die shows 6."""
    aside = rules_version(state) < 2 or state["opts"]["sixes_aside"]
    real = [f for f in faces if f != 6] if aside else faces
    if not real or max(real) == 6:
        return None
    hp = sum(real) + bonus_hp(state)
    name = MONSTERS[state["theme"]][max(real)]
    monster = {"name": name, "hp": hp, "max": hp, "undead": state["theme"] == "undead", "asleep": False,
               "roving": False}
    count = group_size(state)
    if count > 1:  # fought one after another: as one foe with their hit points added up
        monster.update(count=count, hp=hp * count, max=hp * count)
    return monster


def group_size(state: dict) -> int:
    """House rule (Firebolt): one more monster of the same type on every dungeon level below the first."""
    return state["level"] if state["opts"].get("extra_monsters") else 1


def new_location(state: dict, key: str, entry: str | None) -> None:
    """Roll (or draw) the location at `key`, entered through side `entry`."""
    state["made"] += 1
    x, y = xy(key)
    cell = {"n": state["made"], "x": x, "y": y, "exits": "", "dice": [], "monster": None, "treasure": None,
            "cleared": False, "first": entry is None, "search": 0}
    state["cells"][key] = cell
    state["prev"], state["pos"] = state["pos"] if entry else None, key
    if tiles(state):
        draw_tile(state, cell, entry)
    else:
        roll_location(state, cell, entry)


def roll_location(state: dict, cell: dict, entry: str | None) -> None:
    face = roll(state, "Location")
    spec = LOCATIONS[face]
    cell["kind"] = spec["kind"]
    cell["name"] = location_name(state, spec["kind"], spec["name"])
    monsters = monster_faces(state)
    treasure = roll(state, "Treasure")
    cell["dice"] = [face, *monsters, treasure]
    cell["monster"] = make_monster(state, monsters)
    cell["treasure"] = treasure_of(state, treasure)
    count, sides, plus = spec["exits"]
    wanted = plus + sum(roll(state, f"Exits (d{sides})", sides) for _ in range(count))
    say(state, f"You find a {cell['name']} ({wanted} exit{'s' * (wanted != 1)}"
        + (", counting the way in" if entry else "") + f"). {describe_contents(cell)}")
    status = side_status(state, key_of(cell["x"], cell["y"]))
    forced = [s for s in SIDES if status[s] == "forced"]
    free = [s for s in SIDES if status[s] == "free"]
    need = max(0, min(wanted - len(forced), len(free)))
    if need == 0 or need == len(free):
        set_exits(state, cell, "".join(sorted(set(forced) | set(free[:need]), key=SIDES.index)))
        return
    state["pending"] = {"forced": forced, "free": free, "need": need}
    state["phase"] = "exits"


def treasure_of(state: dict, face: int) -> str | None:
    """The treasure column; with locked doors on (SorgUR), the Key instead of 'None'."""
    loot = TREASURES[state["theme"]][face]
    return KEY_TREASURE if loot is None and state["opts"].get("locked_doors") else loot


def describe_contents(cell: dict) -> str:
    monster = cell["monster"]
    foe = f"{monster['name']} ({monster['hp']} HP)" if monster else "No monster"
    if monster and monster.get("count"):
        each = monster["hp"] // monster["count"]
        foe = f"{monster['count']} × {monster['name']} ({each} HP each, {monster['hp']} in all)"
    loot = TREASURE_NAMES.get(cell["treasure"], "no treasure")
    return f"{foe}; treasure: {loot}."


def set_exits(state: dict, cell: dict, sides: str) -> None:
    cell["exits"] = sides
    state["pending"] = None
    say(state, f"The {cell['name']} has exits {', '.join(sides)}." if sides else f"The {cell['name']} has no exits.")
    if state["opts"].get("locked_doors"):
        roll_doors(state, cell)
    arrive(state, cell, fresh=True)


def roll_doors(state: dict, cell: dict) -> None:
    """House rule (SorgUR): each new door into unexplored rock, 1d6: even open, odd locked.
    The way in was open, and a door to a mapped location was rolled when that side was made."""
    key = key_of(cell["x"], cell["y"])
    for side in cell["exits"]:
        if neighbour(key, side) in state["cells"]:
            continue
        face = roll(state, "Doors")
        if face % 2:
            state.setdefault("locked", []).append(edge(key, side))
        say(state, f"Door {side}: {face}, " + ("locked." if face % 2 else "open."))


def unlock(state: dict, side: str) -> None:
    player = state["players"][state["turn"]]
    player["items"]["key"] -= 1
    state["locked"].remove(edge(state["pos"], side))
    say(state, f"{player['name']} unlocks the door {side} with the Key; the Key stays in the lock.")


def draw_tile(state: dict, cell: dict, entry: str | None) -> None:
    if entry is None:
        spec = tile_spec("entrance")
        cell.update(kind="entrance", name=spec["name"], tile="entrance", cleared=True)
        cell["exits"] = spec["exits"]
        say(state, "You stand in the Dungeon Entrance.")
        state["phase"] = "explore"
        return
    spec, fits = next_fitting_tile(state, cell, entry)
    cell["tile"] = spec["id"]
    cell["kind"] = spec["kind"]
    cell["name"] = location_name(state, spec["kind"], spec["name"].split(" (")[0])
    monsters = monster_faces(state)
    treasure = roll(state, "Treasure")
    cell["dice"] = [*monsters, treasure]
    cell["monster"] = make_monster(state, monsters)
    cell["treasure"] = treasure_of(state, treasure)
    say(state, f"You draw {spec['name']}. {describe_contents(cell)}")
    if len(fits) == 1:
        set_exits(state, cell, fits[0][1])
        return
    state["pending"] = {"turns": fits}
    state["phase"] = "turn"


def next_fitting_tile(state: dict, cell: dict, entry: str) -> tuple[dict, list]:
    """Draw until a tile can be turned to fit; misfits go under the deck."""
    for _ in range(len(state["deck"]) + 1):
        if not state["deck"]:
            state["deck"] = shuffled_deck(state)
            say(state, "The deck is spent: a fresh one is shuffled.")
        spec = tile_spec(state["deck"].pop(0))
        fits = tile_fits(state, cell, spec["exits"], entry)
        if fits:
            return spec, fits
        state["deck"].append(spec["id"])
        say(state, f"{spec['name']} cannot fit here: it goes under the deck.")
    return tile_spec("pit"), [[0, entry]]


def tile_fits(state: dict, cell: dict, exits: str, entry: str) -> list[list]:
    """Rotations that open the way in and match every placed neighbour;
    failing that, those that at least never open into a neighbour's wall."""
    status = side_status(state, key_of(cell["x"], cell["y"]))
    exact: list = []
    loose: list = []
    seen: set = set()
    for turns in range(4):
        sides = rotate(exits, turns)
        if entry not in sides or sides in seen:
            continue
        seen.add(sides)
        if any(status[s] == "closed" for s in sides):
            continue
        target = exact if all((s in sides) == (status[s] == "forced") for s in SIDES if status[s] != "free") else loose
        target.append([turns, sides])
    return exact or loose


def frontier(state: dict) -> bool:
    """Is there any exit on this level into unexplored rock (a locked door does not count)?"""
    return any(neighbour(k, s) not in state["cells"] and not is_locked(state, k, s)
               for k, c in state["cells"].items() for s in c["exits"])


def empty_sides(state: dict, key: str) -> list[str]:
    return [s for s in SIDES if s not in state["cells"][key]["exits"] and neighbour(key, s) not in state["cells"]]


def can_search(state: dict, key: str | None = None) -> bool:
    """May the party search for a secret door at `key` (default: here)?
    In a dead end when the house rule is on (default), and anywhere with
    bare rock beside it once the level has no unexplored exit left, so the
    game can never lock."""
    key = key or state["pos"]
    cell = state["cells"][key]
    awake = cell["monster"] is not None and not cell["monster"]["asleep"]  # a sleeping one lets you search
    if awake or not search_sides(state, key):
        return False
    dead_end = len(cell["exits"]) <= 1 and empty_sides(state, key)
    return (dead_end and state["opts"].get("secret_doors", True)) or not frontier(state)


def search_sides(state: dict, key: str) -> list[str]:
    """Where a search may open a way: bare rock beside unexplored rock and, once
    the level has no other way on, a locked door (the lock gives), so locked
    doors never lock the game."""
    sides = empty_sides(state, key)
    if state.get("locked") and not frontier(state):
        sides += [s for s in state["cells"][key]["exits"]
                  if neighbour(key, s) not in state["cells"] and is_locked(state, key, s)]
    return [s for s in SIDES if s in sides]
