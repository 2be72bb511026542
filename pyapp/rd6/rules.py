"""3RD6 Dungeon rules (seed 000, comments 8, 10 and 15): state, legal actions, apply.

Phases: spells (a Wizard or Elf picks the spells known at level 1) ->
explore <-> exits (close a new room's exits) / fight -> roll (MND may change
a missed roll) / fireball (share its damage) ; town ; over.
Codes are made with pyapp/codes.py; walking carries the target ("side", s),
attacking a foe ("foe", i)."""

from __future__ import annotations

from .. import dice
from ..codes import code, parse
from ..engine import Action
from ..three_dice.grid import edge, neighbour
from ..three_dice.records import keep_rules_version, roll, say
from .data import ITEM_NAMES, LATER_SETTINGS, LEVEL_COST, SPELL_NAMES, SPELLS, TOWN_HEAL_COST
from .doors import open_door
from .dungeon import (
    climb,
    descend,
    exit_choices,
    fully_explored,
    go,
    locked_sides,
    new_dungeon,
    set_exits,
    start_level,
    walkable,
)
from .fight import (
    attack_roll,
    can_reroll,
    finish_roll,
    hit_span,
    leave_fight,
    living_foes,
    mind_offers,
    miss_span,
    reroll,
    use_mind,
)
from .hero import casts, dexterity, end_game, heal, klass, new_hero
from .magic import burn, cast, fire_shares, learn, learnable, steal, usable


def new_state(seed: str, opts: dict, forced: tuple[int, ...] = ()) -> dict:
    """A new game. `forced` faces come up first (tests fix the dice)."""
    state: dict = {"opts": dict(opts), "dice": dice.seed_state(seed), "log": [], "rolls": [], "over": None,
             "score": None, "phase": "explore", "depth": 1, "deepest": 1, "maps": {}, "made": 0, "earned": 0,
             "dungeons": 1, "pos": "0,0", "prev": None, "pending": None, "foes": [], "pending_roll": None,
             "pending_fire": 0, "resume": "explore", "shield": False, "stole": False, "town": False}
    keep_rules_version(state, LATER_SETTINGS)
    dice.force(state["dice"], *forced)
    state["hero"] = new_hero(state, opts["class"], opts["name"] or "Hero")
    hero = state["hero"]
    say(state, f"{hero['name']} the {klass(state)['name']}: STR {klass(state)['str']}, DEX {klass(state)['dex']}, "
               f"MND {hero['mnd']}, HP {hero['hp']}.")
    start_level(state, 1)
    if klass(state)["spells"]:
        state["phase"] = "spells"
    return state


def is_over(state: dict) -> bool:
    return state["over"] is not None


def result(state: dict) -> str:
    return state["over"] or ""


# ---------------------------------------------------------------- what may be done
def legal_actions(state: dict) -> list[Action]:
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "spells":
        hero = state["hero"]
        left = klass(state)["spells"] - len(hero["spells"])
        return [Action(code("know", key), f"Know {name}", f"Choose a spell ({left} more)", text)
                for key, name, text in SPELLS.values() if key not in hero["spells"]]
    if phase == "exits":
        return [Action(code("exits", kept), f"Close {', '.join(shut)}: exits {', '.join(kept)}", "Close exits")
                for kept, shut in exit_choices(state)]
    if phase == "roll":
        return roll_actions(state)
    if phase == "fireball":
        names = [state["foes"][i]["name"] for i in living_foes(state)]
        return [Action(code("fire", *shares.values()), " and ".join(f"{d} to {n} {i + 1}" for (i, d), n
                                                                    in zip(shares.items(), names)), "Fireball")
                for shares in fire_shares(state)]
    if phase == "town":
        return town_actions(state)
    if phase == "fight":
        return fight_actions(state) + magic_actions(state) + item_actions(state)
    return explore_actions(state) + magic_actions(state) + item_actions(state)


def roll_actions(state: dict) -> list[Action]:
    pend = state["pending_roll"]
    face, cost = pend["face"], klass(state)["mind_cost"]
    dex = dexterity(state)
    out = [Action("accept", f"Keep the roll {face}", "Your roll", "a miss")]
    for points in mind_offers(state, face):
        result = "a hit" if face - points <= dex else f"a miss by {face - points - dex}"
        out.append(Action(code("mind", points), f"Spend {points * cost} MND: roll {face - points}", "Your roll",
                          result))
    if can_reroll(state):
        out.append(Action("reroll", f"Spend {cost} MND to re-roll", "Your roll", hit_span(state)))
    return out


def fight_actions(state: dict) -> list[Action]:
    out = []
    foes = state["foes"]
    awake = [i for i in living_foes(state) if not foes[i]["asleep"]]
    for i in living_foes(state):
        one = foes[i]
        sleeping = " (asleep: it wakes)" if one["asleep"] else ""
        label = f"Attack the {one['name']}" + (f" {i + 1}" if len(foes) > 1 else "") + sleeping
        out.append(Action(code("hit", i), label, "Fight", f"{hit_span(state)}; {miss_span(state, one['bite'])}",
                          target=("foe", i)))
    if not awake:  # Sleep: the foes slumber, the hero may go
        if not state["stole"]:
            out.append(Action("steal", "Steal their treasure", "Fight", f"{hit_span(state).replace('hits', 'works')}"))
        out += walk_actions(state)
        if state["cells"][state["pos"]]["kind"] == "stairs":
            out.append(Action("down", f"Slip past them down to level {state['depth'] + 1}", "Stairs"))
    return out


def walk_actions(state: dict) -> list[Action]:
    out = []
    for side in walkable(state):
        other = state["cells"].get(neighbour(state["pos"], side))
        label = f"Go {side}" + (f" to {other['n']}, the {other['name']}" if other else " (unexplored)")
        out.append(Action(code("go", side), label, "Move", target=("side", side)))
    return out


def explore_actions(state: dict) -> list[Action]:
    hero = state["hero"]
    cell = state["cells"][state["pos"]]
    out = walk_actions(state)
    for side in locked_sides(state):
        door = edge(state["pos"], side)
        if hero["items"]["key"]:
            out.append(Action(code("key", side), f"Open the door {side} with the Key", "Doors"))
        if klass(state)["locks"] and door not in state["jammed"] and pick_cost(state) <= hero["mnd"]:
            hint = "roll under or on DEX, -1 to the roll" if state["opts"]["locks"] == "roll" else "sure"
            out.append(Action(code("pick", side), f"Pick the lock {side} (1 MND)", "Doors", hint))
        elif state["opts"]["locks"] == "roll" and door not in state["jammed"] and not klass(state)["locks"]:
            out.append(Action(code("pick", side), f"Try to pick the lock {side}", "Doors", "roll under or on DEX"))
        out.append(Action(code("door", side), f"Break down the door {side} ({state['doors'][door]} HP)", "Doors",
                          f"{hit_span(state)}; a miss costs 1 HP"))
    if cell["kind"] == "stairs" and not cell["bosses"]:
        out.append(Action("down", f"Take the stairs down to level {state['depth'] + 1}", "Stairs"))
    if state["pos"] == state["entry"] and state["depth"] > 1:
        out.append(Action("up", f"Climb up to level {state['depth'] - 1}", "Stairs"))
    if state["pos"] == state["entry"] and state["depth"] == 1:
        out.append(Action("town", "Return to town", "Town", "buy healing, buy levels"))
    return out


def pick_cost(state: dict) -> int:
    return 1 if klass(state)["locks"] else 0


def magic_actions(state: dict) -> list[Action]:
    hero = state["hero"]
    out = []
    if casts(state) and hero["mnd"] >= 1:
        for spell in hero["spells"]:
            for arg in usable(state, spell):
                out.append(Action(code("cast", spell, *([arg] if arg else [])),
                                  f"Cast {SPELL_NAMES[spell]}" + (f" on the door {arg}" if arg else ""), "Spells",
                                  "1 MND"))
    for spell in sorted(set(hero["scrolls"])):
        for arg in usable(state, spell):
            out.append(Action(code("read", spell, *([arg] if arg else [])),
                              f"Read the scroll of {SPELL_NAMES[spell]}" + (f" on the door {arg}" if arg else ""),
                              "Scrolls", "once, no MND"))
    if state["phase"] == "explore":
        out += [Action(code("learn", spell), f"Learn {SPELL_NAMES[spell]} from its scroll", "Scrolls")
                for spell in learnable(state)]
    return out


def item_actions(state: dict) -> list[Action]:
    hero = state["hero"]
    out = []
    if hero["items"]["healing"] and hero["hp"] < hero["hp_max"]:
        out.append(Action(code("drink", "healing"), "Drink a Potion of Healing", "Items", "2d6 HP"))
    if hero["items"]["enlightenment"] and hero["mnd"] < hero["mnd_max"]:
        out.append(Action(code("drink", "enlightenment"), "Drink a Potion of Enlightenment", "Items", "2d6 MND"))
    return out


def town_actions(state: dict) -> list[Action]:
    hero = state["hero"]
    out = []
    if hero["coins"] >= LEVEL_COST:
        out.append(Action("level", f"Advance to character level {hero['level'] + 1} ({LEVEL_COST} coins)", "Town",
                          "+1 MND, +1d6 HP"))
    if hero["coins"] >= TOWN_HEAL_COST and (hero["hp"] < hero["hp_max"] or hero["mnd"] < hero["mnd_max"]):
        out.append(Action("rest", f"Pay {TOWN_HEAL_COST} coins to recover 1d6 HP and MND", "Town"))
    out.append(Action("enter", "Go back into the dungeon", "Town"))
    if fully_explored(state):
        out.append(Action("fresh", "Start a new dungeon", "Town", "this one is fully explored"))
    if state["opts"]["mode"] == "endless":
        out.append(Action("retire", "Retire and record your score", "Game"))
    return out


# ---------------------------------------------------------------- doing it
def pick(state: dict, side: str) -> None:
    """Comment 10 (default): a Dwarf or Rogue spends 1 MND and the lock opens.
    Comment 8: a roll against DEX; Dwarves and Rogues spend 1 MND and take 1 off the roll."""
    cost = pick_cost(state)
    state["hero"]["mnd"] -= cost
    if state["opts"]["locks"] != "roll":
        open_door(state, side, f"picked for {cost} MND")
        return
    face = roll(state, "Pick the lock")
    total = face - cost
    if total <= dexterity(state):
        open_door(state, side, f"picked: {face}" + (" -1" if cost else ""))
        return
    state["jammed"].append(edge(state["pos"], side))
    say(state, f"Pick the lock: {face}" + (" -1" if cost else "") + ", the lock jams; break the door or unlock it.")


def use_key(state: dict, side: str) -> None:
    state["hero"]["items"]["key"] -= 1
    open_door(state, side, "the Key, which stays in the lock")


def drink(state: dict, kind: str) -> None:
    hero = state["hero"]
    hero["items"][kind] -= 1
    amount = roll(state, ITEM_NAMES[kind]) + roll(state, ITEM_NAMES[kind])
    got_hp, got_mnd = heal(state, hp=amount) if kind == "healing" else heal(state, mnd=amount)
    say(state, f"{ITEM_NAMES[kind]}: {amount}, you recover " + (f"{got_hp} HP." if kind == "healing"
                                                                 else f"{got_mnd} MND."))


def walk(state: dict, side: str) -> None:
    if state["phase"] == "fight":
        say(state, "You slip past the sleeping foes.")
        leave_fight(state)
    state["phase"] = "explore"
    go(state, side)


def to_town(state: dict) -> None:
    state["phase"], state["town"] = "town", True
    say(state, "You return to town.")


def town_rest(state: dict) -> None:
    hero = state["hero"]
    hero["coins"] -= TOWN_HEAL_COST
    face = roll(state, "Town")
    got_hp, got_mnd = heal(state, face, face)
    say(state, f"You pay {TOWN_HEAL_COST} coins and rest: {face}, +{got_hp} HP, +{got_mnd} MND.")


def level_up(state: dict) -> None:
    hero = state["hero"]
    hero["coins"] -= LEVEL_COST
    hero["level"] += 1
    face = roll(state, "Level HP")
    hero["mnd_max"] += 1
    hero["mnd"] += 1
    hero["hp_max"] += face
    hero["hp"] += face
    say(state, f"{hero['name']} reaches character level {hero['level']}: +1 MND, +{face} HP.")


def leave_town(state: dict, fresh: bool) -> None:
    state["town"] = False
    if fresh:
        new_dungeon(state)
        return
    state["phase"], state["pos"], state["prev"] = "explore", state["entry"], None
    say(state, "You walk back down to the entrance of level 1.")


VERBS = {
    "know": lambda state, args: know(state, args[0]),
    "exits": lambda state, args: set_exits(state, state["cells"][state["pos"]], args[0]),
    "hit": lambda state, args: attack_roll(state, ["foe", int(args[0])]),
    "door": lambda state, args: attack_roll(state, ["door", args[0]]),
    "accept": lambda state, args: finish(state),
    "mind": lambda state, args: use_mind(state, int(args[0])),
    "reroll": lambda state, args: reroll(state),
    "fire": lambda state, args: burn(state, dict(zip(living_foes(state), (int(a) for a in args)))),
    "steal": lambda state, args: steal(state),
    "go": lambda state, args: walk(state, args[0]),
    "key": lambda state, args: use_key(state, args[0]),
    "pick": lambda state, args: pick(state, args[0]),
    "cast": lambda state, args: cast(state, args[0], args[1] if len(args) > 1 else "", from_scroll=False),
    "read": lambda state, args: cast(state, args[0], args[1] if len(args) > 1 else "", from_scroll=True),
    "learn": lambda state, args: learn(state, args[0]),
    "drink": lambda state, args: drink(state, args[0]),
    "down": lambda state, args: take_stairs(state),
    "up": lambda state, args: climb(state),
    "town": lambda state, args: to_town(state),
    "rest": lambda state, args: town_rest(state),
    "level": lambda state, args: level_up(state),
    "enter": lambda state, args: leave_town(state, fresh=False),
    "fresh": lambda state, args: leave_town(state, fresh=True),
    "retire": lambda state, args: end_game(state, "retired"),
}


def take_stairs(state: dict) -> None:
    if state["phase"] == "fight":  # past sleeping bosses: they stay by the stairs
        say(state, "You slip past the sleeping bosses.")
        leave_fight(state)
    descend(state)


def know(state: dict, spell: str) -> None:
    hero = state["hero"]
    hero["spells"].append(spell)
    say(state, f"{hero['name']} knows {SPELL_NAMES[spell]}.")
    if len(hero["spells"]) >= klass(state)["spells"]:
        state["phase"] = "explore"


def finish(state: dict) -> None:
    finish_roll(state, state["pending_roll"]["face"])


def apply(state: dict, text: str) -> None:
    """Carry out an action that `legal_actions` offered."""
    state["rolls"] = []
    verb, args = parse(text)
    VERBS[verb](state, args)

