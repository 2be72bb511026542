"""3 Dice Dungeon (seed 000): treasure, XP and levelling up, map fragments and
the six artifacts."""

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


# ---------------------------------------------------------------- the treasure column
@pytest.mark.parametrize("face,item", [(2, "potion"), (3, "sword"), (4, "tome"), (5, "scroll"), (6, "fragment")])
def test_treasure_die_sets_the_treasure_taken_once_the_monster_is_defeated(face, item):
    game = walk_into(scene(exits="S"), 3, 1, treasure=face)
    assert player(game)["items"][item] == 0  # not before the monster is beaten
    attack(game, "BODY", 1)
    assert player(game)["items"][item] == 1


def test_treasure_die_1_is_no_treasure():
    game = walk_into(scene(exits="S"), 3, 1, treasure=1)
    attack(game, "BODY", 1)
    assert sum(player(game)["items"].values()) == 0


def test_treasure_of_a_location_without_monster_is_taken_at_once():
    game = walk_into(scene(exits="S"), 3, 6, treasure=3)
    assert player(game)["items"]["sword"] == 1


# ---------------------------------------------------------------- healing potion
def hurt(values=(1, 2, 4), maximum=(4, 4, 4)):
    game = scene()
    set_attrs(game, values, maximum=maximum)
    give(game, potion=1)
    return game


def test_potion_offers_plus_2_to_one_or_plus_1_to_two_of_the_lowered_attributes():
    options = sorted(c for c in codes(hurt()) if c.startswith("potion"))
    assert options == ["potion 0 BODY BODY", "potion 0 BODY MIND", "potion 0 MIND MIND"]


def test_potion_plus_2_to_one_attribute():
    game = hurt()
    game.play("potion 0 BODY BODY")
    assert attrs(game) == (3, 2, 4) and player(game)["items"]["potion"] == 0


def test_potion_plus_1_to_two_attributes():
    game = hurt()
    game.play("potion 0 BODY MIND")
    assert attrs(game) == (2, 3, 4)


def test_potion_never_raises_above_the_maximum():
    game = hurt(values=(3, 4, 4))
    game.play("potion 0 BODY BODY")
    assert attrs(game) == (4, 4, 4)


def test_potion_not_offered_at_full_strength():
    game = hurt(values=(4, 4, 4))
    assert not any(c.startswith("potion") for c in codes(game))


def test_potion_can_be_drunk_during_a_fight_without_a_roll():
    game = fight(hurt(), monster("Giants", 4))
    game.play("potion 0 MIND MIND")
    assert attrs(game) == (1, 4, 4) and game.state["phase"] == "fight" and queued(game) == []


# ---------------------------------------------------------------- magic sword, tome, spell scroll
def test_magic_sword_adds_1_to_body_rolls():
    game = fight(scene(attrs=((3, 3, 3),)), monster("Giants", 4))
    give(game, sword=1)
    assert hits_on(game, "BODY") == [1, 2, 3]
    assert hits_on(game, "MIND") == [1, 2]


def test_magic_swords_are_cumulative():
    game = fight(scene(attrs=((3, 3, 3),)), monster("Giants", 4))
    give(game, sword=2)
    assert hits_on(game, "BODY") == [1, 2, 3, 4]


def test_tome_adds_1_to_mind_rolls_and_is_cumulative():
    game = fight(scene(attrs=((3, 3, 3),)), monster("Giants", 4))
    give(game, tome=1)
    assert hits_on(game, "MIND") == [1, 2, 3]
    give(game, tome=1)
    assert hits_on(game, "MIND") == [1, 2, 3, 4]
    assert hits_on(game, "BODY") == [1, 2]


def test_spell_scroll_adds_3_to_one_spirit_roll_then_disappears():
    game = fight(scene(attrs=((3, 3, 2),)), monster("Giants", 4))
    give(game, scroll=1)
    game.play("ready scroll")
    assert hits_on(game, "SPIRIT") == [1, 2, 3, 4]
    attack(game, "SPIRIT", 4)
    assert foe(game)["hp"] == 3 and player(game)["items"]["scroll"] == 0
    assert hits_on(game, "SPIRIT") == [1]


def test_spell_scroll_is_not_spent_on_a_body_roll():
    game = fight(scene(attrs=((3, 3, 2),)), monster("Giants", 4))
    give(game, scroll=1)
    game.play("ready scroll")
    attack(game, "BODY", 1)
    assert player(game)["items"]["scroll"] == 1
    assert hits_on(game, "SPIRIT") == [1, 2, 3, 4]


# ---------------------------------------------------------------- XP and levelling up
def test_xp_is_the_total_of_the_location_monster_and_treasure_dice():
    game = walk_into(scene(exits="S"), 3, 2, treasure=4, exits=1)
    attack(game, "BODY", 1)
    assert player(game)["xp"] == 0
    attack(game, "BODY", 1)
    assert player(game)["xp"] == 3 + 2 + 4  # the exits die is not counted


def test_xp_for_a_location_without_monster():
    game = walk_into(scene(exits="S"), 2, 6, treasure=5, exits=1)
    assert player(game)["xp"] == 2 + 6 + 5


def test_level_up_at_50_xp_raises_one_maximum_and_restores_all():
    game = scene()
    set_attrs(game, (1, 2, 4), maximum=(4, 4, 4))
    player(game)["xp"] = 45
    walk_into(game, 3, 6, treasure=1)  # +10 XP
    assert player(game)["xp"] == 55 and player(game)["level"] == 2
    assert sorted(codes(game)) == ["raise BODY", "raise MIND", "raise SPIRIT"]
    game.play("raise MIND")
    assert player(game)["max"] == {"BODY": 4, "MIND": 5, "SPIRIT": 4}
    assert attrs(game) == (4, 5, 4) and game.state["phase"] == "explore"


def test_no_level_up_below_50_xp():
    game = scene()
    player(game)["xp"] = 39
    walk_into(game, 3, 6, treasure=1)
    assert player(game)["xp"] == 49 and player(game)["level"] == 1 and game.state["phase"] == "explore"


def test_every_further_50_xp_is_another_level():
    game = scene()
    player(game).update(xp=95, level=2)
    walk_into(game, 3, 6, treasure=1)
    assert player(game)["level"] == 3 and "raise BODY" in codes(game)


# ---------------------------------------------------------------- map fragments
def in_vault(name="Vault"):
    game = scene(here="vault", exits="S")
    here(game)["name"] = name
    give(game, fragment=1)
    return game


def test_map_fragment_in_a_vault_unearths_an_artifact_and_is_used_up():
    game = in_vault()
    force(game, 6)
    game.play("fragment")
    assert player(game)["items"]["fragment"] == 0
    assert player(game)["artifacts"] == {"charm": 1}


def test_map_fragment_cannot_be_used_outside_a_vault():
    for kind in ("corridor", "small", "large", "temple", "hall"):
        game = scene(here=kind, exits="S")
        give(game, fragment=1)
        assert "fragment" not in codes(game), kind


def test_map_fragment_only_after_the_vaults_monster_is_defeated():
    game = fight(in_vault(), monster("Orcs", 1))
    assert "fragment" not in codes(game)
    attack(game, "BODY", 1)
    assert "fragment" in codes(game)


@pytest.mark.parametrize("face,key", [(1, "idol"), (2, "pendant"), (3, "boots"), (4, "teleport"), (5, "salts"),
                                      (6, "charm")])
def test_artifact_die(face, key):
    game = in_vault()
    force(game, face)
    game.play("fragment")
    assert player(game)["artifacts"] == {key: 1}


# ---------------------------------------------------------------- artifacts in play
def armed(*artifacts, attrs_=(2, 2, 2), foe_=None):
    game = fight(scene(attrs=(attrs_,), exits="NS"), foe_ or monster("Giants", 4))
    for key in artifacts:
        give(game, **{key: 1})
    return game


def test_jade_idol_adds_2_to_one_attack_roll_of_any_attribute():
    game = armed("idol")
    game.play("ready idol")
    assert hits_on(game, "SPIRIT") == [1, 2, 3]
    attack(game, "SPIRIT", 3)
    assert foe(game)["hp"] == 3
    assert "idol" not in player(game)["artifacts"]
    assert hits_on(game, "SPIRIT") == [1]


def test_crystal_pendant_adds_3_to_one_mind_roll():
    game = armed("pendant")
    game.play("ready pendant")
    assert hits_on(game, "MIND") == [1, 2, 3, 4]
    attack(game, "BODY", 1)  # not a MIND roll: the pendant stays
    assert player(game)["artifacts"] == {"pendant": 1}
    attack(game, "MIND", 4)
    assert foe(game)["hp"] == 2 and player(game)["artifacts"] == {}


def test_shielding_charm_ignores_one_hit_then_is_gone():
    game = armed("charm")
    game.play("ready charm")
    attack(game, "BODY", 6)
    assert attrs(game) == (2, 2, 2) and player(game)["artifacts"] == {}
    attack(game, "BODY", 6)
    assert attrs(game) == (1, 2, 2)


def boots_room():
    game = armed("boots")
    place(game.state, 0, -1, "large", "S")
    place(game.state, 0, 1, "large", "N")
    return game


def test_boots_of_swiftness_run_into_a_random_adjacent_room_with_no_penalty():
    game = boots_room()
    assert "flee boots" in codes(game)
    force(game, 2, 4)  # boots die: 2nd exit (S); roving check 4: quiet
    game.play("flee boots")
    assert game.state["pos"] == "0,1" and attrs(game) == (2, 2, 2)
    assert game.state["cells"]["0,0"]["monster"]["hp"] == 4  # the fight is left, not won
    assert player(game)["xp"] == 0


def test_boots_at_character_level_1_give_one_run_then_crumble():
    game = boots_room()
    force(game, 1, 4)
    game.play("flee boots")
    assert game.state["pos"] == "0,-1" and "boots" not in player(game)["artifacts"]


def test_boots_give_as_many_runs_as_the_character_level():
    game = boots_room()
    player(game)["level"] = 2
    force(game, 1, 4)
    game.play("flee boots")
    assert player(game)["artifacts"] == {"boots": 1}
    game.play("go S")  # back into the fight: no roving roll, the giants are still there
    assert game.state["phase"] == "fight" and foe(game)["name"] == "Giants"
    force(game, 2, 4)
    game.play("flee boots")
    assert game.state["pos"] == "0,1" and "boots" not in player(game)["artifacts"]


def test_scroll_of_teleportation_after_clearing_to_any_other_explored_location_once():
    game = scene(exits="S")
    place(game.state, 0, 1, "large", "N")
    place(game.state, 5, 5, "small", "")
    give(game, teleport=1)
    assert sorted(c for c in codes(game) if c.startswith("scroll")) == ["scroll 0,1", "scroll 5,5"]
    force(game, 1)  # roving roll on arrival: goblins
    game.play("scroll 5,5")
    assert game.state["pos"] == "5,5" and foe(game)["name"] == "Goblins"
    assert player(game)["artifacts"] == {}


def test_scroll_of_teleportation_not_before_the_room_is_cleared():
    game = fight(scene(exits="S"), monster("Orcs", 1))
    place(game.state, 0, 1, "large", "N")
    give(game, teleport=1)
    assert not any(c.startswith("scroll") for c in codes(game))
    attack(game, "BODY", 1)
    assert "scroll 0,1" in codes(game)


def test_sleeping_salts_put_the_monster_to_sleep_with_no_xp():
    game = walk_into(scene(exits="S"), 3, 4, treasure=3, exits=2)
    game.play("exits NS")
    give(game, salts=1)
    game.play("salts")
    assert game.state["phase"] == "explore" and "go N" in codes(game)
    assert player(game)["xp"] == 0 and player(game)["items"]["sword"] == 0
    assert player(game)["artifacts"] == {}


def test_sleeping_monster_is_awake_again_when_the_room_is_next_visited():
    game = walk_into(scene(exits="S"), 3, 2, treasure=3, exits=2)
    game.play("exits NS")
    give(game, salts=1)
    game.play("salts")
    force(game, 6)
    game.play("go N")
    game.play("go S")  # no roving roll: the orcs wake
    assert game.state["phase"] == "fight" and foe(game)["name"] == "Orcs" and not foe(game)["asleep"]
    # rules_text ruling: its treasure is yours when you beat it
    attack(game, "BODY", 1)
    attack(game, "BODY", 1)
    assert foe(game) is None and player(game)["items"]["sword"] == 1


def test_a_ready_shielding_charm_waits_for_a_hit_against_you():
    game = armed("charm")
    game.play("ready charm")
    attack(game, "BODY", 1)  # a hit for the player: the charm is not used
    assert player(game)["artifacts"] == {"charm": 1}
    attack(game, "BODY", 6)
    assert attrs(game) == (2, 2, 2) and player(game)["artifacts"] == {}
