"""Random legal play and whole dungeons, for any settings: generation ends,
every passage ends somewhere, play never raises or locks, and the dungeon is
a function of seed and settings: exploring in any order, searching or not,
reveals the whole-mode dungeon (replays and saves of every ruleset:
tests/test_page_contract.py)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from dungeon_gen_helpers import explored_by_auto, map_of, whole
from pyapp.dungeon_gen import explore, export, rules
from pyapp.dungeon_gen.bot import step_towards
from pyapp.dungeon_gen.data import DEPTHS
from pyapp.dungeon_gen.order import run_to_end
from pyapp.dungeon_gen.ruleset import RULESET
from pyapp.dungeon_gen.state import here
from pyapp.engine import Game
from random_play import random_game

OPTIONS = st.fixed_dictionaries({
    "size": st.sampled_from(["roll", "small", "medium", "large"]),
    "type": st.sampled_from(["cave", "crypt", "ruin", "lair"]),
    "int": st.integers(0, 5),
    "dungeoneering": st.integers(0, 5),
    "v": st.sampled_from(range(1, RULESET.rules_version + 1)),  # old links' rules and a new dungeon's
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
            total += len(unexplored)
            if room["from"]:
                parent = rooms[room["from"][0] - 1]
                back = next(p for p in parent["passages"] if p["label"] == room["from"][1])
                assert (back["kind"], back["to"]) == ("room", room["n"])
            for way in room["passages"]:
                if way["kind"] == "loop":
                    other = next(p for p in rooms[way["to"] - 1]["passages"] if p["label"] == way["via"])
                    assert (other["kind"], other["to"], other["via"]) == ("loop", room["n"], way["label"])
                elif way["kind"] == "stairs" and state["levels"][way["level"] - 1]["rooms"]:
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
    # the level thread drops by 1 per level a check found; under versions 1-2 the levels above the Size's least
    # depth needed none, from 3 on every stairs down comes from a check
    free = min(len(state["levels"]), DEPTHS[state["size"]][0]) - 1 if opts["v"] < 3 else 0
    assert state["level_thread"] == state["seed_value"] - (len(state["levels"]) - 1 - free)
    assert len(state["levels"]) <= DEPTHS[state["size"]][1]


def finished(state: dict) -> dict:
    """The same state with the rest of the dungeon rolled (the explorer's view unchanged)."""
    run_to_end(state)
    return state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(max_size=10), opts=OPTIONS)
def test_exploring_in_the_fixed_order_rolls_the_whole_mode_dungeon(seed, opts):
    assert map_of(finished(explored_by_auto(seed, **opts))) == map_of(whole(seed, **opts))


def test_fixed_order_rolls_the_whole_mode_dungeon_for_many_seeds():
    for i in range(90):
        size, version = ("small", "medium", "large")[i % 3], 1 + i // 3 % RULESET.rules_version  # every pair
        explored = finished(explored_by_auto(f"many-{i}", size=size, v=version))
        assert map_of(explored) == map_of(whole(f"many-{i}", size=size, v=version)), i


def play(state: dict, code: str) -> None:
    assert code in {a.code for a in rules.legal_actions(state)}, code
    rules.apply(state, code)


def walk_to(state: dict, level: int, number: int) -> None:
    """By legal moves only: stairs from level to level, then a map click."""
    while state["at"][0] != level:
        verb, arg = step_towards(state, state["levels"][state["at"][0] - 1], state["levels"][level - 1])
        play(state, verb if arg is None else f"{verb} {arg}")
    if state["at"][1] != number:
        play(state, f"go {number}")


def explore_at_random(state: dict, rnd: random.Random, search_share: float) -> None:
    """Until nothing visible is left: a random known room with a way not yet
    taken, a random such way; in each room entered, search with `search_share`."""
    while True:
        if "search" in {a.code for a in rules.legal_actions(state)} and rnd.random() < search_share:
            play(state, "search")
        choices = [(lv["level"], r["n"]) for lv in state["levels"] for r in lv["rooms"]
                   if r["known"] and explore.unexplored(state, lv["level"], r)]
        if not choices:
            return
        walk_to(state, *rnd.choice(choices))
        way = rnd.choice(explore.unexplored(state, state["at"][0], here(state)))
        play(state, "stairs" if way["kind"] == "stairs" else f"take {way['label']}")


def search_everything(state: dict) -> bool:
    """Search every known room until each search passed (a "?" room is left and
    entered again); True if a secret passage turned up (more to explore)."""
    before = explore.open_count(state)
    for level in state["levels"]:
        for room in level["rooms"]:
            while room["known"] and room["search"] != "passed":
                walk_to(state, level["level"], room["n"])
                if room["search"] == "failed":  # leave and come back
                    other = 2 if room["n"] == 1 else 1
                    play(state, f"go {other}")
                    play(state, f"go {room['n']}")
                play(state, "search")
    return explore.open_count(state) > before


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(max_size=8), opts=OPTIONS, order=st.randoms(use_true_random=False),
       search_share=st.sampled_from([0, 0.3, 1]))
def test_any_exploration_order_and_any_searches_reveal_the_whole_map(seed, opts, order, search_share):
    """Random order, random searches: what was rolled is the whole-mode
    dungeon; once every room is searched until it passes and every way is
    taken, the explored map is the whole map, secrets included."""
    opts = {**opts, "int": 5, "dungeoneering": 5}
    state = rules.new_state(seed, {**RULESET.defaults(), **opts, "mode": "explore"})
    explore_at_random(state, order, search_share)
    assert explore.mapped(state)
    gm = whole(seed, **opts)
    while search_everything(state):
        explore_at_random(state, order, 0)
    assert json.loads(export.map_json(state))["levels"] == json.loads(export.map_json(gm))["levels"]
    assert map_of(finished(state)) == map_of(gm)


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
        check_complete(finished(game.state))


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
    check_complete(finished(state))  # the explorer saw all it could; the rest is rolled but unseen
