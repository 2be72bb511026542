"""Scenario helpers for the Dungeon Generator tests: fixed dice, hand-set threads.

Every move in a scenario still goes through `Game.play`, so the one legal
list decides what may be done; these helpers only build the start (Size,
Seed and entrance dice forced) and queue the faces a rule needs.
"""

from __future__ import annotations

import functools

from pyapp import dice
from pyapp.dungeon_gen import rules
from pyapp.dungeon_gen.figures import levels
from pyapp.dungeon_gen.ruleset import RULESET
from pyapp.engine import Game

MAP_KEYS = ("levels", "size", "seed_value", "level_thread", "open")
EXPLORER_KEYS = ("known", "visited", "mark", "search", "may_search")  # what exploring changes; the rest is rolled


@functools.cache
def measured(size: str, kind: str, seeds: int, rules_version: int) -> dict:
    """figures/levels.py's measure, once a run: the version files compare the same dungeons (read only)."""
    return levels.measure(size, kind, seeds, rules_version)


NO_SECRETS = (6,) * 400  # the secret stream's 1-in-6 says "no" for the next 400 rooms


def new_game(size: str = "small", seed_faces=(2, 5), entrance=(2,), seed: str = "scenario", secret=NO_SECRETS,
             **settings) -> Game:
    """An explore game whose Seed and entrance dice are fixed (Size chosen, so not rolled);
    `secret`: the secret stream's faces from the entrance on (by default no room holds a secret).
    The type is a crypt unless given: a level's first dead end makes its level check."""
    game = Game(RULESET, seed, {"size": size, "type": "crypt", **settings})
    game.state = rules.new_state(seed, game.settings, forced=(*seed_faces, *entrance), secrets=secret)
    assert not game.state["dice"]["q"], "every forced start die was used"
    return game


def force(game: Game, *faces: int) -> None:
    """Queue the next faces of the main (structure) stream."""
    dice.force(game.state["dice"], *faces)


def force_secret(game: Game, *faces: int) -> None:
    """The next faces of the secret stream (each new room rolls 1d6: 1 = a secret, then its table die),
    then no secrets again."""
    game.state["dice"]["secret"]["q"][:] = [*faces, *NO_SECRETS]


def force_search(game: Game, *faces: int) -> None:
    """Queue the next faces of the search stream."""
    dice.force(game.state["dice"]["search"], *faces)


def queued(game: Game) -> list[int]:
    return list(game.state["dice"]["q"])


def level(game: Game, number: int | None = None) -> dict:
    return game.state["levels"][(number or game.state["at"][0]) - 1]


def room(game: Game, number: int, level_no: int | None = None) -> dict:
    return level(game, level_no)["rooms"][number - 1]


def way(game: Game, label: str, number: int | None = None) -> dict:
    """A passage by label (of the current room unless `number` is given)."""
    where = room(game, number or game.state["at"][1])
    return next(p for p in where["passages"] if p["label"] == label)


def set_threads(game: Game, *values, current: int = 0, level_no: int | None = None) -> None:
    """Put the scratch paper's threads at given values (None: not started)."""
    lv = level(game, level_no)
    lv["threads"] = list(values)
    lv["thread"] = current


def mapped(game: Game) -> bool:
    """Every passage explored (the game ends when the player closes the map)."""
    return rules.mapped(game.state)


def codes(game: Game) -> list[str]:
    return [a.code for a in game.legal()]


def whole(seed: str, **settings) -> dict:
    return Game(RULESET, seed, {**settings, "mode": "whole"}).state


def explored_by_auto(seed: str, limit: int = 200_000, **settings) -> dict:
    """Explore mode driven by auto_action to the end; each code is checked
    against the legal list (as Game.play does, without its JSON snapshots)."""
    game = Game(RULESET, seed, {**settings, "mode": "explore"})
    state, steps = game.state, 0
    while not rules.is_over(state):
        code = RULESET.auto_action(state)
        assert code in {a.code for a in rules.legal_actions(state)}
        rules.apply(state, code)
        steps += 1
        assert steps < limit, "the fixed order does not end"
    return state


def rolled_only(value):
    """The dungeon as rolled: a state's levels without what exploring changes."""
    if isinstance(value, list):
        return [rolled_only(v) for v in value]
    if isinstance(value, dict):
        return {k: rolled_only(v) for k, v in value.items() if k not in EXPLORER_KEYS}
    return value


def map_of(state: dict) -> dict:
    return rolled_only({key: state[key] for key in MAP_KEYS})
