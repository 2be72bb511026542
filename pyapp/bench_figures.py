"""Figures the benchmark prints for the Tabletop Dungeon, the Dungeon
Generator and Dice Crawl's bots, measured the same way in CPython and in Pyodide (bench/benchmark.py
runs this module in both; it is not loaded by any page)."""

from __future__ import annotations

import time

from .dice_crawl.figures import bot_speed
from .dungeon_gen import stats
from .dungeon_gen.ruleset import RULESET as GENERATOR
from .tabletop import balance

SIZES = ("small", "medium", "large")
MAP_ROOMS = (10, 40, 100)


def dungeons_per_second(seconds: float = 2.0) -> dict:
    """Whole dungeons generated per second, by Size (all levels, as the stats panel makes them)."""
    rates = {}
    for size in SIZES:
        start, made = time.perf_counter(), 0
        while time.perf_counter() - start < seconds:
            stats.sample(size, "bench", made, made + 5)
            made += 5
        rates[size] = made / (time.perf_counter() - start)
    return rates


def explored_level(rooms: int) -> dict:
    """An explore-mode state whose shown level has at least `rooms` rooms.

    A level of the procedure often ends before 40 rooms and rarely passes
    90, so past 10 the level's threads are raised (the drawing does not care
    how the map came about).
    """
    opts = {**GENERATOR.defaults(), "size": "large"}
    state = GENERATOR.new_state(f"map-{rooms}", opts)
    if rooms > 10:
        state["levels"][0]["threads"] = [40, 40, 40]
    while len(state["levels"][0]["rooms"]) < rooms and not GENERATOR.is_over(state):
        code = GENERATOR.auto_action(state)
        if code == "stairs":  # stay on the first level: its map is the one timed
            break
        GENERATOR.apply(state, code)
    return state


def map_states() -> dict:
    return {rooms: explored_level(rooms) for rooms in MAP_ROOMS}


def render_ms(state: dict, repeats: int = 5) -> float:
    """Median milliseconds for the page's whole view of this state (map, sheets, dice)."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        GENERATOR.render(state, GENERATOR.legal_actions(state))
        times.append(1000 * (time.perf_counter() - start))
    return sorted(times)[len(times) // 2]


def all_figures() -> dict:
    """Everything at once (the Pyodide run calls only this); "boards" are the
    map SVGs, for the browser to time putting them on a page."""
    maps = map_states()
    return {
        "dungeons_per_second": dungeons_per_second(),
        "map_render_ms": {rooms: [len(s["levels"][0]["rooms"]), render_ms(s)] for rooms, s in maps.items()},
        "monsters_phase_ms": 1000 * balance.phase_seconds(),
        "dice_crawl_bots": bot_speed.all_speeds(),
        "boards": {rooms: GENERATOR.render(s, GENERATOR.legal_actions(s)).board for rooms, s in maps.items()},
    }
