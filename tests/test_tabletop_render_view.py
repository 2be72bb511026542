"""Tabletop Dungeon view: what the player sees on the map, the hero cards and the dice tray."""

import json
import re
from dataclasses import astuple

import pytest

from pyapp.engine import Game
from pyapp.tabletop.render import C, label_spot
from pyapp.tabletop.ruleset import RULESET
from pyapp.tabletop.state import find_monster
from tabletop_helpers import codes, door, force, game, hall, hero, monster_steps, room, scene, select, threaten

HOSTILE = "<img src=x onerror=alert(1)>"


def elements_with(svg: str, code: str) -> list:
    return re.findall(rf'<[^>]*data-action="{re.escape(code)}"[^>]*>', svg)


def test_every_clickable_element_is_a_labelled_focusable_button():
    g = scene({"knight": (1, 3), "archer": (1, 6)}, [("goblin", (1, 1)), ("goblin", (0, 0))])
    threaten(g, "archer")
    svg = g.view().board
    # a group, not an img: an img would hide its buttons from screen readers
    assert 'role="group"' in svg.split(">", 1)[0] and 'role="img"' not in svg.split(">", 1)[0]
    tags = re.findall(r"<[^>]*data-action=[^>]*>", svg)
    assert tags
    for tag in tags:
        assert 'tabindex="0"' in tag and 'role="button"' in tag and re.search(r'aria-label="[^"]+"', tag), tag
    drawn = [code for code in codes(g) if code.startswith(("m ", "a ", "hero "))]
    assert drawn and all(elements_with(svg, code) for code in drawn), drawn


def test_reachable_squares_say_where_and_how_far_and_mark_fights():
    g = scene({"knight": (1, 3)}, [("goblin", (1, 1))])
    svg = g.view().board
    move = elements_with(svg, "m 1 2")[0]
    # squares are named column,row as in the margin and the codes: 1,2 is one step from 1,3
    assert 'aria-label="Move the Knight 1 square to square 1,2"' in move  # the drawn cost leads, as a word
    assert 'class="reach tt-reach"' in move
    fight = elements_with(svg, "m 1 1")[0]
    assert "tt-fight" in fight and "take on Goblin 1" in fight and "2 squares to square 1,1" in fight
    assert svg.count('class="tt-dot"') == svg.count("tt-reach\"") and "tt-swords" in svg
    assert "tt-sel-sq" in svg  # the selected hero's square


def test_attack_targets_have_a_crosshair_and_the_chance():
    g = scene({"knight": (1, 3)}, [("goblin", (1, 2))])
    svg = g.view().board
    target = elements_with(svg, "a 1")[0]
    assert 'aria-label="Attack Goblin 1 (hits on 4+)"' in target and "target" in target
    assert 'class="tt-aim"' in svg


def test_threatened_hero_shows_her_monsters_as_chips_that_can_be_attacked():
    g = scene({"knight": (1, 3), "barbarian": (1, 4)})
    mid = threaten(g, "barbarian", "orc")
    svg = g.view().board
    assert 'data-threats="1"' in svg and "tt-chip orc" in svg
    chip = elements_with(svg, f"a {mid}")[0]
    assert "on Player 2 the Barbarian&#x27;s sheet" in chip or "on Player 2 the Barbarian's sheet" in chip


def test_wounds_are_pips_on_the_figure_free_slots_too():
    g = scene({"knight": (1, 3)})
    hero(g, "knight")["wounds"] = 1
    svg = g.view().board
    assert svg.count('class="pip"') == 1 and svg.count('class="tt-pip-free"') == 2


def test_doors_draw_differently_for_each_state():
    tiles = [room(0, 0), hall(1, 3), room(0, 7, 2), hall(3, 1, 2, vertical=False)]
    doors = [door((1, 3), (1, 2), "open"), door((1, 6), (1, 7), "damaged"), door((3, 1), (2, 1), "closed")]
    g = scene({"knight": (1, 4)}, tiles=tiles, doors=doors)
    svg = g.view().board
    opened = svg.split('data-door="1"')[1].split("</g>")[0]
    damaged = svg.split('data-door="2"')[1].split("</g>")[0]
    closed = svg.split('data-door="3"')[1].split("</g>")[0]
    assert "tt-gap" in opened and "tt-plank" not in opened
    assert "tt-crack" in damaged and "tt-plank" in damaged
    assert "tt-plank" in closed and "tt-crack" not in closed and ">3</text>" in closed


def test_tile_labels_avoid_figures_and_doors():
    g = scene({"knight": (0, 0)}, [("goblin", (2, 0))])
    state = g.state
    busy = {(0, 0), (2, 0)}
    edges = {((1, 3), (0, -1)), ((1, 2), (0, 1))}
    x, y, anchor = label_spot(state, state["tiles"][0], busy, edges)
    assert (x // C, y // C) not in busy and anchor == "start"
    # the hallway's top square has the door on its top edge: its label goes to a bottom corner
    x, y, _ = label_spot(state, state["tiles"][1], set(), edges)
    assert (x // C, (y - 1) // C) == (1, 3) and y % C > C / 2
    # a hallway full of heroes: the label goes into the rock beside it
    full = {(1, y) for y in range(3, 7)}
    x, y, anchor = label_spot(state, state["tiles"][1], full, edges)
    assert x > 2 * C and anchor == "start"


def test_the_monster_that_just_moved_is_marked_with_its_path():
    g = game(("knight",), seed="look")
    monster_steps(g, 1)
    last = g.state.get("last_move")
    assert last and g.state["phase"] == "monsters"
    svg = g.view().board
    assert "tt-moved" in svg and 'class="tt-trail"' in svg
    assert "last move: " + g.state["log"][-1] in g.view().status



def test_the_trail_is_the_path_the_rules_recorded_not_a_redrawn_one():
    g = game(("knight",), seed="look")
    monster_steps(g, 1)
    path = g.state["last_move"]["path"]
    assert len(path) >= 2 and path[-1] == find_monster(g.state, g.state["last_move"]["id"])[0]["sq"]
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))  # square by square
    points = " ".join(f"{x * C + C // 2},{y * C + C // 2}" for x, y in path)
    assert f'class="tt-trail" points="{points}"' in g.view().board
    del g.state["last_move"]["path"]  # a state saved before paths were recorded: no trail, no error
    assert 'class="tt-trail"' not in g.view().board


def test_a_save_of_the_older_state_layout_replays_into_the_new_one():
    g = game(("knight", "archer"), seed="old save")
    for _ in range(60):
        g.auto()
    data = json.loads(g.to_json())
    data["version"] = 1
    for state in (data["state"],):
        if state.get("last_move"):
            del state["last_move"]["path"]
    loaded = Game.from_json(RULESET, json.dumps(data))
    assert loaded.state == g.state and loaded.actions == g.actions


def test_placement_choices_are_numbered_buttons_and_the_automatic_one_is_said():
    g = game(("knight", "barbarian"), placement="ask", seed="look")
    for _ in range(30):
        if g.state["phase"] == "place":
            break
        g.auto()
    assert g.state["phase"] == "place"
    svg = g.view().board
    auto = g.state["place"]["auto"] + 1
    for i in range(1, len(g.state["place"]["spots"]) + 1):
        tag = elements_with(svg, f"place {i}")[0]
        assert "tt-spot" in tag and f"choice {i}" in tag
    assert "the automatic choice" in elements_with(svg, f"place {auto}")[0]


def test_sheets_are_compact_cards_with_the_acting_hero_marked_in_words():
    g = scene({"knight": (1, 3), "wizard": (1, 6)}, [("goblin", (1, 2))])
    panel = g.view().panel
    assert "tt-sheets" in panel and "<table" not in panel
    assert panel.count('class="sheet ') == 2 and 'class="sheet knight active"' in panel
    assert "acting now" in panel and panel.count("acting now") == 1
    assert "Hit On 4+" in panel and "Save On 3+" in panel and "Moves 4" in panel and "○○○" in panel
    assert "Potions" not in panel and "Worn" not in panel and "On her sheet" not in panel
    threaten(g, "wizard")
    hero(g, "wizard")["potions"]["heal"] = 2
    hero(g, "wizard")["wounds"] = 1
    panel = g.view().panel
    assert "On her sheet:</b> Goblin" in panel and "Healing ×2" in panel and "●○○" in panel
    select(g, "wizard")
    panel = g.view().panel
    assert 'class="sheet wizard active"' in panel


def test_dice_tray_shows_faces_and_what_they_were_for():
    g = scene({"knight": (1, 3)}, [("goblin", (1, 2))])
    assert "No dice rolled yet" in g.view().dice
    force(g, 5)
    g.play("a 1")
    dice = g.view().dice
    assert 'class="tray' in dice and "<figure" in dice and "<figcaption>Player 1 the Knight attacks Goblin 1" in dice
    assert 'class="die"' in dice and 'data-face="5"' in dice and dice.count("<circle") == 5


def test_hostile_names_never_reach_the_view_unescaped():
    g = game(("knight", "archer"), name1=HOSTILE, name2=HOSTILE, seed="hostile")
    threaten(g, "archer")
    for _ in range(60):
        view = g.view()
        for part in astuple(view):
            assert "<img" not in part
        assert any("&lt;img" in part for part in astuple(view))  # the names are shown, as text
        if g.over:
            break
        g.auto()


# ---------------------------------------------------------------- issue 11: one coordinate system, the marks
def margin_labels(svg: str) -> dict:
    """{("col", pixel x) or ("row", pixel y): the number drawn there}."""
    out = {}
    for x, y, n in re.findall(r'<text class="tt-coord" x="([-\d.]+)" y="([-\d.]+)">(-?\d+)</text>', svg):
        # column numbers sit 8 px above the top row (y = 32 mod 40); row numbers at mid-square height (24)
        out[("col", float(x)) if float(y) % 40 == 32 else ("row", float(y))] = int(n)
    return out


def test_the_maps_numbers_never_shift_as_the_dungeon_grows_and_buttons_log_and_map_agree():
    g = Game(RULESET, "grows-up-and-left", {**RULESET.defaults(), "heroes": 2, "placement": "auto"})
    seen, corners = {}, set()
    for _ in range(3000):
        if g.over:
            break
        board = g.view().board
        corners.add(re.search(r'viewBox="(-?\d+) (-?\d+)', board).groups())
        for where, n in margin_labels(board).items():
            assert seen.setdefault(where, n) == n, (where, n, seen[where])  # a number once drawn stays
        g.play(RULESET.auto_action(g.state))
    assert len(corners) > 1  # the map's corner moved while the numbers stayed
    # every column label is its square's column: x pixel = column * 40 + 20
    assert all(n * 40 + 20 == where[1] for where, n in seen.items() if where[0] == "col")
    assert all(n * 40 + 24 == where[1] for where, n in seen.items() if where[0] == "row")


def test_a_square_has_one_name_in_the_button_the_map_and_the_log():
    g = scene({"knight": (1, 3)}, [("goblin", (1, 1))])
    button = next(a for a in g.legal() if a.code == "m 1 2")
    assert button.label == "Move to 1,2"
    assert "to square 1,2" in elements_with(g.view().board, "m 1 2")[0]
    g.play("m 1 2")
    assert g.state["log"][-1].endswith("moves 1 square to 1,2.")
    attack = next(a for a in g.legal() if a.code.startswith("a "))
    assert "(at 1,1)" in attack.label
    g2 = scene({"knight": (1, 3)}, [("goblin", (1, 1))])
    assert next(a for a in g2.legal() if a.code == "m 1 1").label == "Move onto Goblin 1 at 1,1 and take it on"


def test_taking_a_monster_on_is_marked_by_crossed_swords_with_a_legend_not_a_ringed_cross():
    g = scene({"knight": (1, 3)}, [("goblin", (1, 1)), ("goblin", (0, 0))])
    view = g.view()
    fight = view.board.split('data-action="m 1 1"', 1)[1].split("</g>", 1)[0]
    assert "tt-swords" in fight and "<circle" not in fight and "tt-badge" not in view.board
    legend = view.panel.split('class="tt-legend"', 1)[1]
    for mark, words in (("tt-swords", "take it on"), ("tt-aim", "attack this monster"), ("tt-dot", "move here")):
        assert mark in legend and words in legend


@pytest.mark.parametrize("seed", ["over-1", "over-2", "over-3", "over-4", "over-5", "over-6"])
def test_game_over_is_a_panel_in_the_board_with_the_score_and_the_pages_new_game_control(seed):
    g = Game(RULESET, seed, {**RULESET.defaults(), "heroes": 4, "placement": "auto"})
    assert "tt-over" not in g.view().board
    while not g.over:
        g.play(RULESET.auto_action(g.state))
    board = g.view().board
    result, score = g.state["result"], g.state["score"]
    over = board.split('class="tt-over ', 1)[1]
    assert over.startswith(result) and "data-current" in over  # the page scrolls it into view
    head = "The heroes escaped!" if result == "won" else "The dungeon wins"
    assert f">{head}</text>" in over and f">Score {score['points']}</text>" in over
    # the new-game button is the page's own control (pyapp/webapp/controller.py CONTROLS["slot-new"])
    assert re.search(r'<g class="tt-over-new" role="button" tabindex="0" data-control="slot-new"', over)
    assert ">New game</text>" in over
