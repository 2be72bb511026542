"""Bots: every choice is one of the legal actions.

- easy: a legal action picked at random (a hash of the dice state and the
  step count, so a replay makes the same picks and the game's own dice are
  never touched);
- normal: greedy with rules of thumb: for each action that reveals nothing
  random, look at the board it leaves (points as if the game ended now,
  minus the best rival's, plus progress toward tiles it would control and
  Powers unlocked) and take the best; chance actions (a roll, a reveal, an
  Attack) are weighed by rules of thumb instead, so the bot never peeks at
  the dice. From rules version 3 (aimed) a rival's ways on count against
  the board, so a Reveal goes where a rival's corridor leads and is turned
  to close it (the text: Reveal "can block his enemies"), and Rotate and
  Swap block too. From rules version 9 (OPEN_WAYS) a block stops short of
  shutting a marker in, the bot walks toward the nearest way on, and once
  every marker is shut in only the leader sends units back to an army: the
  games end as the text says, not at the project's round limit. From rules
  version 11 (LEADER_ENDS) that leader, the player who would win if the game
  ended now, also plays to end it (closing): it locks its dice on its cards
  and the board rather than returning them, so that its army runs out.
"""

from __future__ import annotations

import zlib

from ...engine import rules_version
from ..core import board
from ..core.board import cell_at, conquered, controller
from ..core.codes import numbers
from ..core.state import actor, card_powers, me, trial_copy
from ..data import TILES
from ..rules import scoring
from ..rules.turn import apply, huntable, legal_actions, offered
from ..variants import bot as variant_bot, picks, rules as variants, series
from ..vaults import bot as vault_bot
from . import power_values

LEVELS = ("person", "easy", "normal")
AIMED = 3  # the rules version from which the normal bot aims its Reveals and blocks (aimed): the golden links of
# older versions were made by auto-play, and remaking them must give the same links
VALUED = 4  # the rules version from which each unlocked Power has its own worth (power_values), for the same reason
OPEN_WAYS = 9  # from this rules version a marker shut in (no way on to a face-down tile: shut_in) counts against the
# board, whoever's it is: under version 8, 6.8% of two-player games reached the round limit, nearly all with every
# marker shut in by blocking Reveals and orientations, the armies trading Shapechanges with nothing else to do
SHUT_IN = 4.0  # what a shut-in marker costs the board: more than any block is worth (0.08 a way)
FAR = 0.3  # and each move between the bot's marker and the nearest way on costs that much: it walks toward it
LEADER_ENDS = 11  # from this rules version, once every marker is shut in the player who would win if the game
# ended now (or share the first place) plays to end it (closing): under version 10 the leader of seed probe-2p-0
# rolled and returned its last two dice for 24 rounds, to the round limit, where locking them on its Roll seven
# would have ended the game
ENDING = 1.0  # what each die left to a closing leader (army and rolled dice) costs every board it weighs: more than
# a rolled die is worth to it (0.4), so it locks dice on its cards and the board rather than handing them back
SENDS_BACK = ("shapechange", "attack", "onslaught")  # the Powers that send a rival's unit back to its army


def aimed(state: dict) -> bool:
    return rules_version(state) >= AIMED


def powers_value(state: dict, player: int, rows: list[dict]) -> float:
    weight = variants.power_weight(state)
    if weight and rules_version(state) >= VALUED:
        return power_values.worth(state["players"][player], state["rules"])
    return weight * rows[player]["powers"]


def seat_kind(state: dict) -> str:
    return state["players"][actor(state)]["seat"]


def automatic(state: dict) -> bool:
    """A bot's turn: the page plays it step by step at the chosen speed."""
    return not state["over"] and seat_kind(state) != "person"


def auto_action(state: dict) -> str:
    """The seat's bot (a person's seat, asked for auto play, gets the normal bot)."""
    if seat_kind(state) == "easy":
        return easy(state)
    return normal(state)


def easy(state: dict) -> str:
    legal = legal_actions(state)
    pick = zlib.crc32(f"{state['dice']['s']}/{state['steps']}".encode()) % len(legal)
    return legal[pick].code


def normal(state: dict) -> str:
    legal = offered(state)  # the codes legal_actions gives, without the copies it makes for a bot's seat
    if len(legal) == 1:
        return legal[0].code
    player = actor(state)
    ending = closing(state, player)  # decided on the board as it is, not on each board weighed: see closing
    base = evaluate(state, player, ending)
    return max(legal, key=lambda action: judge(state, action.code, player, base, ending=ending)).code


def judge(state: dict, action_code: str, player: int, base: float, deep: bool = True, ending: bool = False) -> float:
    verb, args = numbers(action_code)
    hinted = vault_bot.hint(state, action_code, base, lambda: misfits(state))
    if hinted is not None:
        return hinted
    if verb == "end":
        return base - 0.05 * len(state["pool"])
    if verb == "roll":
        return base + 0.01  # after exploring: rolling is always worth it
    if verb == "x":
        return base + explore_value(state, (args[0], args[1]), player)
    if verb in ("pr", "pc", "keep"):
        return base + picks.pick_value(state, action_code)
    if verb == "rv":
        return base - 0.1 + (reveal_value(state, (args[0], args[1])) if aimed(state) else 0.0)
    if verb == "miss":
        return base - 1
    if verb in ("t", "rr"):
        return base + reroll_value(state, action_code)
    if verb in ("use", "tp"):
        key = power_key(state, verb, args)
        if key in SENDS_BACK and trails_when_closed(state, player):
            return base - 1.0
        if key == "attack":
            return base + (1.0 if units_at_risk(state, player) else -1.0)
        if key == "reinforcements":
            return base + 0.4 * len(misfits(state)) - 0.6
        if (key == "reveal" and not aimed(state)) or not deep:
            return base - 0.2
    trial = trial_copy(state)
    apply(trial, action_code)
    if verb in ("use", "tp") and trial["pending"] and not trial["over"]:
        after = evaluate(trial, player, ending)  # the Power's best target, one step on
        return max((judge(trial, a.code, player, after, deep=False, ending=ending) for a in offered(trial)),
                   default=after)
    return evaluate(trial, player, ending)


def power_key(state: dict, verb: str, args: list) -> str:
    if verb == "tp":
        return state["pending"][-1]["power"]
    return card_powers(me(state))[args[0]]["key"]


def units_at_risk(state: dict, player: int) -> bool:
    """Rival units worth taking: on tiles a rival controls."""
    return any(unit[0] != player and controller(cell_at(state, cell)) == unit[0]
               for cell, _, unit in board.unit_spots(state))


def misfits(state: dict) -> list[int]:
    """Indexes of rolled dice that fit no open icon on a huntable tile."""
    wanted = set()
    for cell in huntable(state):
        c = cell_at(state, cell)
        wanted |= {s["v"] for s, u in zip(board.spaces(c), c["units"]) if s["kind"] == "icon" and u is None}
    return [i for i, v in enumerate(state["pool"]) if v not in wanted]


def explore_value(state: dict, cell, player: int) -> float:
    """Revealing the Dragon ends the game: worth it only when the +3 makes us win."""
    if board.is_dragon(cell_at(state, cell)):
        rows = scoring.breakdown(state)
        if variants.on(state, "solo"):
            return 5.0 if series.made_it(state, rows, reaching=True) else -5.0
        mine = rows[player]["total"] + 3
        rival = max((r["total"] for n, r in enumerate(rows) if n != player), default=-1)
        return 5.0 if mine > rival else -5.0
    return 0.5 - 0.05 * variants.goal_distance(state, cell)


def reroll_value(state: dict, action_code: str) -> float:
    """Reroll the dice that fit nowhere (or the lowest die when all fit)."""
    step = state["pending"][-1]
    useless = set(misfits(state)) or {min(range(len(state["pool"])), key=lambda i: state["pool"][i])}
    wanted = [i in useless for i in range(len(state["pool"]))]
    if action_code == "rr":
        return 0.2 if wanted == step["marks"] else -0.5
    i = int(action_code.split()[1])
    return 0.3 if wanted[i] != step["marks"][i] else -0.3


def evaluate(state: dict, player: int, ending: bool = False) -> float:
    """Points now minus the best rival's, plus what this board promises the player; for a closing leader (ending),
    minus ENDING for each die it has left."""
    rows = state["final"] or scoring.breakdown(state)
    mine = rows[player]["total"]
    rival = max((r["total"] for n, r in enumerate(rows) if n != player), default=0)
    value = mine - 0.8 * rival + powers_value(state, player, rows)
    for c in state["grid"]:
        if c["t"] is None:
            continue
        units = c["units"]
        icons = [units[s] for s in board.icon_spaces(c["t"])]
        filled = sum(1 for u in icons if u is not None)
        if filled == len(icons) or not any(u is not None and u[0] == player for u in units):
            continue  # conquered, or none of ours on it
        if controller(c) in (player, None):
            value += 0.6 * TILES[c["t"]]["points"] * filled / len(icons)
    value += variant_bot.extra(state, player)
    if state["over"]:
        return value
    if ending:
        value -= ENDING * dice_left(state, player)
    # a rival's ways on count against us (on their turn too: a Reveal with the last die ends ours), so that
    # Reveal, Rotate and Swap block and an orientation closes a corridor
    if rules_version(state) >= OPEN_WAYS:
        ways = [ways_off(state, tuple(p["at"])) for p in state["players"]]
        value -= SHUT_IN * ways.count(None) + FAR * (ways[player] or 0)
    if aimed(state):
        value -= 0.08 * max((prospects(state, tuple(p["at"])) for n, p in enumerate(state["players"]) if n != player),
                            default=0.0)
    if state["turn"] != player:
        return value
    unfit = len(misfits(state))
    value += 0.4 * (len(state["pool"]) - unfit) + 0.1 * unfit
    return value + 0.3 * prospects(state, tuple(me(state)["at"]))


def trails_when_closed(state: dict, player: int) -> bool:
    """From rules version 9 (OPEN_WAYS), once every marker is shut in the game can end only by an army running
    out, and a unit sent back to its army puts that off: the bot that does not lead sends none back, so the leader's
    Shapechanges run its own army down and the game ends as the text says, not at the round limit (under version
    8 two shut-in bots traded 50 to 112 Shapechanges in such a game, each taking back what the other took)."""
    if rules_version(state) < OPEN_WAYS or not all(shut_in(state, tuple(p["at"])) for p in state["players"]):
        return False
    if rules_version(state) >= LEADER_ENDS:
        return not closing(state, player)
    rows = scoring.breakdown(state)
    return rows[player]["total"] <= max(r["total"] for n, r in enumerate(rows) if n != player)


def closing(state: dict, player: int) -> bool:
    """From rules version 11 (LEADER_ENDS; RULINGS: bots end a game they lead when they can): every marker is shut
    in, so the game can end only by an army running out, and the player would win if it ended now (most points,
    then most Powers), or share the first place. Such a bot counts each die it has left against every board it
    weighs this step (evaluate), so it locks dice on its cards and the board rather than returning them, and may
    send units back (trails_when_closed). Version 10's trails_when_closed held a tie on points as no lead, so in a
    shut-in tie neither bot moved and the round limit decided (seeds balance/1307, 9-9 on points and 5-5 on Powers
    from round 7, and balance/23 under a first candidate, 7-7 with 6 Powers against 5); a tied player that locks a
    die on a Power or sends a unit back breaks the tie, and then only the leader goes on. It is decided once, on
    the board as it stands: a board that gave up the lead would otherwise shed the dice's cost and look better."""
    if rules_version(state) < LEADER_ENDS or state["over"] or len(state["players"]) < 2:
        return False
    if not all(shut_in(state, tuple(p["at"])) for p in state["players"]):
        return False
    return player in scoring.winners(state, scoring.breakdown(state))


def dice_left(state: dict, player: int) -> int:
    """The player's army, and its rolled dice on its turn (they go back to the army when the turn ends)."""
    return state["players"][player]["army"] + (len(state["pool"]) if state["turn"] == player else 0)


def shut_in(state: dict, here) -> bool:
    """No way on from a marker: every face-up tile its corridors join (here included) leads to no face-down tile.
    Such a player can never explore again, nor reach the Dragon: only a Rotate or a Swap may let them out."""
    return ways_off(state, here) is None


def ways_off(state: dict, here) -> int | None:
    """How many moves the marker is from a tile whose corridor leads to a face-down tile (0: here, or here is face
    down), along joined face-up tiles; None when there is none (shut in). A bot only ever looks one move ahead:
    without this, a marker whose own tiles were all explored stood still for the rest of the game."""
    seen, ring, steps = {here}, [here], 0
    while ring:
        nxt = []
        for cell in ring:
            c = cell_at(state, cell)
            if c["t"] is None:
                return steps
            for bit, _, other in board.neighbours(state, cell):
                if board.exits(c) & bit and cell_at(state, other)["t"] is None:
                    return steps
                if other not in seen and board.connected(state, cell, other):
                    seen.add(other)
                    nxt.append(other)
        ring, steps = nxt, steps + 1
    return None


def reveal_value(state: dict, cell) -> float:
    """Reveal (a rule of thumb: the tile it draws is unknown): a face-down tile that a marker's corridor leads
    to is worth turning, toward us to open a way, or away from a rival to block it."""
    markers = [tuple(p["at"]) for p in state["players"]]
    return sum(0.3 * markers.count(other) for _, back, other in board.neighbours(state, cell)
               if board.exits(cell_at(state, other)) & back)


def prospects(state: dict, here) -> float:
    """Where the marker stands: an unconquered face-up tile is hunting ground; either way a tile is
    worth the ways on it offers (corridors to face-down tiles or to joined unconquered ones; a corridor
    off the grid leads nowhere), a little more toward the Dragon."""
    c = cell_at(state, here)
    if c["t"] is None:
        return 0.0
    ways, mask, near = 0.0, board.exits(c), None
    for bit, back, other in board.neighbours(state, here):
        if not mask & bit:
            continue
        o = cell_at(state, other)
        if o["t"] is None or (board.exits(o) & back and not conquered(o)):
            if near is None:
                near = variants.goal_distance(state, here)
            ways += 0.6 if variants.goal_distance(state, other) < near else 0.4
    return ways + (0.0 if conquered(c) else 2.0)
