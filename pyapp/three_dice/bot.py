"""The auto-play policy: simple, documented, and only ever picks a legal action.

1. Character: keep the values in roll order.
2. Drink a potion when a character is 2 or more points down (or at 1 HP
   left in the Tiles edition), before anything else.
3. In a fight: raise the Shielding Charm when a miss would kill; otherwise
   attack with the attribute that has the best chance to hit, ties going to
   the attribute with the most points (a miss costs it one).
4. Level up: raise the attribute with the highest maximum.
5. Exploring: dig with a map fragment in a vault; descend from a Great Hall
   when allowed (to a classic level); take an unexplored exit; otherwise
   walk toward the nearest location with an unexplored exit, then toward
   a searchable dead end; search when that is all that is left.
6. Other choices (exits, tile turns, secret doors, wounds): the first
   offered, wounds from the highest attribute.
It never retires, so an Endless game ends only in death.
"""

from __future__ import annotations

from collections import deque

from ..codes import code
from .combat import hit_faces
from .data import ATTRS
from .dungeon import can_search, passable
from .rules import legal_actions
from .state import active, here, neighbour, tiles


def auto_action(state: dict) -> str:
    phase = state["phase"]
    if phase == "fight":  # the hot path: no labelled list needed
        return potion_choice(state) or fight_choice(state)
    actions = legal_actions(state)
    codes = [a.code for a in actions]
    heal = potion_choice(state)
    if heal and phase == "explore":
        return heal
    if phase == "raise":
        player = next(p for p in state["players"] if p["raises"])
        best = max(ATTRS, key=lambda a: player["max"][a])
        return code("raise", best)
    if phase == "wound":
        player = active(state)
        return code("wound", max((a for a in ATTRS if player['attrs'][a] > 0), key=lambda a: player['attrs'][a]))
    if phase == "explore":
        return explore_choice(state, codes)
    return codes[0]


def potion_choice(state: dict) -> str | None:
    """A potion for whoever is 2 points down (1 HP from death in Tiles)."""
    for i, player in enumerate(state["players"]):
        if not player["alive"] or not player["items"]["potion"]:
            continue
        if tiles(state):
            if player["hp"] < player["hp_max"] and player["hp"] <= max(1, player["hp_max"] - 2):
                return code("potion", i)
            continue
        short = {a: player["max"][a] - player["attrs"][a] for a in ATTRS}
        if sum(short.values()) >= 2:
            first, second = sorted(ATTRS, key=lambda a: -short[a])[:2]
            return code("potion", i, first, first if short[first] >= 2 else second)
    return None


def fight_choice(state: dict) -> str:
    player = active(state)
    monster = here(state)["monster"]
    best = max(ATTRS, key=lambda a: (len(hit_faces(state, player, a, monster)), player["attrs"][a]))
    if player["artifacts"].get("charm") and "charm" not in player["armed"] and would_die(state, player, best):
        return "ready charm"
    return code("attack", best)


def would_die(state: dict, player: dict, attr: str) -> bool:
    if tiles(state):
        return player["hp"] <= 1
    others = sum(v for a, v in player["attrs"].items() if a != attr)
    return others == 0 and player["attrs"][attr] <= 1


def explore_choice(state: dict, codes: list[str]) -> str:
    for prefer in ("fragment", "descend classic", "descend random"):
        if prefer in codes:
            return prefer
    for option in codes:
        if option.startswith("go ") and neighbour(state["pos"], option[3:]) not in state["cells"]:
            return option
    step = path_step(state, lambda key: any(neighbour(key, s) not in state["cells"] for s in passable(state, key)))
    if step and code("go", step) in codes:
        return code("go", step)
    if "search" in codes and here(state)["search"] < 12:
        return "search"
    step = path_step(state, lambda key: searchable(state, key))
    if step and code("go", step) in codes:
        return code("go", step)
    if "search" in codes:
        return "search"
    moves = [c for c in codes if c.startswith("go ")]
    return moves[0] if moves else codes[0]


def searchable(state: dict, key: str) -> bool:
    return state["cells"][key]["search"] < 12 and can_search(state, key)


def path_step(state: dict, goal) -> str | None:
    """First side to take on a shortest walk to a location meeting `goal`."""
    start = state["pos"]
    seen = {start: None}
    queue = deque([start])
    while queue:
        key = queue.popleft()
        if key != start and goal(key):
            while seen[key][0] != start:
                key = seen[key][0]
            return seen[key][1]
        for side in passable(state, key):
            nxt = neighbour(key, side)
            if nxt in state["cells"] and nxt not in seen:
                seen[nxt] = (key, side)
                queue.append(nxt)
    return None
