"""Set-up steps where players choose cards: Drafting, Pros and Cons, and Campaign One's kept Power.

While they last the phase is "setup", state["setup"] is the list of steps still to take (the first is
the one being taken) and state["turn"] is the seat taking it, so the page, the bots and the links go
through the same legal actions as in play. Codes: "pr 3" take (or give) race 3, "pc 5" class 5,
"keep 2" keep card slot 2 unlocked.
"""

from __future__ import annotations

from ... import dice
from ...engine import Action, say
from ..core.state import card_powers, who
from ..data import ALL_CLASSES, ALL_RACES, POWERS
from ..vaults.piles import card_pile
from .rules import on

DRAFT_CARDS = 4  # face-up race cards and class cards in the draft


def begin(state: dict, steps: list[dict]) -> bool:
    """Start these set-up steps (if any); True when the game must wait for them."""
    if not steps:
        return False
    state["setup"] = steps
    state["phase"] = "setup"
    state["turn"] = steps[0]["seat"]
    return True


def card_steps(state: dict) -> list[dict]:
    """Drafting or Pros and Cons at the start of the first game; the dealt cards are put back."""
    n, first = len(state["players"]), state["first"]
    order = [(first + i) % n for i in range(n)]
    kind = on(state, "cards")
    if not kind:
        return []
    for p in state["players"]:
        p.update(race=None, cls=None, slots=[])
    if kind == "draft":
        state["draft"] = {key: face_up(state, card_pile(state, key)) for key in ("race", "cls")}
        say(state, "Drafting: the face-up race cards are " + ", ".join(ALL_RACES[r][0] for r in state["draft"]["race"])
            + "; the class cards " + ", ".join(ALL_CLASSES[c][0] for c in state["draft"]["cls"]) + ".")
        # clockwise from the first player; the last takes one of each, then back counter-clockwise
        return [{"kind": "draft", "seat": s} for s in order + [order[-1]] + order[-2::-1]]
    say(state, "Pros and Cons: each player picks a race card for themselves; the player to your right picks "
               "your class card.")
    return ([{"kind": "race", "seat": s, "for": s} for s in order]
            + [{"kind": "cls", "seat": s, "for": (s + 1) % n} for s in order])


def face_up(state: dict, pile: list[int]) -> list[int]:
    left = list(pile)
    return sorted(left.pop(dice.roll(state["dice"], len(left)) - 1) for _ in range(DRAFT_CARDS))


def taken(state: dict, key: str) -> set:
    return {p[key] for p in state["players"] if p[key] is not None}


def actions(state: dict) -> list[Action]:
    step = state["setup"][0]
    kind, me_ = step["kind"], state["players"][step["seat"]]
    if kind == "keep":
        powers = card_powers(me_)
        return [Action(f"keep {k}", f"Keep {powers[k]['label']} unlocked", "Campaign One",
                       POWERS[powers[k]["key"]][1]) for k in step["slots"]]
    out = []
    for key, verb, cards in (("race", "pr", ALL_RACES), ("cls", "pc", ALL_CLASSES)):
        if kind == "draft":
            pool = [c for c in state["draft"][key] if c not in taken(state, key)] if me_[key] is None else []
        else:
            pool = [c for c in card_pile(state, key) if c not in taken(state, key)] if kind == key else []
        for c in pool:
            out.append(Action(f"{verb} {c}", pick_label(state, step, cards[c][0]), "Choose a card",
                              "; ".join(f"{pw['label']}" for pw in cards[c][1])))
    return out


def pick_label(state: dict, step: dict, card: str) -> str:
    if step.get("for", step["seat"]) == step["seat"]:
        return f"Take the {card}"
    return f"Give {who(state, step['for'])} the {card}"


def apply(state: dict, verb: str, args: list[int]) -> bool:
    """Take the current set-up step; True once the last one is taken."""
    step = state["setup"].pop(0)
    p = state["players"][step.get("for", step["seat"])]
    if verb == "keep":
        p["slots"][args[0]] = step["pairs"][args[0]]
        p["army"] -= 2
        say(state, f"{p['name']} keeps {card_powers(p)[args[0]]['label']} unlocked (its two dice stay on the card).")
    else:
        key, cards = ("race", ALL_RACES) if verb == "pr" else ("cls", ALL_CLASSES)
        p[key] = args[0]
        verb_words = "takes" if p is state["players"][step["seat"]] else f"gives {p['name']}"
        say(state, f"{who(state, step['seat'])} {verb_words} the {cards[args[0]][0]}.")
        if p["race"] is not None and p["cls"] is not None:
            p["slots"] = [None] * len(card_powers(p))
    if state["setup"]:
        state["turn"] = state["setup"][0]["seat"]
        return False
    del state["setup"]
    state.pop("draft", None)
    for p in state["players"]:
        say(state, f"{p['name']} is the {ALL_RACES[p['race']][0]} {ALL_CLASSES[p['cls']][0]}.")
    return True


def pick_value(state: dict, action_code: str) -> float:
    """The normal bot's rule of thumb: take the card with the most Powers, give a rival the one with the
    fewest; keep the first unlocked slot."""
    verb, arg = action_code.split()[0], int(action_code.split()[1])
    if verb == "keep":
        return -arg
    step = state["setup"][0]
    cards = ALL_RACES if verb == "pr" else ALL_CLASSES
    size = len(cards[arg][1]) + 0.01 * arg
    return size if step.get("for", step["seat"]) == step["seat"] else -size
