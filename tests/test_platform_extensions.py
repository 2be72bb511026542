"""The page platform's extensions used by the later rulesets: map-only
actions, the rules' own steps, downloads and tools."""

import dataclasses

from pyapp import webapp
from pyapp.engine import Action, Download, Game, Tool
from tests.toy import TOY

HOSTILE = "<img src=x onerror=alert(1)>"


def test_board_actions_get_no_button_and_no_key():
    actions = [Action("go 3", "Go to room 3", "Move", board=True), Action("search", "Search", "Room"),
               Action("go 4", "Go to room 4", "Move", board=True)]
    html = webapp.actions_html(actions)
    assert 'data-action="search"' in html and 'aria-keyshortcuts="1"' in html
    assert "go 3" not in html and "go 4" not in html
    assert "2 places" in html
    assert webapp.button_actions(actions) == [actions[1]]


def test_only_board_actions_still_say_where_to_play():
    html = webapp.actions_html([Action("go 3", "Go", board=True)])
    assert "1 place " in html and "<button" not in html


def rules_stepping_toy():
    """The toy, but its steps 2 and 3 are the rules' own (like monsters moving)."""
    return dataclasses.replace(TOY, automatic=lambda s: s["n"] in (2, 3))


def test_undo_never_goes_back_over_a_rules_step():
    ruleset = rules_stepping_toy()
    game = Game(ruleset, "s")
    game.play("move N")  # n 0 -> 1: undoable
    assert game.can_undo()
    game.play("move N")  # 1 -> 2: still the player's
    game.play("move N")  # 2 -> 3: the rules' own step
    assert not game.can_undo()
    game.play("move N")  # 3 -> 4: the rules' own step
    assert not game.can_undo()
    game.play("move N")  # 4 -> 5: the player's again
    assert game.can_undo()
    game.undo()
    assert game.state["n"] == 4


def test_downloads_and_tools_are_escaped_page_parts():
    ruleset = dataclasses.replace(
        TOY,
        downloads=(Download("svg", f"Map {HOSTILE}", "svg", "image/svg+xml", lambda game: "<svg/>"),
                   Download("png", "Map (PNG)", "png", "image/png", None)),
        tools=(Tool("stats", f"Stats {HOSTILE}", lambda settings: '<input name="n" value="10">',
                    lambda game, values: iter(["working", "done"])),),
    )
    downloads = webapp.downloads_html(ruleset)
    assert downloads.count('data-control="download"') == 2 and 'data-download="png"' in downloads
    tools = webapp.tools_html(ruleset, ruleset.defaults())
    assert 'data-tool="stats"' in tools and 'id="tool-stats-output"' in tools and 'name="n"' in tools
    for html in (downloads, tools):
        assert "<img src=x" not in html


def test_download_names_are_file_safe():
    game = Game(TOY, "a/b c<d>")
    assert webapp.download_name(TOY, game, "svg") == "toy-a-b-c-d-step0.svg"
    assert webapp.export_name(TOY, game).endswith(".json")

