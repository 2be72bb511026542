"""Small histograms for the figures panels (the Dungeon Generator's
statistics and the balance labs): one look for every page.

A histogram here is `counts`, a dict value -> how many runs had it. A chart
is a small SVG at its natural size (never scaled: its text stays readable),
one bar per value or per equal range of values, a <title> on every bar for
hover and touch, min and max under the axis and the median as a dashed line.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import svg
from .markup import escape

MAX_BARS = 16
CHART_W, CHART_H = 150, 118  # px; drawn at natural size, never scaled
PLOT_L, PLOT_R, PLOT_T, PLOT_B = 6, 144, 20, 92  # the bars' box inside the chart
BAR_MAX = 26  # a chart of 2 or 3 values keeps slim bars
# The classes keep the generator's dg- names: its panel came first, and an
# inline <style> applies to the whole page, so every rule stays scoped.
STATS_STYLE = (
    "<style>"
    ".dg-stats h3{margin:1rem 0 .2rem;font-size:1rem}.dg-stats h3:first-of-type{margin-top:.2rem}"
    ".dg-stats-line{margin:0 0 .4rem;font-size:.92rem}"
    ".dg-charts{display:flex;flex-wrap:wrap;gap:.4rem .9rem;margin:0}"
    ".dg-chart{margin:0;max-width:100%}"
    ".dg-chart figcaption{font-size:.85rem;font-weight:600}"
    # light in both schemes: the charts draw dark text
    ".dg-chart svg{display:block;max-width:100%;height:auto;background:#fffdf7;border-radius:4px}"
    ".dg-bar:hover{fill:#0d4a7d}"
    ".dg-stats details{margin:.3rem 0 .6rem}.dg-stats summary{cursor:pointer}"
    ".dg-tables{display:flex;flex-wrap:wrap;gap:.3rem 1.2rem;align-items:start}"
    ".dg-stats table{border-collapse:collapse;font-size:.85rem}"
    ".dg-stats caption{text-align:left;font-weight:600}"
    ".dg-stats th,.dg-stats td{padding:.05rem .5rem .05rem 0;text-align:right;border-bottom:1px solid #e6ddcd}"
    "</style>"
)


@dataclass(frozen=True)
class Words:
    """How a chart names its values and what it counts, e.g. ("room", "rooms") of ("dungeon", "dungeons")."""

    unit: tuple[str, str]
    item: tuple[str, str]
    axis: str = ""  # under the axis; "" for "<units> per <item>"

    def of_unit(self, low: int, high: int) -> str:
        return self.unit[0] if low == high == 1 else self.unit[1]

    def of_item(self, count: int) -> str:
        return self.item[0] if count == 1 else self.item[1]


def median(values: list[int]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def quartiles(values: list[int]) -> tuple[float, float]:
    """The lower and upper quartile: the middle half of the runs lies between them."""
    ordered = sorted(values)
    half = len(ordered) // 2
    lower, upper = ordered[:half] or ordered, ordered[len(ordered) - half:] or ordered
    return median(lower), median(upper)


def counted(values: list[int]) -> dict:
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return counts


def metric(values: list[int]) -> dict:
    """{median, min, max, counts} of some runs' values (at least one)."""
    return {"median": median(values), "min": min(values), "max": max(values), "counts": counted(values)}


def bins(counts: dict) -> list[tuple[int, int, int]]:
    """(low, high, runs) bars: one per value, or equal ranges for wide spreads."""
    low, high = min(counts), max(counts)
    width = max(1, -(-(high - low + 1) // MAX_BARS))
    out = []
    for start in range(low, high + 1, width):
        end = min(high, start + width - 1)
        out.append((start, end, sum(c for v, c in counts.items() if start <= v <= end)))
    return out


def number(value: float) -> str:
    return f"{value:g}"


def bin_label(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def tenth(value: float) -> float:
    """Chart coordinates to a tenth of a pixel: short text, no visible difference."""
    return round(value, 1)


def chart_svg(metric: dict, n: int, words: Words, label: str) -> str:
    """A small vertical-bar histogram of `metric` (see metric()) over n runs;
    `label` names it for screen readers."""
    bars = bins(metric["counts"])
    most = max(count for _, _, count in bars)
    low, high = metric["min"], metric["max"]
    step = bars[0][1] - bars[0][0] + 1
    span = step * len(bars)  # values the x axis covers
    slot = (PLOT_R - PLOT_L) / len(bars)
    bar_w = min(BAR_MAX, slot - (1 if slot > 4 else 0))
    out = [svg.el("line", x1=PLOT_L, y1=PLOT_B + .5, x2=PLOT_R, y2=PLOT_B + .5, stroke="#6b6276")]
    for index, (start, end, count) in enumerate(bars):
        height = (PLOT_B - PLOT_T) * count / most
        x = PLOT_L + index * slot + (slot - bar_w) / 2
        what = (f"{bin_label(start, end)} {words.of_unit(start, end)}: {count} {words.of_item(count)}, "
                f"{100 * count / n:.3g}%")
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
    axis = words.axis or f"{words.unit[1]} per {words.item[0]}"
    out.append(svg.text(axis, x=(PLOT_L + PLOT_R) / 2, y=CHART_H - 4, **small, fill="#6b6276", text_anchor="middle"))
    return svg.el("svg", *out, class_="dg-hist", xmlns=svg.SVG_NS, width=CHART_W, height=CHART_H,
                  viewBox=f"0 0 {CHART_W} {CHART_H}", role="img", aria_label=label, font_family="sans-serif")


def figure_html(caption: str, chart: str) -> str:
    return f'<figure class="dg-chart"><figcaption>{escape(caption)}</figcaption>{chart}</figure>'


def table_html(caption: str, title: str, metric: dict, n: int, item_title: str) -> str:
    """The exact numbers behind a chart: one row per bar."""
    rows = [f'<tr><th scope="row">{bin_label(low, high)}</th><td>{count}</td><td>{100 * count / n:.1f}%</td></tr>'
            for low, high, count in bins(metric["counts"])]
    return (f'<table class="histogram"><caption>{escape(caption)}</caption><thead><tr><th scope="col">{escape(title)}'
            f'</th><th scope="col">{escape(item_title)}</th><th scope="col">Share</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>")


RATE_W, RATE_ROW, RATE_LABEL = 350, 20, 205  # px: a row per bar, its label on the left


def rates_svg(rows: list[tuple[str, float, str]], label: str) -> str:
    """Horizontal bars of shares from 0 to 1: (row label, share, text at the bar's end)."""
    out = []
    plot = RATE_W - RATE_LABEL - 44
    for index, (name, share, note) in enumerate(rows):
        y = index * RATE_ROW
        width = tenth(plot * max(0.0, min(1.0, share)))
        out += [svg.text(name, x=RATE_LABEL - 6, y=y + 14, font_size=11, fill="#221a2e", text_anchor="end"),
                svg.el("rect", svg.title(f"{name}: {note}"), class_="dg-bar", x=RATE_LABEL, y=y + 3,
                       width=max(width, 1), height=RATE_ROW - 6, fill="#1f6fb2"),
                svg.text(note, x=tenth(RATE_LABEL + width + 4), y=y + 14, font_size=11, fill="#221a2e")]
    height = RATE_ROW * len(rows)
    out.append(svg.el("line", x1=RATE_LABEL - .5, y1=0, x2=RATE_LABEL - .5, y2=height, stroke="#6b6276"))
    return svg.el("svg", *out, class_="dg-hist", xmlns=svg.SVG_NS, width=RATE_W, height=height,
                  viewBox=f"0 0 {RATE_W} {height}", role="img", aria_label=label, font_family="sans-serif")
