"""Tabletop Dungeon monsters' phase, doors, the Dragon, saving throws, wounds, loss."""

import pytest

from tabletop_helpers import add, at, codes, door, force, hall, hero, monster, movement_phase, room, scene, threaten

LONG = dict(tiles=[room(0, 0, 1), hall(1, 3, 1), room(0, 7, 2)],
            doors=[door((1, 3), (1, 2), "open"), door((1, 6), (1, 7), "open")])


def test_closest_first_ties_in_reading_order_and_the_knight_needs_two():
    g = scene({"knight": (1, 4)}, [("goblin", (0, 0)), ("goblin", (2, 1)), ("goblin", (0, 1))])
    g.play("end")
    g.play("step")  # (0,1) and (2,1) are both 4 away: (0,1) first in reading order
    k = hero(g, "knight")
    assert [m["id"] for m in k["threats"]] == [3]
    assert "threatens" in g.state["log"][-1]
    g.play("step")
    assert [m["id"] for m in k["threats"]] == [3, 2]  # two: the Knight is in Peril now
    g.play("step")
    assert g.state["log"][-1] == "Every hero is in Peril: no more monsters move."
    assert at(g, 1) == (0, 0)


def test_monsters_target_the_closest_hero_not_in_peril_and_move_past_heroes_in_peril():
    g = scene({"barbarian": (1, 3), "knight": (1, 5)}, [("goblin", (1, 2)), ("goblin", (1, 1))])
    movement_phase(g)
    assert [m["id"] for m in hero(g, "barbarian")["threats"]] == [1]
    assert [m["id"] for m in hero(g, "knight")["threats"]] == [2]  # 4 squares past the barbarian


def test_a_monster_that_cannot_reach_stops_on_a_free_square():
    g = scene({"knight": (1, 3)}, [("goblin", (1, 8)), ("goblin", (1, 7))], **LONG)
    hero(g, "knight")["sq"] = [0, 0]
    movement_phase(g)
    # (1,7) first: 4 steps up to (1,3); then (1,8) would end on (1,4)
    assert at(g, 2) == (1, 3) and at(g, 1) == (1, 4)


def test_monsters_never_end_on_a_hero_in_peril():
    g = scene({"barbarian": (1, 3), "knight": (1, 6)}, [("goblin", (0, 0))], door_state="open")
    threaten(g, "barbarian")
    movement_phase(g)
    assert at(g, 1) == (1, 2)  # 4 steps would end on the barbarian: it stops short


def test_all_heroes_in_peril_no_monster_moves():
    g = scene({"barbarian": (1, 3), "wizard": (1, 5)}, [("goblin", (0, 0))], door_state="open")
    threaten(g, "barbarian")
    threaten(g, "wizard")
    movement_phase(g)
    assert at(g, 1) == (0, 0)
    assert "Every hero is in Peril" in g.state["log"][-1]


def test_closed_door_the_closest_monster_attacks_it_the_others_wait():
    g = scene({"knight": (1, 5)}, [("goblin", (0, 0)), ("goblin", (1, 1)), ("goblin", (2, 0))],
              door_state="closed")
    movement_phase(g)
    assert at(g, 2) == (1, 2) and g.state["doors"][0]["attacker"] == 2
    assert at(g, 1) == (0, 0) and at(g, 3) == (2, 0)
    assert "attacks it" in " ".join(g.state["log"])


def test_one_attacker_per_door_even_when_another_is_as_close():
    g = scene({"knight": (1, 5)}, [("goblin", (0, 2)), ("goblin", (2, 2))], door_state="closed")
    movement_phase(g)
    assert g.state["doors"][0]["attacker"] == 1 and at(g, 1) == (1, 2) and at(g, 2) == (2, 2)


def test_door_damaged_the_first_turn_removed_the_second():
    g = scene({"knight": (1, 5)}, [("goblin", (1, 1))], door_state="closed")
    g.play("end")
    g.play("step")  # the goblin goes to the door
    g.play("step")  # saves (none), the door takes damage, then the growth and the next turn
    g.play("skip")
    assert g.state["doors"][0]["state"] == "damaged" and g.state["phase"] == "heroes"
    assert at(g, 1) == (1, 2)
    g.play("end")
    g.play("skip")
    assert g.state["doors"][0]["state"] == "open"
    assert at(g, 1) == (1, 2)


def test_damaged_door_still_blocks_and_heroes_may_open_it():
    g = scene({"knight": (1, 3)}, [("goblin", (1, 0))], door_state="damaged")
    assert "open 1" in codes(g)
    movement_phase(g)
    assert at(g, 1) == (1, 2)  # it goes to the door, not through it


def test_opening_an_attacked_door_frees_the_monster():
    g = scene({"knight": (1, 3)}, [("goblin", (1, 2))], door_state="closed")
    g.state["doors"][0]["attacker"] = 1
    g.play("open 1")
    assert g.state["doors"][0]["attacker"] is None
    movement_phase(g)
    assert [m["id"] for m in hero(g, "knight")["threats"]] == [1]


def test_dragon_goes_next_to_the_closest_hero_even_in_peril_never_onto_her():
    g = scene({"barbarian": (1, 4), "knight": (1, 6)}, [("dragon", (0, 0))], door_state="open")
    threaten(g, "barbarian")
    movement_phase(g)
    assert at(g, 1) == (1, 3)
    assert hero(g, "barbarian")["threats"][0]["kind"] == "goblin"


def test_dragon_goes_for_a_hero_in_peril_and_stops_beside_her():
    g = scene({"barbarian": (1, 3), "knight": (1, 6)}, [("dragon", (0, 0))], door_state="open")
    threaten(g, "barbarian")  # the Knight is not in Peril, so monsters still move
    movement_phase(g)
    assert at(g, 1) == (1, 2)  # next to the closest hero, though she is in Peril


def test_the_dragon_halts_too_when_every_hero_is_in_peril_under_rules_version_1():
    g = scene({"barbarian": (1, 3)}, [("dragon", (0, 0))], door_state="open")
    threaten(g, "barbarian")
    movement_phase(g)
    assert at(g, 1) == (0, 0)


def test_the_dragon_always_moves_even_when_every_hero_is_in_peril():
    """Issue 31: "The Dragon will stop next to the closest Hero even if that Hero is in Peril" is its own
    rule; the goblin stops ("no more Monsters will move"), the Dragon still comes."""
    g = scene({"barbarian": (1, 3)}, [("dragon", (0, 0)), ("goblin", (2, 1))], door_state="open", rules=2)
    threaten(g, "barbarian")
    g.play("end")
    g.play("step")  # the goblin is closer: it would move first, but every hero is in Peril
    assert g.state["log"][-1] == "Every hero is in Peril: no more monsters move, but the Dragon."
    g.play("step")
    assert at(g, 1) == (1, 2) and at(g, 2) == (2, 1)  # beside the barbarian; the goblin stayed
    assert g.state["log"][-1] == "The Dragon moves 3 squares toward Player 1 the Barbarian and stands next to him."


BLOCKERS = [(1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (1, 3)]  # every square of every shortest route, room 1


@pytest.mark.parametrize("rules", [2, 3])
def test_a_dragon_whose_shortest_routes_monsters_block_takes_another_that_ends_closer(rules):
    """Issue 45, item 4 (RULINGS, Tabletop): the goblins, held by the Peril halt, fill every shortest route
    from the Dragon's corner to the square beside the Barbarian; version 3's Dragon goes round them to the
    free square nearest its target within its 4, version 2's stood still with no word in the log."""
    g = scene({"barbarian": (1, 4)}, [("dragon", (0, 0)), *(("goblin", sq) for sq in BLOCKERS)],
              door_state="open", rules=rules)
    threaten(g, "barbarian")
    movement_phase(g)
    goblins = [at(g, mid) for mid in range(2, 2 + len(BLOCKERS))]
    assert goblins == BLOCKERS  # every hero in Peril: the others stand
    if rules == 2:
        assert at(g, 1) == (0, 0) and not g.state["log"][-1].startswith("The Dragon")
        return
    assert at(g, 1) == (2, 2)  # 4 squares round the goblins, 2 from the square beside the Barbarian
    assert g.state["log"][-1] == ("The Dragon moves 4 squares by another way (monsters block every shortest "
                                  "one) toward Player 1 the Barbarian.")


@pytest.mark.parametrize("rules", [2, 3])
def test_a_dragon_with_no_closer_square_stands_and_the_log_says_why(rules):
    """Issue 45, item 4: four goblins fill the hallway between the Dragon and the Barbarian; no square
    within its 4 is closer, so it stands, and from version 3 the log says why."""
    g = scene({"barbarian": (1, 6)}, [("dragon", (1, 1)), *(("goblin", (1, y)) for y in (2, 3, 4, 5))],
              door_state="open", rules=rules)
    threaten(g, "barbarian")
    movement_phase(g)
    assert at(g, 1) == (1, 1)
    said = ("The Dragon stays where it is: every square within 4 of it that is closer to Player 1 the Barbarian "
            "is taken by a monster or a hero.")
    assert (g.state["log"][-1] == said) == (rules == 3)


def test_a_blocked_dragon_step_is_a_step_of_the_page_with_its_line():
    """The Dragon that stands still with its reason is one step of the monsters' phase (Game.play "step")."""
    g = scene({"barbarian": (1, 6)}, [("dragon", (1, 1)), *(("goblin", (1, y)) for y in (2, 3, 4, 5))],
              door_state="open", rules=3)
    threaten(g, "barbarian")
    g.play("end")
    g.play("step")
    assert g.state["log"][-1] == "Every hero is in Peril: no more monsters move, but the Dragon."
    g.play("step")
    assert g.state["log"][-1].startswith("The Dragon stays where it is") and at(g, 1) == (1, 1)


def test_a_dragon_closest_to_a_door_does_not_keep_the_others_from_it():
    """Issue 31's door stall: the Dragon, beside the Barbarian in Peril, is the monster closest to the closed
    door; the goblin, whose target (the Knight) is behind it, waited for ever. The closest monster that
    attacks doors goes."""
    heroes = {"barbarian": (0, 0), "knight": (1, 5)}
    monsters = [("dragon", (1, 1)), ("goblin", (2, 0))]
    old = scene(heroes, monsters, door_state="closed")
    new = scene(heroes, monsters, door_state="closed", rules=2)
    for g in (old, new):
        threaten(g, "barbarian")
        for _ in range(3):
            movement_phase(g)
            g.state["phase"] = "heroes"
    assert old.state["doors"][0]["attacker"] is None and at(old, 2) == (2, 0)  # version 1: the stall
    assert new.state["doors"][0]["attacker"] == 2 and at(new, 2) == (1, 2)
    assert at(new, 1) == (1, 0)  # the Dragon keeps to its own rule: beside the Barbarian


def test_dragon_extra_save_after_the_peril_saves():
    g = scene({"barbarian": (1, 3), "knight": (1, 6)}, [("dragon", (1, 2))], door_state="open")
    threaten(g, "barbarian")
    g.play("end")
    force(g, 1, 1)  # the barbarian fails the Peril save and the Dragon's
    g.play("step")
    assert hero(g, "barbarian")["wounds"] == 2 and hero(g, "knight")["wounds"] == 0
    whats = [r[0] for r in g.state["rolls"]]
    assert "Peril" in whats[0] and "Dragon" in whats[1]


def test_saving_throws_only_for_heroes_in_peril():
    g = scene({"knight": (1, 3), "wizard": (1, 6)}, door_state="open")
    threaten(g, "knight")  # one threat: the Knight is not in Peril
    threaten(g, "wizard")
    g.play("end")
    force(g, 4)  # wizard saves on 5: fails
    g.play("step")
    assert hero(g, "wizard")["wounds"] == 1 and hero(g, "knight")["wounds"] == 0
    assert len([r for r in g.state["rolls"] if "saves" in r[0]]) == 1


@pytest.mark.parametrize("boots", [False, True])
def test_luck_on_a_failed_save_takes_a_square_off_her_next_turn(boots):
    # "Drinking a Potion counts as 1 square of Movement", everywhere: in the monsters' phase it comes off
    # the hero's next turn (4 squares, 6 with the Boots), and the offer says so
    g = scene({"wizard": (1, 6)}, door_state="open")
    threaten(g, "wizard")
    w = hero(g, "wizard")
    w["potions"]["luck"] = 1
    if boots:
        w["items"], w["worn"] = ["boots"], ["boots"]
    full = 6 if boots else 4
    g.play("end")
    force(g, 1)
    g.play("step")
    assert codes(g) == ["luck", "noluck"] and g.state["phase"] == "saves"
    offer = next(a for a in g.legal() if a.code == "luck")
    assert offer.hint == f"1 square of movement (off next turn's {full})"
    force(g, 6)
    g.play("luck")
    assert w["wounds"] == 0 and w["potions"]["luck"] == 0
    assert codes(g) == ["step", "skip"]
    g.play("skip")
    assert g.state["phase"] == "heroes" and w["moves"] == full - 1
    g.play("end")
    g.play("skip")
    assert w["moves"] == full  # only the one turn


def test_a_potion_offer_says_its_cost_the_same_way_in_the_heroes_phase():
    g = scene({"knight": (1, 3)}, [("goblin", (1, 2))], door_state="open")
    k = hero(g, "knight")
    k["potions"]["luck"], k["potions"]["heal"], k["wounds"] = 1, 1, 1
    assert next(a for a in g.legal() if a.code == "drink heal").hint == "1 square of movement (this turn)"
    force(g, 1)
    g.play("a 1")
    assert next(a for a in g.legal() if a.code == "luck").hint == "1 square of movement (this turn)"


def test_three_wounds_out_and_her_monster_takes_her_square():
    g = scene({"wizard": (1, 6), "knight": (1, 3)}, door_state="open")
    mid = threaten(g, "wizard", "orc")
    hero(g, "wizard")["wounds"] = 2
    g.play("end")
    force(g, 1)
    g.play("step")
    w = hero(g, "wizard")
    assert w["out"] and w["threats"] == [] and at(g, mid) == (1, 6)
    assert not g.over


def test_the_knights_strongest_monster_takes_his_square_the_other_is_removed():
    g = scene({"knight": (1, 3), "wizard": (1, 6)}, door_state="open")
    gob = threaten(g, "knight", "goblin")
    orc = threaten(g, "knight", "orc")
    hero(g, "knight")["wounds"] = 2
    g.play("end")
    force(g, 1)
    g.play("step")
    assert hero(g, "knight")["out"] and at(g, orc) == (1, 3) and at(g, gob) is None


def test_every_hero_out_loses():
    g = scene({"wizard": (1, 6)}, door_state="open")
    threaten(g, "wizard")
    hero(g, "wizard")["wounds"] = 2
    g.play("end")
    force(g, 2)
    g.play("step")
    assert g.over and g.state["result"] == "lost" and g.legal() == []
    assert g.state["score"]["won"] is False


def test_skip_finishes_the_phase_and_automatic_runs_only_for_rules_steps():
    from pyapp.tabletop.ruleset import RULESET

    g = scene({"knight": (1, 6)}, [("goblin", (0, 0)), ("goblin", (2, 0))], door_state="open")
    assert not RULESET.automatic(g.state)
    g.play("end")
    assert RULESET.automatic(g.state)
    assert RULESET.auto_action(g.state) == "step"
    g.play("skip")
    assert g.state["phase"] == "heroes" and g.state["turn"] == 2 and not RULESET.automatic(g.state)


def test_each_monster_move_is_one_step_with_a_log_line():
    g = scene({"knight": (1, 6)}, [("goblin", (0, 0)), ("goblin", (2, 0))], door_state="open")
    g.play("end")
    n = len(g.state["log"])
    g.play("step")
    assert len(g.state["log"]) == n + 1 and (monster(g, 1)["sq"] != [0, 0] or monster(g, 2)["sq"] != [2, 0])


def test_invisible_heroes_are_ignored():
    g = scene({"knight": (1, 4), "wizard": (1, 6)}, [("goblin", (1, 1))], door_state="open")
    hero(g, "knight")["invisible"] = True
    movement_phase(g)
    assert at(g, 1) == (1, 5)  # toward the wizard, past the invisible knight


def test_monsters_added_later_do_not_share_squares():
    g = scene({"knight": (1, 6)}, [("goblin", (0, 0)), ("goblin", (1, 0)), ("goblin", (2, 0))], door_state="open")
    add(g, "orc", (0, 1))
    movement_phase(g)
    squares = [tuple(m["sq"]) for m in g.state["monsters"]]
    assert len(squares) == len(set(squares))


# ---------------------------------------------------------------- issue 11: all shortest routes
CROSS = dict(tiles=[room(0, 0, 1), hall(1, 3, 1), hall(3, 1, 2, vertical=False)],
             doors=[door((1, 3), (1, 2), "open"), door((3, 1), (2, 1), "open")])


def test_a_monster_takes_another_equally_short_route_to_a_free_square():
    # the goblin crosses room 1 from hallway 2 toward the knight in hallway 1; the first route in reading
    # order goes by (1,1) and (1,2), where two heroes in Peril stand; the route by (2,2) is as short and free
    g = scene({"barbarian": (1, 2), "wizard": (1, 1), "knight": (1, 5)}, [("goblin", (4, 1))], **CROSS)
    threaten(g, "barbarian")
    threaten(g, "wizard")
    gob = g.state["monsters"][0]["id"]
    movement_phase(g)
    assert at(g, gob) == (2, 2)


def test_no_monster_halts_short_where_an_equally_short_route_goes_nearer(monkeypatch):
    from bench import tabletop_halts
    from pyapp.simulate import play_out
    from pyapp.tabletop import monsters
    from pyapp.tabletop.ruleset import RULESET

    monkeypatch.setattr(monsters, "walk", tabletop_halts.counted(monsters.walk))
    monkeypatch.setattr(tabletop_halts, "COUNT", {"walks": 0, "short": 0})
    for i in range(12):
        play_out(RULESET, f"halts-{i}", {"heroes": 4, "placement": "auto"})
    assert tabletop_halts.COUNT["walks"] > 50 and tabletop_halts.COUNT["short"] == 0


def test_any_monster_ending_next_to_a_closed_door_attacks_it_one_attacker_per_door():
    # goblin 1 puts the barbarian in Peril; goblin 2 then has no target and ends its move where it stands,
    # next to door 2 (closed): it attacks it. Goblin 3, on the door's other side, does not: one per door
    tiles = [room(0, 0, 1), hall(1, 3, 1), hall(3, 1, 2, vertical=False)]
    doors = [door((1, 3), (1, 2), "open"), door((3, 1), (2, 1), "closed")]
    g = scene({"barbarian": (1, 4)}, [("goblin", (1, 1)), ("goblin", (2, 1)), ("goblin", (3, 1))],
              tiles=tiles, doors=doors)
    g.play("end")
    while g.state["phase"] == "monsters":
        g.play("step")
    assert [m["id"] for m in hero(g, "barbarian")["threats"]] == [1]
    assert g.state["doors"][1]["attacker"] == 2
    assert any(line.endswith("Goblin 2 attacks door 2.") for line in g.state["log"])
    assert not any("Goblin 3 attacks" in line for line in g.state["log"])
