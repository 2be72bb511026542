"""Arriving in a location, fighting its monster, and what a victory earns (treasure, XP, levels)."""

from __future__ import annotations

from .data import MONSTERS, ROVING, TREASURE_NAMES, XP_PER_LEVEL
from .records import roll, say
from .state import active, bonus_hp, end_game, here, holds, limit, living, lose_rewards, next_turn, spend, tiles


def arrive(state: dict, cell: dict, fresh: bool) -> None:
    """Enter a location: fight what is there, or check for a roving monster."""
    state["rested"] = False
    monster = cell["monster"]
    if monster:
        if monster["asleep"]:
            monster["asleep"] = False
            say(state, f"The {monster['name']} are awake again.")
        state["phase"] = "fight"
        return
    if fresh:
        clear(state, cell, killer=state["turn"])
        return
    roving_check(state, cell)


def roving_monster(state: dict, face: int) -> dict:
    """Goblins (1) or orcs (2) on every level, undead ones too (RULINGS)."""
    hp = ROVING[face] + bonus_hp(state)
    return {"name": MONSTERS["classic"][face], "hp": hp, "max": hp, "undead": False, "asleep": False, "roving": True}


def roving_check(state: dict, cell: dict) -> None:
    face = roll(state, "Roving monster")
    if face in ROVING:
        cell["monster"] = roving_monster(state, face)
        say(state, f"Roving monster ({face}): {cell['monster']['name']} ({cell['monster']['hp']} HP) have crept in!")
        state["phase"] = "fight"
    else:
        say(state, f"Roving monster check: {face}, all quiet.")
        state["phase"] = "explore"


def target_number(state: dict, player: dict, attr: str) -> int:
    """What the attack die must roll under."""
    value = player["attrs"][attr]
    items = player["items"]
    if attr == "BODY" and items["sword"]:
        value += 2 if tiles(state) else items["sword"]
    if attr == "MIND":
        value += items["tome"]
    armed = player["armed"]
    if attr == "SPIRIT" and "scroll" in armed:
        value += 3
    if attr == "MIND" and "pendant" in armed:
        value += 3
    if "idol" in armed:
        value += 2
    if not tiles(state) and any(v == 0 for v in player["attrs"].values()):
        value -= 1  # bleeding out
    return value


def hit_faces(state: dict, player: dict, attr: str, monster: dict) -> list[int]:
    target = target_number(state, player, attr)
    no_fumble = attr == "SPIRIT" and monster["undead"]
    return [f for f in range(1, 7) if f == 1 or (f < target and (f != 6 or no_fumble))]


def chance_hint(faces: list[int]) -> str:
    if not faces:
        return "no chance"
    span = f"{faces[0]}" if len(faces) == 1 else f"{faces[0]}-{faces[-1]}"
    return f"hits on {span}, {round(100 * len(faces) / 6)}%"


def attack(state: dict, attr: str) -> None:
    idx = state["turn"]
    player = state["players"][idx]
    cell = here(state)
    monster = cell["monster"]
    winning = hit_faces(state, player, attr, monster)
    face = roll(state, f"{player['name']} attacks with {attr}")
    used = [a for a in player["armed"] if a == "idol" or (a, attr) in (("scroll", "SPIRIT"), ("pendant", "MIND"))]
    for item in used:
        player["armed"].remove(item)
        spend(player, item)
    if face in winning:
        monster["hp"] -= 1
        say(state, f"{player['name']} rolls {face} with {attr}: a hit! {monster['name']} at {monster['hp']} HP.")
        if monster["hp"] <= 0:
            say(state, f"The {monster['name']} are defeated.")
            cell["monster"] = None
            if not monster["roving"] and not cell["cleared"]:
                clear(state, cell, killer=idx)
            else:
                if monster["roving"]:
                    award_xp(state, monster["max"], f"The roving {monster['name']}")
                cell["cleared"] = True
                after_award(state)
            next_turn(state)
            return
    else:
        say(state, f"{player['name']} rolls {face} with {attr}: a miss, and the {monster['name']} strike back.")
        take_hit(state, player, attr)
        if state["phase"] == "wound":
            return
    next_turn(state)


def take_hit(state: dict, player: dict, attr: str) -> None:
    if "charm" in player["armed"]:
        player["armed"].remove("charm")
        spend(player, "charm")
        say(state, "The Shielding Charm takes the blow and crumbles.")
        return
    if tiles(state):
        player["hp"] = max(0, player["hp"] - 1)
    elif player["attrs"][attr] == 0:  # nothing left there: the blow lands where the player chooses
        say(state, f"{player['name']} has no {attr} left to lose: the blow lands elsewhere.")
        wound(state, 1, resume="fight")
        return
    else:
        player["attrs"][attr] -= 1
    check_death(state, player)


def check_death(state: dict, player: dict) -> None:
    dead = player["hp"] <= 0 if tiles(state) else not any(player["attrs"].values())
    if dead and player["alive"]:
        player["alive"] = False
        player["armed"] = []
        say(state, f"{player['name']} has fallen.")
        if not living(state):
            end_game(state, "dead")


def clear(state: dict, cell: dict, killer: int) -> None:
    """The location's monster is gone: its treasure and XP are earned."""
    cell["cleared"] = True
    loot = cell["treasure"]
    if loot:
        winner = state["players"][killer] if state["players"][killer]["alive"] else active(state)
        if holds(winner) >= limit(state):
            say(state, f"{winner['name']} can carry no more: the {TREASURE_NAMES[loot]} stays here on the floor.")
        else:
            winner["items"][loot] = winner["items"].get(loot, 0) + 1
            cell["treasure"] = None
            say(state, f"{winner['name']} takes the {TREASURE_NAMES[loot]}.")
    award_xp(state, sum(cell["dice"]), cell["name"])
    after_award(state)


def xp_for_level(state: dict, level: int) -> int:
    """XP needed to reach `level`: every 50, or 50, 150, 300... when rising."""
    steps = level - 1
    if state["opts"].get("xp_curve") == "rising":
        return XP_PER_LEVEL * steps * (steps + 1) // 2
    return XP_PER_LEVEL * steps


def award_xp(state: dict, amount: int, source: str) -> None:
    for i in living(state):
        player = state["players"][i]
        player["xp"] += amount
        while player["xp"] >= xp_for_level(state, player["level"] + 1):
            player["level"] += 1
            player["raises"] += 1
            say(state, f"{player['name']} reaches level {player['level']}!")
            lose_rewards(state, player, "on levelling up")
    say(state, f"{source}: +{amount} XP" + (" each." if len(living(state)) > 1 else "."))


def after_award(state: dict) -> None:
    if state["over"]:
        return
    state["phase"] = "raise" if any(p["raises"] for p in state["players"]) else "explore"


def do_raise(state: dict, attr: str) -> None:
    player = next(p for p in state["players"] if p["raises"])
    player["raises"] -= 1
    player["max"][attr] += 1
    player["attrs"] = dict(player["max"])
    player["hp"] = player["hp_max"]
    say(state, f"{player['name']} raises {attr} to {player['max'][attr]} and is fully restored.")
    after_award(state)


def put_to_sleep(state: dict) -> None:
    player = active(state)
    spend(player, "salts")
    monster = here(state)["monster"]
    monster["asleep"] = True
    say(state, f"The Sleeping Salts put the {monster['name']} to sleep: you may pass, but they guard their treasure.")
    state["phase"] = "explore"


def wound(state: dict, points: int, resume: str = "explore", then_go: str | None = None) -> str | None:
    """Damage the active player places as they choose (a trap, a flight, a
    blow on a spent attribute). `resume` is the phase to return to; returns
    the side to leave by (`then_go`) once the damage is placed."""
    player = active(state)
    state["then_go"], state["resume"] = then_go, resume
    if tiles(state):
        player["hp"] = max(0, player["hp"] - points)
        state["wounds"] = 0
    else:
        state["wounds"] = points
    state["phase"] = "wound"
    return settle_wounds(state)


def settle_wounds(state: dict) -> str | None:
    player = active(state)
    if state["wounds"] and any(player["attrs"].values()):
        return None
    state["wounds"] = 0
    check_death(state, player)
    if state["over"]:
        return None
    if state["resume"] == "fight":
        state["phase"] = "fight"
        next_turn(state)  # the blow ended that player's attack
        return None
    state["phase"] = "explore"
    side, state["then_go"] = state["then_go"], None
    return side


def take_wound(state: dict, attr: str) -> str | None:
    player = active(state)
    player["attrs"][attr] -= 1
    state["wounds"] -= 1
    say(state, f"{player['name']} loses 1 {attr}.")
    return settle_wounds(state)
