"""3 Dice Dungeon (seed 000): the monster column, attacking, crits, bleeding
out, death and the training wheels."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from three_dice_helpers import (
    attack,
    attrs,
    codes,
    fight,
    foe,
    force,
    give,
    here,
    hits_on,
    monster,
    new_game,
    player,
    scene,
    set_attrs,
    start,
    walk_into,
)


# ---------------------------------------------------------------- the monster column
@pytest.mark.parametrize("face,name", [(1, "Goblins"), (2, "Orcs"), (3, "Ogres"), (4, "Giants"), (5, "Dragon")])
def test_monster_die_sets_the_monster_and_its_hit_points(face, name):
    game = walk_into(scene(exits="S"), 3, face)
    assert foe(game)["name"] == name and foe(game)["hp"] == face
    assert game.state["phase"] == "fight"


def test_monster_die_6_means_no_monster():
    game = walk_into(scene(exits="S"), 3, 6)
    assert foe(game) is None and game.state["phase"] == "explore" and here(game)["cleared"]


def test_a_monster_in_the_location_must_be_attacked():
    game = walk_into(scene(exits="S"), 3, 2, exits=2)
    if game.state["phase"] == "exits":
        game.play("exits NS")
    options = codes(game)
    assert {"attack BODY", "attack MIND", "attack SPIRIT"} <= set(options)
    assert not any(c.startswith(("go ", "search", "retire", "teleport")) for c in options)


# ---------------------------------------------------------------- attacking
def test_rolling_under_the_attribute_hits():
    game = fight(scene(attrs=((4, 2, 5),)), monster("Giants", 4))
    assert hits_on(game, "BODY") == [1, 2, 3]
    assert hits_on(game, "MIND") == [1]
    assert hits_on(game, "SPIRIT") == [1, 2, 3, 4]


def test_a_hit_turns_the_monster_die_one_point_lower():
    game = fight(scene(), monster("Giants", 4))
    attack(game, "BODY", 3)
    assert foe(game)["hp"] == 3 and attrs(game) == (4, 4, 4)


def test_rolling_equal_to_the_attribute_misses_and_lowers_that_attribute():
    game = fight(scene(), monster("Giants", 4))
    attack(game, "MIND", 4)
    assert foe(game)["hp"] == 4 and attrs(game) == (4, 3, 4)


def test_rolling_over_the_attribute_misses_and_lowers_only_the_attribute_used():
    game = fight(scene(), monster("Giants", 4))
    attack(game, "SPIRIT", 5)
    assert attrs(game) == (4, 4, 3)


def test_hitting_a_monster_at_1_defeats_it_and_the_location_is_cleared():
    game = fight(scene(), monster("Orcs", 2))
    attack(game, "BODY", 2)
    assert foe(game)["hp"] == 1
    attack(game, "BODY", 2)
    assert foe(game) is None and here(game)["cleared"] and game.state["phase"] == "explore"


def test_natural_1_always_hits_even_with_a_zero_attribute():
    game = fight(scene(attrs=((0, 4, 4),)), monster("Giants", 4))
    assert "attack BODY" in codes(game)
    assert hits_on(game, "BODY") == [1]


def test_natural_6_always_misses_even_with_bonuses():
    game = fight(scene(attrs=((6, 4, 4),)), monster("Giants", 4))
    give(game, sword=3)
    assert hits_on(game, "BODY") == [1, 2, 3, 4, 5]


def test_a_miss_never_takes_an_attribute_below_zero():
    game = fight(scene(attrs=((0, 4, 4),)), monster("Giants", 4))
    attack(game, "BODY", 6)
    assert attrs(game) == (0, 4, 4)


# ---------------------------------------------------------------- bleeding out and death
def test_bleeding_out_any_zero_attribute_gives_minus_1_on_every_attack():
    game = fight(scene(attrs=((0, 4, 5),)), monster("Giants", 4))
    assert hits_on(game, "MIND") == [1, 2]
    assert hits_on(game, "SPIRIT") == [1, 2, 3]


def test_bleeding_out_is_not_cumulative():
    game = fight(scene(attrs=((0, 0, 5),)), monster("Giants", 4))
    assert hits_on(game, "SPIRIT") == [1, 2, 3]


def test_bleeding_out_ends_when_no_attribute_is_zero():
    game = fight(scene(attrs=((0, 4, 5),)), monster("Giants", 4))
    set_attrs(game, (1, 4, 5), maximum=(4, 4, 5))
    assert hits_on(game, "SPIRIT") == [1, 2, 3, 4]


def test_two_zero_attributes_is_not_death():
    game = fight(scene(attrs=((0, 1, 4),)), monster("Giants", 4))
    attack(game, "MIND", 5)
    assert attrs(game) == (0, 0, 4) and player(game)["alive"] and not game.over


def test_all_three_attributes_at_zero_is_death():
    game = fight(scene(attrs=((0, 0, 1),)), monster("Giants", 4))
    attack(game, "SPIRIT", 5)
    assert not player(game)["alive"]
    assert game.over and game.state["over"] == "dead" and codes(game) == []


# ---------------------------------------------------------------- training wheels
def test_training_wheels_first_location_rerolls_4_and_5_until_neither():
    game = start(new_game(), 3, 4, 5, 4, 2, 1, 1)  # monster dice 4, 5, 4 rerolled; 2 kept
    assert foe(game)["name"] == "Orcs" and foe(game)["hp"] == 2


def test_training_wheels_first_location_keeps_a_6():
    game = start(new_game(), 3, 6, 1, 1)
    assert foe(game) is None


def second_location(game, *faces):
    game = start(game, 1, 6, 1)  # first: corridor, no monster
    game.play("exits NS")
    force(game, *faces)
    game.play("go S")
    return game


def test_training_wheels_second_location_rerolls_5s():
    game = second_location(new_game(), 2, 5, 5, 3, 1, 1)
    assert foe(game)["name"] == "Ogres"


def test_training_wheels_second_location_keeps_a_4():
    game = second_location(new_game(), 2, 4, 1, 1)
    assert foe(game)["name"] == "Giants"


def test_training_wheels_stop_after_the_second_location():
    game = second_location(new_game(), 1, 6, 1)
    game.play("exits NS")
    force(game, 2, 5, 1, 1)
    game.play("go S")
    assert foe(game)["name"] == "Dragon" and foe(game)["hp"] == 5


def test_training_wheels_setting_off_keeps_a_first_4():
    game = start(new_game(training_wheels=False), 3, 4, 1, 1)
    assert foe(game)["name"] == "Giants"


@settings(max_examples=60, deadline=None)
@given(values=st.tuples(st.integers(0, 7), st.integers(0, 7), st.integers(0, 7)).filter(any),
       swords=st.integers(0, 3), tomes=st.integers(0, 3), attr=st.sampled_from(["BODY", "MIND", "SPIRIT"]))
def test_hit_faces_follow_the_text_for_any_attributes_and_items(values, swords, tomes, attr):
    """Roll under attribute + item bonus (-1 while bleeding out); 1 always hits, 6 always misses."""
    game = fight(scene(attrs=(values,)), monster("Dragon", 5))
    give(game, sword=swords, tome=tomes)
    target = dict(zip(("BODY", "MIND", "SPIRIT"), values))[attr]
    target += {"BODY": swords, "MIND": tomes, "SPIRIT": 0}[attr]
    target -= 1 if 0 in values else 0
    assert hits_on(game, attr) == [f for f in range(1, 7) if f == 1 or (f < target and f != 6)]
