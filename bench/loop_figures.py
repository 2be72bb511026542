"""How tangled the Dungeon Generator's loop-backs are on big whole dungeons:
per seed, the length of every loop-back drawing (long lines and connector
stubs) and how many tree-edge segments those drawings cross.

    PYTHONPATH=. python3 bench/loop_figures.py [--seeds 20] [--min-rooms 300]

The seeds are the first `--seeds` of "big-0", "big-1", ... whose Large lair
has at least `--min-rooms` rooms (the same seeds for every version of the map)."""

from __future__ import annotations

import argparse
import math

from pyapp.dungeon_gen import layout
from pyapp.dungeon_gen.ruleset import RULESET
from pyapp.engine import Game


def loop_drawings(lay: dict) -> list[list]:
    """Every polyline drawn for a loop-back: long lines and stubs."""
    return [loop["points"] for loop in lay["loops"]] + [stub["points"] for stub in lay.get("stubs", [])]


def crossings(points: list, lay: dict) -> int:
    """Where the polyline `points` crosses the tree's edges: distinct points, as a
    reader sees them (tree edges from one parent share their trunk)."""
    tree = {(p, q) for edge in lay["tree"] for p, q in zip(edge["points"], edge["points"][1:])}
    found = {layout.crossing_point(a, b, p, q) for a, b in zip(points, points[1:]) for p, q in tree}
    return len(found - {None})


def length(points: list) -> float:
    return sum(math.dist(a, b) for a, b in zip(points, points[1:]))


def big_seeds(count: int, min_rooms: int) -> list[tuple[str, dict]]:
    out, i = [], 0
    while len(out) < count:
        state = Game(RULESET, f"big-{i}", {"size": "large", "type": "lair", "mode": "whole"}).state
        if sum(len(level["rooms"]) for level in state["levels"]) >= min_rooms:
            out.append((f"big-{i}", state))
        i += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--min-rooms", type=int, default=300)
    args = parser.parse_args()
    print(f"{'seed':8} {'rooms':>5} {'loops':>5} {'length px':>10} {'crossings':>9} {'worst':>5}")
    total_length = total_cross = 0
    for seed, state in big_seeds(args.seeds, args.min_rooms):
        drawn = cross = worst = 0.0
        for level in state["levels"]:
            lay = layout.level_layout(level)
            for points in loop_drawings(lay):
                count = crossings(points, lay)
                drawn, cross, worst = drawn + length(points), cross + count, max(worst, count)
        rooms = sum(len(level["rooms"]) for level in state["levels"])
        print(f"{seed:8} {rooms:5} {state['counts']['loops']:5} {drawn:10.0f} {cross:9.0f} {worst:5.0f}")
        total_length, total_cross = total_length + drawn, total_cross + cross
    print(f"total length {total_length:.0f} px, tree-edge crossings {total_cross:.0f}")


if __name__ == "__main__":
    main()
