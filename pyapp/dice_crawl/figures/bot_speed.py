"""How fast Dice Crawl's bots decide: the benchmark's figures (pyapp/bench_figures.py runs this in CPython
and in Pyodide; no page loads it). Figures are printed, never asserted."""

from __future__ import annotations

import time

from ...simulate import new_game, summarise
from ..bots import bot, hard as bot_hard
from ..ruleset import RULESET

PLAYERS = 2


def level_speed(level: str, seconds: float = 2.0) -> dict:
    """Whole games with `level` bots in every seat for about `seconds`: decisions per second, median and p95
    decision time, whole games per second."""
    times, games, start = [], 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(RULESET, f"speed-{level}-{games}", {"players": PLAYERS,
                                                             **{f"seat{n}": level for n in range(1, 5)}})
        while not state["over"]:
            began = time.perf_counter()
            action_code = RULESET.auto_action(state)
            times.append(time.perf_counter() - began)
            RULESET.apply(state, action_code)
        games += 1
    figures = summarise(times)
    return {"decisions_per_s": len(times) / sum(times), "median_ms": 1000 * figures["median"],
            "p95_ms": 1000 * figures["p95"], "games_per_s": games / (time.perf_counter() - start)}


def hard_speed(decisions: int = 60, every: int = 3) -> dict:
    """The hard bot's decision time on the positions of normal bots' games (every `every`th position with a
    choice; a whole game of hard bots takes too long to time often): decisions per second, median, p95."""
    times: list[float] = []
    games = 0
    while len(times) < decisions:
        state = new_game(RULESET, f"speed-hard-{games}", {"players": PLAYERS, "seat1": "normal"})
        step = 0
        while not state["over"] and len(times) < decisions:
            if len(RULESET.legal_actions(state)) > 1 and step % every == 0:
                began = time.perf_counter()
                bot_hard.hard(state)
                times.append(time.perf_counter() - began)
            step += 1
            RULESET.apply(state, bot.normal(state))
        games += 1
    figures = summarise(times)
    return {"decisions_per_s": len(times) / sum(times), "median_ms": 1000 * figures["median"],
            "p95_ms": 1000 * figures["p95"], "n": len(times)}


def all_speeds(seconds: float = 2.0, hard_decisions: int = 60) -> dict:
    return {"easy": level_speed("easy", seconds), "normal": level_speed("normal", seconds),
            "hard": hard_speed(hard_decisions)}
