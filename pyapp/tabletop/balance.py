"""Win rates by party size, from whole games auto-played with bot.py's policy.

    python -m pyapp.tabletop.balance --games 500

prints the table and the WIN_RATES literal that data.py keeps (the rules
text shows it). Seats take the default classes in order (Knight,
Barbarian, Wizard, Archer); tiles are placed automatically.
"""

from __future__ import annotations

import sys
import time

from ..simulate import play_out
from .ruleset import RULESET

MAX_STEPS = 20_000


def win_rates(games: int, sizes=(1, 2, 3, 4), prefix: str = "balance") -> dict:
    out = {}
    for n in sizes:
        wins = turns = unfinished = 0
        for i in range(games):
            state = play_out(RULESET, f"{prefix}-{n}-{i}", {"heroes": n, "placement": "auto"}, max_steps=MAX_STEPS)
            wins += state["result"] == "won"
            unfinished += state["result"] is None
            turns += state["turn"]
        out[n] = {"win": round(100 * wins / games, 1), "games": games, "turns": round(turns / games, 1),
                  "unfinished": unfinished}
    return out


def main(argv: list[str]) -> None:
    games = int(argv[argv.index("--games") + 1]) if "--games" in argv else 500
    start = time.perf_counter()
    rates = win_rates(games)
    seconds = time.perf_counter() - start
    for n, row in rates.items():
        print(f"{n} heroes: {row['win']}% won, mean {row['turns']} turns, {row['unfinished']} unfinished")
    print(f"{4 * games} games in {seconds:.1f} s ({4 * games / seconds:.1f} games/s)")
    print("WIN_RATES =", {n: {k: v for k, v in row.items() if k != "unfinished"} for n, row in rates.items()})


if __name__ == "__main__":
    main(sys.argv[1:])
