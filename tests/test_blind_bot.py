"""The blind player's games (tests/blind_bot.py) end, and soon, played in CPython from the same words the page
says: what key X answers (pyapp/webapp/spoken.py) and the board in words. The browser test
(tests/browser/test_blind_play.py) plays the same choices by keys, so its games stay short."""

from __future__ import annotations

import pytest

from blind_bot import PLAYS, choose, heard
from pyapp import registry
from pyapp.engine import Game
from pyapp.webapp import spoken
from pyapp.webapp.html import button_actions

MOST_STEPS = 60  # the player's own steps (the rules' steps aside): a game the browser plays in seconds


def settings_of(slug: str) -> tuple[str, dict]:
    pairs = dict(pair.split("=") for pair in PLAYS[slug][0][1:].split("&"))
    seed = pairs.pop("seed")
    return seed, registry.get(slug).parse_settings(pairs)[0]


def play_blind(slug: str) -> tuple[Game, int, int]:
    """The blind player's game: (the game, its own steps, those it played on the board)."""
    seed, settings = settings_of(slug)
    game = Game(registry.get(slug), seed, settings)
    steps = walks = 0
    while not game.over and steps <= MOST_STEPS:
        if game.ruleset.rules_step(game.state):
            game.auto()  # the page's timer plays the rules' own steps
            continue
        legal = game.legal()
        words = game.ruleset.words(game.state, legal)
        choice = choose(slug, heard(spoken.can_do(legal, words)), walks > 0)
        if choice[0] == "key":
            code = button_actions(legal)[choice[1] - 1].code
        else:
            walks += 1
            place = next(p for p in words.places if p.name == choice[1])
            code = next(a.code for a in place.actions if a.label == choice[2])
        game.play(code)
        steps += 1
    return game, steps, walks


@pytest.mark.parametrize("slug", list(PLAYS))
def test_the_blind_players_game_ends_soon(slug):
    game, steps, walks = play_blind(slug)
    assert game.over, f"{slug}: not over after {steps} steps"
    assert steps <= MOST_STEPS and walks > 0  # it played on the board too


def test_every_page_has_a_blind_game():
    assert sorted(PLAYS) == sorted(registry.RULESETS)


def test_what_x_says_is_read_back():
    said = heard("Keys: 1 Attack with BODY; 2 Go E to 10, the Room. On the board, 2 places offer actions: "
                 "Square 1,2, room 1: Move to 1,2 or Attack Goblin 3; Door 1 between 1,3 and 1,2: Open door 1.")
    assert said.keys == ["Attack with BODY", "Go E to 10, the Room"]
    assert said.board == {"Square 1,2, room 1": ["Move to 1,2", "Attack Goblin 3"],
                          "Door 1 between 1,3 and 1,2": ["Open door 1"]}
