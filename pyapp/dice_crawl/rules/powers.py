"""The twelve base Powers: when each may be used, what it may target, what it does.

A Power in use is a step on state["pending"]: {"kind": key, "src": "card"
or "tile"}. `targets(state, step)` lists the (code, label, target) choices
of a step; `resolve(state, step, code)` carries one out. Card Powers are
paid when used ("use k v", turn.py); tile Powers are free and may be
passed. The board never re-derives any of this: it draws these actions.
"""

from __future__ import annotations

from ...engine import say
from ..core import board
from ..core.board import cell_at, cells, connected, conquered, is_dragon, marker_cells, name, neighbours, units_in_play
from ..core.codes import cell_code, numbers, space_code
from ..core.state import me, plays, roll_many, take, who
from ..data import GATE_TOLL_ALL, GATE_TOLL_GARRISON, OWNERS_FLIP, POWERS, TILES
from ..variants.rules import toll_due
from ..vaults.tiles import in_order, protected
from . import explore

# -- who may be targeted -----------------------------------------------------------------------


def enemy_units(state: dict):
    for cell, s, unit in board.unit_spots(state):
        if unit[0] != state["turn"] and not protected(state, unit[0]):
            yield cell, s, unit


def own_units(state: dict):
    for cell, s, unit in board.unit_spots(state):
        if unit[0] == state["turn"]:
            yield cell, s, unit


def open_icons(state: dict):
    """(cell, space) of every open dice icon on a revealed, unconquered tile."""
    for cell in cells(state):
        c = cell_at(state, cell)
        if c["t"] is None or conquered(c):
            continue
        for s, (space, unit) in enumerate(zip(board.spaces(c), c["units"])):
            if space["kind"] == "icon" and unit is None and in_order(c, s):
                yield cell, s


def garrison_spots(state: dict, pool: list[int]):
    """The open icons a Garrison can cover with these rolled dice: one on a tile another player controls also
    takes the Gate's toll, a second die (gate_toll)."""
    for cell, s in open_icons(state):
        if len(pool) >= 2 or not gate_toll(state, cell):
            yield cell, s


def gate_toll(state: dict, cell, verb: str = "g") -> bool:
    """Enemies at the Gate: from rules version 9 the [1+] toll is for every unit added to a tile another player
    controls, a Garrison's ("g") too (before, only a Hunt or a Hoard paid it); from version 10 a Shapechange's
    ("sh") and an Attack's ("at") as well (RULINGS: Garrison, Shapechange and Attack included)."""
    since = GATE_TOLL_GARRISON if verb == "g" else GATE_TOLL_ALL
    return plays(state, since) and toll_due(state, cell)


def shapechange_spots(state: dict, pool: list[int]):
    """The enemy units a Shapechange can take with these rolled dice: one on a tile another player controls
    also takes the Gate's toll, a second die (from rules version 10)."""
    for cell, s, unit in enemy_units(state):
        if len(pool) >= 2 or not gate_toll(state, cell, "sh"):
            yield cell, s, unit


def attack_payable(state: dict, cell) -> bool:
    """Can an Attack's die stay on this tile: no toll due, or a rolled die left to pay it (version 10)?"""
    return bool(state["pool"]) or not gate_toll(state, cell, "at")


def kept_corner(state: dict, cell) -> bool:
    """A face-down tile under a marker is that player's start, to flip and orient on their first turn (the
    turn's start phase). From rules version 9 no Power reveals or swaps it first (Rotate turns face-up tiles
    only): a rival's Reveal could face its only corridor off the grid, and nothing turns a conquered tile, so
    its owner was stranded all game."""
    return plays(state, OWNERS_FLIP) and cell_at(state, cell)["t"] is None and tuple(cell) in marker_cells(state)


def hidden_cells(state: dict):
    return [cell for cell in cells(state) if cell_at(state, cell)["t"] is None and not is_dragon(cell_at(state, cell))
            and not kept_corner(state, cell)]


def rotatable(state: dict):
    for cell in cells(state):
        c = cell_at(state, cell)
        if c["t"] is not None and not conquered(c) and not is_dragon(c) and len(board.facings(c["t"])) > 1:
            yield cell


def swappable(state: dict, cell) -> bool:
    c = cell_at(state, cell)
    return not is_dragon(c) and not conquered(c) and not kept_corner(state, cell)


def swap_partners(state: dict, cell):
    """Adjacent unconquered tiles that can trade places with `cell` (one of the two face up: two
    face-down tiles are the same unknown tile either way)."""
    face_up = cell_at(state, cell)["t"] is not None
    for _, _, other in neighbours(state, cell):
        if swappable(state, other) and (face_up or cell_at(state, other)["t"] is not None):
            yield other


def scout_moves(state: dict):
    here = tuple(me(state)["at"])
    if not conquered(cell_at(state, here)) or state.get("tripped"):
        return []
    return [other for _, _, other in neighbours(state, here) if connected(state, here, other)]


def can_use(state: dict, key: str, pool: list[int], army: int) -> bool:
    """Would the Power have something to do, with this pool and army left after paying?"""
    player = state["turn"]
    if key == "attack":
        return units_in_play(state, player) >= 2 and army >= 2 and any(True for _ in enemy_units(state))
    if key == "onslaught":
        return units_in_play(state, player) >= 3 and any(True for _ in enemy_units(state))
    if key == "garrison":
        return bool(pool) and any(True for _ in garrison_spots(state, pool))
    if key == "shapechange":
        return bool(pool) and any(True for _ in shapechange_spots(state, pool))
    if key == "reinforcements":
        return bool(pool)
    if key == "reveal":
        return bool(hidden_cells(state))
    if key == "rotate":
        return any(True for _ in rotatable(state))
    if key == "swap":
        return any(swappable(state, cell) and any(True for _ in swap_partners(state, cell)) for cell in cells(state))
    if key == "scout":
        return bool(scout_moves(state))
    if key == "withdraw":
        return any(True for _ in own_units(state))
    return False


# -- the choices of a step ---------------------------------------------------------------------


def unit_label(state: dict, cell, s: int, unit) -> str:
    where = "Hoard" if board.spaces(cell_at(state, cell))[s]["kind"] == "hoard" else "icon"
    return f"{who(state, unit[0])}'s {unit[1]} on {name(cell)} ({where} {s + 1})"


def targets(state: dict, step: dict) -> list[tuple]:
    """(code, label, target) of every choice the step offers."""
    kind = step["kind"]
    if kind == "reveal":
        return [(cell_code("rv", c), f"Reveal {name(c)}", ("cell",) + c) for c in hidden_cells(state)]
    if kind == "rotate":
        return [(cell_code("rt", c), f"Rotate {name(c)}", ("cell",) + c) for c in rotatable(state)]
    if kind == "swap":
        return [(cell_code("sw", c), f"Swap {name(c)} with...", ("cell",) + c) for c in cells(state)
                if swappable(state, c) and any(True for _ in swap_partners(state, c))]
    if kind == "swap2":
        first = tuple(step["first"])
        return [(cell_code("with", c), f"Swap {name(first)} with {name(c)}", ("cell",) + c)
                for c in swap_partners(state, first)]
    if kind == "scout":
        return [(cell_code("sc", c), f"Scout to {name(c)}", ("cell",) + c) for c in scout_moves(state)]
    if kind == "garrison":
        return [(space_code("g", c, s), f"Garrison icon {s + 1} of {name(c)}", ("space",) + c + (s,))
                for c, s in garrison_spots(state, state["pool"])]
    if kind == "withdraw":
        return [(space_code("w", c, s), f"Withdraw {unit_label(state, c, s, u)}", ("space",) + c + (s,))
                for c, s, u in own_units(state)]
    if kind == "onslaught":
        return [(space_code("on", c, s), f"Onslaught on {unit_label(state, c, s, u)}", ("space",) + c + (s,))
                for c, s, u in enemy_units(state)]
    if kind == "shapechange":
        return [(space_code("sh", c, s), f"Shapechange into {unit_label(state, c, s, u)}", ("space",) + c + (s,))
                for c, s, u in shapechange_spots(state, state["pool"])]
    if kind == "attack":
        return [(space_code("at", c, s), f"Attack {unit_label(state, c, s, u)}", ("space",) + c + (s,))
                for c, s, u in enemy_units(state) if beaten(state, step["roll"], c, s, u)
                and attack_payable(state, c)] + [
            ("miss", "Attack nothing (no unit is beaten)", ())]
    if kind == "die":
        return [(f"d {v}", f"Use a {v}", ("die", v)) for v in sorted(set(state["pool"]))]
    if kind == "toll":
        return [(f"gt {v}", f"Pay a {v} to the Gate", ("die", v)) for v in sorted(set(state["pool"]))]
    if kind == "reroll":
        marks = step["marks"]
        out: list[tuple] = [(f"t {i}", f"{'Keep' if marks[i] else 'Reroll'} the {v}", ("die", i))
               for i, v in enumerate(state["pool"])]
        if any(marks):
            out.append(("rr", f"Reroll {sum(marks)} {'die' if sum(marks) == 1 else 'dice'}", ()))
        return out
    return []


def beaten(state: dict, roll: list[int], cell, s: int, unit) -> bool:
    """Attack: lower than either die; a Hoard unit lower than their sum."""
    if board.spaces(cell_at(state, cell))[s]["kind"] == "hoard":
        return unit[1] < roll[0] + roll[1]
    return unit[1] < max(roll)


# -- doing it ------------------------------------------------------------------------------------


def start(state: dict, key: str, src: str) -> None:
    """Begin using a Power (paid already, if it costs): attack rolls at once, the others wait for a target."""
    label = POWERS[key][0]
    say(state, f"{who(state, state['turn'])} uses {label}{' (tile Power)' if src == 'tile' else ''}.")
    state["last_power"] = key
    if key == "attack":
        player = me(state)
        player["army"] -= 2
        faces = roll_many(state, "Attack", 2)
        state["pending"].append({"kind": "attack", "roll": faces})
        say(state, f"Attack roll: {faces[0]} and {faces[1]}.")
        return
    if key == "reinforcements":
        state["pending"].append({"kind": "reroll", "marks": [False] * len(state["pool"])})
        return
    state["pending"].append({"kind": key, "src": src})


def return_unit(state: dict, cell, s: int, why: str) -> None:
    """A unit leaves the board for its owner's army (the tile may become unconquered)."""
    c = cell_at(state, cell)
    owner, value = c["units"][s]
    c["units"][s] = None
    state["players"][owner]["army"] += 1
    say(state, f"{who(state, owner)}'s {value} on {name(cell)} goes back to the army ({why}).")


def resolve(state: dict, step: dict, action_code: str, covered) -> None:
    """Carry out a choice of the top step (already popped). `covered(cell, was)` reports a tile
    that a die was put on, so a new conquest can offer its tile Power."""
    verb, args = numbers(action_code)
    player = state["turn"]
    if verb == "rv":
        explore.reveal(state, (args[0], args[1]), "reveal")
    elif verb == "rt":
        cell = (args[0], args[1])
        state["pending"].append({"kind": "orient", "cell": list(cell), "why": "rotate",
                                 "was": board.exits(cell_at(state, cell))})
    elif verb == "sw":
        state["pending"].append({"kind": "swap2", "first": args[:2]})
    elif verb == "with":
        swap(state, tuple(step["first"]), (args[0], args[1]))
    elif verb == "sc":
        me(state)["at"] = args[:2]
        say(state, f"{who(state, player)} scouts to {name(args)}.")
    elif verb in ("g", "sh", "at") and gate_toll(state, (args[0], args[1]), verb):
        toll = {"kind": "toll", "then": verb, "at": args}
        if verb == "at":
            toll["roll"] = step["roll"]  # the Attack's two dice are still in the hand until the toll is paid
        state["pending"].append(toll)
    elif verb == "gt":
        take(state["pool"], args[0])
        me(state)["army"] += 1
        say(state, f"{who(state, player)} pays a {args[0]} to the Gate.")
        at = step["at"]
        if step["then"] == "at":
            attack(state, (at[0], at[1]), at[2])
        else:
            choose_die(state, step["then"], at, covered)
    elif verb in ("g", "sh"):
        choose_die(state, verb, args, covered)
    elif verb == "d":
        at = step["at"]
        place_by_power(state, step["then"], (at[0], at[1]), at[2], args[0], covered)
    elif verb == "w":
        return_unit(state, (args[0], args[1]), args[2], "Withdraw")
    elif verb == "on":
        return_unit(state, (args[0], args[1]), args[2], "Onslaught")
    elif verb == "at":
        attack(state, (args[0], args[1]), args[2])
    elif verb == "miss":
        me(state)["army"] += 2
        say(state, "The Attack beats no unit; both dice go back to the army.")
    elif verb == "t":
        marks = list(step["marks"])
        marks[args[0]] = not marks[args[0]]
        state["pending"].append({"kind": "reroll", "marks": marks})
    elif verb == "rr":
        reroll(state, step["marks"])


def choose_die(state: dict, verb: str, at: list[int], covered) -> None:
    """Garrison or Shapechange at `at` (cell and space): with one value left in the roll it is placed at once,
    otherwise its owner picks which die."""
    if len(set(state["pool"])) == 1:
        place_by_power(state, verb, (at[0], at[1]), at[2], state["pool"][0], covered)
    else:
        state["pending"].append({"kind": "die", "then": verb, "at": at})


def place_by_power(state: dict, verb: str, cell, s: int, value: int, covered) -> None:
    """Garrison (an open icon) or Shapechange (an enemy unit): the die takes the space's value."""
    c = cell_at(state, cell)
    take(state["pool"], value)
    player = state["turn"]
    if verb == "g":
        was = conquered(c)
        c["units"][s] = [player, board.spaces(c)[s]["v"]]
        say(state, f"{who(state, player)} garrisons a {value} on {name(cell)} as a {c['units'][s][1]}.")
        covered(cell, was)
        return
    owner, old = c["units"][s]
    state["players"][owner]["army"] += 1
    c["units"][s] = [player, old]  # the tile stays as it was: not unconquered, not conquered again
    say(state, f"{who(state, player)} shapechanges a {value} into {who(state, owner)}'s {old} on {name(cell)}.")


def attack(state: dict, cell, s: int) -> None:
    c = cell_at(state, cell)
    owner, old = c["units"][s]
    state["players"][owner]["army"] += 1
    c["units"][s] = [state["turn"], old]  # one rolled die stays, turned to the unit's value
    me(state)["army"] += 1
    say(state, f"{who(state, state['turn'])} beats {who(state, owner)}'s {old} on {name(cell)} and takes its place.")


def reroll(state: dict, marks: list) -> None:
    kept = [v for v, m in zip(state["pool"], marks) if not m]
    faces = roll_many(state, "Reinforcements", sum(marks))
    state["pool"] = kept + faces
    say(state, f"Reinforcements: rerolled {', '.join(map(str, faces))}.")


def swap(state: dict, a, b) -> None:
    ca, cb = cell_at(state, a), cell_at(state, b)
    for key in ("t", "rot", "units"):
        ca[key], cb[key] = cb[key], ca[key]
    for p in state["players"]:  # markers move with their tiles
        if tuple(p["at"]) == a:
            p["at"] = list(b)
        elif tuple(p["at"]) == b:
            p["at"] = list(a)
    say(state, f"{who(state, state['turn'])} swaps {name(a)} and {name(b)}.")


def tile_power(cell_dict: dict) -> str:
    return TILES[cell_dict["t"]]["power"] if cell_dict["t"] is not None else ""
