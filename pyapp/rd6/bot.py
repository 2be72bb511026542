"""The 3RD6 auto-play policy: a careful player; it only ever picks a legal action.

1. Spells at level 1: Heal, then Sleep, then Fireball (a Wizard knows three, an Elf one).
2. A missed roll: spend the least MND that turns it into a hit; else, when the
   miss would kill, as much as it can; with re-rolls, re-roll while MND lasts.
3. Fights: heal (spell, potion, scroll) when the next miss could kill; else
   Sleep and walk away (stealing first unless the next miss could kill; down
   the stairs past sleeping bosses), or Teleport; a Wizard throws Fireball at
   more than 2 HP of foes; else attack the weakest foe awake.
4. Exploring: heal when at half HP or less; learn spells from scrolls; go to
   town (up the stairs, then out at the entrance of level 1) when low on HP with
   coins to pay for healing, or with 100 coins for a level. Open a locked door
   here (Key, Unlock, picking, else break it when at two thirds of HP and three
   blows do it; MND is never spent on a door); take the stairs
   down; else walk to the nearest unexplored exit, locked door or stairs.
   Nothing left: go to town, and start a new dungeon once this one is explored.
5. Town: buy a level when it can, rest to full while coins last, then go back in.
In Endless mode it retires in town at character level 5, so auto play always ends.
"""

from __future__ import annotations

from collections import deque

from ..codes import code
from ..three_dice.grid import edge, neighbour, passable
from .data import LEVEL_COST, TOWN_HEAL_COST
from .dungeon import fully_explored, locked_sides, unexplored
from .fight import living_foes, mind_offers
from .hero import dexterity, klass, strength
from .magic import fire_shares
from .rules import legal_actions

SPELL_ORDER = ("heal", "sleep", "fireball", "shield", "teleport", "unlock")
RETIRE_LEVEL = 5


def auto_action(state: dict) -> str:
    codes = [a.code for a in legal_actions(state)]
    phase = state["phase"]
    choice = None
    if phase == "spells":
        choice = next(code("know", s) for s in SPELL_ORDER if code("know", s) in codes)
    elif phase == "roll":
        choice = roll_choice(state, codes)
    elif phase == "fireball":
        choice = fire_choice(state)
    elif phase == "town":
        choice = town_choice(state, codes)
    elif phase == "fight":
        choice = fight_choice(state, codes)
    elif phase == "explore":
        choice = explore_choice(state, codes)
    return choice if choice in codes else codes[0]


def roll_choice(state: dict, codes: list[str]) -> str:
    if state["pending_roll"]["target"][0] == "door":  # MND is kept for foes
        return "accept"
    face = state["pending_roll"]["face"]
    offers = mind_offers(state, face)
    dex = dexterity(state)
    hits = [p for p in offers if face - p <= dex]
    if hits:
        return code("mind", hits[0])
    if offers and face - dex >= state["hero"]["hp"]:
        return code("mind", offers[-1])
    return "reroll" if "reroll" in codes else "accept"


def fire_choice(state: dict) -> str:
    def worth(shares: dict) -> tuple:
        killed = sum(state["foes"][i]["hp"] <= d for i, d in shares.items())
        useful = sum(min(d, state["foes"][i]["hp"]) for i, d in shares.items())
        return killed, useful
    best = max(fire_shares(state), key=worth)
    return code("fire", *best.values())


def heal_choice(codes: list[str]) -> str | None:
    for option in (code("cast", "heal"), code("drink", "healing"), code("read", "heal")):
        if option in codes:
            return option
    return None


def worst_miss(state: dict) -> int:
    bite = max((one["bite"] for one in state["foes"]), default=0)
    return max(1, 6 - dexterity(state)) + bite


def fight_choice(state: dict, codes: list[str]) -> str:
    hero = state["hero"]
    foes = state["foes"]
    awake = [i for i in living_foes(state) if not foes[i]["asleep"]]
    danger = hero["hp"] <= worst_miss(state)
    if not awake:
        if "steal" in codes and not danger:
            return "steal"
        if "down" in codes and deeper_work(state):
            return "down"
        back = [c for c in codes if c.startswith("go ")]
        return back[0] if back else codes[0]
    if danger:
        heal = heal_choice(codes)
        if heal:
            return heal
        for escape in (code("cast", "sleep"), code("read", "sleep")):
            if escape in codes:
                return escape
        for escape in (code("cast", "teleport"), code("read", "teleport")):
            if escape in codes:
                return escape
    if code("cast", "fireball") in codes and sum(foes[i]["hp"] for i in awake) > 2:
        return code("cast", "fireball")
    if code("cast", "shield") in codes and foes[0]["boss"] and hero["mnd"] >= 3:
        return code("cast", "shield")
    target = min(awake, key=lambda i: foes[i]["hp"])
    return code("hit", target)


def town_choice(state: dict, codes: list[str]) -> str:
    hero = state["hero"]
    if "level" in codes:
        return "level"
    if state["opts"]["mode"] == "endless" and hero["level"] >= RETIRE_LEVEL:
        return "retire"
    saving = hero["coins"] >= LEVEL_COST - 20 and hero["hp"] > hero["hp_max"] // 2
    if "rest" in codes and not saving and (hero["hp"] < hero["hp_max"] - 1 or hero["mnd"] < hero["mnd_max"] - 2):
        return "rest"
    return "fresh" if "fresh" in codes else "enter"


def explore_choice(state: dict, codes: list[str]) -> str | None:
    hero = state["hero"]
    if hero["hp"] * 2 <= hero["hp_max"]:
        heal = heal_choice(codes)
        if heal:
            return heal
    if hero["mnd"] * 2 <= hero["mnd_max"] and code("drink", "enlightenment") in codes:
        return code("drink", "enlightenment")
    learn = [c for c in codes if c.startswith("learn ")]
    if learn:
        return learn[0]
    low = hero["hp"] * 10 <= hero["hp_max"] * 4 and hero["coins"] >= TOWN_HEAL_COST
    if low or hero["coins"] >= LEVEL_COST:
        return homeward(state, codes)
    for side in locked_sides(state):
        openers = (code("key", side), code("cast", "unlock", side), code("pick", side), code("read", "unlock", side))
        for option in openers:
            if option in codes:
                return option
        if can_break(state, side):
            return code("door", side)
    if "down" in codes and deeper_work(state):
        return "down"
    step = toward(state, lambda key: wanted(state, key))
    if step:
        return code("go", step)
    if fully_explored(state) or (hero["coins"] >= TOWN_HEAL_COST and hero["hp"] < hero["hp_max"]):
        return homeward(state, codes)
    return farm(state, codes)


def farm(state: dict, codes: list[str]) -> str:
    """Nothing to explore yet: walk to a mapped room and back (each entry is a monster check: coins, or rest)."""
    ways = [c for c in codes if c.startswith("go ")]
    onward = [c for c in ways if neighbour(state["pos"], c.split()[1]) != state["prev"]]
    return (onward or ways or codes)[0]


def wanted(state: dict, key: str) -> bool:
    cell = state["cells"][key]
    hero = state["hero"]
    if any(neighbour(key, s) not in state["cells"] for s in passable(state, key)):
        return True
    if cell["kind"] == "stairs":
        fit = hero["hp"] * 10 >= hero["hp_max"] * 7
        if fit if cell["bosses"] else deeper_work(state):
            return True
    doors = [s for s in state["cells"][key]["exits"] if edge(key, s) in state["locked"]]
    opener = hero["items"]["key"] or klass(state)["locks"] or code("cast", "unlock") in casting(state)
    return bool(doors and (opener or any(can_break(state, s, key) for s in doors)))


def casting(state: dict) -> list[str]:
    return [code("cast", s) for s in state["hero"]["spells"]] if state["hero"]["mnd"] else []


def can_break(state: dict, side: str, key: str = "") -> bool:
    """Break a door down only when it is worth the HP: a door takes about two rolls per blow needed."""
    hero = state["hero"]
    blows = -(-state["doors"][edge(key or state["pos"], side)] // strength(state))
    return hero["hp"] * 3 > hero["hp_max"] * 2 and blows <= 3


def deeper_work(state: dict) -> bool:
    """Is there anything below: a level not yet seen, unexplored rock, or stairs to a level not yet seen?"""
    depth = state["depth"]
    below = sorted(int(d) for d in state["maps"] if int(d) > depth)
    if not below or below[0] != depth + 1:
        return True
    for d in below:
        level = state["maps"][str(d)]
        if unexplored(level["cells"]) or (level["stairs"] and str(d + 1) not in state["maps"]):
            return True
    return False


def homeward(state: dict, codes: list[str]) -> str:
    if "town" in codes:
        return "town"
    if "up" in codes:
        return "up"
    step = toward(state, lambda key: key == state["entry"])
    return code("go", step) if step else codes[0]


def toward(state: dict, goal) -> str | None:
    """The first side of a shortest walk through mapped rooms to one where `goal` holds (not here)."""
    start = state["pos"]
    if goal(start):
        side = next((s for s in passable(state, start) if neighbour(start, s) not in state["cells"]), None)
        if side:
            return side
    seen = {start}
    queue: deque[tuple[str, str | None]] = deque([(start, None)])
    while queue:
        key, first = queue.popleft()
        for side in passable(state, key):
            nxt = neighbour(key, side)
            if nxt in seen or nxt not in state["cells"]:
                continue
            seen.add(nxt)
            step = first or side
            if goal(nxt):
                return step
            queue.append((nxt, step))
    return None

