"""Forbidden Vaults figures over auto-played games of normal bots: for each set, the win rate of each of its race
and class cards against the base cards, how long games last and how they end, and how often the set's Powers
and features come into play. A draw counts as a win for no one.

Each game seats one set card, in turn, at one seat in turn (rules version 5 on). The text shuffles a set's 4
cards in with the 24 base ones, so a dealt game seats a given set card in about 1 seat in 7: 2,000 games gave
each under 320 seats, a 95% interval of about ±5.5 points. Seated in turn, 10,000 games give each 2,500.
The card swaps places with whoever was dealt it, so the deal is otherwise the seeded one.

    python3 -m pyapp.dice_crawl.figures.vaults --games 300 --players 2 --sets crypt,goblins,dwarves,traps
    python3 -m pyapp.dice_crawl.figures.vaults --games 10000 --players 2 --write  (view/vault_balance_figures.py)

A run can be played in parts and merged, as figures/balance.py's (parts.py): --first N, --part FILE, --merge.
"""

from __future__ import annotations

from pathlib import Path

from ...simulate import new_game
from ..core.state import card_powers
from ..data import ALL_CLASSES, ALL_RACES, RULES_VERSION, SET_CLASS_IDS, SET_RACE_IDS
from ..rules import scoring
from ..ruleset import RULESET
from ..view import vault_balance_figures
from . import parts
from .balance import rewrite_figures

FIGURES_FILE = Path(vault_balance_figures.__file__)
SAME = ("vaults", "players", "rules")  # what the parts of one set's run share (parts.merged)
VERBS = {"ud": "Undying removals", "wt": "Withering Touch", "es": "Escape", "ov": "Overwhelm (per die)",
         "av": "The Anvil", "dm": "Doom", "rp": "Replace", "rh": "Replace's Hoard 3", "dis": "Disarm",
         "ls": "dice lost to Fire/Petrification", "gw": "Gas withdrawals", "who": "Sliding/Spinning Rooms"}


def set_cards(vaults: str, rules: int = RULES_VERSION) -> list[tuple[str, int]]:
    """The set's cards under a rules version as (player key, card index): its races, then its classes."""
    return [("race", i) for i in SET_RACE_IDS[rules][vaults]] + [("cls", i) for i in SET_CLASS_IDS[rules][vaults]]


def card_name(key: str, card: int) -> str:
    return (ALL_RACES if key == "race" else ALL_CLASSES)[card][0]


def seat_card(state: dict, seat: int, key: str, card: int) -> None:
    """Give `seat` this card before the first turn; whoever was dealt it takes the seat's own."""
    players = state["players"]
    for p in players:
        if p[key] == card:
            p[key] = players[seat][key]
    players[seat][key] = card
    for p in players:
        p["slots"] = [None] * len(card_powers(p))


def one_game(job: tuple) -> dict:
    """One auto-played game of a set with one of its cards seated: that card, whether its seat won, whether
    anyone won, the rounds, whether the Dragon was explored, and the Powers and features used."""
    vaults, n, players, rules = job
    settings = {"players": players, "first": "roll", "vaults": vaults, "v": rules,
                **{f"seat{i}": "normal" for i in range(1, 5)}}
    state = new_game(RULESET, f"vault-figures/{vaults}/{n}", settings)
    cards = set_cards(vaults, rules)
    key, card = cards[(n // players) % len(cards)]
    seat_card(state, n % players, key, card)
    used = dict.fromkeys(VERBS, 0)
    while not state["over"]:
        action_code = RULESET.auto_action(state)
        verb = action_code.split()[0]
        if verb in used:
            used[verb] += 1
        RULESET.apply(state, action_code)
    won = scoring.winners(state, state["final"])
    return {"card": card_name(key, card), "won": won == [n % players], "decided": len(won) == 1,
            "rounds": state["round"], "dragon": any(p["dragon"] for p in state["players"]), "used": used}


def tally(vaults: str, games: int, players: int, run=map, first: int = 0, rules: int = RULES_VERSION) -> dict:
    """The counts of games first .. first + games - 1 of a set (a part of a run: parts.merged). `run` maps
    one_game over the jobs (a process pool's map spreads them over the cores)."""
    counts: dict = {"vaults": vaults, "players": players, "rules": rules, "first": first, "games": games,
              "rounds": 0, "dragon": 0, "decided": 0, "used": dict.fromkeys(VERBS, 0), "wins": {}, "seen": {}}
    for game in run(one_game, [(vaults, n, players, rules) for n in range(first, first + games)]):
        for what in ("rounds", "dragon", "decided"):
            counts[what] += game[what]
        for verb, count in game["used"].items():
            counts["used"][verb] += count
        counts["seen"][game["card"]] = counts["seen"].get(game["card"], 0) + 1
        counts["wins"][game["card"]] = counts["wins"].get(game["card"], 0) + game["won"]
    return counts


def rates(counts: dict) -> dict:
    """Each set card's (win rate, seats), the mean win rate of a seat, and the per-game means."""
    games = max(counts["games"], 1)
    return {"rates": {card: (counts["wins"][card] / n, n) for card, n in counts["seen"].items()},
            "mean": counts["decided"] / games / counts["players"], "rounds": counts["rounds"] / games,
            "dragon": counts["dragon"] / games, "used": {k: v / games for k, v in counts["used"].items()}}


def measured(counts: dict) -> dict:
    """What the rules panel shows of a set: its cards' win rates and the mean win rate of a seat, in %."""
    f = rates(counts)
    return {"games": counts["games"], "players": counts["players"], "rules": counts["rules"],
            "mean_rounds": round(f["rounds"], 1),
            "mean": round(100 * f["mean"], 1), "seating": "each game seats one set card",
            "cards": {card: round(100 * rate, 1) for card, (rate, _) in f["rates"].items()},
            "seated": {card: count for card, (_, count) in f["rates"].items()}}


def write_figures(vaults: str, entry: dict) -> None:
    """Rewrite vault_balance_figures.py with this set's figures; the other sets' are read back from the file."""
    rewrite_figures(FIGURES_FILE, vaults, entry,
                    '"""Win rates of the Forbidden Vaults cards among equal normal bots: written by figures/vaults.py '
                    '--write\n(do not edit)."""\n\n# set: {games, players, rules, mean_rounds, mean (win rate of a '
                    "seat), cards (the set's, in %\n# of the games seated), seated (how many seats each had), "
                    "seating}\n")


def report(counts: dict) -> None:
    f = rates(counts)
    print(f"{counts['vaults']}: {counts['games']} games, {counts['players']} players, normal bots; mean rounds "
          f"{f['rounds']:.1f}, Dragon explored in {f['dragon']:.0%}")
    print(f"  set cards (mean win rate of a seat {f['mean']:.1%}): " + ", ".join(
        f"{card} {rate:.1%} ({100 * (rate - f['mean']):+.1f}) of {count}"
        for card, (rate, count) in f["rates"].items()))
    print("  per game: " + ", ".join(f"{VERBS[k]} {v:.2f}" for k, v in f["used"].items() if v), flush=True)


def main() -> None:
    import argparse  # noqa: PLC0415 (command line only: the page never imports it)
    import multiprocessing  # noqa: PLC0415 (command line only; importing it reads os.urandom)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--sets", default="crypt,goblins,dwarves,traps")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="rewrite vault_balance_figures.py (the rules panel)")
    parts.add_arguments(parser)  # a part file holds each set's counts
    args = parts.parsed(parser)
    if args.merge:
        saved = parts.load(args.merge)
        runs = {key: parts.merged([part[key] for part in saved if key in part], SAME) for key in saved[0]}
    else:
        runs = {}
        for vaults in args.sets.split(","):
            with multiprocessing.Pool(args.processes) as pool:
                runs[vaults] = tally(vaults, args.games, args.players, first=args.first, rules=args.rules,
                                     run=lambda fn, jobs: pool.imap(fn, jobs, chunksize=10))
            report(runs[vaults])  # each set as it finishes: a whole run takes hours
            if args.part:
                parts.save(args.part, runs)
    for vaults, counts in runs.items():
        if args.merge:
            report(counts)
        if args.write:
            if counts["first"] or counts["rules"] != RULES_VERSION:
                raise SystemExit("--write takes a whole run (from game 0) under the newest rules")
            write_figures(vaults, measured(counts))


if __name__ == "__main__":
    main()
