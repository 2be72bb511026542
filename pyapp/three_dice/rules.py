"""3 Dice Dungeon rules (seed 000) and its Tiles & HP edition (seed 001).

The state is a plain JSON dict; `legal_actions` is the one place that
decides what may be done, and `apply` carries out an action it offered.
Phases: assign (character values) -> exits / turn (shape a new location)
-> fight -> raise (level up) -> explore, with secret, wound and over."""

from __future__ import annotations

from itertools import combinations, permutations

from .. import dice
from ..engine import Action
from .combat import attack, chance_hint, do_raise, hit_faces, put_to_sleep
from .data import ARTIFACT_NAMES, ATTRS, SIDES
from .dungeon import can_search, empty_sides, passable, set_exits, start_level
from .items import arm_options, drink, potion_options, use_fragment
from .moves import descend, flee, flee_side, go, jump, open_secret, rest, search, take_wound
from .state import active, end_game, here, neighbour, roll, say, spend, tiles


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


def exit_options(state: dict) -> list[Action]:
    pend = state["pending"]
    out = []
    for pick in combinations(pend["free"], pend["need"]):
        sides = "".join(s for s in SIDES if s in pick or s in pend["forced"])
        label = "Exits " + ", ".join(sides)
        out.append(Action(f"exits {sides}", label, "Choose the exits"))
    return out


def turn_options(state: dict) -> list[Action]:
    return [Action(f"turn {t}", "Exits " + ", ".join(s), "Turn the tile", f"{90 * t}°")
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
        set_exits(state, here(state), dict(state["pending"]["turns"])[int(args[0])])
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


def is_over(state: dict) -> bool:
    return state["over"] is not None
