"""3RD6 spells: cast by Wizards and Elves for 1 MND, learned from scrolls
(one more per character level), or read once from a scroll by anyone (ruling)."""

from __future__ import annotations

from ..engine import rules_version
from ..three_dice.records import roll, say
from .data import SPELL_MND, SPELL_NAMES
from .doors import open_door
from .dungeon import locked_sides, teleport_home
from .fight import leave_fight, living_foes, loot_room, win_fight
from .hero import dexterity, heal, spell_slots


def usable(state: dict, spell: str) -> list[str]:
    """The ways `spell` can be cast now: [""] for one, the sides for Unlock, [] for none."""
    fight = state["phase"] == "fight"
    hero = state["hero"]
    if spell == "sleep":
        return [""] if fight and any(not state["foes"][i]["asleep"] for i in living_foes(state)) else []
    if spell == "fireball":
        return [""] if fight else []
    if spell == "heal":
        return [""] if hero["hp"] < hero["hp_max"] else []
    if spell == "unlock":
        return [] if fight else locked_sides(state)
    if spell == "teleport":
        return [""] if state["pos"] != state["entry"] else []
    if spell == "shield":
        return [] if state["shield"] else [""]
    return []


def cast(state: dict, spell: str, arg: str, from_scroll: bool) -> None:
    hero = state["hero"]
    if from_scroll:
        hero["scrolls"].remove(spell)
        say(state, f"{hero['name']} reads the scroll of {SPELL_NAMES[spell]}; it crumbles.")
    else:
        hero["mnd"] -= SPELL_MND
        say(state, f"{hero['name']} casts {SPELL_NAMES[spell]} ({SPELL_MND} MND).")
    EFFECTS[spell](state, arg)


def sleep(state: dict, arg: str) -> None:
    for one in state["foes"]:
        one["asleep"] = True
    say(state, "Every foe here falls into a deep slumber: you may leave, attack one (it wakes) or steal.")


def heal_spell(state: dict, arg: str) -> None:
    face = roll(state, "Heal")
    got, _ = heal(state, hp=face)
    say(state, f"Heal: {face}, you recover {got} HP.")


def unlock(state: dict, side: str) -> None:
    open_door(state, side, "the Unlock spell")


def teleport(state: dict, arg: str) -> None:
    leave_fight(state)
    teleport_home(state)


def shield(state: dict, arg: str) -> None:
    state["shield"] = True
    say(state, "The Shield holds until the end of " + ("this" if state["phase"] == "fight" else "your next")
        + " encounter.")


def fireball(state: dict, arg: str) -> None:
    face = roll(state, "Fireball")
    targets = living_foes(state)
    if len(targets) == 1:
        burn(state, {targets[0]: face})
        return
    state["pending_fire"] = face
    state["phase"] = "fireball"
    say(state, f"Fireball: {face} damage to share among the foes.")


def fire_shares(state: dict) -> list[dict[int, int]]:
    """Every way to share the fireball's damage among the living foes (at most two, in this game)."""
    face = state["pending_fire"]
    first, *rest = living_foes(state)
    if not rest:
        return [{first: face}]
    return [{first: k, rest[0]: face - k} for k in range(face, -1, -1)]


def burn(state: dict, shares: dict[int, int]) -> None:
    state["phase"], state["pending_fire"] = "fight", 0
    for index, damage in shares.items():
        one = state["foes"][index]
        one["hp"] = max(0, one["hp"] - damage)
        if damage:
            one["asleep"] = False
            say(state, f"The {one['name']} burns for {damage} ({one['hp']} HP left).")
    if not living_foes(state):
        win_fight(state)


EFFECTS = {"sleep": sleep, "heal": heal_spell, "unlock": unlock, "teleport": teleport, "shield": shield,
           "fireball": fireball}


def learnable(state: dict) -> list[str]:
    hero = state["hero"]
    if len(hero["spells"]) >= spell_slots(state):
        return []
    return sorted({s for s in hero["scrolls"] if s not in hero["spells"]})


def learn(state: dict, spell: str) -> None:
    hero = state["hero"]
    hero["scrolls"].remove(spell)
    hero["spells"].append(spell)
    say(state, f"{hero['name']} learns {SPELL_NAMES[spell]} from the scroll.")


def steal(state: dict) -> None:
    """Sleep: roll under or on DEX to take the foes' treasure without waking them."""
    face = roll(state, "Steal")
    state["stole"] = True
    if face <= dexterity(state):
        say(state, f"Steal: {face}, the foes sleep on.")
        hoard = state["cells"][state["pos"]].pop("hoard", 0)
        loot_room(state, hoard if state["foes"][0]["boss"] else len(state["foes"]), "the sleeping foes")
        return
    for one in state["foes"]:
        one["asleep"] = False
    if rules_version(state) >= 2:  # tried once, nothing taken: defeating them still gives their treasure
        state["stole"] = "woke"
    say(state, f"Steal: {face}, the foes wake up!")
