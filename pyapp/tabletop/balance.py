"""Win rates by party size, from whole games auto-played with bot.py's policy.

    python -m pyapp.tabletop.balance --games 500
    python -m pyapp.tabletop.balance --phase      (one monsters' phase, 30 monsters)

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


def phase_scene() -> dict:
    """A state about to start a monsters' phase with 30 monsters on a 4-room,
    3-hallway chain (one closed door), the 4 heroes at the far end."""
    from .state import new_monster

    def room(x, y, n):
        return {"kind": "room", "n": n, "x": x, "y": y, "w": 3, "h": 3, "cleared": False}

    def hall(x, y, n, w, h):
        return {"kind": "hall", "n": n, "x": x, "y": y, "w": w, "h": h, "cleared": False}

    def door(a, b, state="open"):
        return {"a": list(a), "b": list(b), "state": state, "hits": 0, "attacker": None}

    state = RULESET.new_state("phase", {**RULESET.defaults(), "placement": "auto"})
    state["tiles"] = [room(0, 0, 1), hall(1, 3, 1, 1, 4), room(0, 7, 2), hall(3, 8, 2, 4, 1), room(7, 7, 3),
                      hall(8, 10, 3, 1, 4), room(7, 14, 4)]
    state["doors"] = [door((1, 3), (1, 2)), door((1, 6), (1, 7)), door((3, 8), (2, 8)), door((6, 8), (7, 8), "closed"),
                      door((8, 10), (8, 9)), door((8, 13), (8, 14))]
    for hero, sq in zip(state["heroes"], [(0, 0), (1, 0), (2, 0), (0, 1)]):
        hero["sq"] = list(sq)
    squares = [(x, y) for t in state["tiles"] for y in range(t["y"], t["y"] + t["h"])
               for x in range(t["x"], t["x"] + t["w"]) if y >= 4]
    state["monsters"] = [new_monster(state, "orc" if i % 2 else "goblin", sq) for i, sq in enumerate(squares[:30])]
    return state


def phase_seconds(repeats: int = 5) -> float:
    """Best time of one whole monsters' phase of `phase_scene`."""
    import copy

    from . import monsters

    state = phase_scene()
    best = float("inf")
    for _ in range(repeats):
        trial = copy.deepcopy(state)
        start = time.perf_counter()
        monsters.start(trial)
        while trial["phase"] == "monsters":
            monsters.step(trial)
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str]) -> None:
    if "--phase" in argv:
        print(f"one monsters' phase with 30 monsters: {1000 * phase_seconds():.1f} ms")
        return
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
