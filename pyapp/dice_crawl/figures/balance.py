"""Win rates over many auto-played games: by seat kind (bot level), by turn position, by race and by
class. The figures the balance tuning of data.py works from; a draw counts as a win for no one. With
--speed, the bots' decision times instead.

    python3 -m pyapp.dice_crawl.figures.balance --games 200 --players 2 --seats normal,easy
    python3 -m pyapp.dice_crawl.figures.balance --speed 20
    python3 -m pyapp.dice_crawl.figures.balance --games 10000 --players 2 --write (normal bots: view/balance_figures.py)
    python3 -m pyapp.dice_crawl.figures.balance --games 400 --players 2 --seats hard,normal
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
from . import bot_speed

FIGURES_FILE = Path(balance_figures.__file__)


def one_game(job: tuple) -> tuple[int, list]:
    """(rounds, capped, [(keys of a seat, won) for each seat]) of one auto-played game; capped: it ended at the
    round limit, not by a rule of the text."""
    n, players, seats, prefix = job
    kinds = [seats[(i + n) % len(seats)] for i in range(players)]
    settings = {"players": players, "first": "roll", **{f"seat{i + 1}": kind for i, kind in enumerate(kinds)}}
    state = play_out(RULESET, f"{prefix}/{n}", settings)
    won = scoring.winners(state, state["final"])
    capped = state["round"] > state["max_rounds"]
    return state["round"], capped, [({"kind": kinds[i], "position": (i - state["first"]) % players + 1,
                              "race": RACE_NAMES[p["race"]], "class": CLASS_NAMES[p["cls"]]}, won == [i])
                            for i, p in enumerate(state["players"])]


def tally(games: int, players: int, seats: list[str], prefix: str = "balance", run=map) -> dict:
    """Play `games` games; the seat kinds rotate through the seats so that each kind sits in every place.
    `run` maps one_game over the jobs (a process pool's map spreads them over the cores)."""
    wins = {"kind": {}, "position": {}, "race": {}, "class": {}}
    seen = {"kind": {}, "position": {}, "race": {}, "class": {}}
    rounds = capped = 0
    for game_rounds, at_limit, seated in run(one_game, [(n, players, seats, prefix) for n in range(games)]):
        rounds += game_rounds
        capped += at_limit
        for keys, won in seated:
            for what, key in keys.items():
                seen[what][key] = seen[what].get(key, 0) + 1
                if won:
                    wins[what][key] = wins[what].get(key, 0) + 1
    rates = {what: {key: wins[what].get(key, 0) / count for key, count in sorted(seen[what].items())}
             for what in seen}
    return {"games": games, "rates": rates, "seen": seen, "mean_rounds": rounds / max(games, 1),
            "capped": capped}


def write_figures(players: int, entry: dict) -> None:
    """Rewrite balance_figures.py (the rules panel shows it) with this player count's figures; the others
    are read back from the file as it is now (runs for other player counts may have written it meanwhile)."""
    rewrite_figures(FIGURES_FILE, players, entry,
                    '"""Win rates of equal normal bots by seat, race and class: written by balance.py --write (do not '
                    'edit)."""\n\n# players: {games, rules, mean_rounds, position, race, class} (rules: the version '
                    "played;\n# win rates in % of the games seated; draws win nothing)\n")


def rewrite_figures(path: Path, key, entry: dict, head: str) -> None:
    """A figures module (head, then FIGURES = {...}) with the entry of `key` replaced, the others kept."""
    figures = ast.literal_eval(path.read_text(encoding="utf-8").split("FIGURES = ", 1)[1])
    figures[key] = entry
    path.write_text(head + "FIGURES = " + pprint.pformat(figures, width=100) + "\n", encoding="utf-8")


def measured(result: dict) -> dict:
    return {"games": result["games"], "rules": RULES_VERSION, "mean_rounds": round(result["mean_rounds"], 1),
            "capped": result["capped"],
            **{what: {str(key): round(100 * rate, 1) for key, rate in result["rates"][what].items()}
               for what in ("position", "race", "class")}}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate."""
    if not n:
        return 0.0, 1.0
    p = wins / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


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
    args = parser.parse_args()
    if args.speed:
        for level in ("easy", "normal"):
            f = bot_speed.level_speed(level, args.speed)
            print(f"{level}: {f['decisions_per_s']:.0f} decisions/s, median {f['median_ms']:.2f} ms, "
                  f"p95 {f['p95_ms']:.2f} ms, {f['games_per_s']:.2f} whole games/s (2 players)")
        f = bot_speed.hard_speed(int(10 * args.speed))
        print(f"hard: {f['decisions_per_s']:.1f} decisions/s, median {f['median_ms']:.1f} ms, p95 {f['p95_ms']:.1f} ms "
              f"({f['n']} decisions on normal games' positions)")
        return
    seats = ["normal"] if args.write else args.seats.split(",")
    with multiprocessing.Pool(args.processes) as pool:
        result = tally(args.games, args.players, seats, run=lambda f, jobs: pool.imap(f, jobs, chunksize=10))
    print(f"{args.games} games, {args.players} players, seats {','.join(seats)}; "
          f"mean rounds {result['mean_rounds']:.1f}; {result['capped']} ended at the round limit")
    for what, rates in result["rates"].items():
        cells = ", ".join(f"{key}: {rate:.1%} of {result['seen'][what][key]}" for key, rate in rates.items())
        print(f"  by {what}: {cells}")
    for kind, rate in result["rates"]["kind"].items():
        low, high = wilson(rate * result["seen"]["kind"][kind], result["seen"]["kind"][kind])
        print(f"  {kind}: won {rate:.1%} of its seats, 95% interval {low:.1%} to {high:.1%}")
    if args.write:
        write_figures(args.players, measured(result))


if __name__ == "__main__":
    main()
