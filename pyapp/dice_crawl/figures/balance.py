"""Win rates over many auto-played games: by seat kind (bot level), by turn position, by race and by
class. The figures the balance tuning of data.py works from; a draw counts as a win for no one. With
--speed, the bots' decision times instead.

    python3 -m pyapp.dice_crawl.figures.balance --games 200 --players 2 --seats normal,easy
    python3 -m pyapp.dice_crawl.figures.balance --speed 20
    python3 -m pyapp.dice_crawl.figures.balance --games 10000 --players 2 --write (normal bots: view/balance_figures.py)
    python3 -m pyapp.dice_crawl.figures.balance --games 400 --players 2 --seats hard,normal

A long run can be played in parts, on other days or machines, and merged (the same games as one run):

    python3 -m pyapp.dice_crawl.figures.balance --games 5000 --players 4 --seats normal --part a.json
    python3 -m pyapp.dice_crawl.figures.balance --games 5000 --first 5000 --players 4 --seats normal --part b.json
    python3 -m pyapp.dice_crawl.figures.balance --merge a.json b.json --write
"""

from __future__ import annotations

import ast
import math
import pprint
from pathlib import Path

from ...simulate import play_out
from ..data import CLASS_NAMES, RACE_NAMES, RULES_VERSION
from ..rules import scoring
from ..ruleset import RULESET
from ..view import balance_figures
from . import bot_speed, parts

FIGURES_FILE = Path(balance_figures.__file__)
SAME = ("players", "seats", "rules")  # what the parts of one run share (parts.merged)


def one_game(job: tuple) -> tuple[int, bool, list]:
    """(rounds, capped, [(keys of a seat, won) for each seat]) of one auto-played game; capped: it ended at the
    round limit, not by a rule of the text."""
    n, players, seats, prefix, rules = job
    kinds = [seats[(i + n) % len(seats)] for i in range(players)]
    settings = {"players": players, "first": "roll", "v": rules,
                **{f"seat{i + 1}": kind for i, kind in enumerate(kinds)}}
    state = play_out(RULESET, f"{prefix}/{n}", settings)
    won = scoring.winners(state, state["final"])
    capped = state["round"] > state["max_rounds"]
    return state["round"], capped, [({"kind": kinds[i], "position": (i - state["first"]) % players + 1,
                              "race": RACE_NAMES[p["race"]], "class": CLASS_NAMES[p["cls"]]}, won == [i])
                            for i, p in enumerate(state["players"])]


def tally(games: int, players: int, seats: list[str], prefix: str = "balance", run=map, first: int = 0,
          rules: int = RULES_VERSION) -> dict:
    """The counts of games first .. first + games - 1 (the seed of game n is prefix/n, so a run split into
    parts, each saved with --part, merges into the same counts as one run); the seat kinds rotate through the
    seats so that each kind sits in every place. `run` maps one_game over the jobs (a process pool's map
    spreads them over the cores)."""
    wins: dict[str, dict] = {"kind": {}, "position": {}, "race": {}, "class": {}}
    seen: dict[str, dict] = {"kind": {}, "position": {}, "race": {}, "class": {}}
    rounds = capped = 0
    jobs = [(n, players, seats, prefix, rules) for n in range(first, first + games)]
    for game_rounds, at_limit, seated in run(one_game, jobs):
        rounds += game_rounds
        capped += at_limit
        for keys, won in seated:
            for what, key in keys.items():
                key = str(key)  # as JSON keeps it, so that saved parts merge
                seen[what][key] = seen[what].get(key, 0) + 1
                wins[what][key] = wins[what].get(key, 0) + won
    return {"first": first, "games": games, "players": players, "seats": seats, "rules": rules,
            "rounds": rounds, "capped": capped, "wins": wins, "seen": seen}


def rates(counts: dict) -> dict:
    """Win rates (0 to 1) by kind, position, race and class, keys in order."""
    return {what: {key: counts["wins"][what].get(key, 0) / seen for key, seen in sorted(by_key.items())}
            for what, by_key in counts["seen"].items()}


def write_figures(players: int, entry: dict) -> None:
    """Rewrite balance_figures.py (the rules panel shows it) with this player count's figures; the others
    are read back from the file as it is now (runs for other player counts may have written it meanwhile)."""
    rewrite_figures(FIGURES_FILE, players, entry,
                    '"""Win rates of equal normal bots by seat, race and class: written by balance.py --write (do not '
                    'edit)."""\n\n# players: {games, rules, mean_rounds, position, race, class} (rules: the version '
                    "played;\n# win rates in % of the games seated; draws win nothing)\n")


FIGURES_DECLARED = "FIGURES: dict  # declared, not inferred: the entries mix numbers, lists and dicts\n"


def rewrite_figures(path: Path, key, entry: dict, head: str) -> None:
    """A figures module (head, then FIGURES = {...}) with the entry of `key` replaced, the others kept."""
    figures = ast.literal_eval(path.read_text(encoding="utf-8").split("FIGURES = ", 1)[1])
    figures[key] = entry
    path.write_text(head + FIGURES_DECLARED + "FIGURES = " + pprint.pformat(figures, width=100) + "\n",
                    encoding="utf-8")


def measured(counts: dict) -> dict:
    rate = rates(counts)
    return {"games": counts["games"], "rules": counts["rules"],
            "mean_rounds": round(counts["rounds"] / max(counts["games"], 1), 1), "capped": counts["capped"],
            **{what: {key: round(100 * r, 1) for key, r in rate[what].items()}
               for what in ("position", "race", "class")}}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    if not n:
        return 0.0, 1.0
    p = wins / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


def speeds(seconds: float) -> None:
    """Print the bots' decision times: `seconds` of games per level, ten times as many decisions for hard."""
    for level in ("easy", "normal"):
        f = bot_speed.level_speed(level, seconds)
        print(f"{level}: {f['decisions_per_s']:.0f} decisions/s, median {f['median_ms']:.2f} ms, "
              f"p95 {f['p95_ms']:.2f} ms, {f['games_per_s']:.2f} whole games/s (2 players)")
    f = bot_speed.hard_speed(int(10 * seconds))
    print(f"hard: {f['decisions_per_s']:.1f} decisions/s, median {f['median_ms']:.1f} ms, p95 {f['p95_ms']:.1f} ms "
          f"({f['n']} decisions on normal games' positions)")


def report(counts: dict) -> None:
    rate = rates(counts)
    print(f"{counts['games']} games, {counts['players']} players, seats {','.join(counts['seats'])}; "
          f"mean rounds {counts['rounds'] / max(counts['games'], 1):.1f}; {counts['capped']} ended at the round limit")
    for what, by_key in rate.items():
        cells = ", ".join(f"{key}: {r:.1%} of {counts['seen'][what][key]}" for key, r in by_key.items())
        print(f"  by {what}: {cells}")
    for kind, r in rate["kind"].items():
        low, high = wilson(r * counts["seen"]["kind"][kind], counts["seen"]["kind"][kind])
        print(f"  {kind}: won {r:.1%} of its seats, 95% interval {low:.1%} to {high:.1%}")


def main() -> None:
    import argparse  # noqa: PLC0415 (command line only: the page never imports it)
    import multiprocessing  # noqa: PLC0415 (command line only; importing it reads os.urandom)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seats", default="normal,easy")
    parser.add_argument("--speed", type=float, default=0, help="seconds of games per bot level: time the bots")
    parser.add_argument("--write", action="store_true", help="normal bots only: rewrite balance_figures.py")
    parser.add_argument("--processes", type=int, default=2)
    parts.add_arguments(parser)
    args = parts.parsed(parser)
    if args.speed:
        speeds(args.speed)
        return
    if args.merge:
        counts = parts.merged(parts.load(args.merge), SAME)
    else:
        seats = ["normal"] if args.write else args.seats.split(",")
        with multiprocessing.Pool(args.processes) as pool:
            counts = tally(args.games, args.players, seats, first=args.first, rules=args.rules,
                           run=lambda f, jobs: pool.imap(f, jobs, chunksize=10))
        if args.part:
            parts.save(args.part, counts)
    report(counts)
    if args.write:
        if counts["first"] or counts["seats"] != ["normal"] or counts["rules"] != RULES_VERSION:
            raise SystemExit("--write takes a whole run (from game 0) of normal bots under the newest rules")
        write_figures(counts["players"], measured(counts))


if __name__ == "__main__":
    main()
