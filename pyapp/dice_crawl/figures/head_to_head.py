"""One card against each of the others of its kind, normal bots: the measure the base tuning needs for one card
(the text's Warrior, or Elf), whose win rate over a balance run (balance.py) mixes in every other card, and is
seated in only one game of six (two players) or four (three).

    python3 -m pyapp.dice_crawl.figures.head_to_head --games 4400 [--card Warrior] [--players 2]
        [--second-copy-worth 0.3]

Game n seats the card (a base race or class of the newest rules) in seat n % players and cycles the next seat's
card of that kind through the others; the other cards and the first player come from each game's seeded dice. With
400 games an opponent, a row is good to about +-5 points at 95%, the whole to about +-1.5.

--second-copy-worth asks what if the normal bot valued a Power its cards print twice otherwise than
bots/power_values.REPEAT does (the Warrior's two Attacks: from rules version 3 one Attack a turn, so the second
copy's only use is its other cost). It changes the bot of this run only, for both seats.
"""

from __future__ import annotations

from ...simulate import new_game
from ..bots import power_values
from ..data import CLASS_IDS, CLASS_NAMES, RACE_IDS, RACE_NAMES, RULES_VERSION
from ..rules import scoring
from ..ruleset import RULESET
from .vaults import seat_card

KINDS = {"race": (RACE_IDS, RACE_NAMES), "cls": (CLASS_IDS, CLASS_NAMES)}


def kind_of(name: str) -> tuple[str, int]:
    """("race" or "cls", the card's index) of a base card of the newest rules, by name."""
    for kind, (ids, names) in KINDS.items():
        for k in ids[RULES_VERSION]:
            if names[k] == name:
                return kind, k
    raise SystemExit(f"no base race or class of rules version {RULES_VERSION} is called {name!r}")


def opponents(card: int, kind: str = "cls") -> list[int]:
    return [k for k in KINDS[kind][0][RULES_VERSION] if k != card]


def seated(card: int, n: int, kind: str = "cls", players: int = 2) -> tuple[dict, int, int]:
    """Game n before its first turn: the card in seat n % players, the next seat's card of its kind the next
    opponent in turn; (state, the card's seat, the opponent's card)."""
    state = new_game(RULESET, f"head-to-head/{n}", {"players": players, "first": "roll",
                                                    **{f"seat{i + 1}": "normal" for i in range(players)}})
    rivals = opponents(card, kind)
    rival = rivals[(n // players) % len(rivals)]
    seat_card(state, n % players, kind, card)
    seat_card(state, (n + 1) % players, kind, rival)
    return state, n % players, rival


def one_game(job: tuple) -> tuple[str, bool, bool]:
    """(the opponent's card, whether the card won, whether the opponent won)."""
    card, n, kind, players = job
    state, mine, rival = seated(card, n, kind, players)
    theirs = (mine + 1) % players
    while not state["over"]:
        RULESET.apply(state, RULESET.auto_action(state))
    won = scoring.winners(state, state["final"])
    return KINDS[kind][1][rival], won == [mine], won == [theirs]


def tally(card: int, games: int, run=map, kind: str = "cls", players: int = 2) -> dict:
    """Per opponent: [games, the card's wins, the opponent's wins]."""
    rows: dict = {}
    for rival, mine, theirs in run(one_game, [(card, n, kind, players) for n in range(games)]):
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
    parser.add_argument("--card", default="Warrior", help="a base race or class of the newest rules")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--second-copy-worth", type=float, default=None)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    kind, card = kind_of(args.card)
    if args.second_copy_worth is not None:
        power_values.REPEAT = args.second_copy_worth  # before the pool forks: its processes share it
    with multiprocessing.Pool(args.processes) as pool:
        rows = tally(card, args.games, run=lambda fn, jobs: pool.imap(fn, jobs, chunksize=10), kind=kind,
                     players=args.players)
    print(f"{args.card} against each other {'race' if kind == 'race' else 'class'}, {args.games} games, "
          f"{args.players} players, normal bots, rules version "
          f"{RULES_VERSION}; second copy worth {power_values.REPEAT}")
    for rival, (n, mine, theirs) in sorted(rows.items(), key=lambda item: -item[1][1] / item[1][0]):
        print(f"  {rival:12} {n:5} games: {args.card} won {100 * mine / n:5.1f}%, {rival} {100 * theirs / n:5.1f}%")
    n, mine = sum(r[0] for r in rows.values()), sum(r[1] for r in rows.values())
    print(f"  all: {args.card} won {100 * mine / n:.1f}% of {n}")


if __name__ == "__main__":
    main()
