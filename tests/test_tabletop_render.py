"""Tabletop Dungeon drawing: the board's clickable parts, sheets, dice, escaping, the in-page rules."""

from dataclasses import astuple

from pyapp.tabletop.ruleset import RULESET
from tabletop_helpers import codes, force, game, scene, select, threaten

HOSTILE = "<img src=x onerror=alert(1)>"


def test_board_has_tiles_doors_figures_and_clickable_moves_and_targets():
    g = scene({"knight": (1, 3), "archer": (1, 6)}, [("goblin", (1, 2)), ("orc", (0, 0)), ("dragon", (2, 0))],
              door_state="closed")
    view = g.view()
    svg = view.board
    assert svg.startswith("<svg") and 'id="board"' in svg and "<style>" not in svg  # style: RULESET.board_css
    assert 'class="door closed"' in svg and svg.count('class="tile ') == 2
    assert 'class="mon goblin' in svg and 'class="mon orc' in svg and 'class="mon dragon' in svg
    moves = [code for code in codes(g) if code.startswith("m ")]
    assert moves and all(f'data-action="{code}"' in svg for code in moves)
    assert 'data-action="hero 2"' in svg and 'role="button"' in svg and 'tabindex="0"' in svg
    g.state["doors"][0]["state"] = "open"
    assert 'data-action="a 1"' in g.view().board


def test_threatened_heroes_wounds_and_damaged_doors_are_drawn():
    g = scene({"knight": (1, 3)}, door_state="damaged")
    threaten(g, "knight")
    g.state["heroes"][0]["wounds"] = 2
    svg = g.view().board
    assert "threatened" in svg and svg.count('class="pip"') == 2 and 'class="door damaged"' in svg


def test_view_box_follows_the_tiles():
    g = game(placement="auto")
    before = g.view().board.split('viewBox="')[1].split('"')[0]
    for _ in range(3):
        g.play("end")
        g.play("skip")
    after = g.view().board.split('viewBox="')[1].split('"')[0]
    assert before != after


def test_panel_shows_the_sheets_from_data_and_dice_show_what_they_were_for():
    g = scene({"knight": (1, 3), "wizard": (1, 6)}, [("goblin", (1, 2))], door_state="open")
    force(g, 5)
    g.play("a 1")
    view = g.view()
    assert "Hit On" in view.panel and "Save On" in view.panel and "4+" in view.panel
    assert "attacks" in view.dice and 'aria-label="d6 showing 5"' in view.dice
    select(g, "wizard")
    assert "Wizard" in g.view().status


def test_hostile_names_are_escaped_everywhere():
    g = game(("knight", "archer"), name1=HOSTILE, name2=HOSTILE)
    for _ in range(40):
        if g.over:
            break
        g.auto()
    view = g.view()
    for part in astuple(view):
        assert "<img" not in part
    assert any("&lt;img" in part for part in astuple(view))  # the names are shown, as text


def test_rules_text_has_tables_sheets_and_rulings():
    html = RULESET.rules_html()
    for text in ("Hero sheets", "Search", "Minor treasures", "Major treasures", "New room", "Rulings",
                 "Win rates", "Luck Potion", "Boots of Speed", "Dragon"):
        assert text in html


def test_issue_11_rulings_are_in_the_rules_panel_under_rulings():
    from pyapp.tabletop.rules_text import rules_html

    rulings = rules_html().split("<h3>Rulings</h3>", 1)[1]
    for words in ("Among ALL shortest routes", "Any monster that ends its move", "The box holds 4 Doors",
                  "next turn&#x27;s 4 squares", "Squares have one name everywhere", "crossed swords",
                  "pronouns", "The box holds 18 goblins and 18 orcs"):
        assert words in rulings, words
