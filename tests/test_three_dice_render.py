"""The 3 Dice Dungeon renderer: what a player must see, checked by substrings."""

from __future__ import annotations

import re
from dataclasses import astuple

from three_dice_helpers import fight, give, monster, place, scene, set_attrs


def board(game) -> str:
    return game.view().board


def test_board_is_one_svg_with_id_board_and_a_description():
    svg = board(scene())
    assert svg.startswith('<svg id="board"') and svg.endswith("</svg>")
    assert "<title id=\"board-title\">Level 1 map</title>" in svg
    assert "1 locations mapped on level 1" in svg


def test_every_location_is_a_cell_with_its_kind_and_cleared_mark():
    game = scene(here="temple", exits="S")
    place(game.state, 0, 1, "hall", "N", monster=monster("Orcs", 2))
    svg = board(game)
    assert 'class="cell temple cleared current" data-cell="0,0" data-kind="temple"' in svg
    assert 'class="cell hall uncleared" data-cell="0,1" data-kind="hall"' in svg
    assert "♛" in svg and "✚" in svg  # Great Hall and temple recognisable at a glance


def test_monsters_show_their_current_hit_points_and_sleep():
    game = fight(scene(), monster("Giants", 4))
    game.state["cells"]["0,0"]["monster"]["hp"] = 3
    svg = board(game)
    assert '<g class="monster awake" data-hp="3"><title>Giants 3/4</title>' in svg
    game.state["cells"]["0,0"]["monster"]["asleep"] = True
    assert 'class="monster asleep"' in board(game)


def test_exits_into_the_unknown_are_open_and_walkable_from_the_map():
    game = scene(exits="NS")
    place(game.state, 0, 1, "corridor", "N")
    svg = board(game)
    assert 'class="passage open" data-side="N"' in svg
    assert 'class="passage joined" data-side="S"' in svg
    assert re.search(r'<g class="go" data-action="go N" tabindex="0" role="button"', svg)
    assert 'data-action="go S"' in svg


def test_no_map_arrows_during_a_fight():
    game = fight(scene(exits="NS"), monster("Orcs", 2))
    assert 'class="go"' not in board(game)


def test_teleport_targets_are_clickable_cells():
    game = scene(here="temple", exits="S")
    place(game.state, 3, 3, "temple", "N")
    svg = board(game)
    assert 'data-cell="3,3" data-kind="temple" data-action="teleport 3,3" tabindex="0" role="button"' in svg


def test_attack_buttons_show_the_chance_to_hit():
    game = fight(scene(attrs=((4, 3, 2),)), monster("Orcs", 2))
    hints = {a.code: a.hint for a in game.legal()}
    assert hints["attack BODY"] == "BODY: hits on 1-3, 50%"
    assert hints["attack SPIRIT"] == "SPIRIT: hits on 1, 17%"
    give(game, sword=2)
    assert {a.code: a.hint for a in game.legal()}["attack BODY"] == "BODY: hits on 1-5, 83%"


def test_panel_shows_attributes_xp_level_items_and_bonuses():
    game = scene()
    set_attrs(game, (4, 0, 2), maximum=(4, 4, 4))
    give(game, sword=2, potion=1)
    panel = game.view().panel
    assert 'data-attr="BODY"' in panel and "<b>0</b>/4" in panel  # MIND at 0 of its max 4
    assert "Level 1 · 0 XP (next at 50)" in panel
    assert "BODY +2" in panel and "bleeding out" in panel
    assert "Magic sword ×2" in panel and "Healing potion ×1" in panel


def test_tiles_panel_shows_health_points():
    game = scene(edition="tiles", hp=7)
    assert 'data-attr="HP"' in game.view().panel


def test_dice_are_drawn_as_faces_with_what_they_were_for():
    game = scene()
    game.state["rolls"] = [["Location", [3], 6], ["Exits (d3)", [2], 3]]
    tray = game.view().dice
    assert "<figcaption>Location</figcaption>" in tray
    assert 'data-face="3"' in tray and 'aria-label="d6 showing 3"' in tray and tray.count("<circle") == 3
    assert 'aria-label="d3 showing 2"' in tray


def test_hostile_names_are_escaped_everywhere():
    game = scene()
    game.state["players"][0]["name"] = "<img src=x onerror=alert(1)>"
    game.state["cells"]["0,0"]["name"] = "<script>"
    out = fight(game, monster("<marquee>", 2)).view()
    assert all("<img" not in part and "<script>" not in part and "<marquee>" not in part for part in astuple(out))
    assert "&lt;img" in out.panel and "&lt;marquee&gt;" in out.board + out.status


def test_while_choosing_exits_the_forced_ones_show_and_each_candidate_is_a_click():
    game = scene(exits="S")
    from three_dice_helpers import force

    force(game, 3, 6, 1, 2)  # a large room with 2 exits: the way in (N) and one more
    game.play("go S")
    assert game.state["phase"] == "exits"
    svg = board(game)
    assert 'class="passage joined" data-side="N"' in svg or 'class="passage open" data-side="N"' in svg
    picks = re.findall(r'class="go pick-exit" data-action="(exits [NESW]+)"', svg)
    assert sorted(picks) == sorted(a.code for a in game.legal() if a.code.startswith("exits"))


def test_in_hot_seat_the_sheet_of_the_player_whose_turn_it_is_says_so():
    game = scene(attrs=((4, 4, 4), (4, 4, 4)))
    game.state["turn"] = 1
    panel = game.view().panel
    assert '<section class="sheet active" data-player="1">' in panel
    assert panel.count("(your turn)") == 1 and panel.index("(your turn)") > panel.index('data-player="1"')
    assert "(your turn)" not in scene().view().panel  # alone, nothing to say
