"""3 Dice Dungeon (seed 000): descending, the Undead level, Endless and Quest,
and every house rule from the readers' comments as a setting."""

from __future__ import annotations

import pytest

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
    place,
    player,
    queued,
    scene,
    set_attrs,
    walk_into,
)


# ---------------------------------------------------------------- descending
def vault_then_hall(**settings):
    """A vault (with a map fragment in hand) and, south of it, a Great Hall."""
    game = scene(here="vault", exits="S", **settings)
    place(game.state, 0, 1, "hall", "N")
    give(game, fragment=1)
    return game


def collect_and_walk_to_hall(game, artifact=1):
    force(game, artifact)
    game.play("fragment")
    force(game, 4)  # roving check in the hall: quiet
    game.play("go S")
    return game


def test_no_descending_without_an_artifact_collected_on_this_level():
    game = vault_then_hall()
    force(game, 4)
    game.play("go S")
    assert here(game)["kind"] == "hall"
    assert not any(c.startswith("descend") for c in codes(game))


def test_descending_from_a_great_hall_after_collecting_an_artifact_with_a_theme_choice():
    game = collect_and_walk_to_hall(vault_then_hall())
    assert sorted(c for c in codes(game) if c.startswith("descend")) == ["descend classic", "descend undead"]


def test_an_artifact_collected_counts_for_descending_even_once_used():
    game = collect_and_walk_to_hall(vault_then_hall(), artifact=4)  # Scroll of Teleportation
    game.play("go N")
    force(game, 4)
    game.play("scroll 0,1")  # used up, back in the hall
    assert player(game)["artifacts"] == {} and here(game)["kind"] == "hall"
    assert "descend classic" in codes(game)


def test_descending_only_from_a_great_hall():
    game = vault_then_hall()
    force(game, 1)
    game.play("fragment")
    assert not any(c.startswith("descend") for c in codes(game))  # still in the vault


def test_descending_only_once_the_halls_monster_is_defeated():
    game = collect_and_walk_to_hall(vault_then_hall())
    fight(game, monster("Orcs", 1))
    assert not any(c.startswith("descend") for c in codes(game))
    attack(game, "BODY", 1)
    assert "descend classic" in codes(game)


def test_descending_starts_a_new_map_and_keeps_the_character():
    game = collect_and_walk_to_hall(vault_then_hall())
    player(game).update(xp=70, level=2)
    give(game, sword=2)
    force(game, 2, 6, 1, 1)
    game.play("descend classic")
    state = game.state
    assert state["level"] == 2 and state["deepest"] == 2
    assert list(state["cells"]) == ["0,0"] and state["pos"] == "0,0"
    assert here(game)["kind"] == "small" and here(game)["first"]
    game.play("exits W")
    assert player(game)["xp"] == 70 + 2 + 6 + 1 and player(game)["level"] == 2
    assert player(game)["items"]["sword"] == 2 and player(game)["artifacts"] == {"idol": 1}


def test_a_new_level_needs_its_own_artifact_to_descend_again():
    game = collect_and_walk_to_hall(vault_then_hall())
    force(game, 6, 6, 1, 3)  # a Great Hall starts level 2
    game.play("descend classic")
    assert here(game)["kind"] == "hall"
    assert not any(c.startswith("descend") for c in codes(game))


def test_descending_to_an_undead_level():
    game = collect_and_walk_to_hall(vault_then_hall())
    force(game, 4, 3, 1, 3)
    game.play("descend undead")
    assert game.state["theme"] == "undead"
    assert here(game)["name"] == "Crypt" and foe(game)["name"] == "Mummy"


def test_random_theme_setting_lets_a_die_choose_the_new_level():
    themes = set()
    for face in (1, 6):
        game = collect_and_walk_to_hall(vault_then_hall(level_theme="random"))
        assert [c for c in codes(game) if c.startswith("descend")] == ["descend random"]
        force(game, face, 2, 6, 1, 1)
        game.play("descend random")
        themes.add(game.state["theme"])
        assert queued(game) == []
    assert themes == {"classic", "undead"}


# ---------------------------------------------------------------- deeper monsters (comments)
@pytest.mark.parametrize("deeper,level,hp", [(False, 3, 4), (True, 1, 4), (True, 2, 5), (True, 3, 6)])
def test_deeper_monsters_setting_adds_1_hp_per_level_below_the_first(deeper, level, hp):
    game = scene(exits="S", deeper_monsters=deeper)
    game.state["level"] = level
    walk_into(game, 3, 4)
    assert foe(game)["name"] == "Giants" and foe(game)["hp"] == hp


def test_deeper_monsters_setting_applies_to_roving_monsters():
    game = scene(exits="S", deeper_monsters=True)
    game.state["level"] = 3
    place(game.state, 0, 1, "large", "N")
    force(game, 1)
    game.play("go S")
    assert foe(game)["name"] == "Goblins" and foe(game)["hp"] == 3


# ---------------------------------------------------------------- the Undead level
def undead(**kw):
    game = scene(exits="S", first_theme="undead", **kw)
    game.state["theme"] = "undead"
    return game


@pytest.mark.parametrize("face,name", [(1, "Skeletons"), (2, "Zombies"), (3, "Mummy"), (4, "Vampire"), (5, "Lich")])
def test_undead_monster_column(face, name):
    game = walk_into(undead(), 3, face)
    assert foe(game)["name"] == name and foe(game)["hp"] == face and foe(game)["undead"]


@pytest.mark.parametrize("face,item", [(1, "fragment"), (2, "potion"), (3, "sword"), (4, "tome"), (5, "scroll")])
def test_undead_reward_column(face, item):
    game = walk_into(undead(), 3, 6, treasure=face)
    assert player(game)["items"][item] == 1


def test_undead_reward_6_is_none():
    game = walk_into(undead(), 3, 6, treasure=6)
    assert sum(player(game)["items"].values()) == 0


def test_first_level_theme_setting_starts_undead():
    from three_dice_helpers import new_game, start

    game = start(new_game(first_theme="undead"), 4, 6, 6, 1)
    assert game.state["theme"] == "undead" and here(game)["name"] == "Crypt"


def test_a_crypt_acts_just_like_a_vault():
    game = walk_into(undead(), 4, 6, treasure=1)  # a fragment is the 1 on the undead reward column
    assert here(game)["name"] == "Crypt" and player(game)["items"]["fragment"] == 1
    force(game, 2)
    game.play("fragment")
    assert player(game)["artifacts"] == {"pendant": 1}


def test_spirit_attack_against_undead_does_not_fail_on_a_6():
    game = fight(scene(attrs=((4, 4, 4),)), monster("Lich", 5, undead=True))
    give(game, scroll=1)
    game.play("ready scroll")
    assert hits_on(game, "SPIRIT") == [1, 2, 3, 4, 5, 6]


def test_spirit_6_against_undead_still_needs_to_roll_under_spirit():
    game = fight(scene(attrs=((4, 4, 6),)), monster("Lich", 5, undead=True))
    assert hits_on(game, "SPIRIT") == [1, 2, 3, 4, 5]


def test_other_attacks_against_undead_and_spirit_against_the_living_still_fail_on_a_6():
    game = fight(scene(attrs=((6, 4, 4),)), monster("Lich", 5, undead=True))
    give(game, sword=3)
    assert hits_on(game, "BODY") == [1, 2, 3, 4, 5]
    game = fight(scene(attrs=((4, 4, 4),)), monster("Dragon", 5))
    give(game, scroll=1)
    game.play("ready scroll")
    assert hits_on(game, "SPIRIT") == [1, 2, 3, 4, 5]


# ---------------------------------------------------------------- Endless and Quest
def test_endless_retire_ends_the_game_and_records_xp_and_deepest_level():
    game = scene()
    player(game)["xp"] = 123
    game.state.update(level=3, deepest=3)
    game.play("retire")
    assert game.over and codes(game) == []
    score = game.state["score"]
    assert score["xp"] == 123 and score["deepest"] == 3 and score["result"] == "retired"


def test_no_retiring_in_the_middle_of_a_fight():
    assert "retire" not in codes(fight(scene(), monster("Orcs", 2)))


def test_death_also_records_the_score():
    game = fight(scene(attrs=((0, 0, 1),)), monster("Orcs", 2))
    player(game)["xp"] = 40
    attack(game, "SPIRIT", 6)
    assert game.state["score"]["xp"] == 40 and game.state["score"]["result"] == "dead"


def quest_vault(levels, level):
    game = scene(here="vault", mode="quest")
    game.state.update(artifact_levels=list(levels), level=level, deepest=level)
    give(game, fragment=1)
    return game


def test_quest_has_no_retiring():
    assert "retire" not in codes(quest_vault([], 1))


def test_quest_is_won_with_artifacts_from_three_levels():
    game = quest_vault([1, 2], 3)
    force(game, 3)
    game.play("fragment")
    assert game.over and game.state["over"] == "won"


def test_quest_two_artifacts_on_one_level_count_once():
    game = quest_vault([1, 2], 2)
    force(game, 3)
    game.play("fragment")
    assert not game.over


# ---------------------------------------------------------------- house rules from the comments
@pytest.mark.parametrize("curve,xp,level", [("flat", 100, 3), ("rising", 100, 2), ("rising", 150, 3),
                                            ("rising", 299, 3), ("rising", 300, 4), ("flat", 49, 1)])
def test_level_up_xp_curve_setting(curve, xp, level):
    game = scene(exits="S", xp_curve=curve)
    player(game)["xp"] = xp - 10
    walk_into(game, 3, 6, treasure=1)  # +10 XP
    assert player(game)["level"] == level


def temple(**settings):
    game = scene(here="temple", exits="S", **settings)
    set_attrs(game, (2, 4, 3), maximum=(4, 4, 4))
    return game


def test_temple_rest_is_off_by_default():
    assert not any(c.startswith("rest") for c in codes(temple()))


def test_temple_rest_only_in_a_temple():
    game = scene(here="large", exits="S", temple_rest=True)
    set_attrs(game, (2, 4, 3), maximum=(4, 4, 4))
    assert not any(c.startswith("rest") for c in codes(game))


@pytest.mark.parametrize("face", [4, 5, 6])
def test_temple_rest_4_to_6_restores_a_point(face):
    game = temple(temple_rest=True)
    assert sorted(c for c in codes(game) if c.startswith("rest")) == ["rest BODY", "rest SPIRIT"]
    force(game, face)
    game.play("rest BODY")
    assert attrs(game) == (3, 4, 3) and game.state["phase"] == "explore"


@pytest.mark.parametrize("face,name", [(1, "Goblins"), (2, "Orcs")])
def test_temple_rest_1_or_2_wakes_to_a_monster(face, name):
    game = temple(temple_rest=True)
    force(game, face)
    game.play("rest BODY")
    assert game.state["phase"] == "fight" and foe(game)["name"] == name and attrs(game) == (2, 4, 3)


def test_temple_rest_3_gains_nothing():
    game = temple(temple_rest=True)
    force(game, 3)
    game.play("rest BODY")
    assert attrs(game) == (2, 4, 3) and foe(game) is None


def flight(**settings):
    """In a fight with giants, having come in from the north."""
    game = scene(exits="S", **settings)
    return walk_into(game, 3, 4)


def test_no_fleeing_without_a_flee_rule():
    assert "flee" not in codes(flight())


@pytest.mark.parametrize("face", [1, 2])
def test_alvin_flee_1_or_2_escapes_back_the_way_you_came(face):
    game = flight(flee_rule="alvin")
    force(game, face, 4)  # escape, then the roving check back in the corridor
    game.play("flee")
    assert game.state["pos"] == "0,0" and game.state["phase"] == "explore" and attrs(game) == (4, 4, 4)
    assert game.state["cells"]["0,1"]["monster"]["hp"] == 4


@pytest.mark.parametrize("face", [3, 4, 5, 6])
def test_alvin_flee_3_to_6_fails_and_the_fight_goes_on(face):
    game = flight(flee_rule="alvin")
    force(game, face)
    game.play("flee")
    assert game.state["pos"] == "0,1" and game.state["phase"] == "fight" and attrs(game) == (4, 4, 4)


def test_stacey_flee_always_escapes_at_minus_1_to_all_three_attributes():
    game = flight(flee_rule="stacey")
    force(game, 4)  # roving check
    game.play("flee")
    assert game.state["pos"] == "0,0" and attrs(game) == (3, 3, 3)


@pytest.mark.parametrize("face,damage", [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)])
def test_nerun_flee_damage_by_the_die_placed_as_the_player_wishes(face, damage):
    game = flight(flee_rule="nerun")
    force(game, face, 4)  # flight die, then the roving check back in the corridor
    game.play("flee")
    for _ in range(damage):
        assert game.state["phase"] == "wound" and game.state["pos"] == "0,1"
        game.play("wound SPIRIT")
    assert attrs(game) == (4, 4, 4 - damage)
    assert game.state["pos"] == "0,0" and game.state["phase"] == "explore" and queued(game) == []


def test_inventory_limit_setting_leaves_a_seventh_item_behind():
    game = scene(exits="S", inventory_limit=True)
    give(game, potion=2, sword=2, tome=2)
    walk_into(game, 3, 6, treasure=5)
    assert player(game)["items"]["scroll"] == 0 and sum(player(game)["items"].values()) == 6


def test_without_inventory_limit_items_pile_up():
    game = scene(exits="S")
    give(game, potion=2, sword=2, tome=2)
    walk_into(game, 3, 6, treasure=5)
    assert player(game)["items"]["scroll"] == 1


def test_descent_drain_setting_lowers_every_maximum_by_1_per_level():
    game = collect_and_walk_to_hall(vault_then_hall(descent_drain=True))
    set_attrs(game, (4, 2, 4), maximum=(4, 4, 4))
    force(game, 2, 6, 1, 1)
    game.play("descend classic")
    assert player(game)["max"] == {"BODY": 3, "MIND": 3, "SPIRIT": 3}
    assert attrs(game) == (3, 2, 3)


def test_without_descent_drain_maximums_are_kept():
    game = collect_and_walk_to_hall(vault_then_hall())
    force(game, 2, 6, 1, 1)
    game.play("descend classic")
    assert player(game)["max"] == {"BODY": 4, "MIND": 4, "SPIRIT": 4}


def test_nerun_flee_damage_can_be_spread_over_the_attributes():
    game = flight(flee_rule="nerun")
    force(game, 6, 4)  # 3 damage
    game.play("flee")
    for attr in ("BODY", "MIND", "SPIRIT"):
        game.play(f"wound {attr}")
    assert attrs(game) == (3, 3, 3) and game.state["pos"] == "0,0"


def test_a_flight_that_takes_the_last_points_is_death():
    game = flight(flee_rule="nerun")
    set_attrs(game, (1, 0, 0), maximum=(4, 4, 4))
    force(game, 2)  # 1 damage
    game.play("flee")
    game.play("wound BODY")
    assert game.over and game.state["over"] == "dead"


@pytest.mark.parametrize("rule", ["stacey", "nerun"])
def test_any_encounter_can_be_fled_even_in_the_first_location_of_a_level(rule):
    from three_dice_helpers import new_game, start

    game = start(new_game(flee_rule=rule), 3, 3, 1, 2)
    game.play("exits NS")
    assert game.state["phase"] == "fight"
    assert "flee" in codes(game)
