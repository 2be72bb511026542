"""3RD6 Dungeon (seed 000, comment 8 as amended by comment 10): STR, DEX and MND
in a fight, the classes' stat blocks, spending MND on a roll, bosses."""

from __future__ import annotations

import pytest

from pyapp.engine import Game
from pyapp.rd6 import rules
from pyapp.rd6.data import CLASSES
from rd6_helpers import RD6, codes, fight, force, hero, hint, new_game, walk_north


# ---------------------------------------------------------------- the stat blocks
@pytest.mark.parametrize("cls,strength,dex,mnd,hp", [
    ("barbarian", 2, 3, 3, 18), ("wizard", 1, 3, 4, 14), ("rogue", 1, 4, 3, 14),
    ("dwarf", 2, 3, 3, 18), ("elf", 1, 4, 3, 14)])
def test_stat_blocks_give_str_dex_and_mnd_plus_1_and_hp_plus_1d6_at_level_1(cls, strength, dex, mnd, hp):
    state = rules.new_state("x", {**RD6.defaults(), "class": cls}, forced=(4,))
    assert (CLASSES[cls]["str"], CLASSES[cls]["dex"]) == (strength, dex)
    assert state["hero"]["mnd"] == state["hero"]["mnd_max"] == mnd + 1
    assert state["hero"]["hp"] == state["hero"]["hp_max"] == hp + 4


# ---------------------------------------------------------------- STR, DEX, misses
def test_str_is_the_damage_a_hit_deals():
    game = fight(new_game("barbarian"), ("Orc", 4))
    force(game, 2)
    game.play("hit 0")
    assert game.state["foes"][0]["hp"] == 2  # STR 2


def test_rolling_dex_or_lower_hits():
    game = fight(new_game("rogue"), ("Orc", 4))
    force(game, 4)  # DEX 4: a 4 hits
    game.play("hit 0")
    assert game.state["foes"][0]["hp"] == 3


@pytest.mark.parametrize("face,lost", [(4, 1), (5, 2), (6, 3)])
def test_a_miss_costs_the_roll_minus_dex_in_hp(face, lost):
    game = fight(new_game("barbarian"), ("Orc", 4))
    hero(game)["mnd"] = 0  # nothing to spend on the roll
    before = hero(game)["hp"]
    force(game, face)
    game.play("hit 0")
    assert before - hero(game)["hp"] == lost and game.state["foes"][0]["hp"] == 4


def test_attack_buttons_say_the_chance_to_hit_and_what_a_miss_costs():
    game = fight(new_game("barbarian"), ("Orc", 4))
    assert hint(game, "hit 0") == "hits on 1-3, 50%; a miss costs 1-3 HP"
    game = fight(new_game("rogue"), ("Dragon", 10, 2, "dragon"))
    assert hint(game, "hit 0") == "hits on 1-4, 67%; a miss costs 3-4 HP"


def test_falling_to_0_hp_ends_the_game():
    game = fight(new_game("barbarian"), ("Orc", 4))
    hero(game)["hp"], hero(game)["mnd"] = 2, 0
    force(game, 6)
    game.play("hit 0")
    assert game.over and game.outcome().result == "dead" and game.legal() == []


def test_each_minion_defeated_gives_one_treasure_roll():
    game = fight(new_game("barbarian"), ("Skeleton", 1))
    force(game, 1, 5)  # hit, then treasure 5: five coins
    game.play("hit 0")
    assert hero(game)["coins"] == 5 and game.state["phase"] == "explore"


# ---------------------------------------------------------------- MND on the roll (comments 8 and 10)
@pytest.mark.parametrize("cls,cost", [("barbarian", 1), ("rogue", 1), ("elf", 1), ("dwarf", 2), ("wizard", 2)])
def test_comment_10_mnd_lowers_a_missed_roll_at_the_class_price(cls, cost):
    spells = {"elf": ("heal",), "wizard": ("heal", "sleep", "shield")}.get(cls, ())
    game = fight(new_game(cls, spells), ("Orc", 4))
    hero(game)["mnd"] = 4
    dex = CLASSES[cls]["dex"]
    force(game, dex + 1)
    game.play("hit 0")
    assert game.state["phase"] == "roll" and "mind 1" in codes(game) and "reroll" not in codes(game)
    game.play("mind 1")
    assert hero(game)["mnd"] == 4 - cost and game.state["foes"][0]["hp"] == 4 - CLASSES[cls]["str"]


def test_comment_10_mnd_can_also_only_soften_a_miss():
    game = fight(new_game("barbarian"), ("Orc", 4))
    hero(game)["mnd"] = 1
    before = hero(game)["hp"]
    force(game, 6)
    game.play("hit 0")
    assert codes(game) == ["accept", "mind 1"]  # 1 MND: 6 becomes 5, a miss by 2
    game.play("mind 1")
    assert before - hero(game)["hp"] == 2


def test_keeping_the_roll_takes_the_miss():
    game = fight(new_game("barbarian"), ("Orc", 4))
    before = hero(game)["hp"]
    force(game, 5)
    game.play("hit 0")
    game.play("accept")
    assert before - hero(game)["hp"] == 2 and hero(game)["mnd"] == 4


@pytest.mark.parametrize("cls,cost", [("barbarian", 1), ("rogue", 1), ("elf", 1), ("dwarf", 2), ("wizard", 2)])
def test_comment_8_setting_mnd_rerolls_an_attack_at_the_class_price(cls, cost):
    spells = {"elf": ("heal",), "wizard": ("heal", "sleep", "shield")}.get(cls, ())
    game = fight(new_game(cls, spells, mind_use="reroll"), ("Orc", 4))
    hero(game)["mnd"] = 4
    force(game, 6, 1)
    game.play("hit 0")
    assert "reroll" in codes(game) and not any(c.startswith("mind") for c in codes(game))
    game.play("reroll")
    assert hero(game)["mnd"] == 4 - cost and game.state["foes"][0]["hp"] == 4 - CLASSES[cls]["str"]


def test_no_mnd_no_offer():
    game = fight(new_game("dwarf"), ("Orc", 4))
    hero(game)["mnd"] = 1  # a dwarf needs 2 a point
    force(game, 5)
    game.play("hit 0")
    assert game.state["phase"] == "fight"


# ---------------------------------------------------------------- bosses (comments 8 and 15)
@pytest.mark.parametrize("face,count,name,hoard", [
    (1, 1, "Mummy", 2), (2, 2, "Undead Knight", 3), (3, 1, "Orclops", 2), (4, 2, "Gargoyle", 3),
    (5, 1, "Vampire", 4), (6, 1, "Dragon", 5)])
def test_comment_15_bosses_guard_the_stairs_with_the_table_s_treasure_count(face, count, name, hoard):
    game = stairs_game()
    walk_north(game, 6, face)
    foes = game.state["foes"]
    assert len(foes) == count and {f["name"] for f in foes} == {name} and all(f["boss"] for f in foes)
    assert game.state["cells"]["0,-1"]["hoard"] == hoard and game.state["phase"] == "fight"


@pytest.mark.parametrize("face,count,name", [(1, 1, "Mummy"), (2, 2, "Mummy"), (3, 1, "Ogre"), (4, 2, "Ogre"),
                                             (5, 1, "Vampire"), (6, 1, "Dragon")])
def test_comment_8_boss_table_setting(face, count, name):
    game = stairs_game(bosses="first")
    walk_north(game, 6, face)
    assert [f["name"] for f in game.state["foes"]] == [name] * count


def test_defeated_bosses_give_their_treasures_and_open_the_stairs():
    game = stairs_game()
    walk_north(game, 6, 1)  # one Mummy, two treasures
    game.state["foes"][0]["hp"] = 2
    force(game, 1, 2, 3)  # hit for 2; treasures 2 and 3 coins
    game.play("hit 0")
    assert hero(game)["coins"] == 5 and "down" in codes(game)
    game.play("down")
    assert game.state["depth"] == 2 and game.state["pos"] == "0,0"


def test_vampires_regenerate_1_hp_for_every_hp_you_lose():
    game = fight(new_game("barbarian"), ("Vampire", 6, 0, "vampire"))
    hero(game)["mnd"] = 0
    game.state["foes"][0]["hp"] = 3
    force(game, 6)  # a miss by 3
    game.play("hit 0")
    assert game.state["foes"][0]["hp"] == 6


def test_a_boss_bite_adds_to_a_miss():
    game = fight(new_game("barbarian"), ("Dragon", 10, 2, "dragon"))
    hero(game)["mnd"] = 0
    before = hero(game)["hp"]
    force(game, 4)
    game.play("hit 0")
    assert before - hero(game)["hp"] == 3


def stairs_game(**opts) -> Game:
    game = new_game("barbarian", **opts)
    hero(game)["level"] = 2  # the dungeon may now be 2 deep
    return game



def test_a_vampire_regenerates_never_above_the_hp_it_started_with():
    """Issue 45, item 6: the text's "regen 1 HP for every 1HP you lose" is capped at the Vampire's starting HP."""
    game = fight(new_game("barbarian"), ("Vampire", 6, 0, "vampire"))
    hero(game)["mnd"] = 0
    game.state["foes"][0]["hp"] = 5
    force(game, 6)  # a miss by 3: 3 HP lost, 1 regained
    game.play("hit 0")
    assert game.state["foes"][0]["hp"] == 6
    assert "The Vampire regenerates 1 HP (6 HP)." in game.state["log"]
