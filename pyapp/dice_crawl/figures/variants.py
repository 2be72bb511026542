"""Figures of the variants over auto-played games: how long they last, how they end, and in solo how many
expeditions succeed.

    python3 -m pyapp.dice_crawl.figures.variants --games 100 --seats normal
"""

from __future__ import annotations

import argparse

from ...simulate import play_out
from ..ruleset import RULESET

PLAYS: dict[str, dict] = {
    "solo": {"players": 1},
    "solo, easier": {"players": 1, "easier": True},
    "gate": {"players": 2, "gate": True},
    "pros and cons": {"players": 3, "cards": "pros_cons"},
    "drafting": {"players": 4, "cards": "draft"},
    "campaign one": {"players": 2, "campaign": "one"},
    "campaign two": {"players": 2, "campaign": "two"},
    "escape": {"players": 2, "escape": True},
    "escape, campaign one": {"players": 4, "escape": True, "campaign": "one"},
    "slough": {"players": 2, "slough": True},
}


def figures(name: str, games: int, seat: str) -> dict:
    opts = PLAYS[name]
    rounds = goal = made = expeditions = points = 0
    for n in range(games):
        state = play_out(RULESET, f"variants/{name}/{n}", {**opts, **{f"seat{i}": seat for i in range(1, 5)}})
        rounds += state["round"]
        points += state["score"]["points"]
        goal += any(p["dragon"] for p in state["players"])
        for result in state.get("series", {}).get("results", []):
            expeditions += "made" in result
            made += result.get("made", False)
    out = {"games": games, "mean rounds (last game)": rounds / games, "mean best score": points / games,
           "Dragon or exit reached in the last game": goal / games}
    if expeditions:
        out["solo expeditions that succeed"] = made / expeditions
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seats", default="normal", choices=("easy", "normal"))
    parser.add_argument("--only", default="", help="one of: " + ", ".join(PLAYS))
    args = parser.parse_args()
    for name in [args.only] if args.only else PLAYS:
        shown = ", ".join(f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}"
                          for k, v in figures(name, args.games, args.seats).items())
        print(f"{name}: {shown}")


if __name__ == "__main__":
    main()
