"""Issue 45's leader rule (bots/bot.LEADER_ENDS) measured: the same games between equal normal bots under the
rules version before it and under it, on the balance runs' seeds (balance/N, first player rolled), with the games
the round limit ended, the mean rounds and the win rate of each turn position; and every game the round limit
ended, named by its seed, to replay and read.

    python3 -m pyapp.dice_crawl.figures.leader_ends --games 4000 --players 2 [--first 0] [--part FILE]
    python3 -m pyapp.dice_crawl.figures.leader_ends --merge a.json b.json [--part merged.json]
    python3 -m pyapp.dice_crawl.figures.leader_ends --merge pyapp/dice_crawl/figures/runs/v11_leader_2p.json

Only the newer version is played for every game. The bots of the two versions differ in one place: the rule is on
only where bot.closing says so (every marker shut in, and the player to decide would win, or share the first place,
if the game ended now). A game in which it never said so, at any decision, is the same game move for move under the
older version, so the older version is played only for the games the rule touched (`--check` plays it for every
game, and stops at the first game that differs from its newer twin where the rule never acted).
"""

from __future__ import annotations

import json
from pathlib import Path

from ...simulate import play_out
from ..bots import bot
from ..data import CANDIDATE, RULES_VERSION
from ..rules import scoring
from ..ruleset import RULESET

NEWER = CANDIDATE or RULES_VERSION  # the version that brings the rule
OLDER = bot.LEADER_ENDS - 1


def play(n: int, players: int, rules: int, prefix: str = "balance") -> dict:
    settings = {"players": players, "first": "roll", "v": rules,
                **{f"seat{i + 1}": "normal" for i in range(players)}}
    return play_out(RULESET, f"{prefix}/{n}", settings)


def outcome(state: dict) -> dict:
    """Rounds played, whether the round limit ended the game, and the winner's turn position (0: a draw)."""
    won = scoring.winners(state, state["final"])
    players = len(state["players"])
    return {"rounds": state["round"], "capped": state["round"] > state["max_rounds"],
            "position": (won[0] - state["first"]) % players + 1 if len(won) == 1 else 0}


def one_seed(n: int, players: int, check: bool = False) -> dict:
    """Game n under both versions: {"n", "acted", "older": outcome, "newer": outcome}."""
    acted = []
    weigh = bot.closing

    def watched(*args):
        on = weigh(*args)
        if on:
            acted.append(True)
        return on

    bot.closing = watched
    try:
        newer = play(n, players, NEWER)
    finally:
        bot.closing = weigh
    older = newer
    if acted or check:
        older = play(n, players, OLDER)
        if check and not acted and (older["log"], older["final"]) != (newer["log"], newer["final"]):
            raise SystemExit(f"game {n}: the rule never acted, yet the two versions played different games")
    return {"n": n, "acted": bool(acted), "older": outcome(older), "newer": outcome(newer)}


def tally(games: list[dict], players: int, first: int) -> dict:
    """The counts of a run (or a part of one: games first .. first + len(games) - 1), per version: rounds played,
    the seeds' numbers of the games the round limit ended, and the wins of each turn position (draws win nothing)."""
    counts = {"players": players, "older": OLDER, "newer": NEWER, "first": first, "games": len(games),
              "acted": sum(g["acted"] for g in games)}
    for key in ("older", "newer"):
        counts[f"{key}_rounds"] = sum(g[key]["rounds"] for g in games)
        counts[f"{key}_capped"] = [g["n"] for g in games if g[key]["capped"]]
        counts[f"{key}_wins"] = [sum(g[key]["position"] == p for g in games) for p in range(1, players + 1)]
    return counts


def merged(parts: list[dict]) -> dict:
    """One run's counts from its parts, refused unless they are of one run and follow on with no game missing."""
    parts = sorted(parts, key=lambda part: part["first"])
    same = ("players", "older", "newer")
    if len({tuple(part[k] for k in same) for part in parts}) != 1:
        raise SystemExit("the parts are not of one run (players or versions differ)")
    games = parts[0]["first"]
    for part in parts:
        if part["first"] != games:
            raise SystemExit(f"the parts do not follow on: game {games} is next, a part starts at {part['first']}")
        games += part["games"]
    total = {**{k: parts[0][k] for k in same}, "first": parts[0]["first"], "games": games - parts[0]["first"]}
    for key, value in parts[0].items():
        if key in total:
            continue
        if isinstance(value, int):
            total[key] = sum(part[key] for part in parts)
        elif key.endswith("_capped"):
            total[key] = [n for part in parts for n in part[key]]
        else:
            total[key] = [sum(wins) for wins in zip(*(part[key] for part in parts))]
    return total


def report(counts: dict) -> None:
    games, players = counts["games"], counts["players"]
    print(f"{games} games (balance/{counts['first']} to balance/{counts['first'] + games - 1}), {players} players, "
          f"equal normal bots; the rule acted in {counts['acted']} of them")
    for key in ("older", "newer"):
        capped = counts[f"{key}_capped"]
        seats = ", ".join(f"{100 * w / max(games, 1):.1f}%" for w in counts[f"{key}_wins"])
        share = 100 * len(capped) / max(games, 1)
        print(f"  version {counts[key]}: {len(capped)} ended at the round limit ({share:.2f}%), "
              f"mean rounds {counts[f'{key}_rounds'] / max(games, 1):.2f}, wins by turn position {seats}")
        if capped:
            print("    at the round limit: " + ", ".join(f"balance/{n}" for n in capped))


def main() -> None:
    import argparse  # noqa: PLC0415 (command line only: the page never imports it)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the number of the first game: a part of a longer run")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--check", action="store_true", help="play the older version for every game, and compare")
    parser.add_argument("--part", metavar="FILE", help="save the counts as JSON (with --merge: the merged ones)")
    parser.add_argument("--merge", metavar="FILE", nargs="+", help="report saved parts (of one run) as one")
    args = parser.parse_args()
    if args.merge:
        counts = merged([json.loads(Path(path).read_text(encoding="utf-8")) for path in args.merge])
    else:
        games = [one_seed(n, args.players, args.check) for n in range(args.first, args.first + args.games)]
        counts = tally(games, args.players, args.first)
    if args.part:  # with --merge: the merged counts, one file for the run
        Path(args.part).write_text(json.dumps(counts) + "\n", encoding="utf-8")
    report(counts)


if __name__ == "__main__":
    main()
