"""How often the room behind a passage is a dead end, behind secret passages and behind ordinary ones
(issue 31, Dungeon Generator 2), over whole dungeons of each Size.

    PYTHONPATH=. python3 bench/secret_figures.py [--seeds 20000] [--type cave] [--rules 1]

Dungeon i of a Size uses the seed "secrets/<size>/<i>" (the same seeds for every rules version, so the
figures compare). A room "behind" a passage is the room first found through it (loop-backs and stairs
are not rooms behind a passage)."""

from __future__ import annotations

import argparse

from pyapp.dungeon_gen.data import RULES_VERSION, SIZES
from pyapp.dungeon_gen.rules import new_state
from pyapp.engine import RULES_KEY


def tally(size: str, kind: str, seeds: int, version: int) -> dict:
    out = {"secret": [0, 0], "ordinary": [0, 0]}  # [rooms behind, of which dead ends]
    for i in range(seeds):
        state = new_state(f"secrets/{size}/{i}", {"name": "Figures", "int": 3, "dungeoneering": 0, "mode": "whole",
                                                  "size": size, "type": kind, RULES_KEY: version})
        for level in state["levels"]:
            rooms = level["rooms"]
            for room in rooms:
                if not room["from"]:
                    continue
                parent = rooms[room["from"][0] - 1]
                way = next(p for p in parent["passages"] if p["label"] == room["from"][1])
                counts = out["secret" if way["secret"] else "ordinary"]
                counts[0] += 1
                counts[1] += room["dead"]
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=20000)
    parser.add_argument("--type", default="cave")
    parser.add_argument("--rules", type=int, default=RULES_VERSION)
    args = parser.parse_args()
    for size in SIZES:
        out = tally(size, args.type, args.seeds, args.rules)
        shares = ", ".join(f"behind {k} passages {100 * dead / rooms:.1f}% dead ends ({dead} of {rooms})"
                           for k, (rooms, dead) in out.items() if rooms)
        print(f"rules {args.rules} {size:6} {args.type}: {shares}", flush=True)


if __name__ == "__main__":
    main()
