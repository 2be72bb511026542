"""3RD6 Dungeon's rules version 2 (issue 31): a treasure room never holds monsters, a failed steal keeps
the foes' treasure for their defeat, a mapped room's exit into a treasure or stairs room stays, and the text
where it is complete (a miss costs the die minus DEX only, comment 8's boss table, Shield not for doors).
Each scenario is played under version 2 and under version 1, which older links keep exactly."""

from __future__ import annotations

import pytest

from pyapp import webapp
from pyapp.engine import RULES_KEY, Game
from pyapp.rd6.data import DOOR_HP, RULES_VERSION
from pyapp.rd6.dungeon import new_cell
from rd6_helpers import RD6, codes, fight, force, here, hero, new_game, walk_north

NEW, OLD = {RULES_KEY: 2}, {RULES_KEY: 1}


def test_a_new_game_plays_version_2_and_an_old_link_version_1_as_it_was():
    assert RULES_VERSION == RD6.rules_version == 2
    fresh = webapp.parse_query(RD6, "")
    assert fresh.settings[RULES_KEY] == 2 and not fresh.settings["boss_bite"] and not fresh.settings["boss_names"]
    assert webapp.parse_query(RD6, "seed=link-1").settings[RULES_KEY] == 1
    new = Game(RD6, "v", RD6.newest())
    assert new.state["rules"] == 2 and webapp.share_query(RD6, "v", new.settings) == "?seed=v&v=2"
    old = Game(RD6, "v", RD6.defaults())
    assert "rules" not in old.state and not {"v", "boss_bite", "boss_names"} & set(old.state["opts"])


def test_bad_values_of_the_new_settings_are_told():
    request = webapp.parse_query(RD6, "seed=s&v=2&boss_bite=maybe&boss_names=2")
    assert any("Bosses bite (ruling): expected on or off" in p for p in request.problems)
    assert any("Comment 15's boss names: expected on or off" in p for p in request.problems)


# ---------------------------------------------------------------- 1. a looted treasure room stays empty
def loot_vault_and_come_back(opts: dict) -> Game:
    game = walk_north(new_game(**opts), 1)  # layout 1: the treasure room N, behind its locked door
    game.state["locked"].clear()
    walk_north(game, 4)  # in: one treasure roll, 4 coins
    force(game, 3)  # back at the entrance: foes 3, none
    game.play("go S")
    walk_north(game, 1)  # a 1 on the foes table would be an Orc
    return game


def test_walking_back_into_a_looted_treasure_room_starts_no_fight():
    game = loot_vault_and_come_back(NEW)
    assert here(game)["kind"] == "vault" and game.state["phase"] == "explore" and game.state["foes"] == []
    assert not any("has wandered in" in line for line in game.state["log"])
    old = loot_vault_and_come_back(OLD)
    assert old.state["phase"] == "fight" and old.state["foes"][0]["name"] == "Orc"


# ---------------------------------------------------------------- 2. a failed steal
def failed_steal_then_win(opts: dict, *foe: tuple, hoard: int = 0) -> Game:
    game = fight(new_game(**opts), *foe)  # a Barbarian: DEX 3, STR 2
    if hoard:
        here(game)["hoard"] = hoard
    for one in game.state["foes"]:
        one["asleep"] = True
    force(game, 6)
    game.play("steal")
    assert not game.state["foes"][0]["asleep"] and "steal" not in codes(game)  # they wake; one try
    force(game, 1, 4, 5)  # a hit that kills, then treasure rolls 4 and 5
    game.play("hit 0")
    return game


def test_a_failed_steal_wakes_the_foe_and_its_defeat_still_gives_its_treasure():
    game = failed_steal_then_win(NEW, ("Zombie", 2))
    assert game.state["phase"] == "explore" and hero(game)["coins"] == 4
    assert hero(failed_steal_then_win(OLD, ("Zombie", 2)))["coins"] == 0


def test_a_failed_steal_keeps_the_bosses_hoard_for_their_defeat():
    game = failed_steal_then_win(NEW, ("Ogre", 2, 0, "ogre"), hoard=2)
    assert hero(game)["coins"] == 9 and "hoard" not in here(game)
    assert hero(failed_steal_then_win(OLD, ("Ogre", 2, 0, "ogre"), hoard=2))["coins"] == 0


def test_a_steal_that_works_still_takes_the_treasure_once():
    game = fight(new_game(**NEW), ("Zombie", 2))
    game.state["foes"][0]["asleep"] = True
    force(game, 2, 3)  # the steal works: treasure 3
    game.play("steal")
    force(game, 1)
    game.play("hit 0")  # no second treasure roll
    assert hero(game)["coins"] == 3 and game.state["phase"] == "explore"


# ---------------------------------------------------------------- 3. an exit into a treasure or stairs room
def beside_a_mapped_room(opts: dict, level: int = 1) -> Game:
    """At the entrance; the room at 1,-1 is mapped with an exit W, into the rock N of the entrance."""
    game = new_game(**opts)
    hero(game)["level"] = level
    new_cell(game.state, "1,-1", "room", "Room", "SW")["cleared"] = True
    return game


def test_a_treasure_room_keeps_a_mapped_rooms_exit_into_it_behind_a_locked_door():
    game = walk_north(beside_a_mapped_room(NEW), 1)
    state = game.state
    assert state["cells"]["0,-1"]["kind"] == "vault" and state["cells"]["0,-1"]["exits"] == "ES"
    assert set(state["locked"]) == {"0,-1|0,0", "0,-1|1,-1"} and state["doors"]["0,-1|1,-1"] == DOOR_HP
    state["pos"] = "1,-1"  # from the mapped room: a locked door W, not a wall
    assert "door W" in codes(game) and "go W" not in codes(game)
    old = walk_north(beside_a_mapped_room(OLD), 1)
    assert old.state["cells"]["0,-1"]["exits"] == "S" and old.state["locked"] == ["0,-1|0,0"]


def test_a_stairs_room_keeps_a_mapped_rooms_exit_into_it():
    game = walk_north(beside_a_mapped_room(NEW, level=2), 6, 1)
    assert here(game)["kind"] == "stairs" and here(game)["exits"] == "ES" and game.state["foes"][0]["boss"]
    old = walk_north(beside_a_mapped_room(OLD, level=2), 6, 1)
    assert here(old)["exits"] == "S"


# ---------------------------------------------------------------- 4. the text where it is complete
def miss(game: Game, action: str) -> int:
    """Play `action` with a 6 (a miss for DEX 3), keep the roll (no MND spent): the HP it costs."""
    before = hero(game)["hp"]
    force(game, 6)
    game.play(action)
    if game.state["phase"] == "roll":
        game.play("accept")
    return before - hero(game)["hp"]


def boss_miss(opts: dict, boss_face: int) -> tuple[Game, int]:
    """Into a stairs room (bosses `boss_face`), then a missed attack with a 6: the HP it costs."""
    game = new_game(**opts)
    hero(game)["level"] = 2
    walk_north(game, 6, boss_face)
    return game, miss(game, "hit 0")


def test_a_miss_against_a_boss_costs_the_die_minus_dex_and_the_bite_is_a_setting():
    game, lost = boss_miss(NEW, 3)  # comment 8's table: 1 Ogre
    assert game.state["foes"][0]["name"] == "Ogre" and game.state["foes"][0]["bite"] == 0 and lost == 3
    assert boss_miss({**NEW, "boss_bite": True}, 3)[1] == 4
    old, lost = boss_miss(OLD, 3)  # version 1: comment 15's Orclops, who bites 1 more
    assert old.state["foes"][0]["name"] == "Orclops" and lost == 4


@pytest.mark.parametrize("opts,face,names", [
    (NEW, 2, ["Mummy", "Mummy"]), (NEW, 4, ["Ogre", "Ogre"]),
    ({**NEW, "boss_names": True}, 2, ["Undead Knight", "Undead Knight"]),
    (OLD, 4, ["Gargoyle", "Gargoyle"]), ({**OLD, "bosses": "first"}, 4, ["Ogre", "Ogre"]),
])
def test_comment_8s_boss_table_is_the_default_and_comment_15s_names_a_setting(opts, face, names):
    game = new_game(**opts)
    hero(game)["level"] = 2
    walk_north(game, 6, face)
    assert [one["name"] for one in game.state["foes"]] == names


def door_miss_under_shield(opts: dict) -> int:
    game = walk_north(new_game(**opts), 1)
    game.state["shield"] = True
    return miss(game, "door N")


def test_shield_softens_the_next_fight_not_a_door():
    assert door_miss_under_shield(NEW) == 1
    assert door_miss_under_shield(OLD) == 0
    game = fight(new_game(**NEW), ("Orc", 4))
    game.state["shield"] = True
    assert miss(game, "hit 0") == 2  # 6 - DEX 3, 1 less under the Shield
