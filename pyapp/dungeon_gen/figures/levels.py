"""Levels per Size and dungeon type over many whole dungeons, and how many stairs came from a level roll
(issue 31, Generator 1: the figures behind procedure.level_trigger_v3; issue 45, items 2 and 3: rooms, the
largest level, where the stairs down are and what lies behind secret passages, behind level_trigger_v4).

    python3 -m pyapp.dungeon_gen.figures.levels [--seeds 20000] [--rules 6] [--sizes small,medium,large]
        [--types cave,crypt,ruin,lair] [--jobs 2] [--write]

Dungeon i of a Size and type uses the seed "levels/<size>/<i>", as bench/level_figures.py does, so every
version and trigger is measured on the same dungeons. Prints per Size and type the share with 1..7 levels,
the share in the article's range (Small 1-3, Medium 2-5, Large 3-7), the share of stairs down placed by a
level roll, and why the dungeons out of range are (by Seed); then rooms per dungeon (median, max), the
largest level, the share of levels whose stairs down are within two rooms of the level's way in (along first
discoveries, as the map draws the level; and by the shortest walk, loop-backs included), the share of levels
that found them by searching their dead ends (generate.stairs_search), and how many of the rooms first found
through a secret passage are dead ends. --write stores the table the rules panel shows (level_figures.py;
only for the released rules version)."""

from __future__ import annotations

import argparse
import pprint
from collections import deque
from contextlib import contextmanager, nullcontext
from pathlib import Path

from ...engine import RULES_KEY
from .. import generate, level_figures
from ..data import DEPTHS, DUNGEON_TYPES, RULES_VERSION, SIZES, STAIRS_DOWN
from ..rules import new_state

BASE = {"name": "Figures", "int": 3, "dungeoneering": 0, "mode": "whole"}
FIGURES_FILE = Path(level_figures.__file__)


@contextmanager
def counting_rolled_stairs(counter: list[int]):
    """Count the stairs a level roll placed: the state keeps no trace of how each stairs down came (the
    dice tray keeps the last few rolls only), so the tool wraps generate.level_check for its own run."""
    check = generate.level_check

    def counted(state: dict, level: dict, room: dict) -> None:
        before = len(state["levels"])
        check(state, level, room)
        counter[0] += len(state["levels"]) - before

    generate.level_check = counted
    try:
        yield
    finally:
        generate.level_check = check


@contextmanager
def counting_searches(counter: list[int]):
    """Count the levels whose stairs down came from searching their dead ends (version 4's stairs_search)."""
    search = generate.stairs_search

    def counted(state: dict, level: dict) -> None:
        before = generate.has_stairs_down(level)
        search(state, level)
        counter[0] += generate.has_stairs_down(level) and not before

    generate.stairs_search = counted
    try:
        yield
    finally:
        generate.stairs_search = search


def walk(level: dict, start: int) -> dict[int, int]:
    """Rooms of a level by the fewest passages from `start` (loop-backs and secret passages included)."""
    ways: dict[int, list[int]] = {room["n"]: [] for room in level["rooms"]}
    for room in level["rooms"]:
        for p in room["passages"]:
            if p["kind"] in ("room", "loop"):
                ways[room["n"]].append(p["to"])
                ways[p["to"]].append(room["n"])
    far, todo = {start: 0}, deque([start])
    while todo:
        here = todo.popleft()
        for there in ways[here]:
            if there not in far:
                far[there] = far[here] + 1
                todo.append(there)
    return far


def stairs_rooms(level: dict) -> tuple[int, int] | None:
    """(rooms in along first discoveries, rooms in by the shortest walk) of the level's stairs down."""
    room = next((r for r in level["rooms"] if any(p["label"] == STAIRS_DOWN for p in r["passages"])), None)
    if room is None:
        return None
    return generate.rooms_in(level, room), walk(level, 1)[room["n"]]


def behind_secrets(level: dict) -> tuple[int, int]:
    """(rooms first found through a secret passage, of them dead ends)."""
    rooms, behind, dead = level["rooms"], 0, 0
    for room in rooms:
        if room["from"] and generate.passage(rooms[room["from"][0] - 1], room["from"][1])["secret"]:
            behind += 1
            dead += room["dead"]

    return behind, dead


def one(job: tuple[str, str, int, int]) -> tuple:
    """(levels, stairs, of them rolled, rooms, Seed, largest level, stairs within two rooms of the way in along
    first discoveries, the same by the shortest walk, levels that searched their dead ends, rooms behind a
    secret passage, of them dead ends) of dungeon i."""
    size, kind, i, rules = job
    rolled, searched = [0], [0]
    with counting_rolled_stairs(rolled), counting_searches(searched):
        state = new_state(f"levels/{size}/{i}", {**BASE, "size": size, "type": kind, RULES_KEY: rules})
    levels = len(state["levels"])
    where = [w for w in map(stairs_rooms, state["levels"]) if w]
    secrets = [behind_secrets(level) for level in state["levels"]]
    return (levels, levels - 1, rolled[0], sum(len(lv["rooms"]) for lv in state["levels"]), state["seed_value"],
            max(len(lv["rooms"]) for lv in state["levels"]), sum(w[0] <= 2 for w in where),
            sum(w[1] <= 2 for w in where), searched[0], sum(s[0] for s in secrets), sum(s[1] for s in secrets))


def measure(size: str, kind: str, seeds: int, rules: int, pool=None) -> dict:
    jobs = [(size, kind, i, rules) for i in range(seeds)]
    runs = list(pool.imap(one, jobs, chunksize=50) if pool else map(one, jobs))
    low, high = DEPTHS[size]
    counts = [sum(r[0] == k for r in runs) for k in range(1, 8)]
    out_by_seed: dict[int, list[int]] = {}
    for levels, _, _, _, seed, *_ in runs:
        tally = out_by_seed.setdefault(seed, [0, 0])
        tally[0] += 1
        tally[1] += not low <= levels <= high
    stairs, rolled = sum(r[1] for r in runs), sum(r[2] for r in runs)
    rooms = sorted(r[3] for r in runs)
    behind, dead = sum(r[9] for r in runs), sum(r[10] for r in runs)
    return {"seeds": seeds, "rules": rules, "levels": counts,
            "in_range": round(100 * sum(counts[low - 1:high]) / seeds, 1),
            "rolled": round(100 * rolled / stairs, 1) if stairs else 100.0,
            "rooms": rooms[len(rooms) // 2],
            "out_by_seed": {seed: tally for seed, tally in sorted(out_by_seed.items()) if tally[1]},
            "rooms_max": rooms[-1], "largest_level": max(r[5] for r in runs),
            "near": round(100 * sum(r[6] for r in runs) / stairs, 1) if stairs else 0.0,
            "near_walk": round(100 * sum(r[7] for r in runs) / stairs, 1) if stairs else 0.0,
            "searched": sum(r[8] for r in runs),
            "behind_secret": [behind, dead]}


def line(size: str, kind: str, f: dict) -> str:
    n = f["seeds"]
    spread = " ".join(f"{k}:{100 * c / n:.1f}" for k, c in enumerate(f["levels"], 1) if c)
    out = ", ".join(f"Seed {s} {bad}/{all_}" for s, (all_, bad) in f["out_by_seed"].items())
    behind, dead = f["behind_secret"]
    secrets = f"{100 * dead / behind:.1f}% ({dead} of {behind})" if behind else "none"
    return (f"{size:6} {kind:5} n={n} rules {f['rules']}: levels % [{spread}] in range {f['in_range']}%, "
            f"stairs from a roll {f['rolled']}%, rooms median {f['rooms']} max {f['rooms_max']}, largest level "
            f"{f['largest_level']}; stairs within 2 rooms of the way in {f['near']}% (shortest walk "
            f"{f['near_walk']}%), levels that searched their dead ends {f['searched']}; behind a secret passage "
            f"dead ends {secrets}; out of range: {out or 'none'}")


def write(figures: dict) -> None:
    head = FIGURES_FILE.read_text(encoding="utf-8").split("FIGURES = ", 1)[0]
    FIGURES_FILE.write_text(head + "FIGURES = " + pprint.pformat(figures, width=110, sort_dicts=False) + "\n",
                            encoding="utf-8")  # in the order measured: by Size, then type


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=20000, help="dungeons per Size and type")
    parser.add_argument("--rules", type=int, default=RULES_VERSION)
    parser.add_argument("--sizes", default=",".join(SIZES))
    parser.add_argument("--types", default=",".join(DUNGEON_TYPES))
    parser.add_argument("--jobs", type=int, default=1, help="processes (the machine is shared: 2 at most)")
    parser.add_argument("--write", action="store_true", help="rewrite level_figures.py (the rules panel)")
    args = parser.parse_args()
    if args.write and args.rules != RULES_VERSION:
        raise SystemExit(f"--write stores the released rules version's figures ({RULES_VERSION})")
    import multiprocessing  # noqa: PLC0415 (command line only; importing it reads os.urandom)

    figures = {}
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        for size in args.sizes.split(","):
            for kind in args.types.split(","):
                figures[size, kind] = measure(size, kind, args.seeds, args.rules, pool)
                print(line(size, kind, figures[size, kind]), flush=True)
    if args.write:
        write(figures)


if __name__ == "__main__":
    main()
