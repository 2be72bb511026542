"""Reading and changing the game state: where the party stands, its players and turns, their items, the end
(the map's grid is grid.py; the log, the dice tray and the rules version are records.py)."""

from __future__ import annotations

from .records import say


def tiles(state: dict) -> bool:
    return state["edition"] == "tiles"


def here(state: dict) -> dict:
    return state["cells"][state["pos"]]


def living(state: dict) -> list[int]:
    return [i for i, p in enumerate(state["players"]) if p["alive"]]


def active(state: dict) -> dict:
    return state["players"][state["turn"]]


def next_turn(state: dict) -> None:
    alive = living(state)
    if not alive:
        return
    later = [i for i in alive if i > state["turn"]]
    state["turn"] = later[0] if later else alive[0]


def bonus_hp(state: dict) -> int:
    return state["level"] - 1 if state["opts"].get("deeper_monsters") else 0


def holds(player: dict) -> int:
    return sum(player["items"].values()) + sum(player["artifacts"].values())


def limit(state: dict) -> int:
    return 6 if state["opts"].get("inventory_limit") else 10**9


def spend(player: dict, item: str) -> None:
    """Use up one armed item (a scroll, or a single-use artifact)."""
    if item == "scroll":
        player["items"]["scroll"] -= 1
        return
    player["artifacts"][item] -= 1
    if not player["artifacts"][item]:
        del player["artifacts"][item]


def lose_rewards(state: dict, player: dict, when: str) -> None:
    """House rule (Fishsticks): every item and artifact is lost `when` (a level-up, a new dungeon level)."""
    if not state["opts"].get("lose_rewards"):
        return
    if holds(player):
        say(state, f"{player['name']} loses every reward {when}.")
    player["items"] = {item: 0 for item in player["items"]}
    player["artifacts"], player["armed"], player["boots_used"] = {}, [], 0


def end_game(state: dict, how: str) -> None:
    state["over"] = how
    state["phase"] = "over"
    best = max(state["players"], key=lambda p: p["xp"])
    state["score"] = {"points": best["xp"], "xp": best["xp"], "deepest": state["deepest"],
                      "mode": state["opts"].get("mode", "endless"), "result": how,
                      "name": best["name"], "locations": state["made"]}
    verdict = {"dead": "The party has fallen.", "won": "Victory!", "retired": "You leave the dungeon alive."}[how]
    say(state, f"{verdict} Score: {best['xp']} XP, deepest level {state['deepest']}.")
