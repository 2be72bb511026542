"""Which Powers win games: in auto-played games of equal normal bots, how often each Power is unlocked and
used, and how much each use moves its user's margin (points minus the best rival's, from just before the use
to the moment its last step is answered). The balance tuning of data.CHANGES starts from these figures.

    python3 -m pyapp.dice_crawl.figures.power_uses --games 400 --players 2

A Power that only moves markers or tiles (Reveal, Rotate, Scout, Swap, Reinforcements) swings nothing at once:
its worth shows later, in the win rates of balance.py.
"""

from __future__ import annotations

from ...simulate import new_game
from ..core.state import card_powers, unlocked
from ..rules import scoring
from ..ruleset import RULESET


def margin(state: dict, player: int) -> int:
    rows = state["final"] or scoring.breakdown(state)
    return rows[player]["total"] - max(row["total"] for n, row in enumerate(rows) if n != player)


def one_game(job: tuple) -> dict:
    """The uses (player, Power, card or tile, swing) and unlocks (player, Power) of one game, and who won."""
    n, players = job
    state = new_game(RULESET, f"power-uses/{n}", {"players": players, "first": "roll",
                                                 **{f"seat{i + 1}": "normal" for i in range(players)}})
    uses, unlocks, open_use = [], [], None
    while not state["over"]:
        action_code = RULESET.auto_action(state)
        verb, player = action_code.split()[0], state["turn"]
        if verb in ("use", "u"):
            key = card_powers(state["players"][player])[int(action_code.split()[1])]["key"]
            if verb == "u":
                unlocks.append((player, key))
            elif not state["pending"]:
                open_use = (player, key, "card", margin(state, player))
        elif verb == "tp":
            open_use = (player, state["pending"][-1]["power"], "tile", margin(state, player))
        RULESET.apply(state, action_code)
        if open_use and (state["over"] or not state["pending"]):
            who, key, src, before = open_use
            uses.append((who, key, src, margin(state, who) - before))
            open_use = None
    won = scoring.winners(state, state["final"])
    held = [[card_powers(p)[k]["key"] for k in unlocked(p)] for p in state["players"]]
    return {"uses": uses, "unlocks": unlocks, "won": won, "held": held}


def tally(games: int, players: int, run=map) -> dict:
    uses: dict = {}
    unlocks: dict = {}
    held: dict = {}
    for game in run(one_game, [(n, players) for n in range(games)]):
        for _, key, src, swing in game["uses"]:
            uses.setdefault((key, src), []).append(swing)
        for _, key in game["unlocks"]:
            unlocks[key] = unlocks.get(key, 0) + 1
        for n, keys in enumerate(game["held"]):
            for key in set(keys):
                seen, wins = held.get(key, (0, 0))
                held[key] = (seen + 1, wins + (game["won"] == [n]))
    return {"games": games, "uses": uses, "unlocks": unlocks, "held": held}


def main() -> None:
    import argparse  # noqa: PLC0415 (command line only)
    import multiprocessing  # noqa: PLC0415 (command line only; importing it reads os.urandom)

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    with multiprocessing.Pool(args.processes) as pool:
        f = tally(args.games, args.players, run=lambda fn, jobs: pool.imap(fn, jobs, chunksize=10))
    print(f"{args.games} games, {args.players} players, normal bots")
    print("Power (card or tile): uses per game, mean swing of the user's margin, share of uses that gained")
    for (key, src), swings in sorted(f["uses"].items(), key=lambda item: -len(item[1])):
        gained = sum(1 for s in swings if s > 0) / len(swings)
        print(f"  {key:15} {src:4} {len(swings) / args.games:5.2f}  {sum(swings) / len(swings):+.2f}  {gained:.0%}")
    print("Power: unlocks per game; win rate of the players who ended the game with it unlocked")
    for key, count in sorted(f["unlocks"].items(), key=lambda item: -item[1]):
        seen, wins = f["held"].get(key, (0, 0))
        print(f"  {key:15} {count / args.games:5.2f}  {wins / max(seen, 1):.1%} of {seen}")


if __name__ == "__main__":
    main()
