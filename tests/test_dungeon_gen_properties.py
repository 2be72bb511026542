"""Random legal play and whole dungeons, for any settings: generation ends,
every passage ends somewhere, play never raises or locks, and exploring in
the fixed order gives the whole-mode dungeon (replays and saves of every
ruleset: tests/test_page_contract.py)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dungeon_gen_helpers import explored_by_auto, map_of, whole
from pyapp.dungeon_gen import rules
from pyapp.dungeon_gen.ruleset import RULESET
from pyapp.engine import Game
from random_play import random_game

OPTIONS = st.fixed_dictionaries({
    "size": st.sampled_from(["roll", "small", "medium", "large"]),
    "type": st.sampled_from(["cave", "crypt", "ruin", "lair"]),
    "int": st.integers(0, 5),
    "dungeoneering": st.integers(0, 5),
})


def check_invariants(state: dict) -> None:
    """Counters match a recount; passages, loops and stairs point at each other."""
    total = 0
    for level in state["levels"]:
        rooms = level["rooms"]
        level_open = 0
        for room in rooms:
            unexplored = [p for p in room["passages"] if p["kind"] == "unexplored"]
            assert room["open"] == len(unexplored)
            level_open += len(unexplored)
            total += len(unexplored) + sum(1 for p in room["passages"] if p["kind"] == "stairs" and p["to"] is None)
            if room["from"]:
                parent = rooms[room["from"][0] - 1]
                back = next(p for p in parent["passages"] if p["label"] == room["from"][1])
                assert (back["kind"], back["to"]) == ("room", room["n"])
            for way in room["passages"]:
                if way["kind"] == "loop":
                    other = next(p for p in rooms[way["to"] - 1]["passages"] if p["label"] == way["via"])
                    assert (other["kind"], other["to"], other["via"]) == ("loop", room["n"], way["label"])
                elif way["kind"] == "stairs" and way["to"] is not None:
                    there = state["levels"][way["level"] - 1]["rooms"][way["to"] - 1]
                    assert any(p["kind"] == "stairs" and p["level"] == level["level"] for p in there["passages"])
            assert room["dead"] == (room["from"] is not None and room["n"] > 1
                                    and not any(p["kind"] != "stairs" and not p["secret"] for p in room["passages"]))
        assert level["open"] == level_open
    assert state["open"] == total
    assert len(state["log"]) <= 200


def check_complete(state: dict) -> None:
    for level in state["levels"]:
        for room in level["rooms"]:
            for way in room["passages"]:
                assert way["kind"] in ("room", "loop", "stairs") and way["to"] is not None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(max_size=10), opts=OPTIONS)
def test_whole_generation_ends_and_every_passage_ends_somewhere(seed, opts):
    state = whole(seed, **opts)
    check_invariants(state)
    check_complete(state)
    assert state["level_thread"] == state["seed_value"] - (len(state["levels"]) - 1)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(max_size=10), opts=OPTIONS)
def test_exploring_in_the_fixed_order_is_the_whole_mode_dungeon(seed, opts):
    assert map_of(explored_by_auto(seed, **opts)) == map_of(whole(seed, **opts))


def test_fixed_order_equals_whole_mode_for_many_seeds():
    for i in range(90):
        size = ("small", "medium", "large")[i % 3]
        assert map_of(explored_by_auto(f"many-{i}", size=size)) == map_of(whole(f"many-{i}", size=size)), i


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(max_size=10), opts=OPTIONS, picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=120),
       bot_share=st.integers(0, 4))
def test_random_legal_play_keeps_invariants(seed, opts, picks, bot_share):
    game = random_game(RULESET, seed, {**opts, "mode": "explore"}, picks, bot_share,
                       check=lambda game, _: check_invariants(game.state))
    assert game.view().board.startswith("<svg")
    if not game.over:  # whatever was done, the rest of the dungeon can always be generated, then closed
        if "finish" in {a.code for a in game.legal()}:
            game.play("finish")
        game.play("close")
        assert game.over
        check_complete(game.state)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(max_size=8), opts=OPTIONS)
def test_searching_everywhere_still_ends(seed, opts):
    """Search whenever allowed, otherwise follow the fixed order: secret
    passages add work, but the dungeon is still finished in bounded steps.
    (rules.apply directly, each code checked as Game.play does, without its snapshots.)"""
    state = Game(RULESET, seed, {**opts, "mode": "explore", "int": 5, "dungeoneering": 5}).state
    for _ in range(20_000):
        if rules.is_over(state):
            break
        codes = {a.code for a in rules.legal_actions(state)}
        code = "search" if "search" in codes else RULESET.auto_action(state)
        assert code in codes
        rules.apply(state, code)
    assert rules.is_over(state)
    check_invariants(state)
    check_complete(state)
