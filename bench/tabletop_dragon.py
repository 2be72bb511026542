"""Count the monsters' phases in which the Dragon is held back (issue 31, Tabletop 1) or stands still
short of its hero (issue 45, item 4).

    PYTHONPATH=$PWD .venv/bin/python bench/tabletop_dragon.py [--games 150] [--versions 1,2,3]

Auto-plays the same seeds ("dragon-0" ...) with 4 heroes and automatic tile
placement under rules version 1 and under the newest. A Dragon phase is a
monsters' phase that starts with the Dragon on the board; it is held back
when the phase ends without the Dragon's move being tried (every hero was
in Peril first: version 1's "no more Monsters will move"). Version 2 gives
the Dragon its own rule, so it should never be held back.

Issue 45: a Dragon phase in which the Dragon, not beside the hero it goes for, ends where it started
"stood still"; it stood still "though a closer square was free" when some free square within its 4 squares
(by the dungeon's open ways, other monsters passed over as they are when it walks) lay nearer its target
than its own square: monsters blocked every shortest route. Version 3 takes such a route, so only the
stands with no closer square left remain (and the log says why).
"""

from __future__ import annotations

import sys

from pyapp.engine import RULES_KEY
from pyapp.simulate import play_out
from pyapp.tabletop import board, monsters
from pyapp.tabletop.board import sq_of
from pyapp.tabletop.data import MONSTER_MOVE, RULES_VERSION
from pyapp.tabletop.ruleset import RULESET
from pyapp.tabletop.state import hero_at, monster_at

COUNT = {"phases": 0, "held": 0, "still": 0, "closer": 0}
PHASE = {"dragon": False, "tried": False}


def target_goal(state: dict, m: dict) -> dict | None:
    """Distances to where the Dragon is going (beside its closest hero), as move_dragon measures them; None
    when it has no hero to go for by open ways, or already stands beside it."""
    seen = monsters.visible(state)
    hero = monsters.closest(state, m, seen) if seen else None
    here = sq_of(m["sq"])
    if hero is None or board.next_to(state, here, hero["sq"]):
        return None
    spots = [sq for sq in board.neighbours(state, sq_of(hero["sq"]), "open")
             if not hero_at(state, sq) and monster_at(state, sq) in (None, m)]
    goal = board.distances(state, spots or [hero["sq"]], "open")
    return goal if here in goal else board.distances(state, [hero["sq"]], "open")


def closer_free(state: dict, m: dict, goal: dict) -> bool:
    """Is a free square within the Dragon's move nearer its target than the square it stands on?"""
    here = sq_of(m["sq"])
    near = board.distances(state, [here], "open", limit=MONSTER_MOVE)
    return any(sq in goal and goal[sq] < goal[here] and not hero_at(state, sq) and monster_at(state, sq) in (None, m)
               for sq in near)


def has_dragon(state: dict) -> bool:
    return any(m["kind"] == "dragon" for m in state["monsters"])


def counted(start, move_dragon, saves_step):
    def on_start(state):
        start(state)
        PHASE["dragon"], PHASE["tried"] = has_dragon(state), False

    def on_dragon(state, m):
        PHASE["tried"] = True
        goal, start = target_goal(state, m), list(m["sq"])
        closer = goal is not None and closer_free(state, m, goal)
        line = move_dragon(state, m)
        if goal is not None and m["sq"] == start:
            COUNT["still"] += 1
            COUNT["closer"] += closer
        return line

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
    versions = ([int(v) for v in argv[argv.index("--versions") + 1].split(",")] if "--versions" in argv
                else list(range(1, RULES_VERSION + 1)))
    for version in versions:
        COUNT.update(phases=0, held=0, still=0, closer=0)
        for i in range(games):
            play_out(RULESET, f"dragon-{i}", {"heroes": 4, "placement": "auto", RULES_KEY: version})
        print(f"rules version {version}, {games} games: the Dragon held back in {COUNT['held']} of "
              f"{COUNT['phases']} Dragon phases; it stood still short of its hero in {COUNT['still']}, "
              f"{COUNT['closer']} of them though a closer square was free within its {MONSTER_MOVE}")


if __name__ == "__main__":
    main(sys.argv[1:])
