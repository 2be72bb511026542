"""One class against each of the others, two normal bots a game: the measure the base tuning needs for the text's
Warrior, whose win rate over a balance run (balance.py) mixes in every other card.

    python3 -m pyapp.dice_crawl.figures.head_to_head --games 4400 [--card Warrior] [--second-copy-worth 0.3]

Game n seats the card in seat n % 2 and cycles the other seat's class through the newest rules' other base
classes; races and the first player come from each game's seeded dice. With 400 games an opponent, a row is good to
about +-5 points at 95%, the whole to about +-1.5.

--second-copy-worth asks what if the normal bot valued a Power its cards print twice otherwise than
bots/power_values.REPEAT does (the Warrior's two Attacks: from rules version 3 one Attack a turn, so the second
copy's only use is its other cost). It changes the bot of this run only, for both seats.
"""

from __future__ import annotations

from ...simulate import new_game
from ..bots import power_values
from ..data import CLASS_IDS, CLASS_NAMES, RULES_VERSION
from ..rules import scoring
from ..ruleset import RULESET
from .vaults import seat_card


def opponents(card: int) -> list[int]:
    return [k for k in CLASS_IDS[RULES_VERSION] if k != card]


def seated(card: int, n: int) -> tuple[dict, int, int]:
    """Game n before its first turn: the card in seat n % 2, the other seat's class the next opponent in turn;
    (state, the card's seat, the opponent's class)."""
    state = new_game(RULESET, f"head-to-head/{n}", {"players": 2, "first": "roll", "seat1": "normal",
                                                    "seat2": "normal"})
    rivals = opponents(card)
    rival = rivals[(n // 2) % len(rivals)]
    seat_card(state, n % 2, "cls", card)
    seat_card(state, 1 - n % 2, "cls", rival)
    return state, n % 2, rival


def one_game(job: tuple) -> tuple[str, bool, bool]:
    """(the opponent's class, whether the card won, whether the opponent won)."""
    state, mine, rival = seated(*job)
    theirs = 1 - mine
    while not state["over"]:
        RULESET.apply(state, RULESET.auto_action(state))
    won = scoring.winners(state, state["final"])
    return CLASS_NAMES[rival], won == [mine], won == [theirs]


def tally(card: int, games: int, run=map) -> dict:
    """Per opponent: [games, the card's wins, the opponent's wins]."""
    rows: dict = {}
    for rival, mine, theirs in run(one_game, [(card, n) for n in range(games)]):
        row = rows.setdefault(rival, [0, 0, 0])
        row[0] += 1
        row[1] += mine
        row[2] += theirs
    return rows


def main() -> None:
    import argparse  # noqa: PLC0415 (command line only)
    import multiprocessing  # noqa: PLC0415 (command line only; importing it reads os.urandom)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=440)
    parser.add_argument("--card", default="Warrior", help="a base class of the newest rules")
    parser.add_argument("--second-copy-worth", type=float, default=None)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    card = next(k for k in CLASS_IDS[RULES_VERSION] if CLASS_NAMES[k] == args.card)
    if args.second_copy_worth is not None:
        power_values.REPEAT = args.second_copy_worth  # before the pool forks: its processes share it
    with multiprocessing.Pool(args.processes) as pool:
        rows = tally(card, args.games, run=lambda fn, jobs: pool.imap(fn, jobs, chunksize=10))
    print(f"{args.card} against each other class, {args.games} games, 2 players, normal bots, rules version "
          f"{RULES_VERSION}; second copy worth {power_values.REPEAT}")
    for rival, (n, mine, theirs) in sorted(rows.items(), key=lambda item: -item[1][1] / item[1][0]):
        print(f"  {rival:12} {n:5} games: {args.card} won {100 * mine / n:5.1f}%, {rival} {100 * theirs / n:5.1f}%")
    n, mine = sum(r[0] for r in rows.values()), sum(r[1] for r in rows.values())
    print(f"  all: {args.card} won {100 * mine / n:.1f}% of {n}")


if __name__ == "__main__":
    main()
