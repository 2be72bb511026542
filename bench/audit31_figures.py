"""Issue 31's figures for 3RD6 Dungeon and 3 Dice Dungeon, under rules version 1 and 2 on the same seeds.

    PYTHONPATH=. .venv/bin/python bench/audit31_figures.py [--games 300] [--locations 20000]

3RD6: in N games (auto play, and random legal play of at most 3,000 steps), how many games see a fight start
in a looted treasure room, a failed steal, and a treasure or stairs room made beside a mapped room whose exit
points into it, with that exit walled off. Game i uses the seed "audit31/<i>" and class i mod 5.
3 Dice Dungeon: with 2 players, the share of locations rolled while both live (two monster dice) that hold
no monster, over auto-played games (seeds "audit31-3d/<i>") until that many locations were rolled."""

from __future__ import annotations

import argparse
import random

from pyapp.engine import RULES_KEY, Game
from pyapp.rd6.data import CLASS_KEYS
from pyapp.registry import RULESETS
from pyapp.three_dice.grid import OPPOSITE, neighbour

RD6 = RULESETS["three-rd6-dungeon"]
CLASSIC = RULESETS["three-dice-dungeon"]


def walled(state: dict, key: str) -> int:
    """Exits of mapped rooms that point into the room at `key` but that it has not."""
    cell = state["cells"][key]
    return sum(1 for side, back in OPPOSITE.items()
               if (other := state["cells"].get(neighbour(key, side))) and back in other["exits"]
               and side not in cell["exits"])


def rd6_game(index: int, version: int, randomly: bool) -> dict:
    game = Game(RD6, f"audit31/{index}", {**RD6.defaults(), "class": CLASS_KEYS[index % 5], RULES_KEY: version})
    picker = random.Random(index)
    seen = {"looted_vault_fight": 0, "failed_steal": 0, "walled_exit": 0}
    for _ in range(3000 if randomly else 20_000):
        if game.over:
            break
        before = (game.state["depth"], game.state["dungeons"], set(game.state["cells"]))
        game.play(picker.choice(game.legal()).code if randomly else game.ruleset.auto_action(game.state))
        state, action = game.state, game.actions[-1]
        if action.startswith("go ") and state["cells"][state["pos"]]["kind"] == "vault" and state["phase"] == "fight":
            seen["looted_vault_fight"] += 1  # a first entry loots and never fights: a looted one
        if action == "steal" and state["log"][-1].endswith("the foes wake up!"):
            seen["failed_steal"] += 1
        if before[:2] == (state["depth"], state["dungeons"]):
            for key in set(state["cells"]) - before[2]:
                if state["cells"][key]["kind"] in ("vault", "stairs"):
                    seen["walled_exit"] += walled(state, key)
    return seen


def rd6_figures(games: int) -> None:
    print(f"# 3RD6 Dungeon: {games} games a line, seeds audit31/<i>, class i mod 5")
    for randomly in (False, True):
        for version in (1, 2):
            runs = [rd6_game(i, version, randomly) for i in range(games)]
            counts = {k: (sum(r[k] > 0 for r in runs), sum(r[k] for r in runs)) for k in runs[0]}
            what = "random legal play" if randomly else "auto play"
            print(f"{what:17}, version {version}: " + "; ".join(
                f"{k}: {g} games ({n} times)" for k, (g, n) in counts.items()))


def empty_share(version: int, locations: int, sixes_aside: bool = False) -> tuple[int, int]:
    """(locations with no monster, locations rolled with two monster dice): each looked at as it is made."""
    empty = total = index = 0
    settings = {**CLASSIC.defaults(), "players": 2, "training_wheels": False, RULES_KEY: version,
                "sixes_aside": sixes_aside}
    while total < locations:
        game = Game(CLASSIC, f"audit31-3d/{index}", settings)
        index += 1
        while not game.over and total < locations and len(game.actions) < 3000:
            before = (game.state["level"], set(game.state["cells"]))
            game.auto()
            state = game.state
            new = set(state["cells"]) - before[1] if state["level"] == before[0] else set(state["cells"])
            for key in new:
                if len(state["cells"][key]["dice"]) == 4:  # location, 2 monster dice (both alive), treasure
                    total += 1
                    empty += state["cells"][key]["monster"] is None
    return empty, total


def three_dice_figures(locations: int) -> None:
    print(f"# 3 Dice Dungeon, 2 players, training wheels off: {locations} locations a line, seeds audit31-3d/<i>")
    for version, aside in ((1, False), (2, False), (2, True)):
        empty, total = empty_share(version, locations, aside)
        label = f"version {version}" + (", sixes_aside on" if aside else "")
        print(f"{label:26}: {empty} of {total} locations empty ({100 * empty / total:.1f}%)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--locations", type=int, default=20_000)
    args = parser.parse_args()
    three_dice_figures(args.locations)
    rd6_figures(args.games)
