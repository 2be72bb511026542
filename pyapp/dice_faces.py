"""Die faces as small SVGs for the pages' dice trays (pure text, like every view).

A die the state's latest action rolled carries `data-rolled` (the ruleset's renderer says which: only it
knows its state). The page tumbles those dice briefly when a step has just rolled them (static/agent.mjs,
issue 34); the face drawn is already the engine's, so the tumble is presentation only."""

from __future__ import annotations

from . import svg
from .engine import Roll
from .markup import escape

PIPS = {
    1: [(2, 2)], 2: [(1, 1), (3, 3)], 3: [(1, 1), (2, 2), (3, 3)],
    4: [(1, 1), (3, 1), (1, 3), (3, 3)], 5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)],
    6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)],
}


def die_svg(face: int, sides: int = 6, *, rolled: bool = False) -> str:
    """A d6 shows pips; any other die shows its number and its kind (d3...).
    Screen readers hear "d6 showing 4". `rolled`: the latest action rolled it (data-rolled)."""
    body = [svg.el("rect", x=2, y=2, width=36, height=36, rx=7, fill="#fffdf7", stroke="#2b2622", stroke_width=2)]
    if sides == 6 and face in PIPS:
        body += [svg.el("circle", cx=x * 10, cy=y * 10, r=3.6, fill="#2b2622") for x, y in PIPS[face]]
    else:
        body += [svg.text(face, x=20, y=27, text_anchor="middle", font_size=18, font_family="sans-serif"),
                 svg.text(f"d{sides}", x=34, y=36, text_anchor="end", font_size=8, font_family="sans-serif",
                          fill="#6b6276")]
    return svg.el("svg", *body, class_="die", data_face=face, data_sides=sides, data_rolled=rolled,
                  viewBox="0 0 40 40", role="img", aria_label=f"d{sides} showing {face}")


def roll_figure(what: str, faces: list[int], sides: int = 6, *, rolled: bool = False) -> str:
    """One roll in a tray: what it was for, then its dice (`rolled`: by the latest action)."""
    return (f'<figure class="roll"><figcaption>{escape(what)}</figcaption>'
            f'{"".join(die_svg(face, sides, rolled=rolled) for face in faces)}</figure>')


def caption(entry: Roll) -> str:
    """What a tray says of a roll: what it was for, and what it did when it says so ("Room 6: 3d6 = 6-4-4,
    thread 3 -> dead end")."""
    if not entry.outcome:
        return entry.what
    faces = f"{len(entry.faces)}d{entry.sides} = {'-'.join(map(str, entry.faces))}, " if entry.faces else ""
    return f"{entry.what}: {faces}{entry.outcome}"


def tray_html(rolls: list[Roll], *, rolled: bool, empty: str, kind: str = "") -> str:
    """A page's dice tray: a figure a roll (engine.rolls gives them), or the `empty` sentence; `rolled`: the
    latest action rolled them (engine.just_rolled); `kind`: a class of the ruleset's own beside "tray"."""
    if not rolls:
        return f'<p class="tray empty">{escape(empty)}</p>'
    figures = "".join(roll_figure(caption(entry), entry.faces, entry.sides, rolled=rolled) for entry in rolls)
    return f'<div class="{" ".join(filter(None, ("tray", kind)))}">{figures}</div>'
