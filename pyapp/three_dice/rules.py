"""3 Dice Dungeon rules (seed 000) and its Tiles & HP edition (seed 001).

The state is a plain JSON dict; `legal_actions` is the one place that
decides what may be done, and `apply` carries out an action it offered.
Codes are made with pyapp/codes.py; actions played on the map carry their
target: ("side", "N") to walk, ("cell", "x,y") to teleport, ("exit", "E")
to pick a location's one free exit.
Phases: assign (character values) -> exits / turn (shape a new location)
-> fight -> raise (level up) -> explore, with secret, wound and over."""

from __future__ import annotations

from itertools import combinations, permutations

from .. import dice
from ..codes import code, parse
from ..engine import Action
from .combat import attack, chance_hint, do_raise, hit_faces, put_to_sleep, take_wound
from .data import ARTIFACT_NAMES, ATTRS, LATER_SETTINGS
from .dungeon import can_search, search_sides, set_exits, start_level, unlock
from .grid import SIDES, is_locked, neighbour, passable
from .items import arm_options, drink, drop, floor_options, potion_options, swap, take, use_fragment
from .moves import descend, flee, flee_side, go, jump, open_secret, rest, search
from .records import keep_rules_version, roll, say
from .state import active, end_game, here, living, next_turn, spend, tiles


def roll_character(state: dict, who: str) -> list[int]:
    """3d6 for BODY, MIND, SPIRIT, all three again while the total is 10 or less."""
    while True:
        values = [roll(state, f"{who}: attributes") for _ in range(3)]
        if sum(values) > 10:
            return values
        say(state, f"{who} rolled {values} (total {sum(values)}, 10 or less): roll again.")
        state["rolls"] = [group for group in state["rolls"] if group[0] != f"{who}: attributes"]


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
        "resume": "explore",
        "rested": False,
        "log": [],
        "rolls": [],
        "over": None,
        "score": None,
    }
    keep_rules_version(state, LATER_SETTINGS)
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
        health = f" and {player['hp_max']} HP." if edition == "tiles" else "."
        say(state, f"{name} rolled {player['rolled']}" + health)
    return state


def assign_options(player: dict) -> list[Action]:
    seen, out = set(), []
    for order in permutations(player["rolled"]):
        if order in seen:
            continue
        seen.add(order)
        label = ", ".join(f"{a} {v}" for a, v in zip(ATTRS, order))
        hint = "as rolled" if list(order) == player["rolled"] else ""
        out.append(Action(code("assign", *order), label, "Assign your rolled values", hint))
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


def exit_options(state: dict) -> list[Action]:
    pend = state["pending"]
    out = []
    for pick in combinations(pend["free"], pend["need"]):
        sides = "".join(s for s in SIDES if s in pick or s in pend["forced"])
        label = "Exits " + ", ".join(sides)
        # with one exit to choose, each free side is a spot on the map too
        target = ("exit", pick[0]) if pend["need"] == 1 else ()
        out.append(Action(code("exits", sides), label, "Choose the exits", target=target))
    return out


def turn_options(state: dict) -> list[Action]:
    return [Action(code("turn", t), "Exits " + ", ".join(s), "Turn the tile", f"{90 * t}°")
            for t, s in state["pending"]["turns"]]


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
        return [Action(code("secret", s), f"Force the locked door {s}" if is_locked(state, state["pos"], s)
                       else f"Open the secret door {s}", "Secret door") for s in search_sides(state, state["pos"])]
    if phase == "wound":
        player = active(state)
        return [Action(code("wound", a), f"Lose 1 {a}", "Take the damage") for a in ATTRS if player["attrs"][a] > 0]
    if phase == "raise":
        player = next(p for p in state["players"] if p["raises"])
        return [Action(code("raise", a), f"{player['name']}: raise {a} max to {player['max'][a] + 1}", "Level up")
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
        out.append(Action(code("attack", attr), f"{player['name']}: attack with {attr}" if len(state["players"]) > 1
                          else f"Attack with {attr}", "Fight", f"{attr}: {chance_hint(faces)}"))
    out += arm_options(player)
    if player["artifacts"].get("salts"):
        out.append(Action("salts", "Sleeping Salts: put the monster to sleep", "Items"))
    if player["artifacts"].get("boots") and passable(state, state["pos"]):
        out.append(Action(code("flee", "boots"), "Boots of Swiftness: run to a random exit", "Items",
                          f"run {player['boots_used'] + 1} of {player['level']}"))
    rule = state["opts"].get("flee_rule", "off")
    if rule != "off" and passable(state, state["pos"]) and not here(state)["monster"].get("no_escape"):
        way = "the way you came" if flee_side(state) else "by a random exit"
        hint = "costs 1 HP" if rule == "stacey" and tiles(state) else FLEE_HINTS[rule]
        out.append(Action("flee", f"Flee {way}", "Fight", hint))
    return out


FLEE_HINTS = {
    "alvin": "escapes on 1-2",
    "stacey": "all attributes -1",
    "nerun": "0-3 damage as the die says",
}


def explore_actions(state: dict) -> list[Action]:
    cell = here(state)
    player = active(state)
    calm = cell["monster"] is None
    out = []
    for side in passable(state, state["pos"]):
        other = state["cells"].get(neighbour(state["pos"], side))
        label = f"Go {side}" + (f" to {place_name(other)}" if other else " (unexplored)")
        out.append(Action(code("go", side), label, "Move", target=("side", side)))
    if player["items"].get("key"):
        out += [Action(code("unlock", side), f"Unlock the door {side} with the Key", "Move")
                for side in cell["exits"] if is_locked(state, state["pos"], side)]
    if calm and cell["kind"] == "temple":
        out += [Action(code("teleport", key), f"Teleport to {place_name(other)}", "Move", target=("cell", key))
                for key, other in state["cells"].items() if other["kind"] == "temple" and key != state["pos"]]
    if calm and cell["kind"] == "vault" and player["items"]["fragment"]:
        out.append(Action("fragment", f"Dig with a map fragment ({player['items']['fragment']} held)", "Explore"))
    if calm and cell["kind"] == "hall" and state["artifact_here"]:
        if state["opts"].get("level_theme") == "random":
            out.append(Action(code("descend", "random"), "Descend to the next level", "Explore", "theme by the die"))
        else:
            out += [Action(code("descend", theme), f"Descend to a {theme} level", "Explore")
                    for theme in ("classic", "undead")]
    if can_search(state):
        out.append(Action("search", "Search for a secret door", "Explore", "5-6 opens one, 1 is a trap"))
    out += rest_options(state, player) if calm else []
    out += floor_options(state)
    if len(living(state)) > 1:
        later = [i for i in living(state) if i > state["turn"]] or living(state)
        out.append(Action("pass", f"Hand the lead to {state['players'][later[0]]['name']}", "Party"))
    if state["opts"].get("mode", "endless") == "endless":
        out.append(Action("retire", "Leave the dungeon and record your score", "Game"))
    if calm and player["artifacts"].get("teleport"):  # last: one per known location, the map offers them too
        out += [Action(code("scroll", key), f"To {place_name(other)}", "Scroll of Teleportation", target=("cell", key))
                for key, other in sorted(state["cells"].items(), key=lambda kv: kv[1]["n"]) if key != state["pos"]]
    return out


def place_name(cell: dict) -> str:
    """How a location is named to the player: its number on the map and its kind."""
    return f"{cell['n']}, the {cell['name']}"


def rest_options(state: dict, player: dict) -> list[Action]:
    """House rule (Alvin): rest once per visit to a temple, when there is something to recover."""
    cell = here(state)
    if cell["kind"] != "temple" or not state["opts"].get("temple_rest") or state["rested"]:
        return []
    hint = "4-6: +1; 1-2: a monster comes"
    if tiles(state):
        if player["hp"] >= player["hp_max"]:
            return []
        return [Action(code("rest", "HP"), "Rest in the temple", "Explore", hint)]
    return [Action(code("rest", a), f"Rest in the temple (for {a})", "Explore", hint)
            for a in ATTRS if player["attrs"][a] < player["max"][a]]


def scroll_jump(state: dict, target: str) -> None:
    spend(active(state), "teleport")
    jump(state, target, "The Scroll of Teleportation")


def place_wound(state: dict, attr: str) -> None:
    side = take_wound(state, attr)
    if side:  # the damage of a flight is placed: now the party runs
        go(state, side)


def pass_lead(state: dict) -> None:
    next_turn(state)
    say(state, f"{active(state)['name']} takes the lead.")


def ready(state: dict, item: str) -> None:
    active(state)["armed"].append(item)
    say(state, f"{active(state)['name']} readies the {ARTIFACT_NAMES.get(item, 'spell scroll')}.")


# verb -> what it does with the state and the code's arguments
VERBS = {
    "assign": lambda state, args: do_assign(state, [int(v) for v in args]),
    "exits": lambda state, args: set_exits(state, here(state), args[0]),
    "turn": lambda state, args: set_exits(state, here(state), dict(state["pending"]["turns"])[int(args[0])]),
    "attack": lambda state, args: attack(state, args[0]),
    "ready": lambda state, args: ready(state, args[0]),
    "salts": lambda state, args: put_to_sleep(state),
    "flee": lambda state, args: flee(state, args[0] if args else "rule"),
    "potion": lambda state, args: drink(state, int(args[0]), args[1:]),
    "raise": lambda state, args: do_raise(state, args[0]),
    "go": lambda state, args: go(state, args[0]),
    "unlock": lambda state, args: unlock(state, args[0]),
    "teleport": lambda state, args: jump(state, args[0], "The temple's light"),
    "scroll": lambda state, args: scroll_jump(state, args[0]),
    "fragment": lambda state, args: use_fragment(state),
    "descend": lambda state, args: descend(state, args[0]),
    "search": lambda state, args: search(state),
    "secret": lambda state, args: open_secret(state, args[0]),
    "wound": lambda state, args: place_wound(state, args[0]),
    "rest": lambda state, args: rest(state, args[0]),
    "take": lambda state, args: take(state),
    "drop": lambda state, args: drop(state, args[0]),
    "swap": lambda state, args: swap(state, args[0]),
    "pass": lambda state, args: pass_lead(state),
    "retire": lambda state, args: end_game(state, "retired"),
}


def apply(state: dict, text: str) -> None:
    """Carry out an action that `legal_actions` offered."""
    state["rolls"] = []
    verb, args = parse(text)
    VERBS[verb](state, args)
    if state["phase"] not in ("over", "assign", "raise") and not active(state)["alive"] and living(state):
        next_turn(state)  # a fallen player never keeps the turn


def is_over(state: dict) -> bool:
    return state["over"] is not None


def result(state: dict) -> str:
    """How it ended ("dead", "retired", "won"...), once over."""
    return state["over"] or ""
