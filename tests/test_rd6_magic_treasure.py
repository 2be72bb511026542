"""3RD6 Dungeon (seed 000, comment 8): the six spells, who knows them and how they are
learned, and the treasure table with its special treasures and pendants."""

from __future__ import annotations

import pytest

from pyapp.rd6.data import SPELLS
from rd6_helpers import RD6, codes, fight, force, hero, new_game, walk_north

WIZARD = ("heal", "sleep", "fireball")


# ---------------------------------------------------------------- who casts
def test_wizards_know_3_spells_and_elves_1_chosen_at_the_start():
    game = new_game("wizard")
    assert game.state["phase"] == "spells" and len(codes(game)) == 6
    for spell in WIZARD:
        game.play(f"know {spell}")
    assert game.state["phase"] == "explore" and hero(game)["spells"] == list(WIZARD)
    elf = new_game("elf", ("shield",))
    assert elf.state["phase"] == "explore" and hero(elf)["spells"] == ["shield"]


@pytest.mark.parametrize("cls", ["barbarian", "rogue", "dwarf"])
def test_only_wizards_and_elves_cast(cls):
    game = new_game(cls)
    hero(game)["spells"] = ["heal"]
    hero(game)["hp"] -= 3
    assert not any(c.startswith("cast") for c in codes(game))


def test_a_spell_costs_1_mnd():
    game = new_game("wizard", WIZARD)
    hero(game)["hp"] -= 5
    mnd = hero(game)["mnd"]
    force(game, 4)
    game.play("cast heal")
    assert hero(game)["mnd"] == mnd - 1 and hero(game)["hp"] == hero(game)["hp_max"] - 1


def test_one_more_spell_per_level_learned_only_from_a_scroll():
    game = new_game("elf", ("heal",))
    hero(game)["scrolls"] = ["fireball"]
    assert "learn fireball" not in codes(game)  # level 1: the one spell is known
    hero(game)["level"] = 2
    game.play("learn fireball")
    assert hero(game)["spells"] == ["heal", "fireball"] and hero(game)["scrolls"] == []


def test_anyone_may_read_a_scroll_once_for_no_mnd():
    game = new_game("barbarian")
    hero(game)["scrolls"] = ["heal"]
    hero(game)["hp"] -= 5
    force(game, 3)
    game.play("read heal")
    assert hero(game)["scrolls"] == [] and hero(game)["mnd"] == hero(game)["mnd_max"]


# ---------------------------------------------------------------- the six spells
def test_sleep_lets_you_escape_and_a_foe_you_attack_wakes():
    game = fight(new_game("wizard", WIZARD), ("Orc", 4))
    assert not any(c.startswith("go ") for c in codes(game))
    game.play("cast sleep")
    assert game.state["foes"][0]["asleep"] and "go N" in codes(game) and "steal" in codes(game)
    force(game, 1)
    game.play("hit 0")
    assert not game.state["foes"][0]["asleep"] and not any(c.startswith("go ") for c in codes(game))


def test_sleep_steal_with_a_roll_against_dex():
    game = fight(new_game("wizard", WIZARD), ("Orc", 4))
    game.play("cast sleep")
    force(game, 3, 5)  # DEX 3: stolen; treasure 5 coins
    game.play("steal")
    assert hero(game)["coins"] == 5 and game.state["foes"][0]["asleep"] and "steal" not in codes(game)
    game = fight(new_game("wizard", WIZARD), ("Orc", 4))
    game.play("cast sleep")
    force(game, 4)
    game.play("steal")
    assert not game.state["foes"][0]["asleep"] and hero(game)["coins"] == 0


def test_leaving_sleeping_foes_behind():
    game = fight(new_game("wizard", WIZARD), ("Orc", 4))
    game.play("cast sleep")
    walk_north(game, 4, 3)
    assert game.state["pos"] == "0,-1" and game.state["foes"] == []


def sleeping_bosses():
    game = new_game("wizard", WIZARD)
    hero(game)["level"] = 2
    walk_north(game, 6, 2)  # two Undead Knights, three treasures
    game.play("cast sleep")
    return game


def test_stealing_from_sleeping_bosses_takes_their_hoard_once():
    game = sleeping_bosses()
    force(game, 1, 2, 3, 4)  # the steal, then three treasures
    game.play("steal")
    assert hero(game)["coins"] == 9 and "hoard" not in game.state["cells"]["0,-1"]


def test_the_stairs_can_be_taken_past_sleeping_bosses_who_stay_there():
    game = sleeping_bosses()
    game.play("down")
    assert game.state["depth"] == 2 and game.state["foes"] == []
    assert len(game.state["maps"]["1"]["cells"]["0,-1"]["bosses"]) == 2


def test_heal_recovers_1d6_hp():
    game = new_game("wizard", WIZARD)
    hero(game)["hp"] = 5
    force(game, 6)
    game.play("cast heal")
    assert hero(game)["hp"] == 11


def test_unlock_opens_any_door():
    game = walk_north(new_game("elf", ("unlock",)), 1)
    game.play("cast unlock N")
    assert game.state["locked"] == []


def test_teleport_goes_to_the_entrance_of_the_level():
    game = walk_north(new_game("elf", ("teleport",)), 4, 3)
    fight(game, ("Orc", 4))
    game.play("cast teleport")
    assert game.state["pos"] == "0,0" and game.state["phase"] == "explore" and game.state["foes"] == []


def test_shield_takes_1_off_every_loss_during_the_next_encounter():
    game = new_game("elf", ("shield",))
    game.play("cast shield")
    fight(game, ("Orc", 4))
    hero(game)["mnd"] = 0
    before = hero(game)["hp"]
    force(game, 6, 6)  # two misses by 2 (DEX 4): 1 each
    game.play("hit 0")
    game.play("hit 0")
    assert before - hero(game)["hp"] == 2
    game.state["foes"][0]["hp"] = 1
    force(game, 1, 1)
    game.play("hit 0")  # the encounter ends, and the Shield with it
    assert not game.state["shield"]


def test_fireball_shares_1d6_damage_among_the_foes_as_you_like():
    game = fight(new_game("wizard", WIZARD), ("Undead Knight", 5, 1, "knight"), ("Undead Knight", 5, 1, "knight"))
    force(game, 5)
    game.play("cast fireball")
    assert game.state["phase"] == "fireball" and codes(game) == [f"fire {k} {5 - k}" for k in range(5, -1, -1)]
    game.play("fire 2 3")
    assert [f["hp"] for f in game.state["foes"]] == [3, 2] and game.state["phase"] == "fight"


def test_spell_list_is_numbered_for_the_scroll_die():
    assert [SPELLS[f][1] for f in range(1, 7)] == ["Sleep", "Heal", "Unlock", "Teleport", "Shield", "Fireball"]


# ---------------------------------------------------------------- treasure
def defeat(game, *faces):
    fight(game, ("Skeleton", 1))
    force(game, 1, *faces)
    game.play("hit 0")
    return game


def test_treasure_1_is_nothing_and_2_to_5_are_that_many_coins():
    assert hero(defeat(new_game(), 1))["coins"] == 0
    for face in range(2, 6):
        assert hero(defeat(new_game(), face))["coins"] == face


@pytest.mark.parametrize("face,item", [(1, "key"), (2, "healing"), (3, "enlightenment")])
def test_special_key_and_potions(face, item):
    assert hero(defeat(new_game(), 6, face))["items"][item] == 1


def test_special_spell_scroll_rolls_the_spell_list():
    assert hero(defeat(new_game(), 6, 4, 6))["scrolls"] == ["fireball"]


def test_special_30_coins():
    assert hero(defeat(new_game(), 6, 5))["coins"] == 30


@pytest.mark.parametrize("face,kind", [(1, "topaz"), (2, "topaz"), (3, "amethyst"), (4, "amethyst"),
                                       (5, "sapphire"), (6, "sapphire")])
def test_special_artifact_pendants(face, kind):
    assert hero(defeat(new_game(), 6, 6, face))["items"][kind] == 1


def test_potion_of_healing_2d6_hp_and_of_enlightenment_2d6_mnd():
    game = new_game()
    hero(game)["items"].update(healing=1, enlightenment=1)
    hero(game).update(hp=2, mnd=0)
    force(game, 3, 4, 1, 1)
    game.play("drink healing")
    game.play("drink enlightenment")
    assert hero(game)["hp"] == 9 and hero(game)["mnd"] == 2


def test_topaz_and_amethyst_do_not_stack_sapphires_do():
    game = new_game("barbarian")
    hero(game)["items"].update(topaz=2, amethyst=2)
    fight(game, ("Orc", 9))
    assert "hits on 1-4" in next(a.hint for a in game.legal() if a.code == "hit 0")  # DEX 3 + 1, not + 2
    force(game, 1)
    game.play("hit 0")
    assert game.state["foes"][0]["hp"] == 6  # STR 2 + 1, not + 2
    game = new_game()
    top = hero(game)["hp_max"]
    defeat(game, 6, 6, 5)
    defeat(game, 6, 6, 6)
    assert hero(game)["hp_max"] == top + 4


def test_sleep_cast_again_after_a_failed_steal_allows_no_second_steal():
    """Issue 45, item 6: the steal is once a fight ("once roll against DEX", the panel says), Sleep or no."""
    game = fight(new_game("wizard", WIZARD), ("Orc", 4))
    hero(game)["mnd"] = hero(game)["mnd_max"] = 9
    game.play("cast sleep")
    force(game, 6)
    game.play("steal")  # failed: the Orc wakes
    assert not game.state["foes"][0]["asleep"]
    game.play("cast sleep")
    assert game.state["foes"][0]["asleep"] and "steal" not in codes(game)
    assert "or once roll against DEX to\nsteal their treasure" in RD6.rules_html()
