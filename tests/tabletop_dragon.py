"""Count the monsters' phases in which the Dragon is held back (issue 31, Tabletop 1).

    PYTHONPATH=$PWD .venv/bin/python tests/tabletop_dragon.py [--games 150]

Auto-plays the same seeds ("dragon-0" ...) with 4 heroes and automatic tile
placement under rules version 1 and under the newest. A Dragon phase is a
monsters' phase that starts with the Dragon on the board; it is held back
when the phase ends without the Dragon's move being tried (every hero was
in Peril first: version 1's "no more Monsters will move"). Version 2 gives
the Dragon its own rule, so it should never be held back.
"""

from __future__ import annotations

import sys

from pyapp.engine import RULES_KEY
from pyapp.simulate import play_out
from pyapp.tabletop import monsters
from pyapp.tabletop.data import RULES_VERSION
from pyapp.tabletop.ruleset import RULESET

COUNT = {"phases": 0, "held": 0}
PHASE = {"dragon": False, "tried": False}


def has_dragon(state: dict) -> bool:
    return any(m["kind"] == "dragon" for m in state["monsters"])


def counted(start, move_dragon, saves_step):
    def on_start(state):
        start(state)
        PHASE["dragon"], PHASE["tried"] = has_dragon(state), False

    def on_dragon(state, m):
        PHASE["tried"] = True
        return move_dragon(state, m)

    def on_saves(state):
        if state["phase"] != "saves" and PHASE["dragon"]:  # the phase's movement just ended
            COUNT["phases"] += 1
            COUNT["held"] += not PHASE["tried"]
            PHASE["dragon"] = False
        saves_step(state)

    return on_start, on_dragon, on_saves


def main(argv: list[str]) -> None:
    games = int(argv[argv.index("--games") + 1]) if "--games" in argv else 150
    monsters.start, monsters.move_dragon, monsters.saves_step = counted(
        monsters.start, monsters.move_dragon, monsters.saves_step)
    for version in (1, RULES_VERSION):
        COUNT.update(phases=0, held=0)
        for i in range(games):
            play_out(RULESET, f"dragon-{i}", {"heroes": 4, "placement": "auto", RULES_KEY: version})
        print(f"rules version {version}, {games} games: the Dragon held back in {COUNT['held']} of "
              f"{COUNT['phases']} Dragon phases")


if __name__ == "__main__":
    main(sys.argv[1:])
