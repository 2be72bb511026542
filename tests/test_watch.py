"""Watching a game move by move (issue 46, item 1; pyapp/webapp/watch.py and the page's controller): every
move shows the state the engine had then, a link can name the move it opens at, and playing on from a move is
a new game that leaves the one watched as it was."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from page_agent import Agent, opened
from pyapp import registry
from pyapp.engine import Game
from pyapp.markup import escape
from pyapp.webapp import parse_query, replay_query
from pyapp.webapp.watch import CHECKPOINT, Watch

MOVES = 90


def played(slug: str, seed: str = "watch", moves: int = MOVES) -> Game:
    game = Game(registry.get(slug), seed, {})
    while len(game.actions) < moves and not game.over:
        game.auto()
    return game


def event(kind, **data):
    return json.dumps({"kind": kind, **data})


@pytest.mark.parametrize("slug", registry.RULESETS)
def test_every_move_shows_the_engines_state_then_forward_back_and_by_jumps(slug):
    game = played(slug)
    ruleset = registry.get(slug)
    watch = Watch(game, 0)
    assert watch.state == Game(ruleset, game.seed, game.settings).state
    order = [1, 2, len(game.actions), 0, CHECKPOINT + 3, CHECKPOINT - 1, len(game.actions) // 2, 5]
    for at in order:
        watch.go(at)
        assert watch.at == min(at, len(game.actions))
        assert watch.state == Game.replay(ruleset, game.seed, game.settings, game.actions[: watch.at]).state, at
    watch.go(len(game.actions) + 50)
    assert watch.at_end and watch.state == game.state  # past the end: the end


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(min_value=-5, max_value=MOVES + 5), min_size=1, max_size=12))
def test_any_walk_through_the_moves_shows_the_replayed_state(walk):
    game = played("tabletop-dungeon", "walk")
    watch = Watch(game)
    for at in walk:
        watch.go(at)
        expected = Game.replay(game.ruleset, game.seed, game.settings, game.actions[: watch.at]).state
        assert watch.state == expected


def test_a_link_names_the_move_it_opens_at_and_a_bad_one_is_said():
    ruleset = registry.get("three-dice-dungeon")
    game = played("three-dice-dungeon")
    query = replay_query(ruleset, game.seed, game.settings, game.actions)
    assert parse_query(ruleset, query + "&at=7").at == 7
    bad = parse_query(ruleset, query + "&at=seven")
    assert bad.at is None and any("move to watch" in p for p in bad.problems)
    alone = parse_query(ruleset, "?seed=x&at=3")
    assert alone.at is None and any("carries no replay" in p for p in alone.problems)


def test_the_page_opens_a_link_watched_at_its_move_with_nothing_to_play(dice_page):
    ruleset = registry.get("three-dice-dungeon")
    game = played("three-dice-dungeon")
    query = replay_query(ruleset, game.seed, game.settings, game.actions) + "&at=4"
    agent = Agent()
    page = dice_page.start(opened(query=query), agent)
    assert page.watch.at == 4 and page.game.actions == game.actions  # the game itself is whole
    assert agent.prop("#watch", "hidden") is False and "Move 4 of" in agent.html("#watch")
    assert "data-action" not in agent.html("#actions") and "Watching the replay" in agent.html("#actions")
    assert agent.prop("#undo", "disabled") is True
    assert "&amp;at=4" in agent.html("#watch")  # the link to this move


def test_the_controls_and_keys_step_the_replay_and_the_log_follows(dice_page):
    agent = Agent()
    page = dice_page.start(opened(query="?seed=keys"), agent)
    for _ in range(12):
        page.handle(event("key", key="a"))
    length = len(page.game.actions)
    page.handle(event("control", control="watch", data={}))
    assert page.watch.at == 0
    page.handle(event("key", key="ArrowRight"))
    page.handle(event("control", control="watch-forward", data={}))
    assert page.watch.at == 2
    page.handle(event("key", key="ArrowLeft"))
    assert page.watch.at == 1
    page.handle(event("key", key="End"))
    assert page.watch.at == length
    page.handle(event("control", control="watch-to", data={"value": "3"}))
    assert page.watch.at == 3
    log = [op for op in agent.ops("html") if op[1] == "#log-list"][-1][2]
    assert escape(page.watch.state["log"][-1]) in log and escape(page.game.state["log"][-1]) not in log
    page.handle(event("key", key="Home"))
    assert page.watch.at == 0
    page.handle(event("control", control="watch-exit", data={}))
    assert page.watch is None and len(page.game.actions) == length and agent.prop("#watch", "hidden") is True


def test_play_on_from_a_move_is_a_new_saved_game_and_the_watched_one_is_kept(dice_page):
    agent = Agent()
    page = dice_page.start(opened(query="?seed=take-over"), agent)
    for _ in range(10):
        page.handle(event("key", key="a"))
    original, slot = list(page.game.actions), page.slot
    page.handle(event("control", control="watch", data={}))
    page.handle(event("control", control="watch-to", data={"value": "4"}))
    page.handle(event("control", control="watch-take-over", data={}))
    assert page.watch is None and page.game.actions == original[:4] and page.slot != slot
    kept = page.store.load(slot, page.ruleset)
    assert kept.actions == original  # the game watched is as it was
    assert "data-action" in agent.html("#actions")  # the new game plays
