"""Treasure Ring: the minimal example ruleset, the contract of pyapp/engine.py and nothing more.

Eight spots lie on a ring, each with 1-6 gold. A turn: roll a die ("roll"),
then walk that many spots either way round the ring ("go 3") and take the
gold there. The game ends after the chosen number of turns; the score is
the gold taken. Copy this file to start a ruleset; tests run it through the
same contract tests as every page (registry.EXAMPLES), but no page is built.
"""

from __future__ import annotations

import math

from .. import dice, svg
from ..codes import code, parse
from ..engine import BOARD_ID, Action, Ruleset, Setting, View, by_target
from ..markup import escape
from ..places import BoardWords, Place, actions_at

SPOTS = 8

SETTINGS = (
    Setting("name", "Name", "Hero", maximum=24, help="Who walks the ring."),
    Setting("turns", "Turns", 15, minimum=1, maximum=30, help="How many turns the game lasts."),
)


# -- codes: formatted and parsed here only (pyapp/codes.py's form) ----------------
def go(spot: int) -> str:
    return code("go", spot)


def spot_of(action_code: str) -> int:
    _, args = parse(action_code)
    return int(args[0])


# -- state and rules ----------------------------------------------------------
def new_state(seed: str, settings: dict) -> dict:
    state = {"dice": dice.seed_state(seed), "log": [], "score": None, "name": settings["name"],
             "turns": settings["turns"], "turn": 1, "at": 0, "rolled": 0, "gold": 0}
    state["spots"] = dice.roll_many(state["dice"], SPOTS)
    state["spots"][0] = 0
    state["log"].append(f"{state['name']} stands on the ring of treasure.")
    return state


def is_over(state: dict) -> bool:
    return state["turn"] > state["turns"]


def legal_actions(state: dict) -> list[Action]:
    if is_over(state):
        return []
    if not state["rolled"]:
        return [Action(code("roll"), "Roll the die", "Turn")]
    ways = sorted({(state["at"] + state["rolled"]) % SPOTS, (state["at"] - state["rolled"]) % SPOTS})
    return [Action(go(n), f"Go to spot {n + 1}", "Move", f"{state['spots'][n]} gold", target=("spot", n))
            for n in ways]


def apply(state: dict, action_code: str) -> None:
    if action_code == "roll":
        state["rolled"] = dice.roll(state["dice"])
        state["log"].append(f"{state['name']} rolls {state['rolled']}.")
        return
    n = spot_of(action_code)
    gold, state["spots"][n] = state["spots"][n], 0
    state.update(at=n, rolled=0, gold=state["gold"] + gold, turn=state["turn"] + 1)
    state["log"].append(f"{state['name']} walks to spot {n + 1} and takes {gold} gold.")
    if is_over(state):
        state["score"] = {"points": state["gold"], "turns": state["turns"]}
        state["log"].append(f"The game is over: {state['gold']} gold.")


def auto_action(state: dict) -> str:
    """Roll, then go where the most gold is."""
    legal = legal_actions(state)
    return max(legal, key=lambda a: state["spots"][spot_of(a.code)] if a.target else 0).code


# -- what the page shows --------------------------------------------------------
BOARD_CSS = ("#board .spot circle{fill:#ecd98f;stroke:#7d6a52}#board .spot text{font:bold 14px sans-serif;"
             "text-anchor:middle;dominant-baseline:central}#board .hero{fill:#c0392b}"
             "#board [data-action] circle{stroke:#2b6cb0;stroke-width:3;cursor:pointer}")


def render(state: dict, legal: list[Action]) -> View:
    targets = by_target(legal)
    parts = []
    for n, gold in enumerate(state["spots"]):
        x, y = 100 + 70 * math.sin(2 * math.pi * n / SPOTS), 100 - 70 * math.cos(2 * math.pi * n / SPOTS)
        body = [svg.el("circle", cx=round(x, 1), cy=round(y, 1), r=18), svg.text(gold, x=round(x, 1), y=round(y, 1))]
        if n == state["at"]:
            body.append(svg.el("circle", class_="hero", cx=round(x, 1), cy=round(y - 18, 1), r=5))
        action = targets.get(("spot", n))
        if action:
            parts.append(svg.button(action.code, f"{action.label}: {gold} gold", *body, class_="spot"))
        else:
            parts.append(svg.el("g", svg.title(f"Spot {n + 1}: {gold} gold"), *body, class_="spot",
                                data_current=n == state["at"]))
    board = svg.root(svg.title("The ring of treasure", id="board-title"), *parts, id=BOARD_ID,
                     viewBox="0 0 200 200", role="group", aria_labelledby="board-title")
    status = (f"<p>{escape(state['name'])}: turn {min(state['turn'], state['turns'])} of {state['turns']}, "
              f"{state['gold']} gold.</p>")
    return View(board=board, status=status, dice=f"<p>Die: {state['rolled']}</p>" if state["rolled"] else "")


def words(state: dict, legal: list[Action]) -> BoardWords:
    """The ring in words (pyapp/places.py): each spot with its gold, where the hero stands first."""
    offered = actions_at(legal, lambda target: target[1])
    spots = [Place(str(n), f"Spot {n + 1}" + (" (you are here)" if n == state["at"] else ""), f"{gold} gold",
                   (round(math.sin(2 * math.pi * n / SPOTS), 3), round(-math.cos(2 * math.pi * n / SPOTS), 3)),
                   offered.get(n, ())) for n, gold in enumerate(state["spots"])]
    spots.sort(key=lambda p: p.id != str(state["at"]))
    die = f"The die shows {state['rolled']}." if state["rolled"] else "No die to walk by."
    return BoardWords(places=tuple(spots), turn=f"Turn {min(state['turn'], state['turns'])} of {state['turns']}.",
                      score=f"{state['gold']} gold.", rolls=die, title="Spots")


def rules_html() -> str:
    return ("<p>Eight spots lie on a ring, each with 1-6 gold. Each turn, roll a die and walk that many spots "
            "either way round the ring, then take the gold there. The game ends after the chosen number of "
            "turns; your score is the gold you took.</p>")


RULESET = Ruleset(
    slug="example", title="Treasure Ring (example)", source="pyapp/example: the minimal example ruleset",
    blurb="The smallest complete ruleset: roll, walk the ring, take the gold.", settings=SETTINGS,
    new_state=new_state, legal_actions=legal_actions, apply=apply, is_over=is_over,
    auto_action=auto_action, render=render, rules_html=rules_html, words=words, board_css=BOARD_CSS,
    score_keys=frozenset({"points", "turns"}),  # state["score"] once over: what the high-score table keeps
)
