"""Auto-play: the rules' own steps, and a simple policy for the heroes.

Heroes' policy (every choice is among the legal actions):
1. accept a Luck re-roll; place tiles automatically; search when allowed;
2. for each living hero in seat order, the first of: drink Healing at 2
   wounds; put on an item not yet worn; attack (her own threat first,
   then a threat on a neighbour, then the weakest, nearest monster); move
   toward the nearest room still to search (into it, never onto a monster
   if avoidable, preferring squares from which she can still attack);
3. when no hero has anything left to do: end the heroes' phase.
Every hero action spends movement or the attack, so a turn always ends.
"""

from __future__ import annotations

from . import board, codes, heroes
from .board import sq_of
from .data import MONSTERS
from .state import find_monster, living, monster_at


def auto_action(state: dict) -> str:
    if state["pending"]:
        return codes.LUCK
    phase = state["phase"]
    if phase in ("monsters", "saves", "grow"):
        return codes.STEP
    if phase == "place":
        return codes.place(codes.AUTO)
    if heroes.search_room(state) is not None:
        return codes.SEARCH
    goal = goal_distances(state)
    for i, hero in enumerate(state["heroes"]):
        if hero["out"]:
            continue
        plan = hero_plan(state, hero, goal)
        if plan:
            return plan if state.get("sel") == i else codes.select(hero["seat"])
    return codes.END


def goal_distances(state: dict) -> dict:
    """Distances (hero walking) to the room the party should gather in: the
    searchable room nearest to the party as a whole."""
    party = living(state)
    rooms = [i for i, t in enumerate(state["tiles"]) if t["kind"] == "room"
             and (not t["cleared"] or heroes.all_searched(state))]
    best, best_cost = None, None
    for room in rooms:
        squares = list(board.tile_squares(state["tiles"][room]))
        dist = board.distances(state, squares, "hero")
        cost = sum(dist.get(sq_of(h["sq"]), 999) for h in party)
        if best_cost is None or cost < best_cost:
            best, best_cost = dist, cost
    return best or {}


def hero_plan(state: dict, hero: dict, goal: dict) -> str | None:
    if hero["wounds"] >= 2 and heroes.can_drink(hero, "heal"):
        return codes.drink("heal")
    wear = heroes.wearable(hero)
    if wear:
        return codes.wear(wear[0])
    target = best_target(state, hero)
    if target is not None:
        return codes.attack(target)
    if not heroes.can_move(hero):
        return None
    here = sq_of(hero["sq"])
    now = goal.get(here, 999)
    best, best_key = None, None
    for sq, (steps, opened, _) in heroes.destinations(state, hero).items():
        d = goal.get(sq, 999)
        if d >= now:
            continue
        foe = monster_at(state, sq) is not None
        k = (d, foe, opened, steps, board.key(sq))
        if best_key is None or k < best_key:
            best, best_key = sq, k
    if best is None:
        return None
    return codes.move(best)


def best_target(state: dict, hero: dict) -> int | None:
    ids = heroes.targets(state, hero)
    if not ids:
        return None
    here = sq_of(hero["sq"])

    def rank(mid):
        m, holder = find_monster(state, mid)
        life = MONSTERS[m["kind"]]["life"] - m["hurt"]
        where = 0 if holder is hero else 1 if holder else 2
        sq = sq_of(holder["sq"] if holder else m["sq"])
        return (where, life, abs(sq[0] - here[0]) + abs(sq[1] - here[1]), mid)

    return min(ids, key=rank)
