"""Every log line is a sentence that starts with a capital and ends with one
stop, in every ruleset: auto play (with some random legal moves) over random
settings, each new line checked as it appears (3 Dice Dungeon keeps only the
latest lines). Lines that began with a lowercase name ("the roving Goblins:
+1 XP.", "the Dragon moves...") or ended in "!." ("...a dead end, stairs
down!.") are what this catches."""

from __future__ import annotations

import random

import pytest

from pyapp.engine import Game
from pyapp.registry import RULESETS

GAMES, STEPS = 25, 1500


def random_settings(ruleset, rng: random.Random) -> dict:
    opts = {}
    for setting in ruleset.settings:
        if setting.choices:
            opts[setting.key] = rng.choice(setting.choices)
        elif isinstance(setting.default, bool):
            opts[setting.key] = rng.random() < 0.5
        elif isinstance(setting.default, int) and setting.minimum is not None:
            opts[setting.key] = rng.randint(setting.minimum, setting.maximum)
    # Dice Crawl's hard bot plays the normal bot's moves after a look-ahead that logs nothing, at many times
    # its cost: its seats are played by the normal bot here.
    bots = {s.key for s in ruleset.settings if "normal" in s.choices}
    return {k: "normal" if v == "hard" and k in bots else v for k, v in opts.items()}


def badly_formed(line: str) -> bool:
    return (line[:1].isalpha() and line[:1].islower()) or line.endswith(("!.", "?.", ".."))


def badly_formed_lines(slug: str) -> set[str]:
    ruleset, rng, found = RULESETS[slug], random.Random(slug), set()
    for g in range(GAMES):
        game, checked = Game(ruleset, f"log/{g}", random_settings(ruleset, rng)), set()
        for _ in range(STEPS):
            if game.over:
                break
            if rng.random() < 0.7:
                game.auto()
            else:
                game.play(rng.choice(game.legal()).code)
            new = [line for line in game.state["log"][-60:] if line not in checked]
            checked.update(new)
            found |= {line for line in new if badly_formed(line)}
    return found


@pytest.mark.parametrize("slug", list(RULESETS))
def test_every_log_line_starts_with_a_capital_and_ends_with_one_stop(slug):
    assert badly_formed_lines(slug) == set()
