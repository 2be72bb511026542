"""Random legal play for the property tests of every ruleset."""

from __future__ import annotations

from pyapp.engine import Game


def random_game(ruleset, seed: str, opts: dict, picks: list[int], bot_share: int,
                check=lambda game, seen: None, see=lambda game: None) -> Game:
    """One step per pick: `bot_share` of every 4 by auto play, the others the
    legal action the pick chooses. `see(game)` is taken before each step and
    handed to `check(game, seen)` after it; a game never stops with nothing legal."""
    game = Game(ruleset, seed, opts)
    for n, pick in enumerate(picks):
        if game.over:
            assert game.legal() == []
            break
        seen = see(game)
        if n % 4 < bot_share:
            game.auto()
        else:
            actions = game.legal()
            game.play(actions[pick % len(actions)].code)
        check(game, seen)
        assert game.over or game.legal(), "locked"
    return game
