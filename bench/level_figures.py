"""Levels and rooms per Size (and dungeon type) over many whole dungeons: the
figures behind the level trigger ruling (RULINGS.md, rules_text.py).

    PYTHONPATH=. python3 bench/level_figures.py [--seeds 20000] [--types cave,crypt,ruin,lair] [--rules 1]

Dungeon i of a Size and type uses the seed "levels/<size>/<i>" (the same
seeds for every type and every version of the trigger, so figures compare).
Prints, per Size and type: the share of dungeons with 1, 2, ... levels, the
range, how many fall in the article's range, and rooms per dungeon and per
level (median, 90th percentile, max)."""

from __future__ import annotations

import argparse
import time

from pyapp.dungeon_gen.rules import new_state
from pyapp.engine import RULES_KEY

ARTICLE = {"small": (1, 3), "medium": (2, 5), "large": (3, 7)}
BASE = {"name": "Figures", "int": 3, "dungeoneering": 0, "mode": "whole"}


def percentile(values: list[int], share: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(size: str, kind: str, seeds: int, rules: int = 1) -> dict:
    levels, rooms, per_level = [], [], []
    for i in range(seeds):
        state = new_state(f"levels/{size}/{i}", {**BASE, "size": size, "type": kind, RULES_KEY: rules})
        levels.append(len(state["levels"]))
        counts = [len(level["rooms"]) for level in state["levels"]]
        rooms.append(sum(counts))
        per_level += counts
    return {"levels": levels, "rooms": rooms, "per_level": per_level}


def line(size: str, kind: str, figures: dict) -> str:
    levels, n = figures["levels"], len(figures["levels"])
    low, high = ARTICLE[size]
    spread = " ".join(f"{k}:{100 * levels.count(k) / n:.1f}%" for k in range(1, max(levels) + 1) if levels.count(k))
    inside = 100 * sum(low <= k <= high for k in levels) / n
    rooms, per = figures["rooms"], figures["per_level"]
    return (f"{size:6} {kind:5} levels {min(levels)}-{max(levels)} median {percentile(levels, .5)}, "
            f"in {low}-{high}: {inside:.1f}% [{spread}]; rooms median {percentile(rooms, .5)} p90 "
            f"{percentile(rooms, .9)} max {max(rooms)}; per level median {percentile(per, .5)} p90 "
            f"{percentile(per, .9)} max {max(per)}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=20000)
    parser.add_argument("--types", default="cave,crypt,ruin,lair")
    parser.add_argument("--sizes", default="small,medium,large")
    parser.add_argument("--rules", type=int, default=1, help="the rules version (1: the figures in the page)")
    args = parser.parse_args()
    for size in args.sizes.split(","):
        for kind in args.types.split(","):
            start = time.perf_counter()
            figures = measure(size, kind, args.seeds, args.rules)
            print(line(size, kind, figures), f"({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
