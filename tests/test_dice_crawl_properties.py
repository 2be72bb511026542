"""Dice Crawl properties over random legal play, with every setting: dice are conserved (army + rolled +
units + unlocked pairs + out of play = the start), every space holds at most one unit and an icon's unit
shows the icon's value, every game ends, and a replay is identical."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from pyapp.dice_crawl.bots.bot import LEVELS
from pyapp.dice_crawl.core import board
from pyapp.dice_crawl.core.state import dice_total
from pyapp.dice_crawl.data import CANDIDATE, RULES_VERSION
from pyapp.dice_crawl.rules import vaults
from pyapp.dice_crawl.ruleset import RULESET
from pyapp.engine import Game
from random_play import random_game

SETTINGS = st.fixed_dictionaries({
    "players": st.integers(1, 4), "easier": st.booleans(), "first": st.sampled_from(["text", "seat1", "roll"]),
    "max_rounds": st.integers(10, 40), "vaults": st.sampled_from(vaults.CHOICES),
    "vault_cards": st.sampled_from(vaults.CARD_DEALS), "v": st.integers(1, CANDIDATE or RULES_VERSION),
    "gate": st.booleans(),
    **{f"seat{n}": st.sampled_from(LEVELS) for n in range(1, 5)},
})


def check_invariants(game: Game, _seen=None) -> None:
    state = game.state
    for n in range(len(state["players"])):
        assert dice_total(state, n) == state["start_dice"], f"player {n}'s dice are not conserved"
        assert state["players"][n]["army"] >= 0
    for cell in board.cells(state):
        c = board.cell_at(state, cell)
        assert len(c["units"]) == len(board.spaces(c))
        for space, unit in zip(board.spaces(c), c["units"]):
            if unit is None:
                continue
            assert 0 <= unit[0] < len(state["players"]) and 1 <= unit[1] <= 6
            if space["kind"] == "icon":
                assert unit[1] == space["v"]
        halves = [space["dwarf"] for space in board.spaces(c) if "dwarf" in space]
        assert all(halves.count(d) == 2 for d in halves)  # only a Dwarven Hoard holds two units, one a half
    assert all(1 <= v <= 6 for v in state["pool"])
    assert all(n >= 0 for owed in state.get("owed", ()) for n in owed)  # what traps take from a Crawl to come


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(opts=SETTINGS, seed=st.text(max_size=8), picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=300),
       bot_share=st.integers(0, 4))
def test_random_play_keeps_the_invariants_and_replays(opts, seed, picks, bot_share):
    game = random_game(RULESET, seed, opts, picks, bot_share, check=check_invariants)
    check_invariants(game)
    again = Game.replay(RULESET, seed, game.settings, game.actions)
    assert again.state == game.state


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(opts=SETTINGS, seed=st.text(max_size=8))
def test_every_game_ends(opts, seed):
    game = Game(RULESET, seed, opts)
    while not game.over:
        assert game.legal(), "locked"
        game.auto()
        assert len(game.actions) < 20_000
    check_invariants(game)
    assert game.state["score"]["rounds"] <= game.settings["max_rounds"] + 1
