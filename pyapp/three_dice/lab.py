"""The balance lab of both 3 Dice Dungeon editions: how soon and how
unevenly the auto-played hero falls, with the page's current settings.

Endless mode has no end, and a strong hero may walk on for ever: a game
still going after CAP locations stops there and counts as alive at the cap.
"""

from __future__ import annotations

from .. import lab, stats_chart
from ..engine import Tool
from ..markup import escape

DEFAULT_CAP, MIN_CAP, MAX_CAP = 100, 5, 1000
CHARTS = (("locations", "Locations survived", ("location", "locations")),
          ("deepest", "Deepest level", ("level", "levels")),
          ("xp", "XP", ("XP", "XP")))
SWING = ("Swing is the middle half of the games: half of them end between these two figures. The wider it is "
         "next to the median, the more the dice rather than the settings decide a game.")


def measure(state: dict, steps: int, notes: dict, cap: int = DEFAULT_CAP) -> dict:
    """One game's figures: how it ended, where, and with how much XP."""
    died = state["over"] == "dead"
    ended = state["over"] or ("capped" if state["made"] > cap else "unfinished")
    return {"end": ended, "early": died and state["made"] <= 2,
            "locations": min(cap, state["made"] - died), "deepest": state["deepest"],
            "xp": max(player["xp"] for player in state["players"])}


def make_lab(ruleset, cap: int) -> lab.Lab:
    return lab.Lab(ruleset, settings_for=lambda settings, index: settings,
                   measure=lambda state, steps, notes: measure(state, steps, notes, cap),
                   report=lambda runs, total: report(runs, total, cap),
                   stop=lambda state: state["made"] > cap)


# ---------------------------------------------------------------- the tool
def form_html(settings: dict) -> str:
    return (lab.games_field() +
            f'<label>Stop a game at location <input type="number" name="cap" value="{DEFAULT_CAP}" '
            f'min="{MIN_CAP}" max="{MAX_CAP}" step="1" required></label>'
            "<p>The computer plays N games with the settings of the game on the page (seeds derived from its "
            "seed, so the figures come out the same every time), and shows how soon heroes fall, how deep they "
            "get and how swingy the game is. A hero still alive at the stop location counts as alive there.</p>")


def run(game, values: dict):
    """Progress of N games with the game's own ruleset (either edition) and settings."""
    total = lab.read_int(values, "games", lab.DEFAULT_GAMES, 1, lab.MAX_GAMES)
    cap = lab.read_int(values, "cap", DEFAULT_CAP, MIN_CAP, MAX_CAP)
    return lab.runs(make_lab(game.ruleset, cap), game.seed, game.settings, total)


TOOL = Tool("lab", "Balance lab", form_html, run)


# ---------------------------------------------------------------- the view
def summary(runs: list[dict], cap: int) -> dict:
    n = len(runs)
    out = {"n": n, "early": sum(r["early"] for r in runs), "ends": stats_chart.counted([r["end"] for r in runs])}
    for key, _, _ in CHARTS:
        values = [r[key] for r in runs]
        out[key] = {**stats_chart.metric(values), "middle": stats_chart.quartiles(values)}
    out["cap"] = cap
    return out


ENDS = (("dead", "fell"), ("won", "won the quest"), ("retired", "retired"), ("capped", "alive at the stop"),
        ("unfinished", "unfinished (step limit)"))


def lines(figures: dict) -> list[str]:
    n, number = figures["n"], stats_chart.number
    ends = ", ".join(f"{lab.percent(figures['ends'][key], n)} {word}" for key, word in ENDS
                     if figures["ends"].get(key))
    loc, xp = figures["locations"], figures["xp"]
    return [f"Lost in the first two locations: {lab.percent(figures['early'], n)} ({figures['early']} of {n}).",
            f"Endings: {ends} (stop at location {figures['cap']}).",
            f"Swing: the middle half of the games ended between locations {number(loc['middle'][0])} and "
            f"{number(loc['middle'][1])} (median {number(loc['median'])}), with {number(xp['middle'][0])} to "
            f"{number(xp['middle'][1])} XP (median {number(xp['median'])}).",
            SWING]


def report(runs: list[dict], total: int, cap: int = DEFAULT_CAP) -> str:
    if not runs:
        return ""
    figures = summary(runs, cap)
    n = figures["n"]
    words = ("game", "games")
    charts = "".join(stats_chart.figure_html(title, stats_chart.chart_svg(
        figures[key], n, stats_chart.Words(unit, words),
        f"{title}: histogram of {n} games, median {stats_chart.number(figures[key]['median'])}, "
        f"range {figures[key]['min']}-{figures[key]['max']}")) for key, title, unit in CHARTS)
    tables = "".join(stats_chart.table_html(title, title, figures[key], n, "Games") for key, title, _ in CHARTS)
    text = "".join(f'<p class="dg-stats-line">{escape(line)}</p>' for line in lines(figures))
    return ('<div class="stats dg-stats lab">' + stats_chart.STATS_STYLE + lab.heading(n, total, "Auto-played")
            + text + f'<div class="dg-charts">{charts}</div>'
            f'<details><summary>Table</summary><div class="dg-tables">{tables}</div></details></div>')
