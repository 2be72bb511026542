"""Count monsters that halt short of where an equally short route would take them (issue 11, Tabletop).

    PYTHONPATH=$PWD .venv/bin/python bench/tabletop_halts.py [--games 200]

Auto-plays the same seeds ("halts-0" ...) with 4 heroes and automatic tile
placement, and checks every monster walk that does not reach its target:
it halted short when a free square nearer its target lay on some shortest
route within its 4 squares. Works on the code before the fix (which walked
one fixed path: `walk(state, m, path)`) and after it (`walk(state, m, goal)`,
goal: distances to the target), so both figures come from the same count.
"""

from __future__ import annotations

import sys

from pyapp.simulate import play_out
from pyapp.tabletop import board, monsters
from pyapp.tabletop.board import sq_of
from pyapp.tabletop.data import MONSTER_MOVE
from pyapp.tabletop.ruleset import RULESET
from pyapp.tabletop.state import hero_at, monster_at

COUNT = {"walks": 0, "short": 0}


def best_reach(state: dict, m: dict, goal: dict) -> int:
    """The least distance to the target of a free square on a shortest route within the monster's move."""
    here = sq_of(m["sq"])
    near = board.distances(state, [here], "open", limit=MONSTER_MOVE)
    free = [sq for sq, d in near.items() if sq in goal and d + goal[sq] == goal[here]
            and not hero_at(state, sq) and monster_at(state, sq) in (None, m)]
    return min(goal[sq] for sq in free)


def counted(walk):
    def wrapper(state, m, way):
        goal = way if isinstance(way, dict) else board.distances(state, [way[-1]], "open")
        best = best_reach(state, m, goal)
        steps = walk(state, m, way)
        COUNT["walks"] += 1
        COUNT["short"] += goal[sq_of(m["sq"])] > best
        return steps
    return wrapper


def main(argv: list[str]) -> None:
    games = int(argv[argv.index("--games") + 1]) if "--games" in argv else 200
    monsters.walk = counted(monsters.walk)
    for i in range(games):
        play_out(RULESET, f"halts-{i}", {"heroes": 4, "placement": "auto"})
    print(f"{games} games: {COUNT['walks']} monster walks short of their target, "
          f"{COUNT['short']} halted short where a free equally short route went nearer")


if __name__ == "__main__":
    main(sys.argv[1:])
