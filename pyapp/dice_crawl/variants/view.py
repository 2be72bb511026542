"""What the variants add to the page: a line under the status, the series score table, the draft."""

from __future__ import annotations

from ...markup import escape, table
from ..core.board import name
from ..data import ALL_CLASSES, ALL_RACES
from .rules import SOLO_GOAL, corner_cells, goals, names, on
from .series import totals


def status_note(state: dict) -> str:
    """The variants in play and what they add: expedition or campaign game, carried scores, goals."""
    if not state.get("variant"):
        return ""
    parts = [", ".join(names(state))]
    series = state.get("series")
    if series and series["kind"] == "solo":
        made = [r["totals"][0] for r in series["results"] if r["made"]]
        failed = sum(1 for r in series["results"] if not r["made"])
        parts.append(f"expedition {series['game']} of {series['games']}; best total {max(made) if made else '-'}, "
                     f"failed {failed}; goal: reach the Dragon at {name(goals(state)[0])} with {SOLO_GOAL} points "
                     "scored")
    elif series:
        carried = ", ".join(f"{escape(p['name'])} {t}" for p, t in zip(state["players"], totals(state)))
        parts.append(f"game {series['game']} of {series['games']}"
                     + (f"; carried from game 1: {carried}" if series["results"] else ""))
    if on(state, "escape"):
        parts.append("exits: " + ", ".join(name(c) for c in corner_cells(state["size"])))
    if on(state, "gate"):
        parts.append("a [1+] toll to add a unit to a tile another player controls")
    return f'<p class="dc-variants">{"; ".join(parts)}.</p>'


def series_html(state: dict) -> str:
    """The score of each game of the series and the series total."""
    series = state.get("series")
    if not series or not series["results"]:
        return ""
    word = "Expedition" if series["kind"] == "solo" else "Game"
    head = [p["name"] for p in state["players"]]
    rows = []
    for n, r in enumerate(series["results"]):
        cells = [str(t) for t in r["totals"]]
        if "made" in r:
            cells = [f"{cells[0]} ({'success' if r['made'] else 'failed: counts -1'})"]
        rows.append([f"{word} {n + 1}"] + cells)
    total = "Best success minus failures" if series["kind"] == "solo" else "Campaign total"
    rows.append([total] + [str(t) for t in totals(state)])
    caption = f"<p><strong>{'Solo expeditions' if series['kind'] == 'solo' else 'Campaign'}</strong></p>"
    return caption + table([word] + head, rows)


def setup_html(state: dict) -> str:
    """During Drafting: the face-up cards still to take."""
    draft = state.get("draft")
    if not draft:
        return ""
    left = [ALL_RACES[r][0] for r in draft["race"] if r not in {p["race"] for p in state["players"]}]
    left += [ALL_CLASSES[c][0] for c in draft["cls"] if c not in {p["cls"] for p in state["players"]}]
    return f'<p class="dc-variants">Face-up cards: {escape(", ".join(left))}.</p>'


def setup_word(state: dict) -> str:
    return "keeps one unlocked Power" if state.get("setup", [{}])[0].get("kind") == "keep" else "chooses a card"


def bonus_word(state: dict) -> str:
    return "Exit" if on(state, "escape") else "Dragon"
