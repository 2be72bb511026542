"""Forbidden Vaults figures over auto-played games of normal bots: for each set, the win rate of every
race and class card in play (the base cards and the set's own, shuffled together as the text says), the
win rate of the players who hold a card of the set, how long games last and how they end, and how often
the set's Powers and features come into play. A draw counts as a win for no one.

    python3 -m pyapp.dice_crawl.vault_figures --games 300 --players 2 --sets crypt,goblins,dwarves,traps
    python3 -m pyapp.dice_crawl.vault_figures --games 2000 --players 2 --write  (vault_balance_figures.py)
"""

from __future__ import annotations

from pathlib import Path

from ..simulate import new_game
from . import scoring
from .balance import rewrite_figures
from .data import ALL_CLASSES, ALL_RACES, RULES_VERSION, SET_CLASSES, SET_RACES
from .ruleset import RULESET

FIGURES_FILE = Path(__file__).with_name("vault_balance_figures.py")
VERBS = {"ud": "Undying removals", "wt": "Withering Touch", "es": "Escape", "ov": "Overwhelm (per die)",
         "av": "The Anvil", "dm": "Doom", "rp": "Replace", "rh": "Replace's Hoard 3", "dis": "Disarm",
         "ls": "dice lost to Fire/Petrification", "gw": "Gas withdrawals", "who": "Sliding/Spinning Rooms"}


def one_game(job: tuple) -> dict:
    """One auto-played game of a set: its rounds, whether the Dragon was explored, the Powers and features used,
    and each seat's cards (keys) and whether it won."""
    vaults, n, players = job
    settings = {"players": players, "first": "roll", "vaults": vaults, **{f"seat{i}": "normal" for i in range(1, 5)}}
    state = new_game(RULESET, f"vault-figures/{vaults}/{n}", settings)
    used = dict.fromkeys(VERBS, 0)
    while not state["over"]:
        action_code = RULESET.auto_action(state)
        verb = action_code.split()[0]
        if verb in used:
            used[verb] += 1
        RULESET.apply(state, action_code)
    won = scoring.winners(state, state["final"])
    own = set(SET_RACES.get(vaults, ())) | {100 + i for i in SET_CLASSES.get(vaults, ())}
    seats = []
    for i, p in enumerate(state["players"]):
        keys = [ALL_RACES[p["race"]][0], ALL_CLASSES[p["cls"]][0]]
        if own & {p["race"], 100 + p["cls"]}:
            keys.append("holds a set card")
        seats.append((keys, won == [i]))
    return {"rounds": state["round"], "dragon": any(p["dragon"] for p in state["players"]), "used": used,
            "seats": seats}


def tally(vaults: str, games: int, players: int, run=map) -> dict:
    """`run` maps one_game over the jobs (a process pool's map spreads them over the cores)."""
    wins: dict = {}
    seen: dict = {}
    used = dict.fromkeys(VERBS, 0)
    rounds, dragon = 0, 0
    for game in run(one_game, [(vaults, n, players) for n in range(games)]):
        rounds += game["rounds"]
        dragon += game["dragon"]
        for verb, count in game["used"].items():
            used[verb] += count
        for keys, won in game["seats"]:
            for key in keys:
                seen[key] = seen.get(key, 0) + 1
                wins[key] = wins.get(key, 0) + won
    return {"rates": {key: (wins[key] / count, count) for key, count in sorted(seen.items())},
            "rounds": rounds / games, "dragon": dragon / games, "used": {k: v / games for k, v in used.items()}}


def set_cards(vaults: str) -> list[str]:
    return [*[ALL_RACES[i][0] for i in SET_RACES[vaults]], *[ALL_CLASSES[i][0] for i in SET_CLASSES[vaults]]]


def measured(vaults: str, games: int, players: int, f: dict) -> dict:
    """What the rules panel shows of a set: its cards' win rates and the mean of every card in play, in %."""
    cards = [rate for key, (rate, _) in f["rates"].items() if key != "holds a set card"]
    return {"games": games, "players": players, "rules": RULES_VERSION, "mean_rounds": round(f["rounds"], 1),
            "mean": round(100 * sum(cards) / len(cards), 1),
            "cards": {key: round(100 * f["rates"][key][0], 1) for key in set_cards(vaults) if key in f["rates"]},
            "seated": {key: f["rates"][key][1] for key in set_cards(vaults) if key in f["rates"]}}


def write_figures(vaults: str, entry: dict) -> None:
    """Rewrite vault_balance_figures.py with this set's figures; the other sets' are read back from the file."""
    rewrite_figures(FIGURES_FILE, vaults, entry,
                    '"""Win rates of the Forbidden Vaults cards among equal normal bots: written by vault_figures.py '
                    '--write\n(do not edit)."""\n\n# set: {games, players, rules, mean_rounds, mean (of every card in '
                    "play), cards (the set's,\n# in % of the games seated), seated (how many seats each had)}\n")


def main() -> None:
    import argparse  # noqa: PLC0415 (command line only: the page never imports it)
    import multiprocessing  # noqa: PLC0415 (command line only; importing it reads os.urandom)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--sets", default="crypt,goblins,dwarves,traps")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="rewrite vault_balance_figures.py (the rules panel)")
    args = parser.parse_args()
    for vaults in args.sets.split(","):
        with multiprocessing.Pool(args.processes) as pool:
            f = tally(vaults, args.games, args.players, run=lambda fn, jobs: pool.imap(fn, jobs, chunksize=10))
        print(f"{vaults}: {args.games} games, {args.players} players, normal bots; mean rounds {f['rounds']:.1f}, "
              f"Dragon explored in {f['dragon']:.0%}")
        names = [*[ALL_RACES[i][0] for i in SET_RACES.get(vaults, ())],
                 *[ALL_CLASSES[i][0] for i in SET_CLASSES.get(vaults, ())], "holds a set card"]
        print("  set cards: " + ", ".join(f"{key} {f['rates'][key][0]:.0%} of {f['rates'][key][1]}"
                                          for key in names if key in f["rates"]))
        cards = [rate for key, (rate, _) in f["rates"].items() if key != "holds a set card"]
        mean = sum(cards) / len(cards)
        print(f"  mean win rate over all cards in play {mean:.0%}; per game: "
              + ", ".join(f"{VERBS[k]} {v:.2f}" for k, v in f["used"].items() if v))
        if args.write:
            write_figures(vaults, measured(vaults, args.games, args.players, f))


if __name__ == "__main__":
    main()
