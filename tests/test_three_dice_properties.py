"""Random legal play, for both editions and any settings: it never raises,
never locks and keeps its invariants (replays and saves of every ruleset:
tests/test_page_contract.py)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from pyapp.engine import Game
from pyapp.three_dice.data import ATTRS
from pyapp.three_dice.ruleset import CLASSIC, TILES
from random_play import random_game

OPTIONS = st.fixed_dictionaries({
    "players": st.integers(1, 4),
    "mode": st.sampled_from(["endless", "quest"]),
    "first_theme": st.sampled_from(["classic", "undead"]),
    "level_theme": st.sampled_from(["choose", "random"]),
    "training_wheels": st.booleans(),
    "secret_doors": st.booleans(),
    "deeper_monsters": st.booleans(),
    "xp_curve": st.sampled_from(["flat", "rising"]),
    "temple_rest": st.booleans(),
    "flee_rule": st.sampled_from(["off", "alvin", "stacey", "nerun"]),
    "inventory_limit": st.booleans(),
    "descent_drain": st.booleans(),
    "extra_monsters": st.booleans(),
    "locked_doors": st.booleans(),
    "lose_rewards": st.booleans(),
    "sixes_aside": st.booleans(),
    "v": st.sampled_from([1, 2]),
})


def check_invariants(game: Game, xp_before: list[int]) -> None:
    state = game.state
    tiles = state["edition"] == "tiles"
    for player, before in zip(state["players"], xp_before):
        for attr in ATTRS:
            assert 0 <= player["attrs"][attr] <= player["max"][attr] or player["rolled"]
        if tiles:
            assert 0 <= player["hp"] <= player["hp_max"]
        assert player["xp"] >= before, "XP never drops"
        assert all(n >= 0 for n in player["items"].values())
        assert all(n > 0 for n in player["artifacts"].values())
        if not player["alive"]:
            assert (player["hp"] == 0) if tiles else not any(player["attrs"].values())
    for cell in state["cells"].values():
        if cell["monster"]:
            assert 0 < cell["monster"]["hp"] <= cell["monster"]["max"]
    assert state["pos"] in state["cells"] or state["phase"] == "assign"
    if not game.over:
        assert game.legal(), f"locked in phase {state['phase']}"
    else:
        assert not game.legal()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    ruleset=st.sampled_from([CLASSIC, TILES]),
    seed=st.text(min_size=0, max_size=12),
    opts=OPTIONS,
    difficulty=st.sampled_from(["easy", "hard"]),
    picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=250),
    bot_share=st.integers(0, 4),
)
def test_random_legal_play_keeps_invariants(ruleset, seed, opts, difficulty, picks, bot_share):
    if ruleset is TILES:
        opts = {**opts, "difficulty": difficulty}
    game = random_game(ruleset, seed, opts, picks, bot_share, check=check_invariants,
                       see=lambda game: [p["xp"] for p in game.state["players"]])
    assert game.actions  # it played


@settings(max_examples=20, deadline=None)
@given(ruleset=st.sampled_from([CLASSIC, TILES]), seed=st.text(max_size=8), opts=OPTIONS)
def test_auto_play_finishes_or_keeps_going_without_lock(ruleset, seed, opts):
    game = Game(ruleset, seed, opts)
    for _ in range(1500):
        if game.over:
            break
        game.auto()
    assert game.over or game.legal()
