"""Dungeon Generator (seed 003): STUB to be replaced by the real ruleset."""

from __future__ import annotations

from .. import dice
from ..engine import Action, Ruleset


def new_state(seed, settings):
    return {"dice": dice.seed_state(seed), "n": 0, "log": ["Stub."]}


def legal_actions(state):
    return [] if state["n"] >= 3 else [Action("wait", "Wait", "Stub")]


def apply(state, code):
    state["n"] += 1


RULESET = Ruleset(
    slug="dungeon-generator", title="Dungeon Generator", source="003", blurb="Stub.", settings=(),
    new_state=new_state, legal_actions=legal_actions, apply=apply,
    is_over=lambda s: s["n"] >= 3, auto_action=lambda s: "wait",
    render=lambda s: {"board": '<svg id="board" viewBox="0 0 10 10"></svg>', "status": "", "panel": "", "dice": ""},
    rules_html=lambda: "<p>Stub.</p>",
)
