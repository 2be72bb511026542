"""Whole auto-played games, fast: the benchmark runs these in CPython and in Pyodide.

Goes straight through the ruleset (no per-step copy or legality re-check),
which is safe because the auto-play policy only picks offered actions.
"""

from __future__ import annotations

import statistics
import time

from .engine import Ruleset


def new_game(ruleset: Ruleset, seed: str, settings: dict) -> dict:
    """A new game under the newest rules (Ruleset.newest), with these settings."""
    return ruleset.new_state(seed, {**ruleset.newest(), **settings})


def auto_steps(ruleset: Ruleset, state: dict, max_steps: int, stop=lambda state: False):
    """Auto-play `state` in place, yielding the number of steps played after each one;
    ends at the game's end, at `stop`, or after `max_steps`."""
    steps = 0
    while steps < max_steps and not ruleset.is_over(state) and not stop(state):
        ruleset.apply(state, ruleset.auto_action(state))
        steps += 1
        yield steps


def play_out(ruleset: Ruleset, seed: str, settings: dict, max_steps: int = 20_000,
             stop=lambda state: False) -> dict:
    """Auto-play one game to its end (or `stop`, or `max_steps`); return its state."""
    state = new_game(ruleset, seed, settings)
    for _ in auto_steps(ruleset, state, max_steps, stop):
        pass
    return state


def games_per_second(ruleset: Ruleset, settings: dict, seconds: float = 2.0, stop=lambda s: False) -> float:
    """How many whole auto-played games finish per second."""
    start, games = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        play_out(ruleset, f"speed-{games}", settings, stop=stop)
        games += 1
    return games / (time.perf_counter() - start)


def summarise(values: list[float]) -> dict:
    ordered = sorted(values)
    return {
        "n": len(ordered),
        "median": statistics.median(ordered),
        "p95": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
    }
