"""Tabletop Dungeon rules: the state, what may be done, and doing it.

`legal_actions` is the one place that decides what may be done; `apply`
carries out an offered action through the VERBS table (first word of the
code). Phases: heroes -> monsters (one step per monster) -> saves -> grow
(-> place, when the players choose where tiles go) -> heroes ... ; a
pending Luck offer interrupts an attack or a save.

State (plain JSON):
  dice, log, rolls (latest rolls: [what, sides, face]), rolls_at, acts,
  opts (settings), phase, turn, result (None / "won" / "lost"), score,
  tiles [{kind room|hall, n, x, y, w, h, cleared}], doors [{a: hallway
  end, b: room square, state closed|damaged|open, hits, attacker}],
  monsters on the board [{id, kind, sq, hurt}], heroes [{seat, cls, name,
  sq, wounds, out, threats [monsters], moves, attacked, potions {luck,
  heal, invis}, items [...], worn [...], invisible}], sel (selected hero),
  next_id, moved (monster ids done this phase), halted, saveq,
  dragon_saves, pending (Luck offer), place ({spots, auto} while a tile
  waits to be placed), free_gives, dragon (the Dragon is in), kills,
  last_move (monsters' phase: {id, from, path: the squares it went by}),
  rules (the rules version, from 2 on; absent: version 1).

Action codes are made and read in codes.py only; each Action played on the
map carries its target (("square", x, y), ("monster", id), ("hero", seat),
("spot", index), ("door", index)) for the board to draw.
"""

from __future__ import annotations

from .. import dice
from ..engine import RULES_KEY, Action
from . import board, codes, growth, heroes, monsters
from .data import CLASSES, HEROES, ITEM_NAMES, MOVE, POTIONS
from .state import find_monster, is_monster, label, living, monster_at, monster_name, say, selected
from .words import plural


# ---------------------------------------------------------------- new game
def party(opts: dict) -> list:
    """Seats 1..n with their class and name; a class already taken goes to
    the first free one (the box has one figure of each)."""
    taken, out = [], []
    for seat in range(1, int(opts.get("heroes", 4)) + 1):
        cls = opts.get(f"class{seat}", CLASSES[seat - 1])
        if cls in taken:
            cls = next(c for c in CLASSES if c not in taken)
        taken.append(cls)
        name = str(opts.get(f"name{seat}", "") or f"Player {seat}")
        out.append((seat, cls, name))
    return out


def new_hero(seat: int, cls: str, name: str, sq) -> dict:
    return {"seat": seat, "cls": cls, "name": name, "sq": list(sq), "wounds": 0, "out": False, "threats": [],
            "moves": MOVE, "owed": 0, "attacked": False, "potions": {p: 0 for p in POTIONS}, "items": [], "worn": [],
            "invisible": False}


def new_state(seed: str, opts: dict) -> dict:
    """One room, one hallway below it behind a closed door, the heroes in
    the hallway (seat 1 by the door), 6 goblins in the room from the far side."""
    opts = dict(opts)
    opts.setdefault("placement", "ask")
    version = int(opts.pop(RULES_KEY, 1))  # as state["rules"] from 2 on: version 1 states stay as they were
    state: dict = {
        "dice": dice.seed_state(seed), "log": [], "rolls": [], "rolls_at": 0, "acts": 0, "opts": opts,
        "phase": "heroes", "turn": 1, "result": None, "score": None,
        "tiles": [{"kind": "room", "n": 1, "x": 0, "y": 0, "w": 3, "h": 3, "cleared": False},
                  {"kind": "hall", "n": 1, "x": 1, "y": 3, "w": 1, "h": 4, "cleared": False}],
        "doors": [{"a": [1, 3], "b": [1, 2], "state": "closed", "hits": 0, "attacker": None}],
        "monsters": [], "heroes": [], "sel": 0, "next_id": 0, "moved": [], "halted": False, "saveq": [],
        "dragon_saves": False, "pending": None, "place": None, "free_gives": [], "dragon": False, "kills": 0,
    }
    if version > 1:
        state["rules"] = version
    for i, (seat, cls, name) in enumerate(party(opts)):
        state["heroes"].append(new_hero(seat, cls, name, (1, 3 + i)))
    from .state import new_monster

    for sq in board.furthest_from(state["tiles"][0], (1, 2))[:6]:
        state["monsters"].append(new_monster(state, "goblin", sq))
    say(state, "The heroes stand in the hallway; six goblins wait behind the door of room 1.")
    say(state, "Turn 1: the heroes' phase.")
    return state


# ---------------------------------------------------------------- what may be done
def is_over(state: dict) -> bool:
    return bool(state["result"])


def result(state: dict) -> str:
    """"won" or "lost" once over."""
    return state["result"] or ""


def automatic(state: dict) -> bool:
    """The rules' own steps: the monsters' phase, the saves, the growth (and
    an automatic tile placement) play themselves; a Luck offer and a tile
    placement that the players choose wait for them."""
    return not state["result"] and not state["pending"] and state["phase"] in ("monsters", "saves", "grow")


def legal_actions(state: dict) -> list[Action]:
    if state["result"]:
        return []
    if state["pending"]:
        return luck_actions(state)
    phase = state["phase"]
    if phase in ("monsters", "saves", "grow"):
        what = {"monsters": "Next monster moves", "saves": "Saving throws and doors", "grow": "The dungeon grows"}
        return [Action(codes.STEP, what[phase], "Monsters"),
                Action(codes.SKIP, "Finish the monsters' phase", "Monsters", "no pause between moves")]
    if phase == "place":
        spots = state["place"]["spots"]
        auto = state["place"]["auto"] + 1
        out = [Action(codes.place(codes.AUTO), "Place it (automatic choice)", "Place tile", f"place {auto}")]
        out += [Action(codes.place(i + 1), f"Place at {i + 1}", "Place tile",
                       f"{s['kind']} at {s['x']},{s['y']}", target=("spot", i)) for i, s in enumerate(spots)]
        return out
    return hero_actions(state)


def luck_actions(state: dict) -> list[Action]:
    pending = state["pending"]
    hero = state["heroes"][pending["hero"]]
    what = "the attack" if pending["kind"] == "attack" else "the saving throw"
    cost = potion_cost(hero, now=pending["kind"] == "attack")
    return [Action(codes.LUCK, f"{hero['name']}: drink Luck, re-roll {what}", "Luck", cost),
            Action(codes.NO_LUCK, "Keep the roll", "Luck")]


def potion_cost(hero: dict, now: bool = True) -> str:
    """What a potion costs, said the same way wherever one is offered: "Drinking a Potion counts as 1
    square of Movement", this turn's in the heroes' phase, else off her next turn's squares."""
    if now:
        return "1 square of movement (this turn)"
    return f"1 square of movement (off next turn's {heroes.turn_moves(hero)})"


def hero_actions(state: dict) -> list[Action]:
    out = []
    party = living(state)
    for i, hero in enumerate(state["heroes"]):
        if not hero["out"] and i != state.get("sel") and len(party) > 1:
            out.append(Action(codes.select(hero["seat"]), f"Select {label(hero)}", "Heroes",
                              f"{plural(hero['moves'], 'move')}{'' if not hero['attacked'] else ', attacked'}",
                              target=("hero", hero["seat"])))
    hero = selected(state)
    if hero:
        for sq, (steps, opened, path) in sorted(heroes.destinations(state, hero).items(),
                                                key=lambda kv: board.key(kv[0])):
            hint = plural(steps, "square") + (", opens a door" if opened else "")
            foe = monster_at(state, sq)
            # what the board draws on the square, and the way she would go (the page walks her along it)
            facts = (("steps", steps), ("opens", bool(opened)), ("path", tuple(path)))
            if foe:  # also a button: on the map the monster's square is its attack target
                out.append(Action(codes.move(sq), f"Move onto {monster_name(foe)} at {board.square_name(sq)} and take "
                                  "it on", "Move", hint, target=("square", *sq), facts=facts))
            else:
                out.append(Action(codes.move(sq), f"Move to {board.square_name(sq)}", "Move", hint, board=True,
                                  target=("square", *sq), facts=facts))
        for mid in heroes.targets(state, hero):
            m, holder = find_monster(state, mid)
            where = f"on {holder['name']}'s sheet" if holder else f"at {board.square_name(m['sq'])}"
            out.append(Action(codes.attack(mid), f"Attack {monster_name(m)} ({where})", "Attack", chance(hero),
                              target=("monster", mid)))
        for index in heroes.adjacent_doors(state, hero):
            out.append(Action(codes.open_door(index + 1), f"Open door {index + 1}", "Move", "free",
                              target=("door", index)))
        for potion in ("heal", "invis"):
            if heroes.can_drink(hero, potion):
                out.append(Action(codes.drink(potion), f"Drink the {ITEM_NAMES[potion]}", "Items",
                                  potion_cost(hero)))
        for item in heroes.wearable(hero):
            out.append(Action(codes.wear(item), f"Put on the {ITEM_NAMES[item]}", "Items", "1 square"))
        for j in heroes.give_partners(state, hero):
            other = state["heroes"][j]
            free = [state["heroes"].index(hero), j] in state["free_gives"]
            for item in heroes.owned(hero):
                out.append(Action(codes.give(item, other["seat"]),
                                  f"Give the {ITEM_NAMES[item]} to {other['name']}",
                                  "Items", "free (exchange)" if free else "1 square each"))
    if heroes.search_room(state) is not None:
        out.append(Action(codes.SEARCH, "Search the room", "Search", "every hero rolls; uses the rest of their moves"))
    out.append(Action(codes.END, "End the heroes' phase", "Turn", "the monsters move"))
    return out


def chance(hero: dict) -> str:
    need = HEROES[hero["cls"]]["hit"] - (1 if "ring" in hero["worn"] else 0)
    return f"hits on {max(need, 1)}+"


# ---------------------------------------------------------------- doing it
def apply(state: dict, code: str) -> None:
    state["acts"] += 1
    verb, args = codes.parse(code)
    VERBS[verb](state, args)
    if state["result"] and not state.get("score"):
        state["phase"] = "over"
        state["score"] = score(state)


def score(state: dict) -> dict:
    won = state["result"] == "won"
    cleared = sum(1 for t in state["tiles"] if t["kind"] == "room" and t["cleared"])
    alive = len(living(state))
    points = (100 + 25 * alive if won else 0) + 10 * cleared + state["kills"]
    return {"points": points, "won": won, "heroes_out": len(state["heroes"]) - alive, "turns": state["turn"],
            "rooms_cleared": cleared, "monsters_slain": state["kills"]}


def hero_of_seat(state: dict, seat: int) -> int:
    return next(i for i, h in enumerate(state["heroes"]) if h["seat"] == seat)


def acting(state: dict) -> dict:
    """The selected hero, for an action legal_actions offers only while one is selected (Game.play plays no other)."""
    hero = selected(state)
    assert hero is not None, "a hero's action with no hero selected"
    return hero


def do_select(state, args):
    state["sel"] = hero_of_seat(state, int(args[0]))


def do_move(state, args):
    heroes.move(state, acting(state), (int(args[0]), int(args[1])))


def do_attack(state, args):
    heroes.attack(state, acting(state), int(args[0]))


def do_open(state, args):
    heroes.open_door(state, int(args[0]) - 1, label(acting(state)))


def do_drink(state, args):
    heroes.drink(state, acting(state), args[0])


def do_wear(state, args):
    heroes.wear(state, acting(state), args[0])


def do_give(state, args):
    heroes.give(state, acting(state), args[0], hero_of_seat(state, int(args[1])))


def do_search(state, args):
    room = heroes.search_room(state)
    assert room is not None, "Search is offered only when the heroes can search a room (legal_actions)"
    heroes.search(state, room)


def do_end(state, args):
    monsters.start(state)


def do_step(state, args):
    if state["phase"] == "grow":
        growth.grow_step(state)
    else:
        monsters.step(state)


def do_skip(state, args):
    monsters.finish(state)


def do_place(state, args):
    index = state["place"]["auto"] if args[0] == codes.AUTO else int(args[0]) - 1
    growth.place(state, index)


def do_luck(state, args):
    pending = state["pending"]
    state["pending"] = None
    hero = state["heroes"][pending["hero"]]
    hero["potions"]["luck"] -= 1
    say(state, f"{label(hero)} drinks a Luck Potion and rolls again.")
    if pending["kind"] == "attack":
        hero["moves"] -= 1
        if is_monster(state, pending["target"]):  # not slain meanwhile
            heroes.attack_roll(state, hero, pending["target"])
        return
    hero["owed"] = hero.get("owed", 0) + 1  # the potion's square comes off her next turn
    if not monsters.save_roll(state, hero, pending["why"]):
        monsters.wound(state, hero)


def do_noluck(state, args):
    pending = state["pending"]
    state["pending"] = None
    if pending["kind"] == "save":
        monsters.wound(state, state["heroes"][pending["hero"]])


VERBS = {  # by each code's verb (codes.py)
    "hero": do_select, "m": do_move, "a": do_attack, "open": do_open, "drink": do_drink, "wear": do_wear,
    "give": do_give, codes.SEARCH: do_search, codes.END: do_end, codes.STEP: do_step, codes.SKIP: do_skip,
    "place": do_place, codes.LUCK: do_luck, codes.NO_LUCK: do_noluck,
}
