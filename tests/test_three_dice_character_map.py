"""3 Dice Dungeon (seed 000): character creation, the location table, exits and
mapping, returning to danger, temple teleportation and searching dead ends."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from pyapp.three_dice.ruleset import CLASSIC
from three_dice_helpers import (
    attrs,
    codes,
    foe,
    force,
    here,
    new_game,
    place,
    player,
    queued,
    scene,
    start,
)


# ---------------------------------------------------------------- character creation
def test_character_rolls_three_dice_and_keeps_a_total_above_10():
    game = new_game(chars=((6, 4, 1),))  # total 11
    assert player(game)["rolled"] == [6, 4, 1]


def test_character_rerolls_all_three_dice_while_the_total_is_10_or_lower():
    # 3+3+4 = 10 (reroll), 1+2+3 = 6 (reroll), 5+1+5 = 11 (kept)
    game = new_game(chars=((3, 3, 4, 1, 2, 3, 5, 1, 5),))
    assert player(game)["rolled"] == [5, 1, 5]


def test_assignment_offers_every_permutation_of_the_rolled_values():
    game = new_game(chars=((2, 4, 6),))
    assert sorted(codes(game)) == sorted(
        ["assign 2 4 6", "assign 2 6 4", "assign 4 2 6", "assign 4 6 2", "assign 6 2 4", "assign 6 4 2"])


def test_assignment_lists_repeated_values_once():
    assert sorted(codes(new_game(chars=((3, 3, 5),)))) == ["assign 3 3 5", "assign 3 5 3", "assign 5 3 3"]
    assert codes(new_game(chars=((4, 4, 4),))) == ["assign 4 4 4"]


def test_assigned_values_are_both_current_and_maximum_body_mind_spirit():
    game = start(new_game(chars=((2, 4, 6),)), 2, 6, 1, 2, assign="assign 6 2 4")
    assert attrs(game) == (6, 2, 4)
    assert player(game)["max"] == {"BODY": 6, "MIND": 2, "SPIRIT": 4}


def test_default_assignment_is_roll_order():
    game = new_game(chars=((2, 4, 6),))
    force(game, 2, 6, 1, 2)
    game.auto()
    assert attrs(game) == (2, 4, 6)


def test_each_player_rolls_and_assigns_their_own_character():
    game = new_game(chars=((6, 5, 4), (1, 5, 6)))
    assert codes(game)[0].startswith("assign") and "assign 6 5 4" in codes(game)
    game.play("assign 4 5 6")  # player 1, no dice yet
    assert game.state["turn"] == 1 and "assign 1 5 6" in codes(game)
    force(game, 2, 6, 6, 1, 2)
    game.play("assign 6 5 1")
    assert attrs(game, 0) == (4, 5, 6) and attrs(game, 1) == (6, 5, 1)


# ---------------------------------------------------------------- the location table
@pytest.mark.parametrize("face,kind,name", [
    (1, "corridor", "Corridor"), (2, "small", "Small room"), (3, "large", "Large room"),
    (4, "vault", "Vault"), (5, "temple", "Temple"), (6, "hall", "Great Hall"),
])
def test_location_die_sets_the_location(face, kind, name):
    game = start(new_game(), face, 6, 1, 1)
    assert here(game)["kind"] == kind and here(game)["name"] == name


def test_first_location_of_a_level_has_no_entrance_side_so_every_exit_is_chosen():
    game = start(new_game(), 2, 6, 1, 1)  # small room, 1 exit
    assert game.state["phase"] == "exits"
    assert sorted(codes(game)) == ["exits E", "exits N", "exits S", "exits W"]
    game.play("exits W")
    assert here(game)["exits"] == "W"


def test_corridor_has_two_exits_and_rolls_no_exit_die():
    game = scene(exits="S")
    force(game, 1, 6, 1, 5)  # the 5 must stay unrolled
    game.play("go S")
    assert game.state["pos"] == "0,1"
    assert queued(game) == [5]
    # the way in (N) plus one more: straight or curved
    assert sorted(codes(game)) == ["exits NE", "exits NS", "exits NW"]


def test_exit_count_includes_the_entrance_so_a_one_is_a_dead_end():
    game = scene(exits="S")
    force(game, 2, 6, 1, 1)  # small room, 1 exit: the way in
    game.play("go S")
    assert here(game)["exits"] == "N" and game.state["phase"] == "explore"


def test_small_room_with_two_exits_lets_the_player_pick_the_other_side():
    game = scene(exits="S")
    force(game, 2, 6, 1, 2)
    game.play("go S")
    assert sorted(codes(game)) == ["exits NE", "exits NS", "exits NW"]
    game.play("exits NE")
    assert here(game)["exits"] == "NE"


@pytest.mark.parametrize("face", [3, 4, 5])
@pytest.mark.parametrize("roll,count", [(1, 1), (2, 2), (3, 3)])
def test_large_room_vault_and_temple_have_1d3_exits(face, roll, count):
    game = scene(exits="S")
    force(game, face, 6, 1, roll)
    game.play("go S")
    if game.state["phase"] == "exits":
        options = codes(game)
        assert all(len(c.split()[1]) == count and "N" in c.split()[1] for c in options)
        game.play(options[0])
    assert len(here(game)["exits"]) == count and "N" in here(game)["exits"]


@pytest.mark.parametrize("roll,count", [(1, 2), (2, 3), (3, 4)])
def test_great_hall_has_1d3_plus_1_exits(roll, count):
    game = scene(exits="S")
    force(game, 6, 6, 1, roll)
    game.play("go S")
    if game.state["phase"] == "exits":
        game.play(codes(game)[0])
    assert len(here(game)["exits"]) == count


def first_location_exit_counts(location_face: int, seeds: int = 40) -> list[int]:
    """The exit count the dice give a first location (no entrance), seed by seed."""
    counts = []
    for i in range(seeds):
        game = new_game(seed=f"exits-{i}")
        force(game, location_face, 6, 1)  # the exit die is left to the seed
        game.play("assign 4 4 4")
        pending = game.state["pending"]
        counts.append(pending["need"] if pending else len(here(game)["exits"]))
    return counts


def test_small_room_never_has_more_than_two_exits():
    counts = first_location_exit_counts(2)
    assert set(counts) == {1, 2}


@pytest.mark.parametrize("face", [3, 4, 5])
def test_large_room_vault_and_temple_never_have_more_than_three_exits(face):
    counts = first_location_exit_counts(face)
    assert set(counts) == {1, 2, 3}


def test_great_hall_exit_counts_are_2_3_4_equally_likely():
    counts = first_location_exit_counts(6, seeds=120)
    for n in (2, 3, 4):
        assert 25 <= counts.count(n) <= 55, counts


# ---------------------------------------------------------------- mapping: forced and closed sides
def test_a_neighbours_exit_into_the_new_location_is_forced_and_counts_toward_the_number():
    game = scene(exits="E")
    place(game.state, 1, -1, "corridor", "SW")  # its S exit points into 1,0
    force(game, 3, 6, 1, 2)  # large room, 2 exits: W (the way in) and N (forced)
    game.play("go E")
    assert here(game)["exits"] == "NW" and game.state["phase"] == "explore"


def test_a_side_facing_a_neighbour_without_an_exit_there_can_never_be_an_exit():
    game = scene(exits="E")
    place(game.state, 2, 0, "corridor", "NS")  # no W exit: the new location's E side is closed
    force(game, 3, 6, 1, 2)
    game.play("go E")
    assert sorted(codes(game)) == ["exits NW", "exits SW"]


def test_closed_sides_leave_fewer_exits_than_rolled():
    game = scene(exits="E")
    place(game.state, 2, 0, "corridor", "NS")
    place(game.state, 1, 1, "corridor", "EW")
    force(game, 6, 6, 1, 3)  # Great Hall, 4 exits wanted; E and S face walls
    game.play("go E")
    assert here(game)["exits"] == "NW"


def test_when_forced_exits_exceed_the_roll_the_location_has_exactly_the_forced_ones():
    game = scene(exits="E")
    place(game.state, 1, -1, "corridor", "S")
    place(game.state, 1, 1, "corridor", "N")
    force(game, 2, 6, 1, 1)  # small room, 1 exit, but W, N and S are all forced
    game.play("go E")
    assert here(game)["exits"] == "NSW" and game.state["phase"] == "explore"


def test_new_location_is_drawn_beside_the_exit_taken_and_opens_back():
    game = scene(exits="NS")
    force(game, 2, 6, 1, 1)
    game.play("go N")
    assert game.state["pos"] == "0,-1" and here(game)["exits"] == "S"
    assert "go S" in codes(game)


# ---------------------------------------------------------------- returning to danger
def two_rooms():
    game = scene(exits="S")
    place(game.state, 0, 1, "large", "N")
    return game


@pytest.mark.parametrize("face,name,hp", [(1, "Goblins", 1), (2, "Orcs", 2)])
def test_returning_to_a_visited_location_can_meet_a_roving_monster(face, name, hp):
    game = two_rooms()
    force(game, face)
    game.play("go S")
    assert game.state["phase"] == "fight"
    assert (foe(game)["name"], foe(game)["hp"]) == (name, hp)


@pytest.mark.parametrize("face", [3, 4, 5, 6])
def test_roving_roll_of_3_to_6_means_no_monster(face):
    game = two_rooms()
    force(game, face)
    game.play("go S")
    assert foe(game) is None and game.state["phase"] == "explore"
    assert queued(game) == []


def test_roving_monster_gives_xp_equal_to_its_hit_points_and_no_treasure():
    game = two_rooms()
    force(game, 2)
    game.play("go S")
    items = dict(player(game)["items"])
    force(game, 1, 1)
    game.play("attack BODY")
    game.play("attack BODY")
    assert foe(game) is None
    assert player(game)["xp"] == 2
    assert player(game)["items"] == items and player(game)["artifacts"] == {}


def test_every_return_rolls_for_a_roving_monster_again():
    game = two_rooms()
    force(game, 4)
    game.play("go S")
    force(game, 5)
    game.play("go N")
    force(game, 1)
    game.play("go S")
    assert foe(game)["name"] == "Goblins"


def test_roving_monster_is_goblins_or_orcs_even_on_an_undead_level():
    game = two_rooms()
    game.state["theme"] = "undead"
    force(game, 1)
    game.play("go S")
    assert foe(game)["name"] == "Goblins" and not foe(game)["undead"]


# ---------------------------------------------------------------- temple teleportation
def temples():
    game = scene(here="temple", exits="S")
    place(game.state, 0, 1, "corridor", "NS")
    place(game.state, 0, 2, "temple", "N")
    place(game.state, 0, 4, "large", "")
    return game


def test_temple_teleports_to_any_other_temple_on_the_map_only():
    game = temples()
    teleports = [c for c in codes(game) if c.startswith("teleport")]
    assert teleports == ["teleport 0,2"]


def test_temple_teleport_rolls_for_a_roving_monster_on_arrival():
    game = temples()
    force(game, 2)
    game.play("teleport 0,2")
    assert game.state["pos"] == "0,2"
    assert foe(game)["name"] == "Orcs" and game.state["phase"] == "fight"


def test_temple_teleport_arrives_quietly_on_3_to_6():
    game = temples()
    force(game, 3)
    game.play("teleport 0,2")
    assert game.state["pos"] == "0,2" and game.state["phase"] == "explore"


def test_temple_teleport_only_after_the_temples_monster_is_defeated():
    game = temples()
    here(game)["monster"] = {"name": "Orcs", "hp": 1, "max": 2, "undead": False, "asleep": False, "roving": False}
    here(game)["cleared"] = False
    game.state["phase"] = "fight"
    assert not any(c.startswith("teleport") for c in codes(game))
    force(game, 1)
    game.play("attack BODY")
    assert "teleport 0,2" in codes(game)


def test_no_teleport_from_a_location_that_is_not_a_temple():
    game = temples()
    game.state["pos"] = "0,1"
    assert not any(c.startswith("teleport") for c in codes(game))


# ---------------------------------------------------------------- dead ends: searching for secret doors
def dead_end(**settings):
    """Standing in a dead end (small room, exit S) while the level still has an unexplored exit."""
    game = scene(here="small", exits="S", **settings)
    place(game.state, 0, 1, "corridor", "NS")
    return game


def test_search_is_offered_in_a_dead_end():
    assert "search" in codes(dead_end())


def test_search_is_not_offered_beside_unexplored_exits_outside_a_dead_end():
    game = dead_end()
    game.state["pos"] = "0,1"
    assert "search" not in codes(game)


@pytest.mark.parametrize("face", [5, 6])
def test_search_5_or_6_opens_a_secret_door_on_a_chosen_side_facing_empty_rock(face):
    game = dead_end()
    place(game.state, 1, 0, "corridor", "NS")  # E faces a placed location, not rock
    force(game, face)
    game.play("search")
    assert sorted(codes(game)) == ["secret N", "secret W"]
    game.play("secret W")
    assert here(game)["exits"] == "SW"
    assert "go W" in codes(game)


def test_search_with_one_rock_side_opens_it_directly():
    game = dead_end()
    place(game.state, 1, 0, "corridor", "NS")
    place(game.state, -1, 0, "corridor", "NS")
    force(game, 6)
    game.play("search")
    assert here(game)["exits"] == "NS" and game.state["phase"] == "explore"


@pytest.mark.parametrize("face", [2, 3, 4])
def test_search_2_to_4_finds_nothing(face):
    game = dead_end()
    force(game, face)
    game.play("search")
    assert here(game)["exits"] == "S" and attrs(game) == (4, 4, 4) and game.state["phase"] == "explore"


def test_search_1_springs_a_trap_costing_one_point_of_a_chosen_attribute():
    game = dead_end()
    force(game, 1)
    game.play("search")
    assert sorted(codes(game)) == ["wound BODY", "wound MIND", "wound SPIRIT"]
    game.play("wound MIND")
    assert attrs(game) == (4, 3, 4) and game.state["phase"] == "explore"


def test_search_setting_off_means_no_search_in_a_dead_end_while_exits_remain():
    assert "search" not in codes(dead_end(secret_doors=False))


@pytest.mark.parametrize("secret_doors", [True, False])
def test_search_is_allowed_anywhere_once_the_level_has_no_unexplored_exit(secret_doors):
    game = scene(exits="EW", secret_doors=secret_doors)
    place(game.state, 1, 0, "small", "W")
    place(game.state, -1, 0, "small", "E")
    assert "search" in codes(game)  # a corridor, not a dead end: the game must not lock
    force(game, 5)
    game.play("search")
    game.play("secret N")
    assert "go N" in codes(game)


def test_a_closed_level_without_a_way_down_always_offers_a_way_on():
    game = scene(here="hall", exits="", secret_doors=False)
    others = [c for c in codes(game) if c not in ("retire",)]
    assert "search" in others


def test_settings_defaults_every_comment_house_rule_off_but_searching():
    defaults = CLASSIC.defaults()
    assert defaults["secret_doors"] is True
    assert defaults["deeper_monsters"] is False and defaults["temple_rest"] is False
    assert defaults["inventory_limit"] is False and defaults["descent_drain"] is False
    assert defaults["xp_curve"] == "flat" and defaults["flee_rule"] == "off"


def test_a_trap_that_takes_the_last_point_is_death():
    game = dead_end()
    game.state["players"][0]["attrs"] = {"BODY": 0, "MIND": 1, "SPIRIT": 0}
    force(game, 1)
    game.play("search")
    assert codes(game) == ["wound MIND"]
    game.play("wound MIND")
    assert game.over and game.state["over"] == "dead"


@settings(max_examples=40, deadline=None)
@given(low=st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6)).filter(lambda t: sum(t) <= 10),
                    max_size=3),
       kept=st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6)).filter(lambda t: sum(t) > 10))
def test_character_keeps_the_first_roll_totalling_more_than_10(low, kept):
    game = new_game(chars=(tuple(face for triple in [*low, kept] for face in triple),))
    assert player(game)["rolled"] == list(kept)
