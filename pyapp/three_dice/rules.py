"""3 Dice Dungeon rules (seed 000) and its Tiles & HP edition (seed 001).

The state is a plain JSON dict; `legal_actions` is the one place that
decides what may be done, and `apply` carries out an action it offered.
Phases: assign (character values) -> exits / turn (shape a new location)
-> fight -> raise (level up) -> explore, with secret, wound and over.
"""

from __future__ import annotations

from itertools import combinations, permutations

from .. import dice
from ..engine import Action
from .data import (
    ARTIFACT_NAMES,
    ARTIFACTS,
    ATTRS,
    DEAD_END_KINDS,
    LOCATIONS,
    MONSTERS,
    OPPOSITE,
    ROVING,
    SIDES,
    STEP,
    TILES,
    TREASURE_NAMES,
    TREASURES,
    UNDEAD_NAMES,
    XP_PER_LEVEL,
    rotate,
    tile_spec,
)

LOG_KEEP = 400


# ---------------------------------------------------------------- helpers
def key_of(x: int, y: int) -> str:
    return f"{x},{y}"


def xy(key: str) -> tuple[int, int]:
    x, y = key.split(",")
    return int(x), int(y)


def neighbour(key: str, side: str) -> str:
    x, y = xy(key)
    dx, dy = STEP[side]
    return key_of(x + dx, y + dy)


def say(state: dict, text: str) -> None:
    state["log"].append(text)
    if len(state["log"]) > LOG_KEEP:
        del state["log"][: len(state["log"]) - LOG_KEEP]


def roll(state: dict, what: str, sides: int = 6) -> int:
    """Roll one die and show it in the dice tray under `what`."""
    face = dice.roll(state["dice"], sides)
    tray = state["rolls"]
    if tray and tray[-1][0] == what:
        tray[-1][1].append(face)
    else:
        tray.append([what, [face], sides])
    return face


def tiles(state: dict) -> bool:
    return state["edition"] == "tiles"


def here(state: dict) -> dict:
    return state["cells"][state["pos"]]


def living(state: dict) -> list[int]:
    return [i for i, p in enumerate(state["players"]) if p["alive"]]


def active(state: dict) -> dict:
    return state["players"][state["turn"]]


def next_turn(state: dict) -> None:
    alive = living(state)
    if not alive:
        return
    later = [i for i in alive if i > state["turn"]]
    state["turn"] = later[0] if later else alive[0]


# ---------------------------------------------------------------- set-up
def roll_character(state: dict, who: str) -> list[int]:
    """3d6 for BODY, MIND, SPIRIT, all three again while the total is 10 or less."""
    while True:
        values = [roll(state, f"{who}: attributes") for _ in range(3)]
        if sum(values) > 10:
            return values
        say(state, f"{who} rolled {values} (total {sum(values)}, 10 or less): roll again.")
        state["rolls"].clear()


def new_player(name: str) -> dict:
    return {
        "name": name,
        "attrs": {a: 0 for a in ATTRS},
        "max": {a: 0 for a in ATTRS},
        "hp": 0,
        "hp_max": 0,
        "xp": 0,
        "level": 1,
        "raises": 0,
        "items": {"potion": 0, "sword": 0, "tome": 0, "scroll": 0, "fragment": 0},
        "artifacts": {},
        "boots_used": 0,
        "armed": [],
        "alive": True,
        "rolled": [],
    }


def new_state(seed: str, opts: dict, edition: str, forced: tuple[int, ...] = ()) -> dict:
    """A new game. `forced` faces come up first (tests fix the character's dice)."""
    state = {
        "edition": edition,
        "opts": dict(opts),
        "dice": dice.seed_state(seed),
        "players": [],
        "phase": "assign",
        "turn": 0,
        "level": 1,
        "deepest": 1,
        "theme": opts.get("first_theme", "classic"),
        "artifact_here": False,
        "artifact_levels": [],
        "cells": {},
        "pos": "0,0",
        "prev": None,
        "made": 0,
        "pending": None,
        "deck": [],
        "wounds": 0,
        "then_go": None,
        "log": [],
        "rolls": [],
        "over": None,
        "score": None,
    }
    dice.force(state["dice"], *forced)
    for i in range(opts["players"]):
        name = opts.get(f"name{i + 1}") or f"Hero {i + 1}"
        player = new_player(name)
        player["rolled"] = roll_character(state, name)
        if edition == "tiles":
            hp = roll(state, f"{name}: health")
            player["hp_max"] = hp + (6 if opts.get("difficulty", "easy") == "easy" else 0)
            player["hp"] = player["hp_max"]
        state["players"].append(player)
        say(state, f"{name} rolled {player['rolled']}" + (f" and {player['hp_max']} HP." if edition == "tiles" else "."))
    return state


def assign_options(player: dict) -> list[Action]:
    seen, out = set(), []
    for order in permutations(player["rolled"]):
        if order in seen:
            continue
        seen.add(order)
        label = ", ".join(f"{a} {v}" for a, v in zip(ATTRS, order))
        code = "assign " + " ".join(str(v) for v in order)
        hint = "as rolled" if list(order) == player["rolled"] else ""
        out.append(Action(code, label, "Assign your rolled values", hint))
    return out


def do_assign(state: dict, values: list[int]) -> None:
    player = state["players"][state["turn"]]
    player["attrs"] = dict(zip(ATTRS, values))
    player["max"] = dict(player["attrs"])
    player["rolled"] = []
    say(state, f"{player['name']}: " + ", ".join(f"{a} {v}" for a, v in zip(ATTRS, values)) + ".")
    waiting = [i for i, p in enumerate(state["players"]) if p["rolled"]]
    if waiting:
        state["turn"] = waiting[0]
        return
    state["turn"] = 0
    start_level(state)


# ---------------------------------------------------------------- levels and the deck
def start_level(state: dict) -> None:
    state["cells"] = {}
    state["pos"] = "0,0"
    state["prev"] = None
    state["artifact_here"] = False
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
    plain = [tid for tid, _, kind, _, n in TILES if kind not in DEAD_END_KINDS for _ in range(n)]
    dead = [tid for tid, _, kind, _, n in TILES if kind in DEAD_END_KINDS for _ in range(n)]
    plain = shuffle(state, plain)
    total = len(plain) + len(dead)
    bottom = max(len(dead), total // 3)
    top = total - bottom
    return plain[:top] + shuffle(state, plain[top:] + dead)


# ---------------------------------------------------------------- making a location
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
    wheels = state["opts"].get("training_wheels") and state["made"] <= 2
    for _ in living(state):
        face = roll(state, "Monster")
        while wheels and ((state["made"] == 1 and face in (4, 5)) or (state["made"] == 2 and face == 5)):
            say(state, f"Training wheels: monster die {face} rerolled.")
            state["rolls"][-1][1].pop()
            face = roll(state, "Monster")
        faces.append(face)
    return faces


def make_monster(state: dict, faces: list[int]) -> dict | None:
    """Highest die sets the kind, the sum sets hit points; sixes ('None') are
    set aside, so a monster appears unless every die shows 6 (RULINGS)."""
    real = [f for f in faces if f != 6]
    if not real:
        return None
    hp = sum(real) + bonus_hp(state)
    name = MONSTERS[state["theme"]][max(real)]
    return {"name": name, "hp": hp, "max": hp, "undead": state["theme"] == "undead", "asleep": False, "roving": False}


def bonus_hp(state: dict) -> int:
    return state["level"] - 1 if state["opts"].get("deeper_monsters") else 0


def new_location(state: dict, key: str, entry: str | None) -> None:
    """Roll (or draw) the location at `key`, entered through side `entry`."""
    state["made"] += 1
    x, y = xy(key)
    cell = {"x": x, "y": y, "exits": "", "dice": [], "monster": None, "treasure": None,
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
    cell["treasure"] = TREASURES[state["theme"]][treasure]
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


def describe_contents(cell: dict) -> str:
    monster = cell["monster"]
    foe = f"{monster['name']} ({monster['hp']} HP)" if monster else "No monster"
    loot = TREASURE_NAMES.get(cell["treasure"], "no treasure")
    return f"{foe}; treasure: {loot}."


def exit_options(state: dict) -> list[Action]:
    pend = state["pending"]
    out = []
    for pick in combinations(pend["free"], pend["need"]):
        sides = "".join(s for s in SIDES if s in pick or s in pend["forced"])
        label = "Exits " + ", ".join(sides)
        out.append(Action(f"exits {sides}", label, "Choose the exits"))
    return out


def set_exits(state: dict, cell: dict, sides: str) -> None:
    cell["exits"] = sides
    state["pending"] = None
    arrive(state, cell, fresh=True)


# -- tiles edition
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
    cell["treasure"] = TREASURES[state["theme"]][treasure]
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
    exact, loose, seen = [], [], set()
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


def turn_options(state: dict) -> list[Action]:
    return [Action(f"turn {t}", "Exits " + ", ".join(s), "Turn the tile", f"{90 * t}°")
            for t, s in state["pending"]["turns"]]


# ---------------------------------------------------------------- arriving, fighting
def arrive(state: dict, cell: dict, fresh: bool) -> None:
    """Enter a location: fight what is there, or check for a roving monster."""
    monster = cell["monster"]
    if monster:
        if monster["asleep"]:
            monster["asleep"] = False
            say(state, f"The {monster['name']} are awake again.")
        state["phase"] = "fight"
        return
    if fresh:
        clear(state, cell, killer=state["turn"])
        return
    roving_check(state, cell)


def roving_monster(state: dict, face: int) -> dict:
    """Goblins (1) or orcs (2) on every level, undead ones too (RULINGS)."""
    hp = ROVING[face] + bonus_hp(state)
    return {"name": MONSTERS["classic"][face], "hp": hp, "max": hp, "undead": False, "asleep": False, "roving": True}


def roving_check(state: dict, cell: dict) -> None:
    face = roll(state, "Roving monster")
    if face in ROVING:
        cell["monster"] = roving_monster(state, face)
        say(state, f"Roving monster ({face}): {cell['monster']['name']} ({cell['monster']['hp']} HP) have crept in!")
        state["phase"] = "fight"
    else:
        say(state, f"Roving monster check: {face}, all quiet.")
        state["phase"] = "explore"


def target_number(state: dict, player: dict, attr: str) -> int:
    """What the attack die must roll under."""
    value = player["attrs"][attr]
    items = player["items"]
    if attr == "BODY" and items["sword"]:
        value += 2 if tiles(state) else items["sword"]
    if attr == "MIND":
        value += items["tome"]
    armed = player["armed"]
    if attr == "SPIRIT" and "scroll" in armed:
        value += 3
    if attr == "MIND" and "pendant" in armed:
        value += 3
    if "idol" in armed:
        value += 2
    if not tiles(state) and any(v == 0 for v in player["attrs"].values()):
        value -= 1  # bleeding out
    return value


def hit_faces(state: dict, player: dict, attr: str, monster: dict) -> list[int]:
    target = target_number(state, player, attr)
    no_fumble = attr == "SPIRIT" and monster["undead"]
    return [f for f in range(1, 7) if f == 1 or (f < target and (f != 6 or no_fumble))]


def chance_hint(faces: list[int]) -> str:
    if not faces:
        return "no chance"
    span = f"{faces[0]}" if len(faces) == 1 else f"{faces[0]}-{faces[-1]}"
    return f"hits on {span}, {round(100 * len(faces) / 6)}%"


def attack(state: dict, attr: str) -> None:
    idx = state["turn"]
    player = state["players"][idx]
    cell = here(state)
    monster = cell["monster"]
    winning = hit_faces(state, player, attr, monster)
    face = roll(state, f"{player['name']} attacks with {attr}")
    used = [a for a in player["armed"] if a == "idol" or (a, attr) in (("scroll", "SPIRIT"), ("pendant", "MIND"))]
    for item in used:
        player["armed"].remove(item)
        spend(player, item)
    if face in winning:
        monster["hp"] -= 1
        say(state, f"{player['name']} rolls {face} with {attr}: a hit! {monster['name']} at {monster['hp']} HP.")
        if monster["hp"] <= 0:
            say(state, f"The {monster['name']} are defeated.")
            cell["monster"] = None
            if not monster["roving"] and not cell["cleared"]:
                clear(state, cell, killer=idx)
            else:
                if monster["roving"]:
                    award_xp(state, monster["max"], f"the roving {monster['name']}")
                cell["cleared"] = True
                after_award(state)
            next_turn(state)
            return
    else:
        say(state, f"{player['name']} rolls {face} with {attr}: a miss, and the {monster['name']} strike back.")
        take_hit(state, player, attr)
    next_turn(state)


def spend(player: dict, item: str) -> None:
    """Use up one armed item (a scroll, or a single-use artifact)."""
    if item == "scroll":
        player["items"]["scroll"] -= 1
        return
    player["artifacts"][item] -= 1
    if not player["artifacts"][item]:
        del player["artifacts"][item]


def take_hit(state: dict, player: dict, attr: str) -> None:
    if "charm" in player["armed"]:
        player["armed"].remove("charm")
        spend(player, "charm")
        say(state, "The Shielding Charm takes the blow and crumbles.")
        return
    if tiles(state):
        player["hp"] = max(0, player["hp"] - 1)
    else:
        player["attrs"][attr] = max(0, player["attrs"][attr] - 1)
    check_death(state, player)


def check_death(state: dict, player: dict) -> None:
    dead = player["hp"] <= 0 if tiles(state) else not any(player["attrs"].values())
    if dead and player["alive"]:
        player["alive"] = False
        player["armed"] = []
        say(state, f"{player['name']} has fallen.")
        if not living(state):
            end_game(state, "dead")


def clear(state: dict, cell: dict, killer: int) -> None:
    """The location's monster is gone: its treasure and XP are earned."""
    cell["cleared"] = True
    loot = cell["treasure"]
    if loot:
        winner = state["players"][killer] if state["players"][killer]["alive"] else active(state)
        if holds(state, winner) >= limit(state):
            say(state, f"{winner['name']} can carry no more: the {TREASURE_NAMES[loot]} stays behind.")
        else:
            winner["items"][loot] += 1
            say(state, f"{winner['name']} takes the {TREASURE_NAMES[loot]}.")
        cell["treasure"] = None
    award_xp(state, sum(cell["dice"]), cell["name"])
    after_award(state)


def holds(state: dict, player: dict) -> int:
    return sum(player["items"].values()) + sum(player["artifacts"].values())


def limit(state: dict) -> int:
    return 6 if state["opts"].get("inventory_limit") else 10**9


def xp_for_level(state: dict, level: int) -> int:
    """XP needed to reach `level`: every 50, or 50, 150, 300... when rising."""
    steps = level - 1
    if state["opts"].get("xp_curve") == "rising":
        return XP_PER_LEVEL * steps * (steps + 1) // 2
    return XP_PER_LEVEL * steps


def award_xp(state: dict, amount: int, source: str) -> None:
    for i in living(state):
        player = state["players"][i]
        player["xp"] += amount
        while player["xp"] >= xp_for_level(state, player["level"] + 1):
            player["level"] += 1
            player["raises"] += 1
            say(state, f"{player['name']} reaches level {player['level']}!")
    say(state, f"{source}: +{amount} XP" + (" each." if len(living(state)) > 1 else "."))


def after_award(state: dict) -> None:
    if state["over"]:
        return
    state["phase"] = "raise" if any(p["raises"] for p in state["players"]) else "explore"


def do_raise(state: dict, attr: str) -> None:
    player = next(p for p in state["players"] if p["raises"])
    player["raises"] -= 1
    player["max"][attr] += 1
    player["attrs"] = dict(player["max"])
    player["hp"] = player["hp_max"]
    say(state, f"{player['name']} raises {attr} to {player['max'][attr]} and is fully restored.")
    after_award(state)


# ---------------------------------------------------------------- items
def potion_options(state: dict) -> list[Action]:
    out = []
    for i in living(state):
        player = state["players"][i]
        if not player["items"]["potion"]:
            continue
        who = f"{player['name']}: " if len(state["players"]) > 1 else ""
        if tiles(state):
            if player["hp"] < player["hp_max"]:
                out.append(Action(f"potion {i}", f"{who}Drink a healing potion (+2 HP)", "Items"))
            continue
        low = [a for a in ATTRS if player["attrs"][a] < player["max"][a]]
        for a in low:
            out.append(Action(f"potion {i} {a} {a}", f"{who}Potion: +2 {a}", "Items"))
        for a, b in combinations(low, 2):
            out.append(Action(f"potion {i} {a} {b}", f"{who}Potion: +1 {a}, +1 {b}", "Items"))
    return out


def drink(state: dict, idx: int, attrs: list[str]) -> None:
    player = state["players"][idx]
    player["items"]["potion"] -= 1
    if tiles(state):
        player["hp"] = min(player["hp_max"], player["hp"] + 2)
        say(state, f"{player['name']} drinks a healing potion: {player['hp']} HP.")
        return
    gains = [attrs[0]] * 2 if len(attrs) == 1 or attrs[0] == attrs[1] else attrs
    for a in gains:
        player["attrs"][a] = min(player["max"][a], player["attrs"][a] + 1)
    say(state, f"{player['name']} drinks a healing potion: " + ", ".join(f"{a} {player['attrs'][a]}" for a in ATTRS) + ".")


ARMABLE = {
    "scroll": "Read a spell scroll (+3 on the next SPIRIT roll)",
    "idol": "Raise the Jade Idol (+2 on the next attack)",
    "pendant": "Hold the Crystal Pendant (+3 on the next MIND roll)",
    "charm": "Raise the Shielding Charm (ignore the next hit)",
}


def arm_options(player: dict) -> list[Action]:
    out = []
    for item, label in ARMABLE.items():
        have = player["items"]["scroll"] if item == "scroll" else player["artifacts"].get(item, 0)
        if have and item not in player["armed"]:
            out.append(Action(f"ready {item}", label, "Items"))
    return out


def use_fragment(state: dict) -> None:
    player = active(state)
    player["items"]["fragment"] -= 1
    face = roll(state, "Artifact")
    key, name, text = ARTIFACTS[face]
    if holds(state, player) >= limit(state):
        say(state, f"The map leads to the {name}, but {player['name']} can carry no more.")
    else:
        player["artifacts"][key] = player["artifacts"].get(key, 0) + 1
        say(state, f"{player['name']} unearths the {name}: {text}.")
    state["artifact_here"] = True
    if state["level"] not in state["artifact_levels"]:
        state["artifact_levels"].append(state["level"])
    if state["opts"].get("mode") == "quest" and len(state["artifact_levels"]) >= 3:
        say(state, "Three artifacts from three levels: the quest is complete!")
        end_game(state, "won")


# ---------------------------------------------------------------- moving
def passable(state: dict, key: str) -> list[str]:
    """Exits of a location that lead somewhere: unexplored, or a location with a matching exit."""
    out = []
    for side in state["cells"][key]["exits"]:
        other = state["cells"].get(neighbour(key, side))
        if other is None or OPPOSITE[side] in other["exits"]:
            out.append(side)
    return out


def frontier(state: dict) -> bool:
    """Is there any exit on this level into unexplored rock?"""
    return any(neighbour(k, s) not in state["cells"] for k, c in state["cells"].items() for s in c["exits"])


def go(state: dict, side: str) -> None:
    target = neighbour(state["pos"], side)
    if target in state["cells"]:
        state["prev"], state["pos"] = state["pos"], target
        cell = state["cells"][target]
        say(state, f"You go {side} to the {cell['name']}.")
        arrive(state, cell, fresh=False)
    else:
        say(state, f"You go {side} into the unknown.")
        new_location(state, target, OPPOSITE[side])
    if len(living(state)) > 1 and state["phase"] != "fight":
        next_turn(state)


def jump(state: dict, target: str, how: str) -> None:
    """Teleport (temple or scroll): arrive with a roving monster check."""
    state["prev"], state["pos"] = state["pos"], target
    cell = state["cells"][target]
    say(state, f"{how} takes you to the {cell['name']}.")
    arrive(state, cell, fresh=False)


def empty_sides(state: dict, key: str) -> list[str]:
    return [s for s in SIDES if s not in state["cells"][key]["exits"] and neighbour(key, s) not in state["cells"]]


def can_search(state: dict, key: str | None = None) -> bool:
    """May the party search for a secret door at `key` (default: here)?
    In a dead end when the house rule is on (default), and anywhere with
    bare rock beside it once the level has no unexplored exit left, so the
    game can never lock."""
    key = key or state["pos"]
    cell = state["cells"][key]
    if cell["monster"] is not None or not empty_sides(state, key):
        return False
    dead_end = len(cell["exits"]) <= 1
    return (dead_end and state["opts"].get("secret_doors", True)) or not frontier(state)


def search(state: dict) -> None:
    face = roll(state, "Search")
    cell = here(state)
    cell["search"] += 1
    if face >= 5:
        sides = empty_sides(state, state["pos"])
        say(state, f"Search: {face}, a secret door!")
        if len(sides) == 1:
            open_secret(state, sides[0])
        else:
            state["phase"] = "secret"
    elif face == 1:
        say(state, "Search: 1, a trap springs!")
        wound(state, 1)
    else:
        say(state, f"Search: {face}, nothing but stone.")


def open_secret(state: dict, side: str) -> None:
    cell = here(state)
    cell["exits"] = "".join(s for s in SIDES if s in cell["exits"] or s == side)
    say(state, f"The secret door opens to the {side}.")
    state["phase"] = "explore"


def wound(state: dict, points: int, then_go: str | None = None) -> None:
    """Damage the active player places as they choose (a trap, a flight);
    `then_go` is the side the party leaves by once it is placed."""
    player = active(state)
    state["then_go"] = then_go
    if tiles(state):
        player["hp"] = max(0, player["hp"] - points)
        state["wounds"] = 0
    else:
        state["wounds"] = points
    state["phase"] = "wound"
    settle_wounds(state)


def settle_wounds(state: dict) -> None:
    player = active(state)
    if state["wounds"] and any(player["attrs"].values()):
        return
    state["wounds"] = 0
    check_death(state, player)
    if state["over"]:
        return
    state["phase"] = "explore"
    side, state["then_go"] = state.get("then_go"), None
    if side:
        go(state, side)


def take_wound(state: dict, attr: str) -> None:
    player = active(state)
    player["attrs"][attr] -= 1
    state["wounds"] -= 1
    say(state, f"{player['name']} loses 1 {attr}.")
    settle_wounds(state)


def descend(state: dict, theme: str) -> None:
    state["level"] += 1
    state["deepest"] = max(state["deepest"], state["level"])
    if theme == "random":
        theme = "undead" if roll(state, "Theme") >= 4 else "classic"
    state["theme"] = theme
    if state["opts"].get("descent_drain"):
        for p in state["players"]:
            for a in ATTRS:
                p["max"][a] = max(1, p["max"][a] - 1)
                p["attrs"][a] = min(p["attrs"][a], p["max"][a])
    say(state, f"You descend to level {state['level']}.")
    start_level(state)


def flee_side(state: dict) -> str | None:
    """The side leading back to where the party came from, if it is next door and open."""
    back = state["prev"]
    for side in passable(state, state["pos"]):
        if neighbour(state["pos"], side) == back:
            return side
    return None


def flee(state: dict, how: str) -> None:
    """Leave a fight: boots to a random exit, or a house-rule flight back."""
    player = active(state)
    if how == "boots":
        player["boots_used"] += 1
        exits = passable(state, state["pos"])
        side = exits[roll(state, "Boots", len(exits)) - 1]
        if player["boots_used"] >= player["level"]:
            spend(player, "boots")
            player["boots_used"] = 0
            say(state, "The Boots of Swiftness crumble after this run.")
        say(state, f"{player['name']} runs {side} in the Boots of Swiftness.")
        state["phase"] = "explore"
        go(state, side)
        return
    rule = state["opts"].get("flee_rule")
    side = flee_side(state)
    if side is None:  # no way back (first location, after a teleport): any open exit
        exits = passable(state, state["pos"])
        side = exits[roll(state, "Flight", len(exits)) - 1]
    if rule == "alvin":
        face = roll(state, "Escape")
        if face > 2:
            say(state, f"Escape roll {face}: the way out is blocked, fight on.")
            next_turn(state)
            return
    say(state, f"{player['name']} flees {side}.")
    if rule == "stacey":
        for p in (state["players"][i] for i in living(state)):
            if tiles(state):
                p["hp"] = max(0, p["hp"] - 1)
            else:
                p["attrs"] = {a: max(0, v - 1) for a, v in p["attrs"].items()}
            check_death(state, p)
        if state["over"]:
            return
    damage = 0
    if rule == "nerun":
        damage = {1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3}[roll(state, "Flight")]
    if damage:
        say(state, f"The monsters strike {player['name']}'s back: {damage} damage.")
        wound(state, damage, then_go=side)
        return
    state["phase"] = "explore"
    go(state, side)


def rest(state: dict, attr: str) -> None:
    """House rule (Alvin): rest in a temple; 4-6 restores 1 point, 1-2 wakes a monster."""
    face = roll(state, "Rest")
    player = active(state)
    if face >= 4:
        if tiles(state):
            player["hp"] = min(player["hp_max"], player["hp"] + 1)
        else:
            player["attrs"][attr] = min(player["max"][attr], player["attrs"][attr] + 1)
        say(state, f"Rest: {face}, {player['name']} recovers 1 {'HP' if tiles(state) else attr}.")
    elif face in ROVING:
        monster = here(state)["monster"] = roving_monster(state, face)
        say(state, f"Rest: {face}, {monster['name']} ({monster['hp']} HP) find you asleep!")
        state["phase"] = "fight"
    else:
        say(state, f"Rest: {face}, a fitful sleep; nothing gained.")


def end_game(state: dict, how: str) -> None:
    state["over"] = how
    state["phase"] = "over"
    best = max(state["players"], key=lambda p: p["xp"])
    state["score"] = {"xp": best["xp"], "deepest": state["deepest"], "mode": state["opts"].get("mode", "endless"),
                      "result": how, "name": best["name"], "locations": state["made"]}
    verdict = {"dead": "The party has fallen.", "won": "Victory!", "retired": "You leave the dungeon alive."}[how]
    say(state, f"{verdict} Score: {best['xp']} XP, deepest level {state['deepest']}.")


# ---------------------------------------------------------------- the one list of legal actions
def legal_actions(state: dict) -> list[Action]:
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "assign":
        return assign_options(active(state))
    if phase == "exits":
        return exit_options(state)
    if phase == "turn":
        return turn_options(state)
    if phase == "secret":
        return [Action(f"secret {s}", f"Open the secret door {s}", "Secret door") for s in empty_sides(state, state["pos"])]
    if phase == "wound":
        player = active(state)
        return [Action(f"wound {a}", f"Lose 1 {a}", "Take the damage") for a in ATTRS if player["attrs"][a] > 0]
    if phase == "raise":
        player = next(p for p in state["players"] if p["raises"])
        return [Action(f"raise {a}", f"{player['name']}: raise {a} max to {player['max'][a] + 1}", "Level up")
                for a in ATTRS]
    if phase == "fight":
        return fight_actions(state) + potion_options(state)
    return explore_actions(state) + potion_options(state)


def fight_actions(state: dict) -> list[Action]:
    player = active(state)
    monster = here(state)["monster"]
    out = []
    for attr in ATTRS:
        faces = hit_faces(state, player, attr, monster)
        out.append(Action(f"attack {attr}", f"{player['name']}: attack with {attr}" if len(state["players"]) > 1
                          else f"Attack with {attr}", "Fight", f"{attr}: {chance_hint(faces)}"))
    out += arm_options(player)
    if player["artifacts"].get("salts"):
        out.append(Action("salts", "Sleeping Salts: put the monster to sleep", "Items"))
    if player["artifacts"].get("boots") and passable(state, state["pos"]):
        out.append(Action("flee boots", "Boots of Swiftness: run to a random exit", "Items",
                          f"run {player['boots_used'] + 1} of {player['level']}"))
    rule = state["opts"].get("flee_rule", "off")
    if rule != "off" and passable(state, state["pos"]):
        way = "the way you came" if flee_side(state) else "by a random exit"
        out.append(Action("flee", f"Flee {way}", "Fight", FLEE_HINTS[rule]))
    return out


FLEE_HINTS = {
    "alvin": "escapes on 1-2",
    "stacey": "all attributes -1",
    "nerun": "0-3 damage as the die says",
}


def explore_actions(state: dict) -> list[Action]:
    cell = here(state)
    out = []
    for side in passable(state, state["pos"]):
        other = state["cells"].get(neighbour(state["pos"], side))
        label = f"Go {side}" + (f" to the {other['name']}" if other else " (unexplored)")
        out.append(Action(f"go {side}", label, "Move"))
    calm = cell["monster"] is None
    if calm and cell["kind"] == "temple":
        for key, other in state["cells"].items():
            if other["kind"] == "temple" and key != state["pos"]:
                out.append(Action(f"teleport {key}", f"Teleport to the temple at {key}", "Move"))
    player = active(state)
    if calm and player["artifacts"].get("teleport"):
        for key, other in state["cells"].items():
            if key != state["pos"]:
                out.append(Action(f"scroll {key}", f"Scroll of Teleportation to the {other['name']} at {key}", "Move"))
    if calm and cell["kind"] == "vault" and player["items"]["fragment"]:
        out.append(Action("fragment", f"Dig with a map fragment ({player['items']['fragment']} held)", "Explore"))
    if calm and cell["kind"] == "hall" and state["artifact_here"]:
        if state["opts"].get("level_theme") == "random":
            out.append(Action("descend random", "Descend to the next level", "Explore", "theme by the die"))
        else:
            for theme in ("classic", "undead"):
                out.append(Action(f"descend {theme}", f"Descend to a {theme} level", "Explore"))
    if can_search(state):
        out.append(Action("search", "Search for a secret door", "Explore", "5-6 opens one, 1 is a trap"))
    if calm and cell["kind"] == "temple" and state["opts"].get("temple_rest"):
        if tiles(state):
            out.append(Action("rest HP", "Rest in the temple", "Explore", "4-6: +1 HP; 1-2: a monster"))
        else:
            for a in ATTRS:
                if player["attrs"][a] < player["max"][a]:
                    out.append(Action(f"rest {a}", f"Rest in the temple (for {a})", "Explore", "4-6: +1; 1-2: a monster"))
    if state["opts"].get("mode", "endless") == "endless":
        out.append(Action("retire", "Leave the dungeon and record your score", "Game"))
    return out


def apply(state: dict, code: str) -> None:
    """Carry out an action that `legal_actions` offered."""
    state["rolls"] = []
    verb, *args = code.split()
    if verb == "assign":
        do_assign(state, [int(v) for v in args])
    elif verb == "exits":
        set_exits(state, here(state), args[0])
    elif verb == "turn":
        sides = dict(state["pending"]["turns"])[int(args[0])]
        say(state, f"The tile is turned: exits {', '.join(sides)}.")
        set_exits(state, here(state), sides)
    elif verb == "attack":
        attack(state, args[0])
    elif verb == "ready":
        active(state)["armed"].append(args[0])
        say(state, f"{active(state)['name']} readies the {ARTIFACT_NAMES.get(args[0], 'spell scroll')}.")
    elif verb == "salts":
        put_to_sleep(state)
    elif verb == "flee":
        flee(state, args[0] if args else "rule")
    elif verb == "potion":
        drink(state, int(args[0]), args[1:])
    elif verb == "raise":
        do_raise(state, args[0])
    elif verb == "go":
        go(state, args[0])
    elif verb == "teleport":
        jump(state, args[0], "The temple's light")
    elif verb == "scroll":
        spend(active(state), "teleport")
        jump(state, args[0], "The Scroll of Teleportation")
    elif verb == "fragment":
        use_fragment(state)
    elif verb == "descend":
        descend(state, args[0])
    elif verb == "search":
        search(state)
    elif verb == "secret":
        open_secret(state, args[0])
    elif verb == "wound":
        take_wound(state, args[0])
    elif verb == "rest":
        rest(state, args[0])
    elif verb == "retire":
        end_game(state, "retired")
    else:
        raise ValueError(f"unknown action {code!r}")


def put_to_sleep(state: dict) -> None:
    player = active(state)
    spend(player, "salts")
    monster = here(state)["monster"]
    monster["asleep"] = True
    say(state, f"The Sleeping Salts put the {monster['name']} to sleep: you may pass, but they guard their treasure.")
    state["phase"] = "explore"


def is_over(state: dict) -> bool:
    return state["over"] is not None
