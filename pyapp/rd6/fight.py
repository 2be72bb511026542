"""3RD6 encounters: the monster check on entering a room, bosses, the attack
roll against DEX, MND spent on a roll (comment 10's modify, or comment 8's
re-roll), the vampire's regeneration, treasure and the end of a fight."""

from __future__ import annotations

from ..engine import rules_version
from ..three_dice.grid import edge
from ..three_dice.records import roll, say
from .data import BOSS_TABLES, BOSSES, DOOR_MISS, FOES, PENDANTS, REGENERATES, SPECIALS, SPELL_NAMES, SPELLS, TREASURE
from .doors import open_door
from .hero import add_coins, add_pendant, dexterity, heal, klass, lose_hp, strength


def foe(name: str, hp: int, kind: str = "", bite: int = 0, boss: bool = False) -> dict:
    return {"name": name, "kind": kind or name.lower(), "hp": hp, "max": hp, "bite": bite, "boss": boss,
            "asleep": False}


def boss_group(state: dict) -> tuple[list[dict], int]:
    """The boss table: how many bosses and how many treasures they guard."""
    face = roll(state, "Bosses")
    count, kind, hoard = BOSS_TABLES[roster(state)][face]
    name, plural, hp, bite = BOSSES[kind]
    bite = bite if bosses_bite(state) else 0
    say(state, f"Bosses ({face}): {count} {plural if count > 1 else name} ({hp} HP each), {hoard} treasures.")
    return [foe(name, hp, kind, bite, boss=True) for _ in range(count)], hoard


def roster(state: dict) -> str:
    """The boss table: comment 8's (the text) unless comment 15's names are asked for; version 1 had its own setting."""
    if rules_version(state) < 2:
        return state["opts"]["bosses"]
    return "named" if state["opts"]["boss_names"] else "first"


def bosses_bite(state: dict) -> bool:
    """The text's miss costs the die minus DEX only; the bite is a ruling kept as a setting (always on in version 1)."""
    return rules_version(state) < 2 or state["opts"]["boss_bite"]


def arrive(state: dict, cell: dict, fresh: bool) -> None:
    """Step 2 on entering a room, new or explored: its bosses, or the monster check."""
    state["stole"] = False
    if cell["bosses"]:
        state["foes"] = cell["bosses"]
        cell["bosses"] = []
        for one in state["foes"]:
            one["asleep"] = False
        say(state, f"The {describe(state['foes'])} stand before the stairs.")
        state["phase"] = "fight"
        return
    # A treasure room "has no monsters": version 1 checked for wandering ones once it was looted.
    vault = cell["kind"] == "vault" and rules_version(state) >= 2
    if vault or (cell["kind"] in ("vault", "stairs") and fresh):
        state["phase"] = "explore"
        return
    monster_check(state, cell, fresh)


def monster_check(state: dict, cell: dict, fresh: bool) -> None:
    face = roll(state, "Foes")
    found = FOES[face]
    if found is None:
        got_hp, got_mnd = heal(state, 1, 1)
        say(state, f"Foes {face}: none. You recover {got_hp} HP and {got_mnd} MND.")
        cell["cleared"] = True
        state["phase"] = "explore"
        return
    name, hp = found
    state["foes"] = [foe(name, hp)]
    say(state, f"Foes {face}: a {name} ({hp} HP)" + ("!" if fresh else " has wandered in!"))
    state["phase"] = "fight"


def describe(foes: list[dict]) -> str:
    names = [f"{one['name']} ({one['hp']} HP{', asleep' if one['asleep'] else ''})" for one in foes]
    return " and ".join(names)


def living_foes(state: dict) -> list[int]:
    return [i for i, one in enumerate(state["foes"]) if one["hp"] > 0]


def hit_span(state: dict) -> str:
    dex = dexterity(state)
    return f"hits on 1-{dex}, {round(100 * min(6, dex) / 6)}%"


def miss_span(state: dict, bite: int = 0) -> str:
    dex = dexterity(state)
    if dex >= 6:
        return "never misses"
    low, high = 1 + bite, 6 - dex + bite
    return f"a miss costs {low}-{high} HP" if high > low else f"a miss costs {low} HP"


def attack_roll(state: dict, target: list) -> None:
    """Roll against DEX at a foe (["foe", i]) or a door (["door", side]); MND may then change a miss."""
    face = roll(state, "Attack")
    settle_or_offer(state, face, target)


def mind_offers(state: dict, face: int) -> list[int]:
    """How far MND can lower a missed roll (comment 10): each point costs the class's price."""
    if state["opts"]["mind_use"] != "modify":
        return []
    dex = dexterity(state)
    most = min(face - dex, state["hero"]["mnd"] // klass(state)["mind_cost"])
    return list(range(1, most + 1))


def can_reroll(state: dict) -> bool:
    return state["opts"]["mind_use"] == "reroll" and state["hero"]["mnd"] >= klass(state)["mind_cost"]


def settle_or_offer(state: dict, face: int, target: list) -> None:
    if face > dexterity(state) and (mind_offers(state, face) or can_reroll(state)):
        state["pending_roll"] = {"face": face, "target": target}
        state["resume"] = state["phase"]
        state["phase"] = "roll"
        say(state, f"You roll {face} against DEX {dexterity(state)}: a miss, unless you spend MND.")
        return
    resolve(state, face, target)


def use_mind(state: dict, points: int) -> None:
    """Comment 10: spend MND to lower the roll by `points`."""
    pend = state["pending_roll"]
    cost = points * klass(state)["mind_cost"]
    state["hero"]["mnd"] -= cost
    say(state, f"You spend {cost} MND: the roll {pend['face']} becomes {pend['face'] - points}.")
    finish_roll(state, pend["face"] - points)


def reroll(state: dict) -> None:
    """Comment 8: spend MND to roll the attack again."""
    cost = klass(state)["mind_cost"]
    state["hero"]["mnd"] -= cost
    face = roll(state, "Re-roll")
    say(state, f"You spend {cost} MND to re-roll: {face}.")
    pend = state["pending_roll"]
    state["phase"] = state["resume"]
    state["pending_roll"] = None
    settle_or_offer(state, face, pend["target"])


def finish_roll(state: dict, face: int) -> None:
    pend = state["pending_roll"]
    state["pending_roll"] = None
    state["phase"] = state["resume"]
    resolve(state, face, pend["target"])


def resolve(state: dict, face: int, target: list) -> None:
    dex = dexterity(state)
    if target[0] == "door":
        door_blow(state, face, target[1])
        return
    one = state["foes"][int(target[1])]
    woke = one["asleep"]
    one["asleep"] = False
    if face <= dex:
        one["hp"] = max(0, one["hp"] - strength(state))
        say(state, f"Roll {face} against DEX {dex}: a hit! The {one['name']} takes {strength(state)}"
                   f" ({one['hp']} HP left)" + (" and wakes" if woke and one["hp"] else "") + ".")
        if not living_foes(state):
            win_fight(state)
        return
    lost = lose_hp(state, face - dex + one["bite"], f"roll {face} against DEX {dex}"
                   + (f", and the {one['name']} bites {one['bite']} more" if one["bite"] else ""))
    regenerate(state, lost)


def regenerate(state: dict, lost: int) -> None:
    """Vampires regain 1 HP for every 1 HP you lose."""
    for one in state["foes"]:
        if one["kind"] in REGENERATES and one["hp"] > 0 and lost:
            gained = min(lost, one["max"] - one["hp"])
            if gained:
                one["hp"] += gained
                say(state, f"The {one['name']} regenerates {gained} HP ({one['hp']} HP).")


def door_blow(state: dict, face: int, side: str) -> None:

    door = edge(state["pos"], side)
    if face <= dexterity(state):
        state["doors"][door] = max(0, state["doors"][door] - strength(state))
        say(state, f"Roll {face}: the door {side} takes {strength(state)} ({state['doors'][door]} HP left).")
        if not state["doors"][door]:
            open_door(state, side, "broken down")
        return
    # Shield softens an encounter, a fight: from version 2 a door's blows are not one.
    lose_hp(state, DOOR_MISS, f"roll {face} against the door; a miss on a door costs only {DOOR_MISS}",
            shielded=rules_version(state) < 2)


def win_fight(state: dict) -> None:
    """Every foe down: one treasure roll per minion, a boss room's count for bosses."""
    foes = state["foes"]
    state["foes"] = []
    state["shield"] = False
    cell = state["cells"][state["pos"]]
    say(state, "Victory!")
    if state["stole"] is not True:  # their treasure is theirs to give unless stolen ("woke": a failed steal)
        if foes[0]["boss"]:
            loot_room(state, cell.pop("hoard", 0), "the bosses' hoard")  # none left once stolen
        else:
            loot_room(state, len(foes), "the foe")
    cell["cleared"] = True
    state["phase"] = "explore"


def leave_fight(state: dict) -> None:
    """Leaving sleeping foes: bosses stay by their stairs; minions wander off (the next visit rolls anew)."""
    cell = state["cells"][state["pos"]]
    if state["foes"] and state["foes"][0]["boss"]:
        cell["bosses"] = [one for one in state["foes"] if one["hp"] > 0]
    state["foes"] = []
    state["shield"] = False


def loot_room(state: dict, rolls: int, source: str) -> None:
    for _ in range(rolls):
        treasure(state, source)


def treasure(state: dict, source: str) -> None:
    face = roll(state, "Treasure")
    found = TREASURE[face]
    hero = state["hero"]
    if found is None:
        say(state, f"Treasure ({face}) from {source}: nothing.")
        return
    if found != "special":
        add_coins(state, found[1])
        say(state, f"Treasure ({face}) from {source}: {found[1]} coins.")
        return
    special = SPECIALS[roll(state, "Special")]
    if special == "purse":
        add_coins(state, 30)
        say(state, "Special treasure: 30 coins!")
    elif special == "scroll":
        face = roll(state, "Spell")
        key = SPELLS[face][0]
        hero["scrolls"].append(key)
        say(state, f"Special treasure: a Spell Scroll of {SPELL_NAMES[key]} ({face}).")
    elif special == "artifact":
        kind = PENDANTS[roll(state, "Artifact")]
        add_pendant(state, kind)
        say(state, f"Special treasure: a {kind.title()} Pendant.")
    else:
        hero["items"][special] += 1
        say(state, f"Special treasure: a {'Key' if special == 'key' else 'Potion of ' + special.title()}.")
