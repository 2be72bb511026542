"""Issue 45's leader rule (bots/bot.LEADER_ENDS) measured: the same games between equal normal bots under the
rules version before it and under it, on the balance runs' seeds (balance/N, first player rolled), with the games
the round limit ended, the mean rounds and the win rate of each turn position; and every game the round limit
ended under the newer version, named by its seed, to replay and read.

    python3 -m pyapp.dice_crawl.figures.leader_ends --games 4000 --players 2 [--first 0] [--part FILE]
    python3 -m pyapp.dice_crawl.figures.leader_ends --merge a.json b.json

Only the newer version is played for every game. The bots of the two versions differ in one place: the rule is
on only where bot.closing says so (every marker shut in, one player would win). A game in which it never said
so, for any board the bot weighed, is the same game move for move under the older version, so the older version
is played only for the games the rule touched (`--check` plays it for every game, and stops at the first game
that differs from its newer twin where the rule never acted).
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


def summary(games: list[dict], players: int, key: str) -> dict:
    count = len(games)
    capped = [g["n"] for g in games if g[key]["capped"]]
    wins = [sum(g[key]["position"] == p for g in games) for p in range(1, players + 1)]
    return {"games": count, "capped": capped, "mean_rounds": sum(g[key]["rounds"] for g in games) / max(count, 1),
            "positions": [100 * w / max(count, 1) for w in wins]}


def report(run: dict) -> None:
    games, players = run["games"], run["players"]
    print(f"{len(games)} games (balance/{games[0]['n']} to balance/{games[-1]['n']}), {players} players, "
          f"equal normal bots; the rule acted in {sum(g['acted'] for g in games)} of them")
    for key, version in (("older", run["older"]), ("newer", run["newer"])):
        s = summary(games, players, key)
        seats = ", ".join(f"{p:.1f}%" for p in s["positions"])
        print(f"  version {version}: {len(s['capped'])} ended at the round limit "
              f"({100 * len(s['capped']) / max(s['games'], 1):.2f}%), mean rounds {s['mean_rounds']:.2f}, "
              f"wins by turn position {seats}")
        if key == "newer" and s["capped"]:
            print("    at the round limit: " + ", ".join(f"balance/{n}" for n in s["capped"]))


def main() -> None:
    import argparse  # noqa: PLC0415 (command line only: the page never imports it)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the number of the first game: a part of a longer run")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--check", action="store_true", help="play the older version for every game, and compare")
    parser.add_argument("--part", metavar="FILE", help="save every game's outcome as JSON, for --merge")
    parser.add_argument("--merge", metavar="FILE", nargs="+", help="report saved parts (of one player count) as one")
    args = parser.parse_args()
    if args.merge:
        parts = [json.loads(Path(path).read_text(encoding="utf-8")) for path in args.merge]
        if len({(p["players"], p["older"], p["newer"]) for p in parts}) != 1:
            raise SystemExit("the parts are not of one run (players and versions differ)")
        games = sorted((g for p in parts for g in p["games"]), key=lambda g: g["n"])
        if [g["n"] for g in games] != list(range(games[0]["n"], games[0]["n"] + len(games))):
            raise SystemExit("the parts do not follow on: a game is missing or played twice")
        run = {**parts[0], "games": games}
    else:
        games = [one_seed(n, args.players, args.check) for n in range(args.first, args.first + args.games)]
        run = {"players": args.players, "older": OLDER, "newer": NEWER, "games": games}
        if args.part:
            Path(args.part).write_text(json.dumps(run), encoding="utf-8")
    report(run)


if __name__ == "__main__":
    main()
