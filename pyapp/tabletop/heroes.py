"""What heroes do in the heroes' phase: move, take a monster on, attack,
open doors, drink, wear, give, search."""

from __future__ import annotations

from . import board
from .board import sq_of, square_name
from .data import BOOTS_MOVE, GEAR, ITEM_NAMES, MAJOR, MINOR, MONSTERS, MOVE, POTIONS, SEARCH_NAMES, search_result
from .state import (
    cleared_count,
    find_monster,
    hero_at,
    in_box,
    label,
    living,
    monster_at,
    monster_name,
    roll,
    say,
    sheet,
    threatened,
)
from .words import an_item, plural, their, them


# ---------------------------------------------------------------- movement
def turn_moves(hero: dict) -> int:
    """Her squares for a turn: 4, or 6 with the Boots of Speed."""
    return BOOTS_MOVE if "boots" in hero["worn"] else MOVE


def can_move(hero: dict) -> bool:
    return hero["moves"] > 0 and (not threatened(hero) or sheet(hero)["free_move"])


def destinations(state: dict, hero: dict) -> dict:
    """Squares she may end on now -> (steps, doors opened, path). Not another
    hero's square, not the Dragon's; a goblin's or orc's square takes it on."""
    if not can_move(hero):
        return {}
    routes = board.hero_routes(state, hero["sq"], hero["moves"])
    here = sq_of(hero["sq"])
    out = {}
    for sq, route in routes.items():
        if sq == here or hero_at(state, sq):
            continue
        m = monster_at(state, sq)
        if m and m["kind"] == "dragon":
            continue
        out[sq] = route
    return out


def open_door(state: dict, index: int, who: str) -> None:
    door = state["doors"][index]
    door["state"], door["attacker"] = "open", None
    say(state, f"{who} opens door {index + 1} (it is removed).")


def move(state: dict, hero: dict, sq: tuple) -> None:
    steps, _, path = destinations(state, hero)[sq]
    start = sq_of(hero["sq"])
    for door in board.crossed(state, path):
        open_door(state, door, label(hero))
    if hero["threats"]:  # only the Archer moves while threatened: the threat stays on the square she leaves
        for m in hero["threats"]:
            m["sq"] = list(start)
            state["monsters"].append(m)
            say(state, f"{monster_name(m)} is left behind on {square_name(start)}.")
        hero["threats"] = []
    hero["sq"], hero["moves"] = list(sq), hero["moves"] - steps
    say(state, f"{label(hero)} moves {plural(steps, 'square')} to {square_name(sq)}.")
    foe = monster_at(state, sq)
    if foe:
        state["monsters"].remove(foe)
        hero["threats"].append(foe)
        say(state, f"{label(hero)} takes on {monster_name(foe)}: it goes onto {their(hero)} sheet.")


def adjacent_doors(state: dict, hero: dict) -> list:
    sq = sq_of(hero["sq"])
    return [i for i, d in enumerate(state["doors"])
            if d["state"] != "open" and sq in (sq_of(d["a"]), sq_of(d["b"]))]


# ---------------------------------------------------------------- attacks
def targets(state: dict, hero: dict) -> list:
    """Monster ids she may attack now (never the Dragon)."""
    if hero["attacked"]:
        return []
    out = [m["id"] for m in hero["threats"]]
    here = sq_of(hero["sq"])
    reach = sheet(hero)["reach"]
    for m in state["monsters"]:
        if m["kind"] == "dragon":
            continue
        there = sq_of(m["sq"])
        if board.next_to(state, here, there) or (reach and abs(there[0] - here[0]) + abs(there[1] - here[1]) <= reach
                                                  and board.line_of_fire(state, here, there)):
            out.append(m["id"])
    for other in living(state):
        if other is not hero and other["threats"] and board.next_to(state, here, other["sq"]):
            out += [m["id"] for m in other["threats"]]
    return out


def attack_roll(state: dict, hero: dict, mid: int) -> None:
    target, _ = find_monster(state, mid)
    ring = 1 if "ring" in hero["worn"] else 0
    face = roll(state, f"{label(hero)} attacks {monster_name(target)}")
    if face + ring >= sheet(hero)["hit"]:
        damage = sheet(hero)["six"] if face == 6 else 1
        say(state, f"{label(hero)} rolls {face}{' +1 ring' if ring else ''}: a hit on {monster_name(target)}"
                   f"{' (natural 6: 2 damage)' if damage > 1 else ''}.")
        hurt(state, mid, damage)
        return
    say(state, f"{label(hero)} rolls {face}{' +1 ring' if ring else ''}: a miss.")
    if hero["potions"]["luck"] and hero["moves"] >= 1:
        state["pending"] = {"kind": "attack", "hero": state["heroes"].index(hero), "target": mid}


def attack(state: dict, hero: dict, mid: int) -> None:
    hero["attacked"] = True
    attack_roll(state, hero, mid)


def hurt(state: dict, mid: int, damage: int) -> None:
    m, holder = find_monster(state, mid)
    left = MONSTERS[m["kind"]]["life"] - m["hurt"]
    if damage >= left:
        (holder["threats"] if holder else state["monsters"]).remove(m)
        state["kills"] += 1
        say(state, f"{monster_name(m)} is slain.")
        return
    # an orc with 1 damage is swapped for a goblin (if the box still has one)
    if in_box(state, "goblin") > 0:
        m["kind"], m["hurt"] = "goblin", 0
        say(state, f"Orc {m['id']} is wounded: it becomes a goblin.")
    else:
        m["hurt"] += damage
        say(state, f"Orc {m['id']} is wounded (no goblin left in the box: it stays an orc with 1 life).")


# ---------------------------------------------------------------- potions and items
def drink(state: dict, hero: dict, potion: str) -> None:
    hero["potions"][potion] -= 1
    hero["moves"] -= 1
    if potion == "heal":
        hero["wounds"] -= 1
        say(state, f"{label(hero)} drinks a Healing Potion: {plural(hero['wounds'], 'wound')} left.")
    else:
        hero["invisible"] = True
        say(state, f"{label(hero)} drinks a Potion of Invisibility: monsters ignore {them(hero)} this turn.")


def can_drink(hero: dict, potion: str) -> bool:
    if hero["moves"] < 1 or not hero["potions"][potion]:
        return False
    if potion == "heal":
        return hero["wounds"] > 0
    return potion == "invis" and not hero["invisible"]


def wearable(hero: dict) -> list:
    if hero["moves"] < 1:
        return []
    return [g for g in GEAR if hero["items"].count(g) > (1 if g in hero["worn"] else 0) and g not in hero["worn"]]


def wear(state: dict, hero: dict, item: str) -> None:
    hero["worn"].append(item)
    hero["moves"] -= 1
    say(state, f"{label(hero)} puts on the {ITEM_NAMES[item]}"
               f"{' (6 squares from next turn)' if item == 'boots' else ''}.")


def owned(hero: dict) -> list:
    """Everything she could give: potions and items, each kind once."""
    return [p for p in POTIONS if hero["potions"][p]] + [g for g in GEAR if g in hero["items"]]


def give_partners(state: dict, hero: dict) -> list:
    """Heroes she can hand things to now: next to her, neither threatened,
    both with a square of movement left (an answering give is free)."""
    if threatened(hero):
        return []
    i = state["heroes"].index(hero)
    out = []
    for j, other in enumerate(state["heroes"]):
        if other is hero or other["out"] or threatened(other) or not board.next_to(state, hero["sq"], other["sq"]):
            continue
        free = [i, j] in state["free_gives"]
        if free or (hero["moves"] >= 1 and other["moves"] >= 1):
            out.append(j)
    return out


def give(state: dict, hero: dict, item: str, j: int) -> None:
    other = state["heroes"][j]
    i = state["heroes"].index(hero)
    if item in POTIONS:
        hero["potions"][item] -= 1
        other["potions"][item] += 1
    else:
        hero["items"].remove(item)
        if item not in hero["items"] and item in hero["worn"]:
            hero["worn"].remove(item)
        other["items"].append(item)
    if [i, j] in state["free_gives"]:
        state["free_gives"].remove([i, j])
        say(state, f"{label(hero)} gives the {ITEM_NAMES[item]} back in exchange to {label(other)} (no extra move).")
    else:
        hero["moves"] -= 1
        other["moves"] -= 1
        state["free_gives"].append([j, i])
        say(state, f"{label(hero)} gives the {ITEM_NAMES[item]} to {label(other)} (1 square each).")


# ---------------------------------------------------------------- search
def search_room(state: dict) -> int | None:
    """The room all heroes could search now, or None. Every living hero is
    in the same room, none threatened, and the room is not cleared (once
    the dungeon is complete and all its rooms are cleared, any room again,
    if the house-rule setting allows it)."""
    party = living(state)
    if not party or any(threatened(h) for h in party):
        return None
    rooms = {board.tile_at(state, h["sq"]) for h in party}
    if len(rooms) != 1:
        return None
    room = rooms.pop()
    tile = state["tiles"][room]
    if tile["kind"] != "room":
        return None
    if tile["cleared"] and not all_searched(state):
        return None
    return room


def all_searched(state: dict) -> bool:
    if not state["opts"].get("search_again", False):
        return False
    return state["dragon"] and all(t["cleared"] for t in state["tiles"] if t["kind"] == "room")


def search(state: dict, room: int) -> None:
    bonus = cleared_count(state)
    say(state, f"The heroes search room {state['tiles'][room]['n']} (+{bonus} for rooms already cleared).")
    for hero in living(state):
        hero["moves"] = 0  # searching takes the rest of the heroes' movement this turn
        face = roll(state, f"{label(hero)} searches")
        total = face + bonus
        result = search_result(total)
        say(state, f"{label(hero)} rolls {face} + {bonus} = {total}: {SEARCH_NAMES[result]}")
        if result == "exit":
            state["result"] = "won"
            return
        if result in ("minor", "major"):
            table = MINOR if result == "minor" else MAJOR
            face = roll(state, f"{label(hero)}: {result} treasure")
            item = table[face]
            if item in POTIONS:
                hero["potions"][item] += 1
            else:
                hero["items"].append(item)
            say(state, f"{label(hero)} finds {an_item(item)} ({face}).")
    state["tiles"][room]["cleared"] = True
    say(state, f"Room {state['tiles'][room]['n']} is cleared.")

