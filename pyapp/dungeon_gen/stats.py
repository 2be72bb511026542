"""The Statistics tool: N whole dungeons for each Size, as histograms.

Dungeon i of a Size uses the seed "<game seed>/stats/<size>/<i>", so the
figures are reproducible from the game's seed. Whole dungeons make no
searches, so INT, Dungeoneering and the type change nothing here."""

from __future__ import annotations

from ..markup import escape
from .data import SIZE_NAMES, SIZES
from .rules import new_state

METRICS = (("rooms", "Rooms"), ("levels", "Levels"), ("loops", "Loop-backs"), ("dead_ends", "Dead ends"))
DEFAULT_N, MAX_N, CHUNK = 1000, 20000, 100
MAX_BARS = 16


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


def histogram_html(size: str, title: str, metric: dict, n: int) -> str:
    rows = []
    bars = bins(metric["counts"])
    most = max(count for _, _, count in bars)
    for low, high, count in bars:
        label = str(low) if low == high else f"{low}-{high}"
        width = round(120 * count / most)
        share = f"{100 * count / n:.1f}%"
        rows.append(f'<tr><th scope="row">{label}</th><td>{count}</td><td>{share}</td>'
                    f'<td><svg width="122" height="12" role="img" aria-label="{share}">'
                    f'<rect x="0" y="1" width="{width}" height="10" fill="#1f6fb2"/></svg></td></tr>')
    caption = (f"{title}, {SIZE_NAMES[size]}: median {metric['median']:g}, "
               f"range {metric['min']}-{metric['max']}")
    return (f'<table class="histogram"><caption>{escape(caption)}</caption><thead><tr><th scope="col">{escape(title)}'
            '</th><th scope="col">Dungeons</th><th scope="col">Share</th><th scope="col">Bar</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>")


def results_html(results: list[dict]) -> str:
    parts = []
    for result in results:
        parts.append(f"<h4>{SIZE_NAMES[result['size']]} ({result['n']} dungeons)</h4>")
        parts += [histogram_html(result["size"], title, result[key], result["n"]) for key, title in METRICS]
    return '<div class="stats">' + "".join(parts) + "</div>"
