"""3RD6 Dungeon: random legal play under any settings never raises, never locks and
keeps its invariants; auto play ends every game; replays give the very same game
(saves and links of every ruleset: tests/test_page_contract.py)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from pyapp.engine import Game
from pyapp.rd6.dungeon import inside
from pyapp.simulate import play_out
from random_play import random_game
from rd6_helpers import RD6

OPTIONS = st.fixed_dictionaries({
    "class": st.sampled_from(["barbarian", "rogue", "elf", "dwarf", "wizard"]),
    "mode": st.sampled_from(["quest", "endless"]),
    "goal": st.integers(2, 6),
    "mind_use": st.sampled_from(["modify", "reroll"]),
    "locks": st.sampled_from(["sure", "roll"]),
    "bosses": st.sampled_from(["named", "first"]),
    "boss_names": st.booleans(),
    "boss_bite": st.booleans(),
    "v": st.sampled_from([1, 2]),
})


def check_invariants(game: Game, earned_before: int) -> None:
    state, hero = game.state, game.state["hero"]
    assert hero["hp"] <= hero["hp_max"] and 0 <= hero["mnd"] <= hero["mnd_max"]
    assert hero["coins"] >= 0 and state["earned"] >= earned_before
    assert all(n >= 0 for n in hero["items"].values())
    assert all(inside(key) for key in state["cells"]), "no room beyond the sheet's border"
    assert state["pos"] in state["cells"]
    assert all(0 < one["hp"] <= one["max"] for one in state["foes"]) or state["phase"] in ("over", "fireball")
    assert (hero["hp"] <= 0) == (state["over"] == "dead")
    assert bool(game.legal()) != game.over


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(max_size=10), opts=OPTIONS, picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=250),
       bot_share=st.integers(0, 4))
def test_random_legal_play_keeps_invariants(seed, opts, picks, bot_share):
    game = random_game(RD6, seed, opts, picks, bot_share, check=check_invariants,
                       see=lambda game: game.state["earned"])
    assert game.actions
    again = Game.replay(RD6, seed, game.settings, game.actions)
    assert again.state == game.state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(max_size=8), opts=OPTIONS)
def test_auto_play_ends_every_game(seed, opts):
    state = play_out(RD6, seed, opts, max_steps=20_000)
    assert state["over"] in ("dead", "won", "retired")
