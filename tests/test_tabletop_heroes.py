"""Tabletop Dungeon heroes' phase: movement, taking on, attacks, potions, items, trading, search."""

import pytest

from pyapp.engine import IllegalAction
from tabletop_helpers import add, at, codes, force, game, hero, monster, queued, room, scene, select, threaten


def test_move_at_most_four_orthogonal_and_moves_are_spent():
    g = scene({"knight": (1, 6)}, door_state="open")
    c = codes(g)
    assert "m 1 2" in c and "m 1 1" not in c  # 4 squares up; 5 is too far
    assert "m 0 2" not in c  # 5 steps (no diagonals)
    g.play("m 1 4")
    assert hero(g, "knight")["moves"] == 2
    assert "m 1 2" in codes(g) and "m 1 1" not in codes(g)
    g.play("m 1 2")
    assert hero(g, "knight")["moves"] == 0 and not [c for c in codes(g) if c.startswith("m ")]


def test_moves_are_board_clicks_without_buttons():
    g = scene({"knight": (1, 6)}, door_state="open")
    moves = [a for a in g.legal() if a.code.startswith("m ")]
    assert moves and all(a.board for a in moves)
    assert not any(a.board for a in g.legal() if not a.code.startswith("m "))


def test_figures_do_not_block_but_no_ending_on_another_hero():
    g = scene({"knight": (1, 6), "barbarian": (1, 5)}, [("goblin", (1, 4))], door_state="open")
    c = codes(g)
    assert "m 1 5" not in c and "m 1 3" in c  # through the barbarian and the goblin


def test_moving_through_a_closed_door_opens_it_for_free():
    g = scene({"knight": (1, 3)}, door_state="closed")
    assert "open 1" in codes(g)
    g.play("m 1 1")
    assert g.state["doors"][0]["state"] == "open" and hero(g, "knight")["moves"] == 2


def test_open_door_action_is_free():
    g = scene({"knight": (1, 3)}, door_state="closed")
    g.play("open 1")
    assert g.state["doors"][0]["state"] == "open" and hero(g, "knight")["moves"] == 4


def test_ending_on_a_monster_takes_it_on_but_never_the_dragon():
    g = scene({"knight": (1, 6)}, [("goblin", (1, 4)), ("dragon", (1, 2))], door_state="open")
    assert "m 1 2" not in codes(g)
    g.play("m 1 4")
    k = hero(g, "knight")
    assert [m["id"] for m in k["threats"]] == [1] and monster(g, 1) is None
    assert not [c for c in codes(g) if c.startswith("m ")]  # threatened: cannot move


def test_taking_a_monster_on_is_also_a_button_since_its_square_is_an_attack_target_on_the_map():
    g = scene({"knight": (1, 5)}, [("goblin", (1, 4))], door_state="open")
    moves = {a.code: a for a in g.legal() if a.code.startswith("m ")}
    assert not moves["m 1 4"].board and "take it on" in moves["m 1 4"].label
    assert moves["m 1 3"].board  # an empty square is played on the map only


def test_archer_moves_while_threatened_leaving_the_monster_on_her_square():
    g = scene({"archer": (1, 5)}, door_state="open")
    mid = threaten(g, "archer")
    g.play("m 1 3")
    assert hero(g, "archer")["threats"] == [] and at(g, mid) == (1, 5)


def test_attack_hit_on_and_once_per_turn():
    g = scene({"knight": (1, 3)}, [("goblin", (1, 2)), ("goblin", (1, 4))], door_state="open")
    force(g, 3)
    g.play("a 1")
    assert monster(g, 1) is not None and hero(g, "knight")["attacked"]
    assert not [c for c in codes(g) if c.startswith("a ")]
    g2 = scene({"knight": (1, 3)}, [("goblin", (1, 2))], door_state="open")
    force(g2, 4)
    g2.play("a 1")
    assert monster(g2, 1) is None and g2.state["kills"] == 1


def test_orc_takes_two_and_a_wounded_orc_becomes_a_goblin():
    g = scene({"knight": (1, 3)}, [("orc", (1, 2))], door_state="open")
    force(g, 6)
    g.play("a 1")
    assert monster(g, 1)["kind"] == "goblin"


def test_barbarian_hits_on_three_and_a_natural_six_deals_two():
    g = scene({"barbarian": (1, 3)}, [("orc", (1, 2))], door_state="open")
    force(g, 6)
    g.play("a 1")
    assert monster(g, 1) is None
    g = scene({"barbarian": (1, 3)}, [("orc", (1, 2))], door_state="open")
    force(g, 3)
    g.play("a 1")
    assert monster(g, 1)["kind"] == "goblin"


def test_ring_of_power_adds_one():
    g = scene({"knight": (1, 3)}, [("goblin", (1, 2))], door_state="open")
    hero(g, "knight")["items"] = ["ring"]
    g.play("wear ring")
    assert hero(g, "knight")["moves"] == 3
    force(g, 3)
    g.play("a 1")
    assert monster(g, 1) is None


def test_monster_on_another_heros_sheet_only_from_beside_her():
    g = scene({"knight": (1, 3), "wizard": (1, 5), "archer": (1, 6)}, door_state="open")
    mid = threaten(g, "knight")
    select(g, "wizard")
    assert f"a {mid}" not in codes(g)  # in range, but not next to the knight
    select(g, "archer")
    assert f"a {mid}" not in codes(g)
    hero(g, "wizard")["sq"] = [1, 4]
    select(g, "wizard")
    assert f"a {mid}" in codes(g)
    select(g, "knight")
    assert f"a {mid}" in codes(g)  # her own threat


def test_dragon_is_never_a_target():
    g = scene({"knight": (1, 3), "archer": (1, 6)}, [("dragon", (1, 2))], door_state="open")
    assert not [c for c in codes(g) if c.startswith("a ")]
    select(g, "archer")
    assert not [c for c in codes(g) if c.startswith("a ")]


def test_luck_after_a_failed_attack_costs_a_square():
    g = scene({"knight": (1, 3)}, [("goblin", (1, 2))], door_state="open")
    hero(g, "knight")["potions"]["luck"] = 1
    force(g, 1)
    g.play("a 1")
    assert codes(g) == ["luck", "noluck"]
    force(g, 5)
    g.play("luck")
    assert monster(g, 1) is None
    k = hero(g, "knight")
    assert k["potions"]["luck"] == 0 and k["moves"] == 3


def test_luck_refused_keeps_the_miss():
    g = scene({"knight": (1, 3)}, [("goblin", (1, 2))], door_state="open")
    hero(g, "knight")["potions"]["luck"] = 1
    force(g, 1)
    g.play("a 1")
    g.play("noluck")
    assert monster(g, 1) and hero(g, "knight")["potions"]["luck"] == 1 and g.state["pending"] is None


def test_healing_potion_costs_a_square_and_needs_a_wound():
    g = scene({"knight": (1, 3)}, door_state="open")
    k = hero(g, "knight")
    k["potions"]["heal"] = 1
    assert "drink heal" not in codes(g)
    k["wounds"] = 2
    g.play("drink heal")
    assert k["wounds"] == 1 and k["moves"] == 3 and k["potions"]["heal"] == 0


def test_invisibility_makes_monsters_ignore_her_for_one_phase():
    g = scene({"knight": (1, 4)}, [("goblin", (1, 1))], door_state="open")
    hero(g, "knight")["potions"]["invis"] = 1
    g.play("drink invis")
    assert hero(g, "knight")["moves"] == 3
    g.play("end")
    g.play("step")  # nobody moves: straight to saves and growth
    assert at(g, 1) == (1, 1) and not hero(g, "knight")["invisible"]


def test_items_wear_one_of_each_type_and_boots_give_six_next_turn():
    g = scene({"knight": (1, 3)}, door_state="open")
    k = hero(g, "knight")
    k["items"] = ["boots", "boots", "cloak"]
    g.play("wear boots")
    assert "wear boots" not in codes(g) and "wear cloak" in codes(g)
    g.play("wear cloak")
    k = hero(g, "knight")
    assert k["moves"] == 2 and k["worn"] == ["boots", "cloak"]
    g.state["monsters"] = []
    g.play("end")
    g.play("skip")
    assert hero(g, "knight")["moves"] == 6


def test_cloak_adds_one_to_saves():
    g = scene({"barbarian": (1, 3)}, door_state="open")
    b = hero(g, "barbarian")
    b["items"], b["worn"] = ["cloak"], ["cloak"]
    threaten(g, "barbarian")
    g.play("end")
    force(g, 3)
    g.play("step")  # no monster moves: the save (3 + 1 cloak = 4 saves on 4)
    assert hero(g, "barbarian")["wounds"] == 0


def test_give_and_exchange_next_to_each_other_neither_threatened():
    g = scene({"knight": (1, 3), "barbarian": (1, 4), "wizard": (1, 6)}, door_state="open")
    k, b = hero(g, "knight"), hero(g, "barbarian")
    k["items"], b["potions"]["heal"] = ["ring"], 1
    assert "give ring 2" in codes(g) and "give ring 3" not in codes(g)  # the wizard is not next to him
    g.play("give ring 2")
    k, b = hero(g, "knight"), hero(g, "barbarian")
    assert b["items"] == ["ring"] and k["moves"] == 3 and b["moves"] == 3
    select(g, "barbarian")
    g.play("give heal 1")  # the answer of an exchange: free
    k, b = hero(g, "knight"), hero(g, "barbarian")
    assert k["potions"]["heal"] == 1 and k["moves"] == 3 and b["moves"] == 3
    threaten(g, "knight")
    assert not [c for c in codes(g) if c.startswith("give")]


def test_search_conditions():
    g = scene({"knight": (0, 0), "barbarian": (1, 1)}, door_state="open")
    assert "search" in codes(g)
    hero(g, "barbarian")["sq"] = [1, 3]  # one hero in the hallway
    assert "search" not in codes(g)
    hero(g, "barbarian")["sq"] = [1, 1]
    threaten(g, "knight")
    assert "search" not in codes(g)
    hero(g, "knight")["threats"] = []
    g.state["tiles"][0]["cleared"] = True
    assert "search" not in codes(g)


def test_search_tables_items_and_the_room_is_cleared():
    g = scene({"knight": (0, 0), "barbarian": (1, 1)}, door_state="open")
    force(g, 3, 2, 6, 5)  # knight 3 -> minor, 2 -> Luck; barbarian 6 -> major, 5 -> Ring
    g.play("search")
    k, b = hero(g, "knight"), hero(g, "barbarian")
    assert k["potions"]["luck"] == 1 and b["items"] == ["ring"]
    assert g.state["tiles"][0]["cleared"] and k["moves"] == 0 and b["moves"] == 0
    assert "search" not in codes(g) and not queued(g)


def test_search_adds_rooms_already_cleared_and_seven_finds_the_exit():
    g = scene({"knight": (0, 0)}, tiles=[room(0, 0, 1), room(10, 0, 2, cleared=True), room(20, 0, 3, cleared=True)])
    force(g, 5)
    g.play("search")
    assert g.state["result"] == "won" and g.over and g.legal() == []
    assert g.state["score"]["won"] and g.state["score"]["points"] >= 100
    with pytest.raises(IllegalAction):
        g.play("end")


def test_search_with_one_hero_when_the_others_are_out():
    g = scene({"knight": (0, 0), "barbarian": (1, 5)}, door_state="open")
    hero(g, "barbarian")["out"] = True
    assert "search" in codes(g)


def test_selecting_heroes_and_hero_names_in_labels():
    g = game(("knight", "wizard"), name1="Ann", name2="Bo")
    assert "hero 2" in codes(g) and "hero 1" not in codes(g)
    g.play("hero 2")
    assert g.state["sel"] == 1
    assert any("Ann the Knight" in a.label for a in g.legal())


def test_a_class_chosen_twice_goes_to_the_first_free_one():
    g = game(("wizard", "wizard"))
    assert [h["cls"] for h in g.state["heroes"]] == ["wizard", "knight"]


def test_heroes_phase_ends_with_end():
    g = scene({"knight": (1, 6)}, [("goblin", (0, 0))], door_state="open")
    add(g, "goblin", (2, 0))
    g.play("end")
    assert g.state["phase"] == "monsters" and codes(g) == ["step", "skip"]


def test_cleared_rooms_may_be_searched_again_once_the_dungeon_is_complete_under_the_house_rule():
    g = scene({"knight": (0, 0)}, tiles=[room(0, 0, 1, cleared=True), room(10, 0, 2, cleared=True)])
    g.state["dragon"] = True
    assert "search" not in codes(g)  # the text: a room is searched once
    g.state["opts"]["search_again"] = True
    assert "search" in codes(g)
