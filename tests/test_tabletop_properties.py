"""Tabletop Dungeon random legal play: never raises, never locks, keeps its
invariants (replays and saves of every ruleset: tests/test_page_contract.py)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from pyapp.engine import Game
from pyapp.tabletop import board
from pyapp.tabletop.data import BOX, CLASSES, DOORS, HEROES, MAX_WOUNDS
from pyapp.tabletop.ruleset import RULESET
from pyapp.tabletop.state import figures, living
from random_play import random_game

OPTIONS = st.fixed_dictionaries({
    "heroes": st.integers(1, 4),
    "class1": st.sampled_from(CLASSES), "class2": st.sampled_from(CLASSES),
    "class3": st.sampled_from(CLASSES), "class4": st.sampled_from(CLASSES),
    "placement": st.sampled_from(["ask", "auto"]),
})


def check_invariants(game: Game) -> None:
    state = game.state
    squares = board.geometry(state).owner
    heroes = living(state)
    hero_squares = [tuple(h["sq"]) for h in heroes]
    assert len(hero_squares) == len(set(hero_squares)), "two heroes on one square"
    assert all(sq in squares for sq in hero_squares)
    monster_squares = [tuple(m["sq"]) for m in state["monsters"]]
    assert all(sq in squares for sq in monster_squares)
    assert len(monster_squares) == len(set(monster_squares)), "two monsters on one square"
    assert not set(monster_squares) & set(hero_squares), "a board monster on a hero's square"
    standing = [d for d in state["doors"] if d["state"] != "open"]
    assert len(standing) <= DOORS, "more Doors stand than the box holds"
    attackers = [d["attacker"] for d in standing if d["attacker"] is not None]
    assert len(attackers) == len(set(attackers)), "a monster attacks two doors"
    for hero in state["heroes"]:
        assert 0 <= hero["wounds"] <= MAX_WOUNDS
        assert hero["out"] == (hero["wounds"] >= MAX_WOUNDS)
        assert len(hero["threats"]) <= HEROES[hero["cls"]]["peril"]
        assert all(m["kind"] != "dragon" for m in hero["threats"])
        assert min(hero["potions"].values()) >= 0 and hero["moves"] >= 0
    for kind, most in BOX.items():
        assert figures(state, kind) <= most
    assert sum(1 for m in state["monsters"] if m["kind"] == "dragon") <= 1
    assert sum(1 for t in state["tiles"] if t["kind"] == "room") <= 8
    assert len(state["log"]) <= 200
    if not game.over:
        assert game.legal(), f"locked in phase {state['phase']}"
    else:
        assert not game.legal() and state["score"]["points"] >= 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.text(min_size=0, max_size=12),
    opts=OPTIONS,
    picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=300),
    bot_share=st.integers(0, 4),
)
def test_random_legal_play_keeps_invariants(seed, opts, picks, bot_share):
    game = random_game(RULESET, seed, opts, picks, bot_share, check=lambda game, _: check_invariants(game))
    assert game.actions  # it played


def test_whole_auto_played_games_finish():
    from pyapp.simulate import play_out

    for n in range(1, 5):
        for i in range(3):
            state = play_out(RULESET, f"finish-{n}-{i}", {"heroes": n, "placement": "ask"})
            assert state["result"] in ("won", "lost"), (n, i, state["turn"])


def test_balance_measures_win_rates():
    from pyapp.tabletop.balance import win_rates

    rates = win_rates(2, sizes=(1, 4), prefix="test")
    assert set(rates) == {1, 4} and all(0 <= row["win"] <= 100 and row["unfinished"] == 0 for row in rates.values())


def test_a_monsters_phase_with_30_monsters_moves_each_once_and_ends():
    """The scene the benchmark times (bench/benchmark.py prints how long it takes)."""
    from pyapp.tabletop import monsters
    from pyapp.tabletop.balance import phase_scene, phase_seconds

    state = phase_scene()
    ids = [m["id"] for m in state["monsters"]]
    heroes = [tuple(h["sq"]) for h in state["heroes"]]

    def distance_to_heroes():
        return {m["id"]: min(abs(m["sq"][0] - x) + abs(m["sq"][1] - y) for x, y in heroes) for m in state["monsters"]}

    before = distance_to_heroes()
    monsters.start(state)
    steps = 0
    while state["phase"] == "monsters" and steps < 100:
        monsters.step(state)
        steps += 1
    assert state["phase"] != "monsters" and steps <= len(ids) + len(heroes)
    assert sorted(state["moved"]) == sorted(ids)  # every monster had its turn, once
    squares = [tuple(m["sq"]) for m in state["monsters"]]
    assert len(squares) == len(set(squares)) and not set(squares) & set(heroes)
    threats = sum(len(h["threats"]) for h in state["heroes"])
    assert len(squares) + threats == len(ids) and threats  # the nearest reached a hero
    after = distance_to_heroes()
    assert all(after[i] <= before[i] for i in after) and sum(after[i] < before[i] for i in after) >= 10  # they came on
    assert phase_seconds(repeats=1) > 0


def test_the_log_keeps_every_line_of_a_long_game():
    from pyapp.simulate import play_out

    state = play_out(RULESET, "long-log", {"heroes": 4, "placement": "auto"})
    assert len(state["log"]) > 200  # the page showed only the latest 200 before, numbered from 1 again
    assert state["log"][0].startswith("The heroes stand in the hallway")
    assert state["log"][1] == "Turn 1: the heroes' phase."


# a real save of the rules before issue 11 (state_version 2): auto-played, seed "old-0", 2 heroes, auto placement
OLD_ACTIONS = ['m 1 2', 'a 6', 'hero 2', 'm 0 2', 'search', 'a 4', 'end', 'step', 'step', 'step', 'step', 'step',
               'step', 'hero 1', 'a 3', 'hero 2', 'a 1', 'end', 'step', 'step', 'step', 'step', 'hero 1', 'a 3',
               'hero 2', 'a 5', 'end', 'step', 'step', 'step', 'hero 1', 'a 3', 'hero 2', 'drink heal', 'a 5', 'm 0 5',
               'end', 'step', 'step', 'step', 'step', 'hero 1']


def test_a_save_from_before_the_rules_changed_is_refused_with_a_clear_message():
    import json

    import pytest

    from pyapp.engine import BadSave

    settings = {**RULESET.defaults(), "heroes": 2, "placement": "auto"}
    save = {"format": 1, "ruleset": RULESET.slug, "version": 2, "seed": "old-0", "settings": settings,
            "actions": OLD_ACTIONS, "undo_floor": len(OLD_ACTIONS), "state": {"old": "layout"}}
    with pytest.raises(BadSave, match=r"older version of Tabletop Dungeon, whose rules have changed since.*step 42"):
        Game.from_json(RULESET, json.dumps(save))
    save["actions"], save["undo_floor"] = OLD_ACTIONS[:13], 13  # still plays the same: rebuilt
    assert Game.from_json(RULESET, json.dumps(save)).actions == OLD_ACTIONS[:13]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.text("abcdefgh0123456789", min_size=1, max_size=8), heroes=st.integers(1, 4))
def test_no_monster_ever_halts_short_of_a_free_equally_short_route(monkeypatch, seed, heroes):
    from bench import tabletop_halts
    from pyapp.simulate import play_out
    from pyapp.tabletop import monsters

    count = {"walks": 0, "short": 0}
    with monkeypatch.context() as patch:
        patch.setattr(tabletop_halts, "COUNT", count)
        patch.setattr(monsters, "walk", tabletop_halts.counted(monsters.walk))
        play_out(RULESET, seed, {"heroes": heroes, "placement": "auto"})
    assert count["short"] == 0
