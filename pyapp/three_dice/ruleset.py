"""TEMPORARY STUB: replaced by the real 3 Dice Dungeon rules (being written now)."""
from ..engine import Action, Ruleset, Setting
from .. import dice


def _new(seed, settings):
    return {"dice": dice.seed_state(seed), "n": 0, "log": ["You stand at the dungeon entrance."], "last_roll": []}


def _legal(state):
    if state["n"] >= 5:
        return []
    return [Action("roll", "Roll a die", "Explore"), Action("wait", "Wait", "Explore")]


def _apply(state, code):
    if code == "roll":
        face = dice.roll(state["dice"])
        state["last_roll"] = [face]
        state["log"].append(f"You rolled {face}.")
    state["n"] += 1


def _render(state):
    return {
        "board": f'<svg id="board" viewBox="0 0 100 100"><text x="10" y="50">{state["n"]}</text></svg>',
        "status": f"<p>Step {state['n']} of 5</p>",
        "panel": "<p>stub</p>",
        "dice": "".join(f'<span class="die" data-face="{f}">{f}</span>' for f in state["last_roll"]),
    }


def _make(slug, title, source):
    return Ruleset(
        slug=slug, title=title, source=source, blurb="stub",
        settings=(Setting("players", "Players", 1, minimum=1, maximum=4),
                  Setting("name1", "Player 1 name", "Hero", maximum=24)),
        new_state=_new, legal_actions=_legal, apply=_apply,
        is_over=lambda s: s["n"] >= 5, auto_action=lambda s: _legal(s)[0].code,
        render=_render, rules_html=lambda: "<p>rules</p>",
    )


CLASSIC = _make("three-dice-dungeon", "3 Dice Dungeon", "000")
TILES = _make("three-dice-dungeon-tiles", "3 Dice Dungeon: Tiles & HP", "001")
