"""3RD6 Dungeon (seed 000, comment 8): the layout table, closing exits, the
map's border, locked treasure rooms and their doors, stairs and depth, the foes
table and the monster check in explored rooms, town, levels, new dungeons."""

from __future__ import annotations

import pytest

from pyapp.rd6.data import DOOR_HP
from rd6_helpers import codes, fight, force, here, hero, new_game, walk_north


# ---------------------------------------------------------------- step 1: layout
def test_layout_1_is_a_dead_end_behind_a_locked_door_with_treasure_and_no_monsters():
    game = walk_north(new_game(), 1)
    state = game.state
    assert state["pos"] == "0,0" and state["cells"]["0,-1"]["kind"] == "vault"
    assert state["cells"]["0,-1"]["exits"] == "S"  # a dead end
    assert "go N" not in codes(game) and "door N" in codes(game)
    state["locked"].clear()  # say the door is open: walk in, one treasure roll, no foes
    force(game, 4)
    game.play("go N")
    assert hero(game)["coins"] == 4 and state["phase"] == "explore" and state["foes"] == []


@pytest.mark.parametrize("face,kept", [(2, 1), (3, 2), (4, 3), (5, 3)])
def test_layouts_2_to_5_close_2_1_0_0_exits(face, kept):
    game = walk_north(new_game(), face, 3)  # foes 3: none
    if game.state["phase"] == "exits":
        choices = codes(game)
        assert all(len(c.split()[1]) == kept + 1 for c in choices)  # the way in stays open
        game.play(choices[0])
    assert len(game.state["cells"]["0,-1"]["exits"]) == kept + 1


def test_layout_6_is_a_dead_end_with_stairs_and_bosses():
    game = new_game()
    hero(game)["level"] = 2
    walk_north(game, 6, 1)
    cell = here(game)
    assert cell["kind"] == "stairs" and cell["exits"] == "S" and game.state["stairs"] == "0,-1"
    assert game.state["foes"][0]["boss"]


def test_the_dungeon_cannot_be_deeper_than_your_level_so_6_is_treated_as_1():
    game = walk_north(new_game(), 6)  # character level 1: no stairs
    assert game.state["cells"]["0,-1"]["kind"] == "vault" and game.state["stairs"] is None
    assert any("cannot be deeper than your level" in line for line in game.state["log"])


def test_once_the_stairs_are_found_6_is_treated_as_1():
    game = new_game()
    hero(game)["level"] = 3
    game.state["stairs"] = "1,0"
    walk_north(game, 6)
    assert game.state["cells"]["0,-1"]["kind"] == "vault"


def test_the_border_of_the_sheet_closes_exits_for_you():
    game = new_game()
    state = game.state
    walk_north(game, 4, 3)  # 0,-1: all open
    walk_north(game, 4, 3)  # 0,-2: at the border, north is closed for you
    assert "N" not in state["cells"]["0,-2"]["exits"] and state["cells"]["0,-2"]["exits"] == "ESW"


def test_explored_rooms_close_exits_for_you_and_count_towards_the_closing():
    game = new_game()
    state = game.state
    state["cells"]["-1,-1"] = {**state["cells"]["0,0"], "n": 9, "x": -1, "y": -1, "exits": "N", "kind": "room",
                               "first": False}  # a mapped room west of 0,-1 with no exit east
    walk_north(game, 3, 3)  # close 1: the west wall already is the one
    assert state["cells"]["0,-1"]["exits"] == "NES" and state["phase"] == "explore"


def test_working_yourself_into_a_dead_end_without_a_1_or_6_is_treated_as_1():
    game = new_game()
    state = game.state
    for key in ("-1,-1", "1,-1", "0,-2"):  # mapped rooms west, east and north of 0,-1, none with a way in
        x, y = (int(v) for v in key.split(","))
        state["cells"][key] = {**state["cells"]["0,0"], "n": 9, "x": x, "y": y, "exits": "", "kind": "room",
                               "first": False}
    walk_north(game, 3)  # close 1, but the map closes all three: a dead end
    assert state["cells"]["0,-1"]["kind"] == "vault" and state["locked"] and state["pos"] == "0,0"
    assert any("treat it as 1" in line for line in state["log"])


# ---------------------------------------------------------------- doors
def test_doors_have_6_hp_and_can_be_broken_down_with_str():
    game = walk_north(new_game("barbarian"), 1)
    door = game.state["locked"][0]
    assert game.state["doors"][door] == DOOR_HP
    force(game, 1, 1, 1)
    for _ in range(3):
        game.play("door N")
    assert game.state["locked"] == [] and "go N" in codes(game)


def test_a_failed_blow_at_a_door_costs_only_1_hp():
    game = walk_north(new_game("barbarian"), 1)
    hero(game)["mnd"] = 0
    before = hero(game)["hp"]
    force(game, 6)
    game.play("door N")
    assert before - hero(game)["hp"] == 1


def test_comment_10_only_dwarves_and_rogues_pick_locks_and_just_use_1_mnd():
    for cls in ("rogue", "dwarf"):
        game = walk_north(new_game(cls), 1)
        mnd = hero(game)["mnd"]
        game.play("pick N")
        assert game.state["locked"] == [] and hero(game)["mnd"] == mnd - 1
    assert "pick N" not in codes(walk_north(new_game("barbarian"), 1))


def test_comment_8_setting_picking_is_a_roll_against_dex_with_a_1_bonus_for_rogues():
    game = walk_north(new_game("rogue", locks="roll"), 1)
    force(game, 5)  # 5 - 1 = 4: DEX 4 picks it
    game.play("pick N")
    assert game.state["locked"] == []
    game = walk_north(new_game("barbarian", locks="roll"), 1)
    force(game, 4)  # DEX 3, no bonus: the lock jams
    game.play("pick N")
    assert game.state["locked"] and "pick N" not in codes(game) and "door N" in codes(game)


def test_a_key_opens_a_locked_door():
    game = walk_north(new_game(), 1)
    hero(game)["items"]["key"] = 1
    game.play("key N")
    assert game.state["locked"] == [] and hero(game)["items"]["key"] == 0


# ---------------------------------------------------------------- step 2: foes and the monster check
@pytest.mark.parametrize("face,name,hp", [(1, "Orc", 4), (2, "Goblin", 3), (5, "Zombie", 2), (6, "Skeleton", 1)])
def test_foes_table(face, name, hp):
    game = walk_north(new_game(), 4, face)
    assert game.state["foes"][0]["name"] == name and game.state["foes"][0]["hp"] == hp


@pytest.mark.parametrize("face", [3, 4])
def test_no_foes_recovers_1_hp_and_1_mnd(face):
    game = new_game()
    hero(game)["hp"] -= 3
    hero(game)["mnd"] -= 2
    hp, mnd = hero(game)["hp"], hero(game)["mnd"]
    walk_north(game, 4, face)
    assert (hero(game)["hp"], hero(game)["mnd"]) == (hp + 1, mnd + 1) and game.state["phase"] == "explore"


def test_moving_through_explored_rooms_takes_the_same_monster_check():
    game = walk_north(new_game(), 4, 3)
    force(game, 2)
    game.play("go S")  # back to the entrance: the foes table again
    assert game.state["pos"] == "0,0" and game.state["foes"][0]["name"] == "Goblin"


# ---------------------------------------------------------------- town, levels, new dungeons
def test_returning_to_the_entrance_of_level_1_lets_you_go_to_town_and_buy_healing_with_coins():
    game = new_game()
    assert "town" in codes(game)
    hero(game).update(hp=3, mnd=1, coins=12)
    game.play("town")
    force(game, 4, 6)
    game.play("rest")
    game.play("rest")  # as many times as you can pay
    assert hero(game)["coins"] == 2 and hero(game)["hp"] == min(hero(game)["hp_max"], 13)
    assert hero(game)["mnd"] == hero(game)["mnd_max"] and "rest" not in codes(game)


def test_town_is_only_at_the_entrance_of_level_1():
    game = walk_north(new_game(), 4, 3)
    assert "town" not in codes(game)


def test_a_character_level_costs_100_coins_and_adds_1_mnd_and_1d6_hp():
    game = new_game()
    hero(game)["coins"] = 130
    game.play("town")
    hp, mnd = hero(game)["hp_max"], hero(game)["mnd_max"]
    force(game, 5)
    game.play("level")
    assert hero(game)["level"] == 2 and hero(game)["coins"] == 30
    assert (hero(game)["hp_max"], hero(game)["mnd_max"]) == (hp + 5, mnd + 1)


def test_a_new_dungeon_only_once_the_current_one_is_fully_explored():
    game = new_game()
    game.play("town")
    assert "fresh" not in codes(game)  # the entrance's four exits lead on
    for cell in game.state["cells"].values():
        cell["exits"] = ""
    assert "fresh" in codes(game)
    game.play("fresh")
    assert game.state["dungeons"] == 2 and game.state["cells"]["0,0"]["exits"] == "NESW"


def down_the_stairs(game):
    """Character level 2, a Mummy on the stairs north, beaten (two treasures of nothing), and down."""
    hero(game)["level"] = 2
    walk_north(game, 6, 1)
    game.state["foes"][0]["hp"] = 1
    force(game, 1, 1, 1)
    game.play("hit 0")
    game.play("down")
    return game


def test_climbing_back_up_finds_the_level_as_it_was():
    game = down_the_stairs(new_game())
    force(game, 3)
    game.play("up")
    assert game.state["depth"] == 1 and game.state["pos"] == "0,-1" and len(game.state["cells"]) == 2


def test_quest_is_won_on_reaching_the_goal_level():
    game = down_the_stairs(new_game(goal=2))
    assert game.over and game.outcome().result == "won"


def test_endless_mode_retires_from_town():
    game = new_game(mode="endless")
    game.play("town")
    game.play("retire")
    assert game.outcome().result == "retired" and game.outcome().score["class"] == "Barbarian"


def test_fights_block_walking():
    game = fight(new_game(), ("Orc", 4))
    assert not any(c.startswith("go ") for c in codes(game))
