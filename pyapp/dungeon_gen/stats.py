"""The Statistics tool: N whole dungeons for each Size, as histograms.

Dungeon i of a Size uses the seed "<game seed>/stats/<size>/<i>", so the
figures are reproducible from the game's seed. Whole dungeons make no
searches, so INT, Dungeoneering and the type change nothing here."""

from __future__ import annotations

from .. import svg
from ..markup import escape
from .data import SIZE_NAMES, SIZES
from .rules import new_state

METRICS = (("rooms", "Rooms"), ("levels", "Levels"), ("loops", "Loop-backs"), ("dead_ends", "Dead ends"))
DEFAULT_N, MAX_N, CHUNK = 1000, 20000, 100
MAX_BARS = 16
UNITS = {"rooms": ("room", "rooms"), "levels": ("level", "levels"), "loops": ("loop-back", "loop-backs"),
         "dead_ends": ("dead end", "dead ends")}


def measure(state: dict) -> dict:
    return {"rooms": sum(len(level["rooms"]) for level in state["levels"]), "levels": len(state["levels"]),
            "loops": state["counts"]["loops"], "dead_ends": state["counts"]["dead_ends"]}


def whole_settings(settings: dict | None, size: str) -> dict:
    base = {"name": "Statistics", "type": "cave", "int": 3, "dungeoneering": 0}
    return {**base, **(settings or {}), "size": size, "mode": "whole"}


def sample(size: str, seed: str, start: int, stop: int, settings: dict | None = None) -> list[dict]:
    opts = whole_settings(settings, size)
    return [measure(new_state(f"{seed}/stats/{size}/{i}", opts)) for i in range(start, stop)]


def median(values: list[int]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def describe(size: str, runs: list[dict]) -> dict:
    out = {"size": size, "n": len(runs)}
    for key, _ in METRICS:
        values = [run[key] for run in runs]
        counts: dict[int, int] = {}
        for value in values:
            counts[value] = counts.get(value, 0) + 1
        out[key] = {"median": median(values), "min": min(values), "max": max(values), "counts": counts}
    return out


def summarise(size: str, n: int, seed: str, settings: dict | None = None) -> dict:
    """{size, n, and per metric {median, min, max, counts: value -> dungeons}}."""
    return describe(size, sample(size, seed, 0, n, settings))


# ---------------------------------------------------------------- the tool
def form_html(settings: dict) -> str:
    return (f'<label>Dungeons per Size <input type="number" name="n" value="{DEFAULT_N}" min="1" max="{MAX_N}" '
            'step="1" required></label>'
            "<p>Generates N whole dungeons for EACH Size (Small, Medium, Large) with the current settings, "
            "from seeds derived from this game's seed, and shows rooms, levels, loop-backs and dead ends.</p>")


def read_n(values: dict) -> int:
    try:
        n = int(str(values.get("n", DEFAULT_N)).strip())
    except ValueError:
        n = DEFAULT_N
    return max(1, min(MAX_N, n))


def run(game, values: dict):
    """Yield progress every CHUNK dungeons, then the histograms."""
    n = read_n(values)
    results = []
    for size in SIZES:
        runs: list[dict] = []
        while len(runs) < n:
            runs += sample(size, game.seed, len(runs), min(n, len(runs) + CHUNK), game.settings)
            yield (f'<p role="status">{SIZE_NAMES[size]}: {len(runs)} of {n} dungeons '
                   f"({len(results) * n + len(runs)} of {3 * n} in all)…</p>")
        results.append(describe(size, runs))
    yield results_html(results)


def bins(counts: dict) -> list[tuple[int, int, int]]:
    """(low, high, dungeons) bars: one per value, or equal ranges for wide spreads."""
    low, high = min(counts), max(counts)
    width = max(1, -(-(high - low + 1) // MAX_BARS))
    out = []
    for start in range(low, high + 1, width):
        end = min(high, start + width - 1)
        out.append((start, end, sum(c for v, c in counts.items() if start <= v <= end)))
    return out


# ---------------------------------------------------------------- the view
# Small multiples: per Size a summary line, four small bar charts side by side
# (they wrap on a phone), and the exact numbers in a collapsed table.
CHART_W, CHART_H = 150, 118  # px; drawn at natural size, never scaled
PLOT_L, PLOT_R, PLOT_T, PLOT_B = 6, 144, 20, 92  # the bars' box inside the chart
BAR_MAX = 26  # a chart of 2 or 3 values keeps slim bars
STATS_STYLE = (
    "<style>"
    ".dg-stats h3{margin:1rem 0 .2rem;font-size:1rem}.dg-stats h3:first-of-type{margin-top:.2rem}"
    ".dg-stats-line{margin:0 0 .4rem;font-size:.92rem}"
    ".dg-charts{display:flex;flex-wrap:wrap;gap:.4rem .9rem;margin:0}"
    ".dg-chart{margin:0;max-width:100%}"
    ".dg-chart figcaption{font-size:.85rem;font-weight:600}"
    ".dg-chart svg{display:block;max-width:100%;height:auto}"
    ".dg-bar:hover{fill:#0d4a7d}"
    ".dg-stats details{margin:.3rem 0 .6rem}.dg-stats summary{cursor:pointer}"
    ".dg-tables{display:flex;flex-wrap:wrap;gap:.3rem 1.2rem;align-items:start}"
    ".dg-stats table{border-collapse:collapse;font-size:.85rem}"
    ".dg-stats caption{text-align:left;font-weight:600}"
    ".dg-stats th,.dg-stats td{padding:.05rem .5rem .05rem 0;text-align:right;border-bottom:1px solid #e6ddcd}"
    "</style>"
)


def number(value: float) -> str:
    return f"{value:g}"


def bin_label(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def unit(key: str, low: int, high: int) -> str:
    singular, plural = UNITS[key]
    return singular if low == high == 1 else plural


def summary_line(result: dict) -> str:
    parts = [f"{title}: median {number(result[key]['median'])}, range {result[key]['min']}-{result[key]['max']}"
             for key, title in METRICS]
    return "; ".join(parts) + "."


def chart_svg(size: str, key: str, title: str, metric: dict, n: int) -> str:
    """A small vertical-bar histogram: one bar per bin (with a <title> for
    hover and touch), min and max under the axis, the median as a line."""
    bars = bins(metric["counts"])
    most = max(count for _, _, count in bars)
    low, high = metric["min"], metric["max"]
    step = bars[0][1] - bars[0][0] + 1
    span = step * len(bars)  # values the x axis covers
    slot = (PLOT_R - PLOT_L) / len(bars)
    bar_w = min(BAR_MAX, slot - (1 if slot > 4 else 0))
    label = (f"{title}, {SIZE_NAMES[size]}: histogram of {n} dungeons, median {number(metric['median'])}, "
             f"range {low}-{high}")
    out = [svg.el("line", x1=PLOT_L, y1=PLOT_B + .5, x2=PLOT_R, y2=PLOT_B + .5, stroke="#6b6276")]
    for index, (start, end, count) in enumerate(bars):
        height = (PLOT_B - PLOT_T) * count / most
        x = PLOT_L + index * slot + (slot - bar_w) / 2
        share = 100 * count / n
        what = f"{bin_label(start, end)} {unit(key, start, end)}: {count} dungeon{'s' * (count != 1)}, {share:.3g}%"
        if count:
            out.append(svg.el("rect", svg.title(what), class_="dg-bar", x=tenth(x), y=tenth(PLOT_B - height),
                              width=tenth(bar_w), height=tenth(height), fill="#1f6fb2"))
        # an invisible full-height target, so thin or empty bars still show their title
        out.append(svg.el("rect", svg.title(what), x=tenth(PLOT_L + index * slot), y=PLOT_T, width=tenth(slot),
                          height=PLOT_B - PLOT_T, fill="transparent"))
    mid_x = tenth(PLOT_L + (metric["median"] - low + 0.5) / span * (PLOT_R - PLOT_L))
    anchor_x = tenth(min(max(mid_x, PLOT_L + 30), PLOT_R - 30))
    small = {"font_size": 11}
    out += [svg.el("line", x1=mid_x, y1=PLOT_T - 4, x2=mid_x, y2=PLOT_B + 4, stroke="#c0392b", stroke_width=2,
                   stroke_dasharray="4 2"),
            svg.text(f"median {number(metric['median'])}", x=anchor_x, y=PLOT_T - 7, **small, fill="#c0392b",
                     text_anchor="middle"),
            svg.text(low, x=PLOT_L, y=PLOT_B + 14, **small, fill="#221a2e")]
    if high != low:
        out.append(svg.text(high, x=PLOT_R, y=PLOT_B + 14, **small, fill="#221a2e", text_anchor="end"))
    out.append(svg.text(f"{UNITS[key][1]} per dungeon", x=(PLOT_L + PLOT_R) / 2, y=CHART_H - 4, **small,
                        fill="#6b6276", text_anchor="middle"))
    return svg.el("svg", *out, class_="dg-hist", xmlns=svg.SVG_NS, width=CHART_W, height=CHART_H,
                  viewBox=f"0 0 {CHART_W} {CHART_H}", role="img", aria_label=label, font_family="sans-serif")


def tenth(value: float) -> float:
    """Chart coordinates to a tenth of a pixel: short text, no visible difference."""
    return round(value, 1)


def table_html(size: str, title: str, metric: dict, n: int) -> str:
    rows = []
    for low, high, count in bins(metric["counts"]):
        rows.append(f'<tr><th scope="row">{bin_label(low, high)}</th>'
                    f'<td>{count}</td><td>{100 * count / n:.1f}%</td></tr>')
    caption = f"{title}, {SIZE_NAMES[size]}"
    return (f'<table class="histogram"><caption>{escape(caption)}</caption><thead><tr><th scope="col">{escape(title)}'
            '</th><th scope="col">Dungeons</th><th scope="col">Share</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>")


def size_html(result: dict) -> str:
    size, n = result["size"], result["n"]
    charts = "".join(f'<figure class="dg-chart"><figcaption>{escape(title)}</figcaption>'
                     f"{chart_svg(size, key, title, result[key], n)}</figure>" for key, title in METRICS)
    tables = "".join(table_html(size, title, result[key], n) for key, title in METRICS)
    return (f"<h3>{SIZE_NAMES[size]}: {n} dungeon{'s' * (n != 1)}</h3>"
            f'<p class="dg-stats-line">{escape(summary_line(result))}</p>'
            f'<div class="dg-charts">{charts}</div>'
            f'<details><summary>Table</summary><div class="dg-tables">{tables}</div></details>')


def results_html(results: list[dict]) -> str:
    return '<div class="stats dg-stats">' + STATS_STYLE + "".join(size_html(r) for r in results) + "</div>"
