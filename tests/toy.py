"""A tiny ruleset for the platform's tests: stable while the real rules change."""

from pyapp import dice
from pyapp.engine import Action, Ruleset, Setting, View

SETTINGS = (
    Setting("players", "Players", 1, minimum=1, maximum=4, help="How many heroes."),
    Setting("name1", "Player 1 name", "Hero", maximum=24),
    Setting("mode", "Mode", "endless", choices=("endless", "quest")),
    Setting("hard", "Hard", False, help="Fewer hit points."),
)


def new_state(seed, settings):
    return {"dice": dice.seed_state(seed), "n": 0, "name": settings["name1"], "log": [f"{settings['name1']} enters."]}


def over(state):
    return state["n"] >= state.get("end", 6)


def legal_actions(state):
    if over(state):
        return []
    return [
        Action("roll", "Roll a die", "Explore", "1d6"),
        Action("move N", "Go north", "Move"),
        Action("attack BODY", f"{state['name']} attacks", "Fight", "hits on 1-3"),
    ]


def apply(state, code):
    if code == "roll":
        state["log"].append(f"{state['name']} rolled {dice.roll(state['dice'])}.")
    else:
        state["log"].append(f"{state['name']}: {code}.")
    state["n"] += 1
    if over(state):
        state["score"] = {"points": state["n"] * 10, "depth": 1}


def render(state, legal):
    return View(board=f'<svg id="board" viewBox="0 0 10 10"><text>{state["n"]}</text></svg>',
                status=f"<p>Step {state['n']}</p>")


def make(slug="toy", length=6):
    """The toy; its games last `length` moves (6: its states keep no "end")."""
    def fresh(seed, settings):
        return new_state(seed, settings) if length == 6 else {**new_state(seed, settings), "end": length}

    return Ruleset(
        slug=slug, title="Toy", source="test", blurb="A toy.", settings=SETTINGS,
        new_state=fresh, legal_actions=legal_actions, apply=apply,
        is_over=over, auto_action=lambda s: legal_actions(s)[1].code,
        render=render, rules_html=lambda: "<p>Toy rules.</p>",
    )


TOY = make()
OTHER = make("other-toy")
LONG = make("long-toy", length=6000)  # a game longer than a replay link carries (MAX_REPLAY_STEPS)
