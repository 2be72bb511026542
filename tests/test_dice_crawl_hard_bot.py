"""Dice Crawl's hard bot (pyapp/dice_crawl/bots/hard.py): it wins where winning is plain, never reads what
is hidden (the order of the face-down tiles, the dice to come), plays only legal actions and ends its games."""

from __future__ import annotations

import random

from dice_crawl_helpers import at, crawl, fill, lay, scene, tile
from pyapp import dice
from pyapp.dice_crawl.bots import hard as bot_hard
from pyapp.dice_crawl.ruleset import RULESET
from pyapp.engine import Game


def test_the_hard_bot_explores_the_dragon_when_that_wins_even_on_the_tie_break():
    game = scene()
    lay(game, (2, 3), tile((1,), "cross"))
    fill(game, (2, 3))  # 1 point
    at(game, 0, (2, 3))
    lay(game, (1, 3), tile((6,), "dead end", hoards=2), units={1: [1, 6], 2: [1, 6]})  # 4 points
    lay(game, (0, 0), tile((6,), "cross"))
    fill(game, (0, 0), player=1)  # 1 point more: 1 + 3 would lose
    assert bot_hard.hard(game.state) != "x 2 2"
    lay(game, (0, 0), tile((6,), "cross"))  # that point gone: 1 + 3 ties, and the tie goes to the Dragon
    game.state["players"][1]["army"] += 1
    assert bot_hard.hard(game.state) == "x 2 2"


def test_the_hard_bot_conquers_the_tile_worth_most():
    game = scene()
    lay(game, (0, 4), tile((6, 6, 6), "T"), units={0: [0, 6], 1: [0, 6]})  # 5 points, one icon open
    at(game, 0, (0, 4))
    crawl(game, 6, 1)
    assert bot_hard.hard(game.state) == "p 0 4 2"


def positions(count: int) -> list[dict]:
    """Positions of a normal bots' game where the player to move has a choice."""
    game = Game(RULESET, "hidden", {"players": 2, "seat1": "normal", "v": 2})
    found = []
    while not game.over and len(found) < count:
        if len(game.legal()) > 1 and game.state["steps"] % 4 == 0:
            found.append(json_copy(game.state))
        game.auto()
    return found


def json_copy(state: dict) -> dict:
    return {**state, "dice": dict(state["dice"]), "deck": list(state["deck"])}


def test_the_hard_bot_never_reads_the_deck_order_or_the_dice_to_come():
    for state in positions(6):
        choice = bot_hard.hard(state)
        hidden = json_copy(state)
        random.Random(state["steps"]).shuffle(hidden["deck"])  # the face-down tiles in another order
        hidden["dice"] = dice.seed_state(f"other/{state['steps']}")  # other dice to come...
        dice.force(hidden["dice"], 6, 6, 6, 6, 6, 1, 1)  # ...and forced faces next
        assert bot_hard.hard(hidden) == choice
        assert hidden["deck"] != state["deck"] or len(state["deck"]) < 2


def test_the_hard_bot_decides_the_same_every_time_and_leaves_the_state_as_it_was():
    for state in positions(3):
        before = repr(state)
        assert bot_hard.hard(state) == bot_hard.hard(state)
        assert repr(state) == before


def test_a_hard_bot_game_ends_and_every_step_is_legal():
    game = Game(RULESET, "hard-game", {"players": 2, "seat1": "hard", "seat2": "normal", "v": 2})
    while not game.over:
        game.auto()  # Game.play refuses any action that is not offered
        assert len(game.actions) < 2000
    assert game.state["final"] and any(p["seat"] == "hard" for p in game.state["players"])
