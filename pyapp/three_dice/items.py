"""Potions, readied items and map fragments."""

from __future__ import annotations

from itertools import combinations

from ..codes import code
from ..engine import Action
from .data import ARTIFACTS, ATTRS, TREASURE_NAMES
from .records import roll, say
from .state import active, end_game, here, holds, limit, living, tiles


def potion_options(state: dict) -> list[Action]:
    out = []
    for i in living(state):
        player = state["players"][i]
        if not player["items"]["potion"]:
            continue
        who = f"{player['name']}: " if len(state["players"]) > 1 else ""
        if tiles(state):
            if player["hp"] < player["hp_max"]:
                out.append(Action(code("potion", i), f"{who}Drink a healing potion (+2 HP)", "Items"))
            continue
        low = [a for a in ATTRS if player["attrs"][a] < player["max"][a]]
        for a in low:
            out.append(Action(code("potion", i, a, a), f"{who}Potion: +2 {a}", "Items"))
        for a, b in combinations(low, 2):
            out.append(Action(code("potion", i, a, b), f"{who}Potion: +1 {a}, +1 {b}", "Items"))
    return out


def drink(state: dict, idx: int, attrs: list[str]) -> None:
    player = state["players"][idx]
    player["items"]["potion"] -= 1
    if tiles(state):
        player["hp"] = min(player["hp_max"], player["hp"] + 2)
        say(state, f"{player['name']} drinks a healing potion: {player['hp']} HP.")
        return
    gains = [attrs[0]] * 2 if len(attrs) == 1 or attrs[0] == attrs[1] else attrs
    for a in gains:
        player["attrs"][a] = min(player["max"][a], player["attrs"][a] + 1)
    now = ", ".join(f"{a} {player['attrs'][a]}" for a in ATTRS)
    say(state, f"{player['name']} drinks a healing potion: {now}.")


ARMABLE = {
    "scroll": "Read a spell scroll (+3 on the next SPIRIT roll)",
    "idol": "Raise the Jade Idol (+2 on the next attack)",
    "pendant": "Hold the Crystal Pendant (+3 on the next MIND roll)",
    "charm": "Raise the Shielding Charm (ignore the next hit)",
}


def arm_options(player: dict) -> list[Action]:
    out = []
    for item, label in ARMABLE.items():
        have = player["items"]["scroll"] if item == "scroll" else player["artifacts"].get(item, 0)
        if have and item not in player["armed"]:
            out.append(Action(code("ready", item), label, "Items"))
    return out


def use_fragment(state: dict) -> None:
    player = active(state)
    player["items"]["fragment"] -= 1
    face = roll(state, "Artifact")
    key, name, text = ARTIFACTS[face]
    if holds(player) >= limit(state):
        say(state, f"The map leads to the {name}, but {player['name']} can carry no more.")
    else:
        player["artifacts"][key] = player["artifacts"].get(key, 0) + 1
        say(state, f"{player['name']} unearths the {name}: {text}.")
    state["artifact_here"] = True
    if state["level"] not in state["artifact_levels"]:
        state["artifact_levels"].append(state["level"])
    if state["opts"].get("mode") == "quest" and len(state["artifact_levels"]) >= 3:
        say(state, "Three artifacts from three levels: the quest is complete!")
        end_game(state, "won")


def floor_options(state: dict) -> list[Action]:
    """With the six-item limit: pick up what lies here, or put an item down."""
    cell = here(state)
    if not state["opts"].get("inventory_limit") or cell["monster"]:
        return []
    player = active(state)
    if cell["treasure"]:
        lying = TREASURE_NAMES[cell["treasure"]]
        if holds(player) < limit(state):
            return [Action("take", f"Take the {lying}", "Items")]
        return [Action(code("swap", item), f"Leave a {TREASURE_NAMES[item]}, take the {lying}", "Items")
                for item, count in player["items"].items() if count and item != cell["treasure"]]
    return [Action(code("drop", item), f"Leave a {TREASURE_NAMES[item]} here", "Items")
            for item, count in player["items"].items() if count]


def take(state: dict) -> None:
    cell, player = here(state), active(state)
    player["items"][cell["treasure"]] = player["items"].get(cell["treasure"], 0) + 1
    say(state, f"{player['name']} picks up the {TREASURE_NAMES[cell['treasure']]}.")
    cell["treasure"] = None


def drop(state: dict, item: str) -> None:
    player = active(state)
    player["items"][item] -= 1
    here(state)["treasure"] = item
    say(state, f"{player['name']} leaves the {TREASURE_NAMES[item]} here.")


def swap(state: dict, item: str) -> None:
    lying = here(state)["treasure"]
    here(state)["treasure"] = None
    drop(state, item)
    active(state)["items"][lying] = active(state)["items"].get(lying, 0) + 1
    say(state, f"{active(state)['name']} takes the {TREASURE_NAMES[lying]}.")
