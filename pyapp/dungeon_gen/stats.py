"""The Statistics tool: N whole dungeons for each Size, as histograms.

Dungeon i of a Size uses the seed "<game seed>/stats/<size>/<i>", so the
figures are reproducible from the game's seed. The type changes the level
trigger (caves are shallower); INT and Dungeoneering change nothing here."""

from __future__ import annotations

from functools import partial

from .. import stats_chart
from ..engine import Progress
from ..markup import escape
from ..stats_chart import MAX_BARS, STATS_STYLE, median, number  # noqa: F401 (the panel's figures, named here too)
from .data import SIZE_NAMES, SIZES
from .rules import new_state

METRICS = (("levels", "Levels"), ("rooms", "Rooms"), ("per_level", "Rooms per level"), ("loops", "Loop-backs"),
           ("dead_ends", "Dead ends"))
DEFAULT_N, MAX_N = 1000, 20000
UNITS = {"rooms": ("room", "rooms"), "per_level": ("room", "rooms"),
         "levels": ("level", "levels"), "loops": ("loop-back", "loop-backs"),
         "dead_ends": ("dead end", "dead ends")}
AXES = {"per_level": "rooms per level (a dungeon's mean)"}  # the others read "<units> per dungeon"


def measure(state: dict) -> dict:
    rooms = sum(len(level["rooms"]) for level in state["levels"])
    return {"rooms": rooms, "levels": len(state["levels"]), "per_level": round(rooms / len(state["levels"])),
            "loops": state["counts"]["loops"], "dead_ends": state["counts"]["dead_ends"]}


def whole_settings(settings: dict | None, size: str) -> dict:
    base = {"name": "Statistics", "type": "cave", "int": 3, "dungeoneering": 0}
    return {**base, **(settings or {}), "size": size, "mode": "whole"}


def sample(size: str, seed: str, start: int, stop: int, settings: dict | None = None) -> list[dict]:
    opts = whole_settings(settings, size)
    return [measure(new_state(f"{seed}/stats/{size}/{i}", opts)) for i in range(start, stop)]


def describe(size: str, runs: list[dict]) -> dict:
    out = {"size": size, "n": len(runs)}
    for key, _ in METRICS:
        out[key] = stats_chart.metric([run[key] for run in runs])
    return out


def summarise(size: str, n: int, seed: str, settings: dict | None = None) -> dict:
    """{size, n, and per metric {median, min, max, counts: value -> dungeons}}."""
    return describe(size, sample(size, seed, 0, n, settings))


# ---------------------------------------------------------------- the tool
def form_html(settings: dict) -> str:
    return (f'<label>Dungeons per Size <input type="number" name="n" value="{DEFAULT_N}" min="1" max="{MAX_N}" '
            'step="1" required></label>'
            "<p>Generates N whole dungeons for EACH Size (Small, Medium, Large) with the current settings, "
            "from seeds derived from this game's seed, and shows levels, rooms, rooms per level, loop-backs and "
            "dead ends.</p>")


def read_n(values: dict) -> int:
    try:
        n = int(str(values.get("n", DEFAULT_N)).strip())
    except ValueError:
        n = DEFAULT_N
    return max(1, min(MAX_N, n))


def run(game, values: dict):
    """Yield Progress after every dungeon (a large one takes milliseconds), then the histograms."""
    n = read_n(values)
    results: list = []
    for size in SIZES:
        runs: list[dict] = []
        while len(runs) < n:
            runs += sample(size, game.seed, len(runs), len(runs) + 1, game.settings)
            yield Progress(len(results) * n + len(runs), 3 * n, partial(progress_html, size, len(runs), n,
                                                                       len(results) * n + len(runs)))
        results.append(describe(size, runs))
    yield results_html(results)


def progress_html(size: str, made: int, n: int, in_all: int) -> str:
    return f'<p role="status">{SIZE_NAMES[size]}: {made} of {n} dungeons ({in_all} of {3 * n} in all)…</p>'


# ---------------------------------------------------------------- the view
# Small multiples (pyapp/stats_chart.py): per Size a summary line, four small
# bar charts side by side (they wrap on a phone), and the exact numbers in a
# collapsed table.
def summary_line(result: dict) -> str:
    parts = [f"{title}: median {number(result[key]['median'])}, range {result[key]['min']}-{result[key]['max']}"
             for key, title in METRICS]
    return "; ".join(parts) + "."


def chart_svg(size: str, key: str, title: str, metric: dict, n: int) -> str:
    label = (f"{title}, {SIZE_NAMES[size]}: histogram of {n} dungeons, median {number(metric['median'])}, "
             f"range {metric['min']}-{metric['max']}")
    axis = AXES.get(key, "")
    return stats_chart.chart_svg(metric, n, stats_chart.Words(UNITS[key], ("dungeon", "dungeons"), axis), label)


def table_html(size: str, title: str, metric: dict, n: int) -> str:
    return stats_chart.table_html(f"{title}, {SIZE_NAMES[size]}", title, metric, n, "Dungeons")


def size_html(result: dict) -> str:
    size, n = result["size"], result["n"]
    charts = "".join(stats_chart.figure_html(title, chart_svg(size, key, title, result[key], n))
                     for key, title in METRICS)
    tables = "".join(table_html(size, title, result[key], n) for key, title in METRICS)
    return (f"<h3>{SIZE_NAMES[size]}: {n} dungeon{'s' * (n != 1)}</h3>"
            f'<p class="dg-stats-line">{escape(summary_line(result))}</p>'
            f'<div class="dg-charts">{charts}</div>'
            f'<details><summary>Table</summary><div class="dg-tables">{tables}</div></details>')


def results_html(results: list[dict]) -> str:
    return '<div class="stats dg-stats">' + STATS_STYLE + "".join(size_html(r) for r in results) + "</div>"
