"""Tabletop Dungeon geometry: set-up, walls and junctions, paths, line of fire, range."""

from pyapp.tabletop import board
from tabletop_helpers import codes, door, game, hall, room, scene, select


def test_setup_room_hallway_closed_door_heroes_in_order_goblins_far_from_the_door():
    g = game()
    s = g.state
    assert [t["kind"] for t in s["tiles"]] == ["room", "hall"]
    assert s["doors"] == [door((1, 3), (1, 2))]
    assert [(h["cls"], tuple(h["sq"])) for h in s["heroes"]] == [
        ("knight", (1, 3)), ("barbarian", (1, 4)), ("wizard", (1, 5)), ("archer", (1, 6))]
    # furthest from the door square (1,2) first, ties in reading order: the far row, then 0,1 1,1 2,1
    assert sorted(tuple(m["sq"]) for m in s["monsters"]) == sorted(
        [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)])
    assert all(m["kind"] == "goblin" for m in s["monsters"])
    assert s["phase"] == "heroes" and s["turn"] == 1


def test_tiles_that_touch_without_a_junction_have_a_wall():
    # hallway 2 runs along room 1's east side (x=3) without a door: no link
    s = scene({"knight": (1, 4)}, tiles=[room(0, 0), hall(1, 3), hall(3, 0, n=2)],
              doors=[door((1, 3), (1, 2), "open")]).state
    assert not board.next_to(s, (2, 0), (3, 0))
    assert board.next_to(s, (1, 2), (1, 3))
    assert (3, 0) not in board.distances(s, [(1, 4)], "hero")


def test_closed_door_blocks_monsters_not_heroes():
    s = scene({"knight": (1, 5)}, door_state="closed").state
    assert (1, 1) not in board.distances(s, [(1, 5)], "open")
    assert board.distances(s, [(1, 5)], "hero")[(1, 1)] == 4
    assert not board.next_to(s, (1, 2), (1, 3))


def test_line_of_fire_doors_block_figures_do_not():
    g = scene({"wizard": (1, 6), "knight": (1, 4)}, [("goblin", (1, 1))], door_state="open")
    s = g.state
    assert board.line_of_fire(s, (1, 6), (1, 1))
    s["doors"][0]["state"] = "closed"
    assert not board.line_of_fire(s, (1, 6), (1, 1))
    s["doors"][0]["state"] = "damaged"
    assert not board.line_of_fire(s, (1, 6), (1, 1))


def test_line_of_fire_off_dungeon_squares_and_walls_block():
    s = scene({"wizard": (1, 6)}, door_state="open").state
    # from the hallway's far end to a room corner: the line leaves the dungeon
    assert not board.line_of_fire(s, (1, 6), (0, 0))
    assert not board.line_of_fire(s, (1, 6), (2, 0))
    # inside the room: any two squares see each other
    assert board.line_of_fire(s, (0, 0), (2, 2))
    assert board.line_of_fire(s, (0, 2), (2, 0))
    # from the hallway into the room beside the door: the line crosses the wall, not the junction
    assert not board.line_of_fire(s, (1, 5), (0, 1))
    assert board.line_of_fire(s, (1, 4), (0, 1))  # exactly through the junction corner: one way round is open
    assert board.line_of_fire(s, (1, 4), (1, 0))


def test_range_wizard_five_archer_eight_melee_next_to_only():
    g = scene({"wizard": (1, 6), "archer": (1, 5), "knight": (1, 3), "barbarian": (2, 2)},
              [("goblin", (1, 1)), ("orc", (1, 0))], door_state="open")
    select(g, "wizard")
    assert "a 1" in codes(g) and "a 2" not in codes(g)  # 5 squares yes, 6 no
    select(g, "archer")
    assert {"a 1", "a 2"} <= set(codes(g))
    select(g, "knight")
    assert "a 1" not in codes(g)  # two squares away
    select(g, "barbarian")
    assert "a 1" not in codes(g)  # diagonal is not next to
    g.state["heroes"][3]["sq"] = [1, 2]
    assert "a 1" in codes(g)


def test_ranged_attacks_need_line_of_fire_through_no_closed_door():
    g = scene({"archer": (1, 6)}, [("goblin", (1, 1))], door_state="closed")
    assert "a 1" not in codes(g)
    g.state["doors"][0]["state"] = "open"
    assert "a 1" in codes(g)


def test_placement_spots_never_overlap_and_room_spots_have_three_offsets():
    s = game().state
    for spot in board.hall_spots(s, 0):
        assert board.tile_fits(board.geometry(s).owner, spot["x"], spot["y"], spot["w"], spot["h"])
    # room 1 has its south middle used by hallway 1: 11 hallway places remain
    assert len(board.hall_spots(s, 0)) == 11
    spots = board.room_spots(s, 1)
    assert [(sp["x"], sp["y"]) for sp in spots] == [(0, 7), (1, 7), (-1, 7)]
    assert all(sp["a"] == [1, 6] and sp["b"] == [1, 7] for sp in spots)


def test_furthest_from_door_order():
    squares = board.furthest_from(room(0, 0), (1, 2))
    assert squares[:2] == [(0, 0), (2, 0)] and squares[-1] == (1, 2)


def test_monster_path_prefers_reading_order():
    s = scene({"knight": (1, 6)}, door_state="open").state
    goal = board.distances(s, [(1, 2)], "open")
    assert board.step_path(s, (0, 0), goal) == [(0, 0), (1, 0), (1, 1), (1, 2)]
