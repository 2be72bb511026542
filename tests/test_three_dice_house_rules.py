"""Issue 11: the readers' house rules that were missing, each a setting, off by default:
one more monster per level (Firebolt), locked doors and the Key (SorgUR), losing every
reward at each level-up and each new level (Fishsticks)."""

from __future__ import annotations

import pytest

from pyapp import webapp
from pyapp.three_dice.ruleset import CLASSIC, TILES
from three_dice_helpers import codes, foe, force, give, here, place, player, queued, scene, walk_into

NEW = ("extra_monsters", "locked_doors", "lose_rewards")


@pytest.mark.parametrize("ruleset", [CLASSIC, TILES])
def test_the_new_house_rules_are_settings_off_by_default_that_round_trip_through_links(ruleset):
    assert all(ruleset.defaults()[key] is False for key in NEW)
    chosen = {**ruleset.defaults(), **{key: True for key in NEW}}
    query = webapp.share_query(ruleset, "doors", chosen)
    assert all(f"{key}=1" in query or f"{key}=on" in query or f"{key}=true" in query for key in NEW), query
    request = webapp.parse_query(ruleset, query)
    assert request.settings == chosen and not request.problems
    assert not any(key in webapp.share_query(ruleset, "doors", ruleset.defaults()) for key in NEW)


@pytest.mark.parametrize("ruleset", [CLASSIC, TILES])
def test_each_house_rule_is_quoted_with_its_author_in_the_rules_panel(ruleset):
    text = ruleset.rules_html()
    assert "Firebolt" in text and "one more monster\n(of the same type)" in text
    assert "SorgUR" in text and "open/locked doors\n(even/odd)" in text
    assert "Fishsticks" in text and "lose everything every time you level up" in text


# ---------------------------------------------------------------- Firebolt
@pytest.mark.parametrize("level, count, hp", [(1, 1, 3), (2, 2, 6), (3, 3, 9)])
def test_one_more_monster_of_the_same_type_per_dungeon_level(level, count, hp):
    game = scene(extra_monsters=True)
    game.state["level"] = level
    walk_into(game, 3, 3)  # Ogres, 3 HP each
    assert foe(game)["name"] == "Ogres" and foe(game)["hp"] == hp and foe(game)["max"] == hp
    assert foe(game).get("count", 1) == count


def test_without_the_setting_a_deep_level_has_one_monster():
    game = scene()
    game.state["level"] = 3
    walk_into(game, 3, 3)
    assert foe(game)["hp"] == 3 and "count" not in foe(game)


def test_extra_monsters_each_have_the_deeper_monsters_bonus():
    game = scene(extra_monsters=True, deeper_monsters=True)
    game.state["level"] = 2
    walk_into(game, 3, 3)
    assert foe(game)["hp"] == 2 * (3 + 1)


def test_a_roving_monster_stays_single():
    game = scene(extra_monsters=True, exits="S")
    game.state["level"] = 3
    place(game.state, 0, 1, "corridor", "N")
    force(game, 1)
    game.play("go S")
    assert foe(game)["name"] == "Goblins" and foe(game)["hp"] == 1


# ---------------------------------------------------------------- SorgUR
def test_the_key_takes_the_place_of_no_treasure():
    game = scene(locked_doors=True)
    walk_into(game, 2, 6, treasure=1, exits=1)  # a dead end: no new door to roll
    assert player(game)["items"]["key"] == 1
    plain = walk_into(scene(), 2, 6, treasure=1, exits=1)
    assert "key" not in player(plain)["items"]


def test_the_key_replaces_the_undead_columns_none_too():
    game = scene(locked_doors=True)
    game.state["theme"] = "undead"
    walk_into(game, 2, 6, treasure=6, exits=1)
    assert player(game)["items"]["key"] == 1


def door_room(face: int, **settings):
    """From 0,0 (exits S only) into a small room whose exits are N and S; the new door S rolls `face`."""
    game = scene(locked_doors=True, exits="S", **settings)
    walk_into(game, 2, 6, treasure=2, exits=2)
    assert game.state["phase"] == "exits"
    force(game, face)
    game.play("exits NS")
    assert queued(game) == []  # one door die: the way in is not rolled
    return game


@pytest.mark.parametrize("face", [2, 4, 6])
def test_an_even_door_die_leaves_the_door_open(face):
    game = door_room(face)
    assert "go S" in codes(game) and not game.state.get("locked")


@pytest.mark.parametrize("face", [1, 3, 5])
def test_an_odd_door_die_locks_the_door(face):
    game = door_room(face)
    assert "go S" not in codes(game) and "unlock S" not in codes(game)
    assert game.state["locked"] == ["0,1|0,2"]


def test_a_key_opens_a_locked_door_for_good_and_is_used_up():
    game = door_room(3)
    player(game)["items"]["key"] = 1
    game.play("unlock S")
    assert "go S" in codes(game) and player(game)["items"]["key"] == 0 and game.state["locked"] == []


def test_a_level_whose_only_ways_on_are_locked_never_locks_the_game():
    game = door_room(1)
    assert "search" in codes(game)  # beside unexplored rock, as on any closed level


def test_doors_to_mapped_locations_are_not_rolled_again():
    game = scene(locked_doors=True, exits="S")
    place(game.state, 1, 1, "corridor", "W")  # its exit W points into the new room
    walk_into(game, 2, 6, treasure=2, exits=2)  # N (the way in) and E (forced): nothing left to choose
    assert here(game)["exits"] == "NE" and queued(game) == []


def test_without_the_setting_no_door_is_rolled():
    game = scene(exits="S")
    walk_into(game, 2, 6, treasure=2, exits=2)
    game.play("exits NS")
    assert "go S" in codes(game) and "locked" not in game.state


def test_a_locked_door_is_drawn_as_locked():
    game = door_room(5)
    assert 'class="passage locked" data-side="S"' in game.view().board


# ---------------------------------------------------------------- Fishsticks
def test_every_reward_is_lost_on_levelling_up():
    game = scene(lose_rewards=True)
    give(game, potion=1, sword=2, charm=1)
    player(game)["xp"] = 45
    walk_into(game, 2, 6, treasure=4, exits=1)  # +12 XP: level 2; the tome found here goes too
    assert player(game)["level"] == 2
    assert not any(player(game)["items"].values()) and player(game)["artifacts"] == {}


def test_rewards_are_kept_on_levelling_up_without_the_setting():
    game = scene()
    give(game, sword=2)
    player(game)["xp"] = 45
    walk_into(game, 2, 6, treasure=4, exits=1)
    assert player(game)["items"]["sword"] == 2 and player(game)["items"]["tome"] == 1


def test_every_reward_is_lost_on_each_new_dungeon_level_but_the_artifact_still_counts():
    game = scene(here="hall", lose_rewards=True, mode="quest")
    game.state.update(artifact_here=True, artifact_levels=[1])
    give(game, tome=3, boots=1)
    force(game, 1, 6, 1, 2)  # the new level's first location
    game.play("descend classic")
    assert game.state["level"] == 2 and game.state["artifact_levels"] == [1]
    assert player(game)["items"]["tome"] == 0 and player(game)["artifacts"] == {}


def test_a_new_level_has_no_locked_doors_of_the_old_one():
    game = door_room(1)
    game.state.update(pos="0,0", artifact_here=True)
    game.state["cells"]["0,0"]["kind"] = "hall"
    force(game, 1, 6, 2, 2, 2)  # the new level's first location: corridor, no monster, potion; its doors open
    game.play("descend classic")
    assert game.state["locked"] == [] and game.state["level"] == 2


def test_a_location_shut_in_by_locked_doors_can_force_one_by_searching():
    game = scene(locked_doors=True, here="hall", exits="NESW")
    game.state["locked"] = ["0,-1|0,0", "0,0|1,0", "0,0|0,1", "-1,0|0,0"]  # no Key, no bare rock to search
    assert "search" in codes(game) and not any(c.startswith("go ") for c in codes(game))
    force(game, 6)
    game.play("search")
    assert codes(game) == ["secret N", "secret E", "secret S", "secret W"]
    assert next(a for a in game.legal() if a.code == "secret E").label == "Force the locked door E"
    game.play("secret E")
    assert "go E" in codes(game) and "0,0|1,0" not in game.state["locked"]


def test_a_sleeping_monster_behind_locked_doors_still_lets_the_party_search():
    game = scene(locked_doors=True, here="small", exits="NE")
    game.state["locked"] = ["0,-1|0,0", "0,0|1,0"]
    here(game)["monster"] = dict(name="Giants", hp=5, max=5, undead=False, asleep=True, roving=False)
    assert "search" in codes(game)
    assert "While it sleeps you\nmay also search the location." in CLASSIC.rules_html()


def test_the_page_says_how_many_monsters_stand_together():
    game = scene(extra_monsters=True)
    game.state["level"] = 3
    walk_into(game, 3, 3)
    view = game.view()
    assert "fight the 3 × Ogres (9 of 9 HP)" in view.status and "<title>3 × Ogres 9/9</title>" in view.board
    assert "3 × Ogres (3 HP each, 9 in all)" in game.state["log"][-2]
