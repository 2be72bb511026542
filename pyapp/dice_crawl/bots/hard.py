"""The hard bot: the normal bot's best few actions, each tried by playing the rest of the turn out.

For every decision with a choice, the normal bot's one-step judgement (bot.judge) shortlists the
CANDIDATES best actions; each is then tried SAMPLES times on a copy of the state whose hidden parts
are made up anew: the face-down tiles' order and every die still to roll come from the bot's own
generator, seeded from what every player can see (never the game's dice, whose state holds the
next rolls and any forced faces; never the deck's order). On each copy the normal bot plays the
rest of the turn; the board it leaves is scored as the normal bot scores a board (bot.evaluate),
and the action with the best mean wins. A try that drew no die and revealed nothing is exact, so
it is played once only.

The budget is counted, not timed, so a decision is the same on every machine: per candidate, at most
SAMPLES play-outs and STEPS actions applied in all (one play-out at least, of at most DEPTH steps).
"""

from __future__ import annotations

import json
import zlib

from ... import dice
from ..core.state import trial_copy
from ..rules import scoring
from ..rules.turn import apply, offered
from . import bot

CANDIDATES = 4  # actions the normal bot's judgement shortlists
SAMPLES = 5  # play-outs of each at most, when chance is involved
STEPS = 40  # steps (actions applied) the play-outs of one candidate may take in all: a long turn gets fewer
DEPTH = 30  # steps of one play-out at most (a turn rarely has more than 15)


def hard(state: dict) -> str:
    legal = offered(state)
    if len(legal) == 1:
        return legal[0].code
    player = state["turn"]
    ending = bot.closing(state, player)  # a leader that can only win by ending the game (rules version 11 on)
    base = bot.evaluate(state, player, ending)
    judged = sorted(((bot.judge(state, a.code, player, base, ending=ending), n) for n, a in enumerate(legal)),
                    reverse=True)
    shortlist = [legal[n].code for _, n in judged[:CANDIDATES]]
    key = seen_key(state)
    best, best_value = shortlist[0], None
    for rank, action_code in enumerate(shortlist):
        value = mean_outcome(state, action_code, player, f"{key}/{rank}", ending)
        if best_value is None or value > best_value + 1e-9:
            best, best_value = action_code, value
    return best


def seen_key(state: dict) -> str:
    """What every player can see, as a short text: the seed of the bot's own dice for this decision.
    The deck enters as the set of tiles still face down (its order is hidden), the dice not at all."""
    public = {key: value for key, value in state.items() if key not in ("dice", "deck", "log", "roll")}
    public["deck"] = sorted(state["deck"])
    return f"{zlib.crc32(json.dumps(public, sort_keys=True).encode()):08x}"


def mean_outcome(state: dict, action_code: str, player: int, seed: str, ending: bool = False) -> float:
    """The mean score of up to SAMPLES play-outs, within STEPS steps in all (the first always runs)."""
    total, tries, steps = 0.0, 0, 0
    while tries < SAMPLES and steps < STEPS:
        trial = made_up(state, f"hard/{seed}/{tries}")
        mark = (trial["dice"]["s"], len(trial["deck"]))
        value, taken = play_turn(trial, action_code, player, ending)
        total, tries, steps = total + value, tries + 1, steps + taken
        if (trial["dice"]["s"], len(trial["deck"])) == mark:
            break  # nothing random happened: every other try would give the same
    return total / tries


def made_up(state: dict, seed: str) -> dict:
    """A copy with the hidden parts drawn from the bot's own generator: fresh dice, the deck reshuffled."""
    trial = trial_copy(state)
    trial["dice"] = dice.seed_state(seed)
    deck = sorted(trial["deck"])
    trial["deck"] = [deck.pop(dice.roll(trial["dice"], len(deck)) - 1) for _ in range(len(deck))]
    trial["dice"] = dice.seed_state(seed + "/rolls")  # the marker above sees only rolls and reveals
    return trial


def play_turn(trial: dict, action_code: str, player: int, ending: bool = False) -> tuple[float, int]:
    """Play the action, then the rest of the player's turn with the normal bot: (the board's score, steps)."""
    apply(trial, action_code)
    steps = 1
    while steps < DEPTH and not trial["over"] and trial["turn"] == player:
        apply(trial, bot.normal(trial))
        steps += 1
    if trial["over"]:
        return final_value(trial, player), steps
    if trial["turn"] != player:
        return bot.evaluate(trial, player, ending), steps
    return bot.evaluate(trial, player, ending) - 0.5, steps  # cut off mid-turn: a little worse than a finished turn


WON = 1000.0  # a game that ends won beats any board; lost, any board is better


def final_value(state: dict, player: int) -> float:
    won = scoring.winners(state, state["final"])
    margin = bot.evaluate(state, player)
    if won == [player]:
        return WON + margin
    return margin if player in won else margin - WON


LEVELS = bot.LEVELS + ("hard",)  # added last: the seat setting's earlier choices and links stay as they were


def auto_action(state: dict) -> str:
    """The seat's bot: the hard one here, the others in bot.py."""
    return hard(state) if bot.seat_kind(state) == "hard" else bot.auto_action(state)
