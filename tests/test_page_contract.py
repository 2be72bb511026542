"""What the page relies on from every registered ruleset (see pyapp/engine.py)."""

from dataclasses import astuple

import pytest

from pyapp import registry, webapp
from pyapp.engine import BOARD_ID, Game, Outcome, View

HOSTILE = "<img src=x onerror=alert(1)>"
STEPS = 60


def hostile_settings(ruleset):
    """Every free-text setting (player names) set to markup."""
    return {s.key: HOSTILE for s in ruleset.settings if isinstance(s.default, str) and not s.choices}


@pytest.fixture(params=list(registry.RULESETS), ids=str)
def ruleset(request):
    return registry.RULESETS[request.param]


def played(ruleset, settings):
    game = Game(ruleset, "contract", settings)
    for _ in range(STEPS):
        if game.over:
            break
        game.auto()
    return game


def test_render_gives_the_page_its_parts(ruleset):
    game = played(ruleset, {})
    view = game.view()
    assert isinstance(view, View)
    for key in ("board", "status", "panel", "dice"):
        assert isinstance(getattr(view, key), str)
    assert view.board.lstrip().startswith("<svg") and f'id="{BOARD_ID}"' in view.board
    assert all(isinstance(entry, str) for entry in game.state["log"])
    assert isinstance(ruleset.rules_html(), str) and ruleset.rules_html()


def test_hostile_names_never_reach_the_page_as_markup(ruleset):
    settings, problems = ruleset.parse_settings(hostile_settings(ruleset))
    assert problems == []
    game = played(ruleset, settings)
    view = game.view()
    page_parts = list(astuple(view))
    page_parts += [webapp.actions_html(game.legal()), webapp.log_items_html(game.state["log"])]
    for html in page_parts:
        assert "<img src=x" not in html


def test_action_codes_fit_in_links(ruleset):
    game = played(ruleset, {})
    codes = game.actions + [a.code for a in game.legal()]
    assert all(0 < len(code) <= webapp.MAX_CODE_CHARS and code.isprintable() for code in codes)
    query = webapp.share_query(ruleset, game.seed, game.settings, replay=game.actions)
    request = webapp.parse_query(ruleset, query)
    assert request.problems == [] and request.replay == (game.actions or None)
    assert Game.replay(ruleset, game.seed, request.settings, request.replay or []).state == game.state


def test_scores_are_plain_data(ruleset):
    game = played(ruleset, {})
    score = game.state.get("score")
    assert score is None or (isinstance(score, dict) and all(isinstance(k, str) for k in score))


def test_the_outcome_is_one_notion_for_every_ruleset(ruleset):
    game = Game(ruleset, "outcome", {})
    assert game.outcome() == Outcome(False)
    for _ in range(2000):
        if game.over:
            break
        game.auto()
    outcome = game.outcome()
    assert outcome.over == game.over
    if outcome.over:
        assert outcome.result and outcome.score == (game.state.get("score") or None)
