"""Leaving a location: walking, teleporting, searching, descending, fleeing, resting, and damage taken on the way."""

from __future__ import annotations

from .combat import arrive, check_death, roving_monster, wound
from .data import ATTRS, ROVING
from .dungeon import new_location, search_sides, start_level
from .grid import OPPOSITE, SIDES, edge, is_locked, neighbour, passable
from .records import roll, say
from .state import active, here, living, lose_rewards, next_turn, spend, tiles


def go(state: dict, side: str) -> None:
    target = neighbour(state["pos"], side)
    if target in state["cells"]:
        state["prev"], state["pos"] = state["pos"], target
        cell = state["cells"][target]
        say(state, f"You go {side} to the {cell['name']}.")
        arrive(state, cell, fresh=False)
    else:
        say(state, f"You go {side} into the unknown.")
        new_location(state, target, OPPOSITE[side])
    # RULINGS: the round in a location starts with the player who moved the party there, so moving keeps the turn


def jump(state: dict, target: str, how: str) -> None:
    """Teleport (temple or scroll): arrive with a roving monster check."""
    state["prev"], state["pos"] = state["pos"], target
    cell = state["cells"][target]
    say(state, f"{how} takes you to the {cell['name']}.")
    arrive(state, cell, fresh=False)


def search(state: dict) -> None:
    face = roll(state, "Search")
    cell = here(state)
    cell["search"] += 1
    if face >= 5:
        sides = search_sides(state, state["pos"])
        say(state, f"Search: {face}, a secret door!")
        if len(sides) == 1:
            open_secret(state, sides[0])
        else:
            state["phase"] = "secret"
    elif face == 1:
        say(state, "Search: 1, a trap springs!")
        wound(state, 1)
    else:
        say(state, f"Search: {face}, nothing but stone.")


def open_secret(state: dict, side: str) -> None:
    if is_locked(state, state["pos"], side):
        state["locked"].remove(edge(state["pos"], side))
        say(state, f"The locked door {side} gives way.")
        state["phase"] = "explore"
        return
    cell = here(state)
    cell["exits"] = "".join(s for s in SIDES if s in cell["exits"] or s == side)
    say(state, f"The secret door opens to the {side}.")
    state["phase"] = "explore"


def descend(state: dict, theme: str) -> None:
    state["level"] += 1
    state["deepest"] = max(state["deepest"], state["level"])
    if theme == "random":
        theme = "undead" if roll(state, "Theme") >= 4 else "classic"
    state["theme"] = theme
    if state["opts"].get("descent_drain"):
        for p in state["players"]:
            for a in ATTRS:
                p["max"][a] = max(1, p["max"][a] - 1)
                p["attrs"][a] = min(p["attrs"][a], p["max"][a])
    say(state, f"You descend to level {state['level']}.")
    for player in state["players"]:
        lose_rewards(state, player, "on the way down")
    start_level(state)


def flee_side(state: dict) -> str | None:
    """The side leading back to where the party came from, if it is next door and open."""
    back = state["prev"]
    for side in passable(state, state["pos"]):
        if neighbour(state["pos"], side) == back:
            return side
    return None


def flee(state: dict, how: str) -> None:
    """Leave a fight: boots to a random exit, or a house-rule flight back."""
    player = active(state)
    if how == "boots":
        player["boots_used"] += 1
        exits = passable(state, state["pos"])
        side = exits[roll(state, "Boots", len(exits)) - 1]
        if player["boots_used"] >= player["level"]:
            spend(player, "boots")
            player["boots_used"] = 0
            say(state, "The Boots of Swiftness crumble after this run.")
        say(state, f"{player['name']} runs {side} in the Boots of Swiftness.")
        state["phase"] = "explore"
        go(state, side)
        return
    rule = state["opts"].get("flee_rule")
    back = flee_side(state)
    if back is None:  # no way back (first location, after a teleport): any open exit
        exits = passable(state, state["pos"])
        back = exits[roll(state, "Flight", len(exits)) - 1]
    side = back
    if rule == "alvin":
        face = roll(state, "Escape")
        if face > 2:
            here(state)["monster"]["no_escape"] = True
            say(state, f"Escape roll {face}: the way out is blocked; now you must fight.")
            next_turn(state)
            return
    say(state, f"{player['name']} flees {side}.")
    if rule == "stacey":
        for p in (state["players"][i] for i in living(state)):
            if tiles(state):
                p["hp"] = max(0, p["hp"] - 1)
            else:
                p["attrs"] = {a: max(0, v - 1) for a, v in p["attrs"].items()}
            check_death(state, p)
        if state["over"]:
            return
    damage = 0
    if rule == "nerun":
        damage = {1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3}[roll(state, "Flight")]
    if damage:
        say(state, f"The monsters strike {player['name']}'s back: {damage} damage.")
        if wound(state, damage, then_go=side):
            go(state, side)
        return
    state["phase"] = "explore"
    go(state, side)


def rest(state: dict, attr: str) -> None:
    """House rule (Alvin): rest in a temple; 4-6 restores 1 point, 1-2 wakes a monster."""
    state["rested"] = True
    face = roll(state, "Rest")
    player = active(state)
    if face >= 4:
        if tiles(state):
            player["hp"] = min(player["hp_max"], player["hp"] + 1)
        else:
            player["attrs"][attr] = min(player["max"][attr], player["attrs"][attr] + 1)
        say(state, f"Rest: {face}, {player['name']} recovers 1 {'HP' if tiles(state) else attr}.")
    elif face in ROVING:
        monster = here(state)["monster"] = roving_monster(state, face)
        say(state, f"Rest: {face}, {monster['name']} ({monster['hp']} HP) find you asleep!")
        state["phase"] = "fight"
    else:
        say(state, f"Rest: {face}, a fitful sleep; nothing gained.")
