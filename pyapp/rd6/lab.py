"""The 3RD6 balance lab: the five classes auto-played in turn (game i plays
class i mod 5) with the page's other settings, and how often each wins its
quest, falls, how far it gets: so a player sees which class is the hard mode."""

from __future__ import annotations

from .. import lab, stats_chart
from ..engine import Tool
from ..markup import escape
from .data import CLASS_KEYS, CLASSES

DEFAULT_GAMES = 250  # 50 a class: long games (hundreds of steps each), so fewer than the other labs' 1000


def settings_for(settings: dict, index: int) -> dict:
    return {**settings, "class": CLASS_KEYS[index % len(CLASS_KEYS)]}


def measure(state: dict, steps: int, notes: dict) -> dict:
    return {"class": state["hero"]["class"], "end": state["over"] or "unfinished", "rooms": state["made"],
            "level": state["hero"]["level"], "coins": state["earned"], "deepest": state["deepest"]}




def make_lab(ruleset) -> lab.Lab:
    return lab.Lab(ruleset, settings_for=settings_for, measure=measure, report=report)


def form_html(settings: dict) -> str:
    return (lab.games_field(DEFAULT_GAMES) +
            "<p>The computer plays N games, the five classes in turn, with the other settings of the game on the "
            "page (seeds derived from its seed, so the figures come out the same every time): how often each "
            "class wins its quest or falls, and how far it gets.</p>")


def run(game, values: dict):
    total = lab.read_int(values, "games", DEFAULT_GAMES, 1, lab.MAX_GAMES)
    return lab.runs(make_lab(game.ruleset), game.seed, game.settings, total)


TOOL = Tool("lab", "Balance lab", form_html, run)


def by_class(runs: list[dict]) -> list[dict]:
    rows = []
    for key in CLASS_KEYS:
        mine = [r for r in runs if r["class"] == key]
        if not mine:
            continue
        rows.append({"class": CLASSES[key]["name"], "games": len(mine),
                     "won": sum(r["end"] == "won" for r in mine), "dead": sum(r["end"] == "dead" for r in mine),
                     "rooms": stats_chart.median([r["rooms"] for r in mine]),
                     "level": stats_chart.median([r["level"] for r in mine]),
                     "coins": stats_chart.median([r["coins"] for r in mine])})
    return rows


def report(runs: list[dict], total: int) -> str:
    if not runs:
        return ""
    rows = by_class(runs)
    n = len(runs)
    survive = [(row["class"], 1 - row["dead"] / row["games"],
                f"{lab.percent(row['games'] - row['dead'], row['games'])} of {row['games']}") for row in rows]
    chart = stats_chart.figure_html("Survival by class (won, retired or still going)",
                                    stats_chart.rates_svg(survive, f"Survival rate by class over {n} games"))
    rooms = stats_chart.metric([r["rooms"] for r in runs])
    chart += stats_chart.figure_html("Rooms made", stats_chart.chart_svg(
        rooms, n, stats_chart.Words(("room", "rooms"), ("game", "games")),
        f"Rooms made: histogram of {n} games, median {stats_chart.number(rooms['median'])}"))
    number = stats_chart.number
    body = "".join(f'<tr><th scope="row">{escape(row["class"])}</th><td>{row["games"]}</td>'
                   f"<td>{lab.percent(row['won'], row['games'])}</td><td>{lab.percent(row['dead'], row['games'])}</td>"
                   f"<td>{number(row['rooms'])}</td><td>{number(row['level'])}</td><td>{number(row['coins'])}</td></tr>"
                   for row in rows)
    table = ('<table><caption>By class</caption><thead><tr><th scope="col">Class</th><th scope="col">Games</th>'
             '<th scope="col">Won</th><th scope="col">Fell</th><th scope="col">Median rooms</th>'
             '<th scope="col">Median level</th><th scope="col">Median coins</th></tr></thead>'
             f"<tbody>{body}</tbody></table>")
    hardest = max(rows, key=lambda row: row["dead"] / row["games"])
    line = (f"Hard mode: the {hardest['class']}, who falls in {lab.percent(hardest['dead'], hardest['games'])} "
            "of its games.")
    return ('<div class="stats dg-stats lab">' + stats_chart.STATS_STYLE + lab.heading(n, total, "Auto-played")
            + f'<p class="dg-stats-line">{escape(line)}</p><div class="dg-charts">{chart}</div>{table}</div>')
