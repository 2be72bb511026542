"""The monsters' phase, one step at a time, then saving throws and doors.

Each `step` moves ONE monster (the page shows the phase move by move);
monsters that cannot move are passed over within the same step. When no
monster is left to move, the same step rolls the saving throws, damages
the doors under attack, and hands over to the dungeon's growth.
"""

from __future__ import annotations

from ..engine import rules_version
from . import board
from .board import key, sq_of
from .data import DRAGON_DETOUR, DRAGON_OWN_RULE, MAX_WOUNDS, MONSTER_MOVE, MONSTERS
from .state import hero_at, in_peril, label, living, monster_at, monster_name, roll, say, sheet
from .words import plural, their, them, they


def start(state: dict) -> None:
    state["phase"] = "monsters"
    state["moved"], state["halted"], state["last_move"] = [], False, None
    say(state, f"Turn {state['turn']}: the monsters' phase.")


def visible(state: dict) -> list:
    """Heroes the monsters see: in the dungeon and not invisible."""
    return [h for h in living(state) if not h["invisible"]]


def next_mover(state: dict) -> dict | None:
    """The unmoved monster closest to the heroes (path through open ways;
    monsters shut off by doors come after, by the path through the doors;
    ties: reading order)."""
    left = [m for m in state["monsters"] if m["id"] not in state["moved"]]
    if not left:
        return None
    seen = [h["sq"] for h in visible(state)]
    near = board.distances(state, seen, "open")
    far = board.distances(state, seen, "hero")

    def order(m):
        sq = sq_of(m["sq"])
        return (0, near[sq]) if sq in near else (1, far.get(sq, 9999)), key(sq)

    return min(left, key=order)


def step(state: dict) -> None:
    """One monster moves; with none left to move, saves and doors follow."""
    while True:
        m = next_mover(state)
        if m is None:
            break
        state["moved"].append(m["id"])
        start = list(m["sq"])
        line = move_monster(state, m)
        attack = claim_door(state, m)
        if attack:
            line = f"{line} {attack}" if line else attack
        walked = state.pop("walked", None)  # set by the move itself: never kept between actions
        if line:
            # for the board: who just moved, from where, and the squares it went by (as walked, not redrawn)
            state["last_move"] = {"id": m["id"], "from": start, "path": walked or [start]}
            say(state, line)
            return
    saves_step(state)


def finish(state: dict) -> None:
    """'skip': the rest of the phase at once (stops for a choice: Luck, placement)."""
    from .growth import grow_step

    while state["phase"] in ("monsters", "saves", "grow") and not state["pending"] and not state["result"]:
        if state["phase"] == "grow":
            grow_step(state)
        else:
            step(state)


# ---------------------------------------------------------------- movement
def walk(state: dict, m: dict, goal: dict) -> int:
    """Go up to MONSTER_MOVE squares toward a target (`goal`: distances to it).
    Among ALL shortest routes, take the one ending on a free square (no hero,
    no other monster) nearest the target, ties to the lowest in reading order:
    a monster stops short only where no equally short route goes further.
    Returns the steps taken."""
    here = sq_of(m["sq"])
    near = board.distances(state, [here], "open", limit=MONSTER_MOVE)
    ends = [sq for sq, d in near.items() if sq in goal and d + goal[sq] == goal[here] and free_for(state, m, sq)]
    end = min(ends, key=lambda sq: (goal[sq], key(sq)))  # `here` is always one: the monster stands there
    went(state, m, board.step_path(state, here, board.distances(state, [end], "open")))
    return near[end]


def free_for(state: dict, m: dict, sq: tuple) -> bool:
    return not hero_at(state, sq) and monster_at(state, sq) in (None, m)


def went(state: dict, m: dict, path: list) -> None:
    """Put the monster at the end of `path` and note the squares for `step` to record."""
    m["sq"] = list(path[-1])
    state["walked"] = [list(sq) for sq in path]


def dragon_own_rule(state: dict) -> bool:
    """From rules version 2 the Dragon follows its own rule ("will stop next to the closest Hero even if that
    Hero is in Peril") and nothing else; version 1 halted it with the others once every hero was in Peril."""
    return rules_version(state) >= DRAGON_OWN_RULE


def move_monster(state: dict, m: dict) -> str | None:
    own_rule = dragon_own_rule(state)
    if m["kind"] == "dragon" and own_rule:
        return move_dragon(state, m)
    party = living(state)
    if party and all(in_peril(h) for h in party):  # "no more Monsters will move" (version 1: the Dragon too)
        if not state["halted"]:
            state["halted"] = True
            dragon_left = own_rule and any(o["kind"] == "dragon" and o["id"] not in state["moved"]
                                           for o in state["monsters"])
            return "Every hero is in Peril: no more monsters move" + (", but the Dragon." if dragon_left else ".")
        return None
    if m["kind"] == "dragon":
        return move_dragon(state, m)
    targets = [h for h in visible(state) if not in_peril(h)]
    if not targets:
        return None
    hero = closest(state, m, targets)
    if hero is None:
        return to_door(state, m, targets)
    here = sq_of(m["sq"])
    goal = board.distances(state, [hero["sq"]], "open")
    path = board.step_path(state, here, goal)
    if len(path) - 1 <= MONSTER_MOVE:
        state["monsters"].remove(m)
        went(state, m, path)
        hero["threats"].append(m)
        peril = f" {they(hero).capitalize()} is in Peril." if in_peril(hero) else ""
        return (f"{monster_name(m)} moves {plural(len(path) - 1, 'square')} onto {label(hero)}: "
                f"it threatens {them(hero)}.{peril}")
    steps = walk(state, m, goal)
    if not steps:
        return None
    return f"{monster_name(m)} moves {plural(steps, 'square')} toward {label(hero)}."


def closest(state: dict, m: dict, heroes: list) -> dict | None:
    """The hero the monster can reach by the shortest open path (ties: reading
    order of her square), or None when doors shut them all off."""
    dist = board.distances(state, [m["sq"]], "open")
    reach = [h for h in heroes if sq_of(h["sq"]) in dist]
    return min(reach, key=lambda h: (dist[sq_of(h["sq"])], key(h["sq"]))) if reach else None


def door_attacker(state: dict, index: int) -> int | None:
    """The monster attacking a door: it still stands next to it (on one of its two squares)."""
    door = state["doors"][index]
    mid = door.get("attacker")
    if mid is None or door["state"] == "open":
        return None
    for m in state["monsters"]:
        if m["id"] == mid and sq_of(m["sq"]) in (sq_of(door["a"]), sq_of(door["b"])):
            return mid
    door["attacker"] = None
    return None


def claim_door(state: dict, m: dict) -> str | None:
    """"Any Monster that ends its move next to a closed Door attacks it if no
    other Monster does": whatever sent it there (one door per monster)."""
    if m not in state["monsters"]:
        return None  # it went onto a hero's sheet
    sq = sq_of(m["sq"])
    doors = state["doors"]
    if any(door_attacker(state, i) == m["id"] for i in range(len(doors))):
        return None
    for index, door in enumerate(doors):
        if door["state"] != "open" and sq in (sq_of(door["a"]), sq_of(door["b"])) \
                and door_attacker(state, index) is None:
            door["attacker"] = m["id"]
            return f"{monster_name(m)} attacks door {index + 1}."
    return None


def to_door(state: dict, m: dict, targets: list) -> str | None:
    """A closed door stands between this monster and the heroes: the monster
    of its side closest to that door (of those that attack doors) goes to it
    and attacks it, unless the door is already attacked. The others wait."""
    here = sq_of(m["sq"])
    through = board.distances(state, [h["sq"] for h in targets], "hero")
    if here not in through:
        return None
    path = board.step_path(state, here, through, "hero")
    doors = board.crossed(state, path)
    if not doors:
        return None
    index = doors[0]
    door = state["doors"][index]
    near = next(a for a, b in zip(path, path[1:]) if index in board.crossed(state, [a, b]))
    attacker = door_attacker(state, index)
    if attacker is not None and attacker != m["id"]:
        return None
    side = board.distances(state, [near], "open")
    mine = [o for o in state["monsters"] if sq_of(o["sq"]) in side and attacks_doors(state, o, m)]
    closest = min(mine, key=lambda o: (side[sq_of(o["sq"])], key(o["sq"])))
    if closest is not m:
        return None
    route = board.step_path(state, here, side)
    if len(route) - 1 <= MONSTER_MOVE and not hero_at(state, near):
        went(state, m, route)
        door["attacker"] = m["id"]
        if len(route) == 1:
            return None  # already there: it goes on attacking (damage comes after the saves)
        return f"{monster_name(m)} moves {plural(len(route) - 1, 'square')} to door {index + 1} and attacks it."
    steps = walk(state, m, side)
    return f"{monster_name(m)} moves {plural(steps, 'square')} toward door {index + 1}." if steps else None


def attacks_doors(state: dict, other: dict, mover: dict) -> bool:
    """May `other` be the one to go to the door `mover` is shut behind? From rules version 2, not a Dragon
    that is not the mover: it goes for a door only when shut in itself (then it is the mover), and
    otherwise its own rule takes it to a hero, so leaving the door to it stalled the monsters behind it."""
    return other["kind"] != "dragon" or other is mover or not dragon_own_rule(state)


def move_dragon(state: dict, m: dict) -> str | None:
    """The shortest path to stand next to the closest hero (in Peril or not),
    never on a hero's square. Shut in by a door, it goes for the door like
    any monster."""
    seen = visible(state)
    if not seen:
        return None
    hero = closest(state, m, seen)
    if hero is None:
        return to_door(state, m, seen)
    here = sq_of(m["sq"])
    if board.next_to(state, here, hero["sq"]):
        return None
    spots = [sq for sq in board.neighbours(state, sq_of(hero["sq"]), "open")
             if not hero_at(state, sq) and monster_at(state, sq) in (None, m)]
    goal = board.distances(state, spots or [hero["sq"]], "open")
    if here not in goal:
        goal = board.distances(state, [hero["sq"]], "open")
    steps = walk(state, m, goal)
    other_way = ""
    if not steps and rules_version(state) >= DRAGON_DETOUR:
        steps = detour(state, m, goal)
        if not steps:
            return (f"The Dragon stays where it is: every square within {MONSTER_MOVE} of it that is closer to "
                    f"{label(hero)} is taken by a monster or a hero.")
        other_way = " by another way (monsters block every shortest one)"
    if not steps:
        return None
    beside = f" and stands next to {them(hero)}" if board.next_to(state, m["sq"], hero["sq"]) else ""
    return f"The Dragon moves {plural(steps, 'square')}{other_way} toward {label(hero)}{beside}."


def detour(state: dict, m: dict, goal: dict) -> int:
    """Rules version 3 (RULINGS, Tabletop): monsters block every shortest route, so the Dragon takes another
    route, within its MONSTER_MOVE squares, that ends on a free square closer to its target (`goal`: distances
    to it) than the one it stands on: the closest such square, then the fewest steps, then reading order. It
    passes over other monsters as on any walk. Returns the steps taken (0: no such square)."""
    here = sq_of(m["sq"])
    near = board.distances(state, [here], "open", limit=MONSTER_MOVE)
    ends = [sq for sq in near if sq in goal and goal[sq] < goal[here] and free_for(state, m, sq)]
    if not ends:
        return 0
    end = min(ends, key=lambda sq: (goal[sq], near[sq], key(sq)))
    went(state, m, board.step_path(state, here, board.distances(state, [end], "open")))
    return near[end]


# ---------------------------------------------------------------- saves, wounds, doors
def saves_step(state: dict) -> None:
    """Every hero in Peril saves; then every hero next to the Dragon saves
    again. A failed roll may be re-rolled with a Luck Potion (the page asks)."""
    if state["phase"] != "saves":
        state["phase"] = "saves"
        # "Monsters ignore your Hero for 1 turn": an invisible hero makes no save this phase
        state["saveq"] = [["peril", i] for i, h in enumerate(state["heroes"]) if in_peril(h) and not h["invisible"]]
        state["dragon_saves"] = False
    while True:
        if not state["saveq"]:
            if state["dragon_saves"]:
                break
            state["dragon_saves"] = True
            dragons = [m for m in state["monsters"] if m["kind"] == "dragon"]
            state["saveq"] = [["dragon", i] for i, h in enumerate(state["heroes"])
                              if not h["out"] and not h["invisible"]
                              and any(board.next_to(state, h["sq"], d["sq"]) for d in dragons)]
            continue
        why, i = state["saveq"].pop(0)
        hero = state["heroes"][i]
        if hero["out"]:
            continue
        if not save_roll(state, hero, why):
            if hero["potions"]["luck"]:
                state["pending"] = {"kind": "save", "hero": i, "why": why}
                return
            wound(state, hero)
            if state["result"]:
                return
    end_of_phase(state)


def save_roll(state: dict, hero: dict, why: str) -> bool:
    cloak = 1 if "cloak" in hero["worn"] else 0
    what = "Peril" if why == "peril" else "the Dragon"
    face = roll(state, f"{label(hero)} saves ({what})")
    ok = face + cloak >= sheet(hero)["save"]
    say(state, f"{label(hero)} saves against {what}: {face}{' +1 cloak' if cloak else ''}"
               f" - {'safe' if ok else 'failed'}.")
    return ok


def wound(state: dict, hero: dict) -> None:
    hero["wounds"] += 1
    say(state, f"{label(hero)} takes a wound ({hero['wounds']} of {MAX_WOUNDS}).")
    if hero["wounds"] < MAX_WOUNDS:
        return
    hero["out"] = True
    say(state, f"{label(hero)} is out of the game.")
    if hero["threats"]:
        # her monster takes her square; the Knight's strongest one does, the other goes back to the box
        keep = min(hero["threats"], key=lambda t: (-MONSTERS[t["kind"]]["rank"], t["id"]))
        keep["sq"] = list(hero["sq"])
        state["monsters"].append(keep)
        say(state, f"{monster_name(keep)} is placed on {their(hero)} square.")
        for other in hero["threats"]:
            if other is not keep:
                say(state, f"{monster_name(other)} is removed from the dungeon.")
    hero["threats"] = []
    if state.get("sel") == state["heroes"].index(hero):
        state["sel"] = None
    if not living(state):
        state["result"] = "lost"
        say(state, "Every hero is out: the Lich King's dungeon wins.")


def end_of_phase(state: dict) -> None:
    for index, door in enumerate(state["doors"]):
        if door["state"] == "open" or door_attacker(state, index) is None:
            continue
        door["hits"] += 1
        if door["hits"] == 1:
            door["state"] = "damaged"
            say(state, f"Door {index + 1} is damaged (laid on its side).")
        else:
            door["state"], door["attacker"] = "open", None
            say(state, f"Door {index + 1} is broken down and removed.")
    for hero in state["heroes"]:
        hero["invisible"] = False
    state["saveq"] = []
    state["phase"] = "grow"
