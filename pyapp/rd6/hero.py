"""The 3RD6 hero: class numbers, what the pendants add, HP and MND, coins and levels."""

from __future__ import annotations

from ..three_dice.records import roll, say
from .data import CLASSES, SAPPHIRE_HP


def klass(state: dict) -> dict:
    return CLASSES[state["hero"]["class"]]


def new_hero(state: dict, class_key: str, name: str) -> dict:
    """Level 1: MND = base + 1, HP = base + 1d6 (the '+ 1/level' and '+ 1d6/level' of the blocks)."""
    spec = CLASSES[class_key]
    hp = spec["hp"] + roll(state, f"{name}: HP (1d6)")
    hero = {"class": class_key, "name": name, "level": 1, "hp": hp, "hp_max": hp, "mnd": spec["mnd"] + 1,
            "mnd_max": spec["mnd"] + 1, "coins": 0, "spells": [], "scrolls": [],
            "items": {"key": 0, "healing": 0, "enlightenment": 0, "topaz": 0, "amethyst": 0, "sapphire": 0}}
    return hero


def strength(state: dict) -> int:
    """Damage a hit deals: STR, +1 with a Topaz Pendant (one has effect)."""
    return klass(state)["str"] + min(1, state["hero"]["items"]["topaz"])


def dexterity(state: dict) -> int:
    """The to-hit number: roll it or lower. +1 with an Amethyst Pendant (one has effect)."""
    return klass(state)["dex"] + min(1, state["hero"]["items"]["amethyst"])


def spell_slots(state: dict) -> int:
    """Spells a Wizard (3) or Elf (1) may know: one more per character level, learned from a scroll."""
    base = klass(state)["spells"]
    return base + state["hero"]["level"] - 1 if base else 0


def casts(state: dict) -> bool:
    return klass(state)["spells"] > 0


def heal(state: dict, hp: int = 0, mnd: int = 0) -> tuple[int, int]:
    """Recover up to the maxima; returns what was recovered."""
    hero = state["hero"]
    got_hp = max(0, min(hp, hero["hp_max"] - hero["hp"]))
    got_mnd = max(0, min(mnd, hero["mnd_max"] - hero["mnd"]))
    hero["hp"] += got_hp
    hero["mnd"] += got_mnd
    return got_hp, got_mnd


def lose_hp(state: dict, amount: int, why: str, shielded: bool = True) -> int:
    """Take damage (the Shield spell takes 1 off every `shielded` loss while it holds); returns the HP lost."""
    if shielded and state["shield"] and amount > 0:
        amount -= 1
        why += ", 1 less under the Shield"
    hero = state["hero"]
    amount = max(0, amount)
    hero["hp"] -= amount
    say(state, f"{hero['name']} loses {amount} HP ({why}): {max(0, hero['hp'])} left.")
    if hero["hp"] <= 0:
        end_game(state, "dead")
    return amount


def add_coins(state: dict, amount: int) -> None:
    state["hero"]["coins"] += amount
    state["earned"] += amount


def add_pendant(state: dict, kind: str) -> None:
    hero = state["hero"]
    hero["items"][kind] += 1
    if kind == "sapphire":
        hero["hp_max"] += SAPPHIRE_HP
        hero["hp"] += SAPPHIRE_HP


def end_game(state: dict, how: str) -> None:
    hero = state["hero"]
    state["over"] = how
    state["phase"] = "over"
    state["foes"] = []
    state["score"] = {"points": state["earned"], "coins": state["earned"], "level": hero["level"],
                      "deepest": state["deepest"], "class": klass(state)["name"], "result": how,
                      "name": hero["name"], "rooms": state["made"]}
    verdict = {"dead": f"{hero['name']} has fallen.", "won": "Victory: the quest is done!",
               "retired": f"{hero['name']} retires from adventuring."}[how]
    say(state, f"{verdict} Coins earned: {state['earned']}, character level {hero['level']}, "
               f"deepest dungeon level {state['deepest']}.")
