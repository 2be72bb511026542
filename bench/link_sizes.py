"""Replay link sizes (issue 46, item 2): the issue's table, for the code form and for the compact form.

    nice -n 10 /work/main/.venv/bin/python bench/link_sizes.py [--games 200] [--check 5] [--page SLUG ...]
    nice -n 10 /work/main/.venv/bin/python bench/link_sizes.py --random   # each move a legal one at random

Whole games as the issue measured them: a new game of each page (its newest rules and default settings,
Ruleset.newest), seeds len-1 to len-N, auto-played (the page's Auto play, Ruleset.auto_action) until it is
over or MAX_REPLAY_STEPS (5,000) moves were played (3 Dice Dungeon's default endless mode may go on for
ever). Each game's links are written by the page's own code:

- code form: the replay link pages wrote before issue 46 (share_query and the moves' codes,
  webapp.encode_replay), measured even past the 60,000 characters (MAX_QUERY_CHARS) up to which the page
  offered it;
- compact, query: the query of the link replay_query writes now (up to "#": over HOST_QUERY_CHARS the moves
  go after it);
- compact, whole link: that link with its fragment, what a chat must carry.

With --random, each move is instead one of the legal actions at random (seeded by the game's seed): the worst
case of the compact form, about log2(n) bits a move among n offered, where a player or the bot repeats itself.

Lengths count the "?" (the issue's 5,728 of the golden two-player link). With --check K, the first K
games of each page are opened again from their compact link (parse_query) and must give the same moves.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyapp import registry, webapp  # noqa: E402
from pyapp.markup import encode_query  # noqa: E402

CHAT, HOST = 2_000, 8_000  # chats cut links at about 2,000 characters; GitHub Pages answers 414 at about 8,000
FORMS = ("code form", "compact, query", "compact, whole link")


def whole_game(ruleset, seed: str, at_random: bool) -> tuple[dict, list[str], list[tuple[int, int]]]:
    """An auto-played game's settings, moves and picks (each move's place among the legal actions, and how
    many there were), straight through the ruleset as pyapp/simulate.py plays."""
    settings = ruleset.newest()
    state = ruleset.new_state(seed, settings)
    chance = random.Random(seed)
    codes: list[str] = []
    picks: list[tuple[int, int]] = []
    while len(codes) < webapp.MAX_REPLAY_STEPS and not ruleset.is_over(state):
        offered = [action.code for action in ruleset.legal_actions(state)]
        code = chance.choice(offered) if at_random else ruleset.auto_action(state)
        ruleset.apply(state, code)
        codes.append(code)
        picks.append((offered.index(code), len(offered)))
    return settings, codes, picks


def lengths(ruleset, seed: str, check: bool, at_random: bool) -> tuple[list[int], bool]:
    """The game's link lengths in FORMS' order, and whether it was still going at the cap."""
    settings, codes, picks = whole_game(ruleset, seed, at_random)
    share = webapp.share_query(ruleset, seed, settings)
    old = share + "&" + encode_query([("replay", webapp.encode_replay(codes))])
    new = webapp.replay_query(ruleset, seed, settings, codes, picks)
    assert new is not None, f"{ruleset.slug} {seed}: no compact link"
    if check:
        assert webapp.parse_query(ruleset, new).replay == codes, f"{ruleset.slug} {seed}: the link reads back wrong"
    return [len(old), len(new.partition("#")[0]), len(new)], len(codes) >= webapp.MAX_REPLAY_STEPS


def row(slug: str, values: list[int]) -> str:
    ordered = sorted(values)
    p90 = ordered[math.ceil(0.9 * len(ordered)) - 1]
    over = [sum(v > limit for v in ordered) for limit in (CHAT, HOST)]
    n = len(ordered)
    return (f"| {slug} | {statistics.median(ordered):,.0f} | {p90:,} | {ordered[-1]:,} | "
            + " | ".join(f"{k} of {n}" if k else "0" for k in over) + " |")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games a page (seeds len-1 to len-N)")
    parser.add_argument("--check", type=int, default=5, help="games a page read back from their compact link")
    parser.add_argument("--page", action="append", choices=list(registry.RULESETS), help="only these pages")
    parser.add_argument("--random", action="store_true", help="each move a legal action at random, not auto play")
    args = parser.parse_args(argv)
    figures: dict[str, list[list[int]]] = {}
    capped: dict[str, int] = {}
    for slug in args.page or list(registry.RULESETS):
        ruleset, start = registry.get(slug), time.perf_counter()
        results = [lengths(ruleset, f"len-{i}", i <= args.check, args.random) for i in range(1, args.games + 1)]
        figures[slug] = [list(column) for column in zip(*(sizes for sizes, _ in results))]
        capped[slug] = sum(cap for _, cap in results)
        print(f"{slug}: {args.games} games, {capped[slug]} still going at {webapp.MAX_REPLAY_STEPS:,} moves "
              f"({time.perf_counter() - start:.0f} s)", file=sys.stderr, flush=True)
    for index, form in enumerate(FORMS):
        played = "games of random legal moves" if args.random else "auto-played whole games"
        print(f"\n{form}, {args.games} {played} a page:\n")
        print("| page | query length: median | 90th percentile | longest | over 2,000 | over 8,000 |")
        print("|---|---|---|---|---|---|")
        for slug, columns in figures.items():
            print(row(slug, columns[index]))
    print("\nStill going at the cap: " + ", ".join(f"{slug} {n} of {args.games}" for slug, n in capped.items()))


if __name__ == "__main__":
    main()
