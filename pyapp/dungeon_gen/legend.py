"""The map's legend: one entry for every kind of symbol the map draws, and
only those (a small map keeps a small legend). Each entry is drawn with the
map's own classes, so it looks exactly like what it explains."""

from __future__ import annotations

from .. import svg

CELL_W, CELL_H, PAD = 232, 24, 12
MAX_W = 950  # the legend stays within what a page shows of a wide map without scrolling

# (marker: a class the map's drawing carries, text, sample drawing at (x, y))
ENTRIES = (
    ("dg-root", "entrance or stairs landing",
     lambda x, y: svg.el("g", svg.el("circle", cx=x, cy=y, r=8), class_="dg-room dg-root")),
    ("dg-t0", "room of thread 1 (one dot)", lambda x, y: thread_sample(x, y, "dg-t0")),
    ("dg-t1", "room of thread 2 (two dots)", lambda x, y: thread_sample(x, y, "dg-t1")),
    ("dg-t2", "room of thread 3 (three dots)", lambda x, y: thread_sample(x, y, "dg-t2")),
    ("dg-ts", "room of a secret passage's thread (a diamond)", lambda x, y: thread_sample(x, y, "dg-ts")),
    ("dg-spent", "room after every thread was spent",
     lambda x, y: svg.el("g", svg.el("circle", cx=x, cy=y, r=8), class_="dg-room dg-spent")),
    ("dg-dead", "dead end (dashed outline)",
     lambda x, y: svg.el("g", svg.el("circle", cx=x, cy=y, r=8), class_="dg-room dg-dead")),
    ("dg-current", "you are here",
     lambda x, y: svg.el("g", svg.el("circle", cx=x, cy=y, r=8), class_="dg-room dg-current")),
    ("dg-edge", "passage", lambda x, y: svg.el("line", x1=x - 10, y1=y, x2=x + 10, y2=y, class_="dg-edge")),
    ("dg-secret", "secret passage", lambda x, y: svg.el("line", x1=x - 10, y1=y, x2=x + 10, y2=y,
                                                          class_="dg-edge dg-secret")),
    ("dg-loop", "loop-back (near, crossing no passage)",
     lambda x, y: svg.el("line", x1=x - 10, y1=y, x2=x + 10, y2=y, class_="dg-loop")),
    ("dg-far", "loop-back: ⟲7 = to Room 7",
     lambda x, y: svg.el("g", svg.el("line", x1=x - 12, y1=y + 5, x2=x - 7, y2=y), svg.text("⟲7", x=x - 6, y=y + 4),
                         class_="dg-far")),
    ("dg-stub", "unexplored passage",
     lambda x, y: svg.el("g", svg.el("circle", cx=x, cy=y, r=6), class_="dg-stub")),
    ("dg-stairs", "stairs (▼ down, ▲ up)", lambda x, y: stairs(x, y, "")),
    ("dg-unexplored", "stairs not taken yet", lambda x, y: stairs(x, y, " dg-unexplored")),
    ("dg-mark", "? a failed search: search again later",
     lambda x, y: svg.text("?", class_="dg-mark", x=x - 4, y=y + 5)),
    ("dg-gem", "✦ a secret found (room key)", lambda x, y: svg.text("✦", class_="dg-gem", x=x - 5, y=y + 4)),
)


THREAD_DOTS = {"dg-t0": 1, "dg-t1": 2, "dg-t2": 3}


def thread_mark(thread: str, x: float, y: float, dot: float) -> str:
    """A room's thread told by shape as well as by colour: one, two or three dots (threads 1-3) or a
    diamond (a secret passage's thread), in a row centred on (x, y); nothing for other rooms."""
    if thread == "dg-ts":
        d = dot * 1.8
        return svg.el("polygon", class_="dg-pip", points=f"{x},{y - d} {x + d},{y} {x},{y + d} {x - d},{y}")
    count = THREAD_DOTS.get(thread, 0)
    # dots as round rects: the map's circle rules (outline, hover) are for rooms
    return "".join(svg.el("rect", class_="dg-pip", x=round(x + (i - (count - 1) / 2) * dot * 2.6 - dot, 2),
                          y=round(y - dot, 2), width=2 * dot, height=2 * dot, rx=dot) for i in range(count))


def thread_sample(x: float, y: float, thread: str) -> str:
    return svg.el("g", svg.el("circle", cx=x, cy=y, r=8), thread_mark(thread, x, y, 1.5), class_=f"dg-room {thread}")


def stairs(x: float, y: float, extra: str) -> str:
    return svg.el("g", svg.el("rect", x=x - 8, y=y - 8, width=16, height=16, rx=2),
                  svg.text("▼", x=x, y=y + 4), class_="dg-stairs" + extra)


def used(drawing: str) -> list[tuple]:
    """The entries whose marker class the drawing carries."""
    return [entry for entry in ENTRIES if f'{entry[0]}"' in drawing or f"{entry[0]} " in drawing]


def legend(drawing: str, width: float, top: float) -> tuple[list[str], float]:
    """The legend for `drawing` (the map's SVG parts as text), laid out in rows
    under it: (SVG parts, height it takes)."""
    entries = used(drawing)
    if not entries:
        return [], 0
    per_row = max(1, int((min(width, MAX_W) - 2 * PAD) // CELL_W))
    parts = [svg.text("Legend", class_="dg-head dg-legend-head", x=PAD, y=top + 16)]
    for index, (marker, text, sample) in enumerate(entries):
        x = PAD + (index % per_row) * CELL_W + 12
        y = top + 34 + (index // per_row) * CELL_H
        parts.append(svg.el("g", sample(x, y), svg.text(text, class_="dg-legend-text", x=x + 18, y=y + 4),
                            data_symbol=marker))
    rows = -(-len(entries) // per_row)
    return [svg.el("g", *parts, class_="dg-legend")], 34 + rows * CELL_H
