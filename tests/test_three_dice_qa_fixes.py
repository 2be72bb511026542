"""Rules a QA pass found missing or wrong, each pinned by a scenario."""

from __future__ import annotations

from three_dice_helpers import (
    attack,
    attrs,
    codes,
    fight,
    force,
    give,
    here,
    monster,
    new_game,
    place,
    player,
    scene,
    set_attrs,
    walk_into,
)


# ---------------------------------------------------------------- hot-seat turns
def test_a_player_who_falls_to_a_trap_hands_the_lead_on():
    game = scene(attrs=((1, 0, 0), (4, 4, 4)), exits="S")
    force(game, 1)  # the search springs a trap
    game.play("search")
    game.play("wound BODY")
    assert not player(game, 0)["alive"]
    assert game.state["turn"] == 1 and not game.over


def test_the_fallen_never_attack():
    game = scene(attrs=((1, 0, 0), (4, 4, 4)), exits="S")
    force(game, 1)
    game.play("search")
    game.play("wound BODY")
    walk_into(game, 3, 2)  # orcs
    assert all(code.startswith(("attack", "potion")) for code in codes(game))
    attack(game, "BODY", 1)
    assert "Hero 2 rolls 1" in " ".join(game.state["log"][-3:])


def test_pass_hands_the_lead_to_the_next_living_player():
    game = scene(attrs=((4, 4, 4), (4, 4, 4), (4, 4, 4)))
    player(game, 1)["alive"] = False
    game.play("pass")
    assert game.state["turn"] == 2
    game.play("pass")
    assert game.state["turn"] == 0


def test_the_tray_keeps_every_players_character_dice():
    game = new_game(chars=((1, 1, 1, 4, 5, 6), (6, 5, 4)))  # the first player rerolls once
    tray = {what: faces for what, faces, _ in game.state["rolls"]}
    assert tray == {"Hero: attributes": [4, 5, 6], "Hero 2: attributes": [6, 5, 4]}


# ---------------------------------------------------------------- a blow on a spent attribute
def test_a_miss_with_a_spent_attribute_costs_a_point_elsewhere_of_the_players_choice():
    game = fight(scene(), monster("Ogres", 3))
    set_attrs(game, (0, 3, 2), maximum=(4, 4, 4))
    attack(game, "BODY", 5)
    assert game.state["phase"] == "wound"
    assert sorted(codes(game)) == ["wound MIND", "wound SPIRIT"]
    game.play("wound SPIRIT")
    assert attrs(game) == (0, 3, 1) and game.state["phase"] == "fight"


def test_in_hot_seat_the_wounded_player_places_the_blow_then_the_next_attacks():
    game = fight(scene(attrs=((4, 4, 4), (4, 4, 4))), monster("Ogres", 3))
    set_attrs(game, (0, 2, 2), maximum=(4, 4, 4))
    attack(game, "BODY", 6)
    assert game.state["turn"] == 0 and game.state["phase"] == "wound"
    game.play("wound MIND")
    assert game.state["turn"] == 1 and game.state["phase"] == "fight"


# ---------------------------------------------------------------- the end is final
def test_retiring_cannot_be_undone():
    game = scene()
    game.play("retire")
    assert game.over and not game.can_undo()


# ---------------------------------------------------------------- fleeing (Alvin)
def test_a_failed_escape_means_you_must_fight():
    game = scene(exits="NS", flee_rule="alvin")
    walk_into(game, 3, 3)
    force(game, 5)
    game.play("flee")
    assert game.state["phase"] == "fight" and "flee" not in codes(game)


# ---------------------------------------------------------------- the six-item limit
def full_pack(game):
    give(game, sword=3, tome=3)


def test_treasure_you_cannot_carry_stays_on_the_floor_to_take_later():
    game = scene(exits="S", inventory_limit=True)
    full_pack(game)
    walk_into(game, 3, 6, treasure=2)  # no monster, a potion
    assert here(game)["treasure"] == "potion" and player(game)["items"]["potion"] == 0
    assert "take" not in codes(game)
    game.play("swap sword")
    assert here(game)["treasure"] == "sword"
    assert player(game)["items"]["potion"] == 1 and player(game)["items"]["sword"] == 2


def test_drop_and_take_swap_what_lies_here():
    game = scene(exits="S", inventory_limit=True)
    full_pack(game)
    place(game.state, 0, 1, "large", "N", treasure="potion")
    force(game, 6)  # no roving monster
    game.play("go S")
    assert "take" not in codes(game) and "swap tome" in codes(game)
    assert not any(c.startswith("drop") for c in codes(game))
    game.state["cells"]["0,1"]["treasure"] = None
    game.play("drop tome")
    assert here(game)["treasure"] == "tome" and player(game)["items"]["tome"] == 2
    game.play("take")
    assert here(game)["treasure"] is None and player(game)["items"]["tome"] == 3


def test_no_floor_actions_without_the_limit():
    game = scene()
    give(game, sword=1)
    assert not any(c.startswith(("take", "drop")) for c in codes(game))


# ---------------------------------------------------------------- temple rest
def test_rest_once_per_visit_and_only_with_something_to_recover():
    game = scene(here="temple", exits="S", temple_rest=True)
    assert not any(c.startswith("rest") for c in codes(game))  # nothing to recover
    set_attrs(game, (2, 4, 4), maximum=(4, 4, 4))
    force(game, 4)
    game.play("rest BODY")
    assert attrs(game) == (3, 4, 4)
    assert not any(c.startswith("rest") for c in codes(game))


def test_tiles_rest_needs_lost_health():
    game = scene(edition="tiles", here="temple", exits="S", temple_rest=True, hp=6)
    assert "rest HP" not in codes(game)
    player(game)["hp"] = 4
    assert "rest HP" in codes(game)


# ---------------------------------------------------------------- training wheels in the Tiles edition
def test_tiles_training_wheels_apply_to_the_first_drawn_room_not_the_entrance():
    game = new_game("tiles", training_wheels=True)
    game.play("assign 4 4 4")
    assert game.state["made"] == 1  # the Entrance
    game.state["deck"] = ["straight"] * 5
    force(game, 4, 2, 1)  # monster 4 is rerolled to 2, treasure 1
    game.play("go N")
    assert here(game)["monster"]["name"] == "Orcs"


# ---------------------------------------------------------------- the Scroll of Teleportation list
def test_scroll_targets_are_named_by_location_number_and_come_last():
    game = scene(exits="S")
    place(game.state, 0, 1, "vault", "N")
    give(game, teleport=1)
    actions = game.legal()
    scrolls = [a for a in actions if a.code.startswith("scroll")]
    assert scrolls and all(a.group == "Scroll of Teleportation" for a in scrolls)
    assert scrolls[0].label == "To 2, the Vault"
    assert actions[-len(scrolls):] == scrolls
