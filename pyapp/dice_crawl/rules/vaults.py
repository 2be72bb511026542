"""Forbidden Vaults: the sets' tile rules as hooks into the base turn (turn.py calls them).

- set-up: the chosen sets' tiles are shuffled into the face-down stack and
  their cards into the race and class piles (the text: "shuffle them all
  together into one giant stack and play with what you get");
- Undying: at the start of a turn, each unconquered Undying tile the player
  has units on loses one unit of the player's choice, back to its owner's army;
- Goblin Tripwire: revealing one ends the revealer's Explore (and Scout);
- traps: once a trap tile is oriented, its trap springs on whoever revealed it
  (or, with Disarm, on another player they choose).

A game without the expansion has none of its keys in the state (the links
of base games open exactly as before).
"""

from __future__ import annotations

from ...engine import say
from ..core import board
from ..core.board import cell_at, cells, conquered, name
from ..core.codes import code, space_code
from ..core.state import card_powers, me, plays, take, unlocked, who
from ..data import ROOMS_KEEP_CORNER, TILES
from ..vaults.piles import base_cards, new_dungeon, set_cards
from ..vaults.tiles import feature, protected
from ..vaults_data import FEATURES, SETS
from . import powers

CHOICES = ("none", *SETS, "all")
CARD_DEALS = ("shuffled", "first")


def chosen(value) -> tuple:
    return SETS if value == "all" else (value,) if value in SETS else ()


def on(state: dict) -> bool:
    return "vaults" in state


# ---------------------------------------------------------------- set-up
def setup(state: dict, opts: dict) -> None:
    sets = chosen(opts.get("vaults", "none"))
    if not sets:
        return
    state["vaults"] = list(sets)
    new_dungeon(state, int(opts.get("players", 2)))



def deal_cards(state: dict, opts: dict, n: int, deal) -> tuple[list, list]:
    """Races and classes: the base piles, with the chosen sets' cards shuffled in (or dealt first)."""
    sets = chosen(opts.get("vaults", "none"))
    out = []
    for key in ("race", "cls"):
        base, by_set = base_cards(state, key), set_cards(state, key)  # the rules version's
        extra = [i for s in sets for i in by_set[s]]
        if opts.get("vault_cards") == "first" and extra:
            firsts = [extra[i] for i in deal(state, min(n, len(extra)), len(extra))]
            out.append(firsts + [base[i] for i in deal(state, n - len(firsts), len(base))])
        else:
            pile = list(base) + extra
            out.append([pile[i] for i in deal(state, n, len(pile))])
    return out[0], out[1]


# ---------------------------------------------------------------- the start of a turn: Undying
def begin_turn(state: dict) -> None:
    if not on(state) or state["over"]:
        return
    state["tripped"] = False
    player = state["turn"]
    for cell in reversed(cells(state)):  # a stack: the first tile is answered first
        c = cell_at(state, cell)
        if feature(c) == "undying" and not conquered(c) and any(u is not None and u[0] == player for u in c["units"]):
            state["pending"].append({"kind": "undying", "cell": list(cell)})


def undying_targets(state: dict, step: dict) -> list[tuple]:
    cell = tuple(step["cell"])
    c = cell_at(state, cell)
    return [(space_code("ud", cell, s), f"Undying: {powers.unit_label(state, cell, s, u)} goes back to the army",
             ("space",) + cell + (s,))
            for s, u in enumerate(c["units"]) if u is not None and not protected(state, u[0])]


# ---------------------------------------------------------------- after a tile is revealed and oriented
def revealed(state: dict, cell) -> None:
    if not on(state):
        return
    c = cell_at(state, cell)
    kind = feature(c)
    if kind == "tripwire":
        state["revealed"] = state["moved"] = state["tripped"] = True
        say(state, f"A Goblin Tripwire at {name(cell)}: {who(state, state['turn'])} may not Explore any more "
                   "this turn.")
    elif kind in FEATURES and kind not in ("undying", "swarm"):
        say(state, f"{name(cell)} is a {FEATURES[kind]}!")
        if disarm_slot(state) is not None:
            state["pending"].append({"kind": "disarm", "trap": kind, "cell": list(cell)})
        else:
            spring(state, kind, cell, state["turn"])


def disarm_slot(state: dict) -> int | None:
    player = me(state)
    if len(state["players"]) < 2:
        return None
    return next((k for k in unlocked(player) if card_powers(player)[k]["key"] == "disarm"
                 and k not in state["used"]), None)


def disarm_targets(state: dict, step: dict) -> list[tuple]:
    out = [(code("dis", p), f"Disarm: {who(state, p)} suffers the {FEATURES[step['trap']]}", ())
           for p in range(len(state["players"])) if p != state["turn"] and not kept_off(state, step["trap"], p)]
    return out + [("suffer", f"Suffer the {FEATURES[step['trap']]} yourself", ())]


def kept_off(state: dict, trap: str, p: int) -> bool:
    """From rules version 10 a Sliding or Spinning Room, which puts its victim's marker on it, cannot be
    Disarmed onto a rival still on the start corner they have not flipped: their corner is theirs to flip on
    their first turn (RULINGS; powers.kept_corner), and a marker moved off it never flipped it."""
    return (trap in ("sliding", "spinning") and plays(state, ROOMS_KEEP_CORNER)
            and powers.kept_corner(state, tuple(state["players"][p]["at"])))


def spring(state: dict, kind: str, cell, victim: int) -> None:
    """The trap's Power works on `victim` as though they had revealed it."""
    p = state["players"][victim]
    if kind == "fire":
        penalty(state, victim, 0, 2)
    elif kind == "petrification":
        penalty(state, victim, 1, 1)
    elif kind == "pit":
        if p["army"]:
            p["army"] -= 1
            p["out"] += 1
            say(state, f"Pit Trap: one die of {p['name']}'s army falls out of play.")
    elif kind == "gas":
        gas(state, victim, TILES[cell_at(state, cell)["t"]]["gas"])
    else:  # the Sliding and the Spinning Room: the victim stands on it, another player moves it
        p["at"] = list(cell)
        if victim == state["turn"]:
            state["moved"] = state["revealed"] = True
        say(state, f"{p['name']}'s marker is put on {name(cell)}.")
        if len(state["players"]) == 1:
            room(state, kind, cell, victim)
        else:
            state["pending"].append({"kind": "pick", "trap": kind, "cell": list(cell), "by": victim})


def penalty(state: dict, victim: int, where: int, count: int) -> None:
    """Fire (to the army) and Petrification (out of play) take dice from the victim's Crawl: this one if the
    victim is crawling now, else their next one."""
    if victim == state["turn"] and state["phase"] == "crawl":
        lose(state, where, count)
    else:
        state["owed"][victim][where] += count
        say(state, f"{who(state, victim)}'s next Crawl loses {count} {'die' if count == 1 else 'dice'}"
                   f"{' out of play' if where else ' to the army'}.")


def lose(state: dict, where: int, count: int) -> None:
    if count and state["pool"]:
        state["pending"].append({"kind": "lose", "to": where, "left": min(count, len(state["pool"]))})


def after_roll(state: dict) -> None:
    """A Crawl was rolled: pay what traps owe from it."""
    if not on(state):
        return
    owed = state["owed"][state["turn"]]
    lose(state, 0, owed[0])
    lose(state, 1, owed[1])
    owed[0] = owed[1] = 0


def lose_targets(state: dict, step: dict) -> list[tuple]:
    where = "out of play" if step["to"] else "to the army"
    return [(code("ls", v), f"Lose a {v} {where}", ("die", v)) for v in sorted(set(state["pool"]))]


def gas(state: dict, first: int, left: int) -> None:
    """Gas Trap: from `first` clockwise, each player withdraws one of their units until `left` are withdrawn
    (players with no unit in play are passed over)."""
    n = len(state["players"])
    for k in range(n):
        p = (first + k) % n
        if left and board.units_in_play(state, p):
            state["pending"].append({"kind": "gas", "by": p, "left": left})
            return


def gas_targets(state: dict, step: dict) -> list[tuple]:
    p = step["by"]
    return [(space_code("gw", cell, s), f"Gas: withdraw {powers.unit_label(state, cell, s, u)}",
             ("space",) + cell + (s,)) for cell, s, u in board.unit_spots(state) if u[0] == p]


def pick_targets(state: dict, step: dict) -> list[tuple]:
    verb = "swap" if step["trap"] == "sliding" else "rotate"
    return [(code("who", p), f"{who(state, p)} must {verb} {name(step['cell'])}", ())
            for p in range(len(state["players"])) if p != step["by"]]


def room(state: dict, kind: str, cell, chooser: int) -> None:
    """The chosen player swaps (Sliding Room) or rotates (Spinning Room) the trap tile, if it can be."""
    cell = tuple(cell)
    c = cell_at(state, cell)
    if kind == "sliding" and any(True for _ in powers.swap_partners(state, cell)):
        state["pending"].append({"kind": "swap2", "first": list(cell), "by": chooser})
    elif kind == "spinning" and len(board.facings(c["t"])) > 1:
        state["pending"].append({"kind": "orient", "cell": list(cell), "why": "rotate", "was": board.exits(c),
                                 "by": chooser})
    else:
        say(state, f"{name(cell)} cannot be {'swapped' if kind == 'sliding' else 'turned'}.")


def resolve(state: dict, step: dict, verb: str, args: list) -> None:
    """Answer one of this module's steps (already popped)."""
    if verb == "ud":
        powers.return_unit(state, (args[0], args[1]), args[2], "Undying")
    elif verb == "dis":
        state["used"].append(disarm_slot(state))
        say(state, f"{who(state, state['turn'])} uses Disarm: {who(state, args[0])} suffers the trap.")
        spring(state, step["trap"], step["cell"], args[0])
    elif verb == "suffer":
        spring(state, step["trap"], step["cell"], state["turn"])
    elif verb == "ls":
        take(state["pool"], args[0])
        p = me(state)
        p["out" if step["to"] else "army"] += 1
        say(state, f"{p['name']} loses a {args[0]} {'out of play' if step['to'] else 'to the army'}.")
        lose(state, step["to"], step["left"] - 1)
    elif verb == "gw":
        powers.return_unit(state, (args[0], args[1]), args[2], "Gas Trap")
        gas(state, (step["by"] + 1) % len(state["players"]), step["left"] - 1)
    elif verb == "who":
        room(state, step["trap"], step["cell"], args[0])


STEP_TARGETS = {"undying": undying_targets, "disarm": disarm_targets, "lose": lose_targets, "gas": gas_targets,
                "pick": pick_targets}
VERBS = ("ud", "dis", "suffer", "ls", "gw", "who")

