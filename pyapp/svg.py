"""SVG text for every board: elements with escaped attributes, text, and the
clickable group every board uses.

Boards are built as strings (cheap in Pyodide, easy to test by substring).
This module is the one place that writes a tag, so every attribute value and
every text is escaped, and every clickable thing on every board has the same
accessible shape: a focusable group with role=button, an aria-label and the
data-action the page plays (see static/agent.mjs's click and key handlers).

Attribute names are given as keywords: a trailing underscore is dropped
(`class_`) and other underscores become hyphens (`data_action`,
`aria_label`, `text_anchor`). A value of None or False leaves the attribute
out; True writes it empty (`data-current=""`).
"""

from __future__ import annotations

from .markup import escape

SVG_NS = "http://www.w3.org/2000/svg"


def num(value) -> str:
    """A coordinate as short text: 40 not 40.0, 42.5 as it is."""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:.10g}"
    return str(value)


def at(cx: float, cy: float) -> str:
    """A figure's place on a board as data-at ("x,y"): where the page finds it moved from (issue 34)."""
    return f"{num(cx)},{num(cy)}"


_NAMES: dict[str, str] = {}  # keyword -> attribute name: a board asks for the same few hundred times a redraw


def _name(key: str) -> str:
    name = _NAMES.get(key)
    if name is None:
        name = _NAMES[key] = key.rstrip("_").replace("_", "-")
    return name


def _value(value) -> str:
    kind = type(value)
    if kind is str:  # the common cases first, by exact type: a redraw writes tens of thousands of values
        return escape(value)
    if kind is int:
        return str(value)
    if value is True:
        return ""
    if isinstance(value, (int, float)):
        return num(value)
    return escape(str(value))


def attrs(**named) -> str:
    """' a="1" b="2"': the attributes in the order given, values escaped."""
    return "".join([f' {_name(k)}="{_value(v)}"' for k, v in named.items() if v is not None and v is not False])


def el(tag: str, *children: str, **named) -> str:
    """One element; `children` are markup already made by this module (or
    empty strings, which are skipped). No children: a self-closed tag."""
    inner = "".join(children)
    if not inner:
        return f"<{tag}{attrs(**named)}/>"
    return f"<{tag}{attrs(**named)}>{inner}</{tag}>"


def text(content, **named) -> str:
    """A <text> element holding `content` as escaped text."""
    return f"<text{attrs(**named)}>{escape(str(content))}</text>"


def title(content, **named) -> str:
    """A <title>: the tooltip, and the name of a group that has no aria-label."""
    return f"<title{attrs(**named)}>{escape(str(content))}</title>"


def desc(content, **named) -> str:
    return f"<desc{attrs(**named)}>{escape(str(content))}</desc>"


def clickable(code: str, label: str) -> dict:
    """The attributes that make a group a button the page plays: merge them
    into an element, e.g. `el("g", ..., class_="go", **clickable(code, label))`.
    The label is the accessible name: it must contain the group's visible
    text (WCAG "label in name"; tests/test_board_svg.py checks it)."""
    return {"data_action": code, "tabindex": "0", "role": "button", "aria_label": label}


def button(code: str, label: str, *children: str, **named) -> str:
    """A clickable group (see `clickable`)."""
    return el("g", *children, **named, **clickable(code, label))


def root(*children: str, **named) -> str:
    """The <svg> element of a board or of an exported map (its id first, as the page's tests read it)."""
    ident = {"id": named.pop("id")} if "id" in named else {}
    return el("svg", *children, **ident, xmlns=SVG_NS, **named)


def style(css: str) -> str:
    """A <style> block for a drawing shown outside the page (an exported file):
    the page itself gets each board's CSS once, from its stylesheet."""
    return f"<style>{css}</style>" if css else ""




# ---------------------------------------------------------------- the view: what part of the map a board shows
# A box is (left, top, width, height) in the board's own units. A board's viewBox is the box of what it draws
# (its backdrops aside: the rock or paper the map lies on, marked data-backdrop) with a small margin, so the
# page scales the explored map to fill its frame; the page's zoom and pan (static/board_view.mjs) start from it.
Box = tuple[float, float, float, float]


def union(boxes) -> Box | None:
    """The smallest box holding every box of `boxes` (None when there is none)."""
    boxes = list(boxes)
    if not boxes:
        return None
    left = min(b[0] for b in boxes)
    top = min(b[1] for b in boxes)
    right = max(b[0] + b[2] for b in boxes)
    bottom = max(b[1] + b[3] for b in boxes)
    return left, top, right - left, bottom - top


def fit_view(content: Box, margin: float, least: float = 0) -> Box:
    """The view of `content` with `margin` units around it, at least `least` units each way (centred)."""
    left, top, width, height = content
    wide, high = max(width + 2 * margin, least), max(height + 2 * margin, least)
    return left - (wide - width) / 2, top - (high - height) / 2, wide, high


def view_box(box: Box) -> str:
    """A box as a viewBox attribute's text."""
    return " ".join(num(round(float(v), 2)) for v in box)
