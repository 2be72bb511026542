"""Tabletop Dungeon's balance lab: how often the auto-played heroes win,
by number and kind of heroes, and when the Dragon comes.

The parties tried come from the page's settings: its seats' heroes 1 to 4
at a time (the number), and each kind of hero alone (the kind). Game i
plays party i mod the number of parties, so a run stopped early stays even.
"""

from __future__ import annotations

from .. import lab, stats_chart
from ..engine import Tool
from ..markup import escape
from .data import CLASSES


def parties(settings: dict) -> list[tuple[str, ...]]:
    """The seats' heroes 1-4 at a time, then each other kind of hero alone."""
    seats = tuple(settings.get(f"class{seat}", CLASSES[seat - 1]) for seat in range(1, 5))
    out = [seats[:size] for size in range(1, 5)]
    return out + [(kind,) for kind in CLASSES if (kind,) not in out]


def party_settings(settings: dict, party: tuple[str, ...]) -> dict:
    return {**settings, "heroes": len(party), **{f"class{seat}": kind for seat, kind in enumerate(party, start=1)}}


def party_name(party: tuple[str, ...]) -> str:
    return " + ".join(kind.capitalize() for kind in party)


def watch(state: dict, notes: dict) -> None:
    if state["dragon"] and "dragon" not in notes:
        notes["dragon"] = state["turn"]


def measure(state: dict, steps: int, notes: dict, party: tuple[str, ...] = ()) -> dict:
    return {"party": party_name(party), "won": state["result"] == "won", "finished": state["result"] is not None,
            "turns": state["turn"], "dragon": notes.get("dragon")}


def make_lab(ruleset, settings: dict) -> lab.Lab:
    tried = parties(settings)

    def settings_for(base: dict, index: int) -> dict:
        return party_settings(base, tried[index % len(tried)])

    def measured(state: dict, steps: int, notes: dict) -> dict:
        party = tuple(hero["cls"] for hero in state["heroes"]) if state["heroes"] else ()
        return measure(state, steps, notes, party)

    return lab.Lab(ruleset, settings_for=settings_for, measure=measured, watch=watch,
                   report=lambda runs, total: report(runs, total, [party_name(p) for p in tried]))


# ---------------------------------------------------------------- the tool
def form_html(settings: dict) -> str:
    return (lab.games_field() +
            "<p>The computer plays N games from the settings of the game on the page (seeds derived from its "
            "seed, so the figures come out the same every time): its seats' heroes one to four at a time, and "
            "each kind of hero alone, in turn. It shows the win rate of each party and the turn the Dragon "
            "comes.</p>")


def run(game, values: dict):
    total = lab.read_int(values, "games", lab.DEFAULT_GAMES, 1, lab.MAX_GAMES)
    return lab.runs(make_lab(game.ruleset, game.settings), game.seed, game.settings, total)


TOOL = Tool("lab", "Balance lab", form_html, run)


# ---------------------------------------------------------------- the view
def by_party(runs: list[dict], names: list[str]) -> list[dict]:
    rows = []
    for name in names:
        games = [r for r in runs if r["party"] == name]
        if games:
            rows.append({"party": name, "games": len(games), "won": sum(r["won"] for r in games),
                         "turns": stats_chart.median([r["turns"] for r in games])})
    return rows


def report(runs: list[dict], total: int, names: list[str]) -> str:
    if not runs:
        return ""
    n = len(runs)
    rows = by_party(runs, names)
    rates = stats_chart.rates_svg(
        [(row["party"], row["won"] / row["games"], f"{lab.percent(row['won'], row['games'])} of {row['games']}")
         for row in rows], f"Win rate by party over {n} games")
    table = "".join(f'<tr><th scope="row">{escape(row["party"])}</th><td>{row["games"]}</td><td>{row["won"]}</td>'
                    f"<td>{lab.percent(row['won'], row['games'])}</td><td>{stats_chart.number(row['turns'])}</td></tr>"
                    for row in rows)
    table = ('<table><caption>Win rate by party</caption><thead><tr><th scope="col">Party</th>'
             '<th scope="col">Games</th><th scope="col">Won</th><th scope="col">Win rate</th>'
             f'<th scope="col">Median turns</th></tr></thead><tbody>{table}</tbody></table>')
    came = [r["dragon"] for r in runs if r["dragon"] is not None]
    unfinished = sum(not r["finished"] for r in runs)
    lines = [f"Won: {lab.percent(sum(r['won'] for r in runs), n)} of all {n} games"
             + (f" ({unfinished} stopped at the step limit)." if unfinished else "."),
             f"The Dragon came in {lab.percent(len(came), n)} of the games"
             + (f", at turn {stats_chart.number(stats_chart.median(came))} (median)." if came else ".")]
    charts = stats_chart.figure_html("Win rate by party", rates)
    tables = table
    if came:
        dragon = stats_chart.metric(came)
        words = stats_chart.Words(("turn", "turns"), ("game", "games"), axis="turn the Dragon came")
        charts += stats_chart.figure_html("Turn the Dragon came", stats_chart.chart_svg(
            dragon, len(came), words, f"Turn the Dragon came: histogram of {len(came)} games, median "
            f"{stats_chart.number(dragon['median'])}, range {dragon['min']}-{dragon['max']}"))
        tables += stats_chart.table_html("Turn the Dragon came", "Turn", dragon, len(came), "Games")
    text = "".join(f'<p class="dg-stats-line">{escape(line)}</p>' for line in lines)
    return ('<div class="stats dg-stats lab">' + stats_chart.STATS_STYLE + lab.heading(n, total, "Auto-played")
            + text + f'<div class="dg-charts">{charts}</div>'
            f'<details><summary>Table</summary><div class="dg-tables">{tables}</div></details></div>')
