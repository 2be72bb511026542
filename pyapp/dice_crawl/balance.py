"""Win rates over many auto-played games: by seat kind (bot level), by turn position, by race and by
class. The figures the balance tuning of data.py works from; a draw counts as a win for no one. With
--speed, the bots' decision times instead.

    python3 -m pyapp.dice_crawl.balance --games 200 --players 2 --seats normal,easy
    python3 -m pyapp.dice_crawl.balance --speed 20
"""

from __future__ import annotations

import time

from ..simulate import new_game, play_out, summarise
from . import bot, scoring
from .data import CLASS_NAMES, RACE_NAMES
from .ruleset import RULESET


def tally(games: int, players: int, seats: list[str], prefix: str = "balance") -> dict:
    """Play `games` games; the seat kinds rotate through the seats so that each kind sits in every place."""
    wins = {"kind": {}, "position": {}, "race": {}, "class": {}}
    seen = {"kind": {}, "position": {}, "race": {}, "class": {}}
    rounds = 0
    for n in range(games):
        kinds = [seats[(i + n) % len(seats)] for i in range(players)]
        settings = {"players": players, "first": "roll", **{f"seat{i + 1}": kind for i, kind in enumerate(kinds)}}
        state = play_out(RULESET, f"{prefix}/{n}", settings)
        rounds += state["round"]
        won = scoring.winners(state, state["final"])
        for i, p in enumerate(state["players"]):
            keys = {"kind": kinds[i], "position": (i - state["first"]) % players + 1,
                    "race": RACE_NAMES[p["race"]], "class": CLASS_NAMES[p["cls"]]}
            for what, key in keys.items():
                seen[what][key] = seen[what].get(key, 0) + 1
                if won == [i]:
                    wins[what][key] = wins[what].get(key, 0) + 1
    rates = {what: {key: wins[what].get(key, 0) / count for key, count in sorted(seen[what].items())}
             for what in seen}
    return {"games": games, "rates": rates, "seen": seen, "mean_rounds": rounds / max(games, 1)}


def decision_times(level: str, seconds: float, players: int = 2) -> dict:
    """Whole games of `level` bots for about `seconds`: decisions per second, median and p95 decision time."""
    times, games, start = [], 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(RULESET, f"speed-{level}-{games}", {"players": players,
                                                             **{f"seat{n}": level for n in range(1, 5)}})
        while not state["over"]:
            began = time.perf_counter()
            action_code = bot.auto_action(state)
            times.append(time.perf_counter() - began)
            RULESET.apply(state, action_code)
        games += 1
    figures = summarise(times)
    return {"decisions_per_s": len(times) / sum(times), "median_ms": 1000 * figures["median"],
            "p95_ms": 1000 * figures["p95"], "games_per_s": games / (time.perf_counter() - start)}


def main() -> None:
    import argparse  # noqa: PLC0415 (command line only: the page never imports it)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seats", default="normal,easy")
    parser.add_argument("--speed", type=float, default=0, help="seconds of games per bot level: time the bots")
    args = parser.parse_args()
    if args.speed:
        for level in ("easy", "normal"):
            f = decision_times(level, args.speed, args.players)
            print(f"{level}: {f['decisions_per_s']:.0f} decisions/s, median {f['median_ms']:.2f} ms, "
                  f"p95 {f['p95_ms']:.2f} ms, {f['games_per_s']:.2f} whole games/s ({args.players} players)")
        return
    result = tally(args.games, args.players, args.seats.split(","))
    print(f"{args.games} games, {args.players} players, seats {args.seats}; "
          f"mean rounds {result['mean_rounds']:.1f}")
    for what, rates in result["rates"].items():
        cells = ", ".join(f"{key}: {rate:.0%} of {result['seen'][what][key]}" for key, rate in rates.items())
        print(f"  by {what}: {cells}")


if __name__ == "__main__":
    main()
