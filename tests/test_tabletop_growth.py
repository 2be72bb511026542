"""Tabletop Dungeon growth: hallway or room, the 1d3-1 rule, placement choice, the spawn table, the box."""

import pytest

from pyapp.tabletop import board, growth
from pyapp.tabletop.data import DOORS
from pyapp.tabletop.state import doors_in_box, figures, new_monster
from tabletop_helpers import codes, door, force, game, hall, room, scene


def spread(n_rooms: int, n_halls: int, placement: str = "ask"):
    """Rooms far apart (20 squares), each with a hallway below it."""
    tiles, doors = [], []
    for k in range(n_rooms):
        tiles.append(room(20 * k, 0, k + 1))
    for k in range(n_halls):
        tiles.append(hall(20 * k + 1, 3, k + 1))
        doors.append(door((20 * k + 1, 3), (20 * k + 1, 2), "open"))
    g = scene({"knight": (1, 4)}, tiles=tiles, doors=doors, placement=placement)
    g.state["phase"] = "grow"
    return g


@pytest.mark.parametrize("face,number", [(1, 5), (2, 4), (3, 3)])
def test_hallway_goes_on_room_rooms_minus_1d3_minus_1_example_of_five(face, number):
    g = spread(5, 5)
    force(g, face)
    g.play("step")
    assert g.state["phase"] == "place"
    spots = g.state["place"]["spots"]
    assert {g.state["tiles"][s["to"]]["n"] for s in spots} == {number}
    assert all(s["kind"] == "hall" for s in spots)


def test_results_below_one_go_to_room_one():
    g = spread(2, 2)
    force(g, 3)  # 2 - 2 = 0
    g.play("step")
    assert {g.state["tiles"][s["to"]]["n"] for s in g.state["place"]["spots"]} == {1}


def test_more_hallways_add_a_room_to_the_last_hallway():
    tiles = [room(0, 0, 1), hall(1, 3, 1), hall(3, 1, 2, vertical=False)]
    doors = [door((1, 3), (1, 2), "open"), door((3, 1), (2, 1))]
    g = scene({"knight": (1, 4)}, tiles=tiles, doors=doors, placement="ask")
    g.state["phase"] = "grow"
    g.play("step")
    spots = g.state["place"]["spots"]
    assert len(spots) == 3 and all(s["kind"] == "room" and s["to"] == 2 for s in spots)
    assert all(s["a"] == [6, 1] and s["b"] == [7, 1] for s in spots)
    g.play("place auto")
    assert g.state["tiles"][-1]["kind"] == "room" and g.state["tiles"][-1]["n"] == 2


def test_placement_ask_offers_auto_and_each_spot_drawn_on_the_map():
    g = spread(1, 1)
    force(g, 1)
    g.play("step")
    c = codes(g)
    assert c[0] == "place auto" and len(c) == 1 + len(g.state["place"]["spots"])
    svg = g.view().board
    assert 'data-action="place 1"' in svg
    g.play("place 2")
    assert g.state["phase"] == "heroes" and len(g.state["tiles"]) == 3
    new = g.state["tiles"][-1]
    assert new["kind"] == "hall" and g.state["doors"][-1]["state"] == "closed"


def test_placement_auto_is_one_automatic_step():
    g = spread(1, 1, placement="auto")
    force(g, 1)
    g.play("step")
    assert g.state["phase"] == "heroes" and len(g.state["tiles"]) == 3


def test_offered_hallways_never_overlap_and_always_leave_room_for_a_room():
    g = game()
    s = g.state
    checked = 0
    for spot in board.hall_spots(s, 0):
        if board.hall_leaves_room(s, spot):
            owner = dict(board.geometry(s).owner)
            assert board.tile_fits(owner, spot["x"], spot["y"], spot["w"], spot["h"])
            checked += 1
    assert checked


def test_a_blocked_room_passes_the_hallway_to_the_next_room_down():
    # room 5 at 20,0 is boxed in on every side; rooms 2-4 and hallways 2-5 are the walls of the box
    tiles = [room(0, 0, 1), room(20, -3, 2), room(23, 0, 3), room(17, 0, 4), room(20, 0, 5),
             hall(1, 3, 1), hall(20, 3, 2), hall(21, 3, 3), hall(22, 3, 4), hall(100, 100, 5)]
    g = scene({"knight": (1, 4)}, tiles=tiles, doors=[door((1, 3), (1, 2), "open")], placement="ask")
    g.state["phase"] = "grow"
    force(g, 1)  # 5 - 0 = room 5: nothing fits there
    g.play("step")
    assert 4 not in {sp["to"] for sp in g.state["place"]["spots"]}
    assert "No hallway fits on room 5" in " ".join(g.state["log"])


@pytest.mark.parametrize("rooms,face,expect", [
    (2, 1, {"goblin": 6}), (2, 2, {"goblin": 6}), (2, 3, {"goblin": 3, "orc": 3}), (4, 2, {"goblin": 3, "orc": 3}),
    (5, 2, {"orc": 6}), (6, 2, {"orc": 6}), (6, 3, {"dragon": 1}), (8, 1, {"dragon": 1}),
])
def test_spawn_table_by_rooms_including_the_new_one(rooms, face, expect):
    g = spread(rooms, rooms)
    s = g.state
    new = s["tiles"][rooms - 1]
    s["monsters"] = []
    force(g, face)
    growth.stock(s, new, (20 * (rooms - 1) + 1, 2))
    kinds = {}
    for m in s["monsters"]:
        kinds[m["kind"]] = kinds.get(m["kind"], 0) + 1
    assert kinds == expect
    assert s["dragon"] == ("dragon" in expect)


def test_new_room_fills_from_the_far_side_orcs_first():
    g = spread(3, 3)
    s = g.state
    s["monsters"] = []
    force(g, 2)  # 2 + 3 = 5: three goblins and three orcs
    growth.stock(s, s["tiles"][2], (41, 2))
    by_sq = {tuple(m["sq"]): m["kind"] for m in s["monsters"]}
    assert {sq for sq, k in by_sq.items() if k == "orc"} == {(40, 0), (42, 0), (41, 0)}
    assert {sq for sq, k in by_sq.items() if k == "goblin"} == {(40, 1), (41, 1), (42, 1)}


def test_the_box_limits_the_figures():
    g = spread(2, 2)
    s = g.state
    s["monsters"] = [new_monster(s, "goblin", (60 + i, 0)) for i in range(14)]
    s["heroes"][0]["threats"] = [new_monster(s, "goblin", (1, 4)) for _ in range(2)]
    force(g, 1)
    growth.stock(s, s["tiles"][1], (21, 2))
    assert figures(s, "goblin") == 18
    assert "Only 2 goblins are left" in " ".join(s["log"])


def test_after_the_dragon_the_dungeon_never_grows():
    g = spread(1, 1)
    g.state["dragon"] = True
    g.play("step")
    assert len(g.state["tiles"]) == 2 and g.state["phase"] == "heroes"


def test_the_first_growths_from_the_set_up():
    g = game(placement="auto")
    g.play("end")
    g.play("skip")
    assert [t["kind"] for t in g.state["tiles"]] == ["room", "hall", "hall"]
    g.play("end")
    g.play("skip")
    assert [t["kind"] for t in g.state["tiles"]] == ["room", "hall", "hall", "room"]
    assert len(g.state["doors"]) == 3


def test_growth_rolls_are_d3():
    g = game(placement="auto")
    seen = []
    for _ in range(2):
        g.play("end")
        g.play("skip")
        seen += [r[1] for r in g.state["rolls"] if "1d3" in r[0]]
    assert seen == [3, 3]  # the hallway's 1d3, then the new room's
    g2 = spread(1, 1)
    force(g2, 4)
    with pytest.raises(ValueError):
        g2.play("step")


# ---------------------------------------------------------------- issue 11: the box of Doors
def end_every_turn_at_once(g):
    """Yield after every action of a game whose heroes only ever end their phase."""
    while not g.over:
        legal = codes(g)
        g.play(next(c for c in ("end", "skip", "place auto", "noluck") if c in legal))
        yield g


def test_seed_doors_never_has_more_than_the_boxs_four_doors_standing():
    g = game(placement="ask", seed="doors")
    standing = [sum(d["state"] != "open" for d in g.state["doors"]) for g in end_every_turn_at_once(g)]
    assert max(standing) == DOORS == 4  # 9 stood at once before the box was a limit
    missing = [line for line in g.state["log"] if "with no door" in line]
    assert missing and all(f"all {DOORS} Doors of the box stand in the dungeon" in line for line in missing)


def test_a_new_tile_gets_no_door_when_the_box_is_empty_and_a_door_opened_goes_back():
    g = spread(4, 3, placement="auto")
    for d in g.state["doors"]:
        d["state"] = "closed"
    g.state["doors"][0]["state"] = "damaged"
    assert doors_in_box(g.state) == 1
    g.state["doors"].append(door((99, 99), (99, 100)))  # a 4th standing door somewhere
    g.state["tiles"].append(room(99, 100, 9))
    g.state["tiles"].append(hall(99, 96, 9))
    assert doors_in_box(g.state) == 0
    force(g, 1, 1)
    g.play("step")
    assert g.state["doors"][-1]["state"] == "open" and "with no door" in " ".join(g.state["log"][-4:])
    assert "0 Doors of 4" in g.view().panel
    g.state["doors"][0]["state"] = "open"  # broken down: back in the box
    assert doors_in_box(g.state) == 1 and "1 Door of 4" in g.view().panel
