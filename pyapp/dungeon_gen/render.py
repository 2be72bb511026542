"""Dungeon Generator state -> SVG node map and HTML panels. Pure: text in, text out.

The board shows the current level (each level is its own node map); the
exported SVG stacks every level. Everything from the player (the dungeon
name) is escaped. CSS class names start with "dg-" because an inline SVG's
<style> applies to the whole page."""

from __future__ import annotations

from ..dice_faces import roll_figure
from ..markup import escape
from .data import SIZE_NAMES
from .layout import ROOM_R, SLOT_R, level_layout
from .rules import is_over, legal_actions
from .state import room_name

BOARD_STYLE = (
    "<style>"
    ".dg-bg{fill:#f7f1e3}.dg-head{font:bold 16px sans-serif;fill:#3b2f22}"
    ".dg-edge{fill:none;stroke:#6b5a45;stroke-width:2}.dg-edge.dg-secret{stroke-dasharray:5 3}"
    ".dg-loop{fill:none;stroke:#8e44ad;stroke-width:2;stroke-dasharray:7 4}"
    ".dg-plabel{font:12px sans-serif;fill:#3b2f22;text-anchor:middle}.dg-llabel{font:11px sans-serif;fill:#8e44ad}"
    ".dg-room circle{fill:#fff;stroke:#6b5a45;stroke-width:3}"
    ".dg-room.dg-t0 circle{stroke:#1f6fb2;fill:#e3f0fb}.dg-room.dg-t1 circle{stroke:#2e8b57;fill:#e4f5ea}"
    ".dg-room.dg-t2 circle{stroke:#d2691e;fill:#fbeee2}.dg-room.dg-spent circle{stroke:#888;fill:#eee}"
    ".dg-room.dg-root circle{stroke:#b8860b;fill:#fff4cc}"
    ".dg-room.dg-current circle{stroke:#c0392b;stroke-width:5}"
    ".dg-room.dg-dead circle{stroke-dasharray:3 2}"
    ".dg-num{font:bold 14px sans-serif;fill:#222;text-anchor:middle}"
    ".dg-mark{font:bold 15px sans-serif;fill:#c0392b}.dg-gem{font:12px sans-serif;fill:#b8860b}"
    ".dg-stub circle{fill:#fff;stroke:#6b5a45;stroke-width:2;stroke-dasharray:2 2}"
    ".dg-stairs rect{fill:#3b2f22}.dg-stairs text{font:bold 12px sans-serif;fill:#fff;text-anchor:middle}"
    ".dg-stairs.dg-unexplored rect{fill:#8e6d3b}"
    "[data-action]{cursor:pointer}[data-action]:hover circle,[data-action]:focus circle{stroke-width:5}"
    "</style>"
)

THREAD_CLASS = {0: "dg-t0", 1: "dg-t1", 2: "dg-t2"}


def render(state: dict) -> dict:
    codes = {a.code for a in legal_actions(state)}
    return {"board": board_svg(state, codes), "status": status_html(state), "panel": panel_html(state),
            "dice": dice_html(state["rolls"])}


# ---------------------------------------------------------------- the map
# The map is drawn for 1 unit = 1 px (labels 11-14 px). The page may scale it
# between MIN_SCALE and MAX_SCALE of that (the svg's --map-min-w / --map-max-w,
# for the page's `.board-wrap svg[data-natural]` rule) and scrolls the board box
# beyond; MIN_VIEW_W keeps a 3-room map from being blown up to the column.
MIN_VIEW_W = 400
MIN_SCALE, MAX_SCALE = 0.85, 1.3


LEVEL_GAP = 20


def shown_levels(state: dict) -> list[dict]:
    """While exploring, the level the explorer is on; once the map is closed
    (and always in Whole mode) every level, so a game master sees, prints
    and reads the whole dungeon."""
    return state["levels"] if is_over(state) else [state["levels"][state["at"][0] - 1]]


def stacked_maps(state: dict, levels: list[dict], codes: set[str]) -> tuple[list[str], int, float]:
    """The maps of `levels`, one under another: (SVG parts, width, height)."""
    parts, top, width = [], 0.0, MIN_VIEW_W
    for level in levels:
        layout = level_layout(level, top)
        heading = f"{state['name']}: Level {level['level']} of {len(state['levels'])}"
        parts += level_parts(state, level, layout, codes, top, heading)
        top += layout["height"] + LEVEL_GAP  # the layout's height does not count its top
        width = max(width, layout["width"])
    return parts, width, top - LEVEL_GAP


def board_svg(state: dict, codes: set[str]) -> str:
    levels = shown_levels(state)
    parts, width, height = stacked_maps(state, levels, codes)
    if len(levels) == 1:
        heading = f"{state['name']}: Level {levels[0]['level']} of {len(state['levels'])}"
    else:
        heading = f"{state['name']}: all {len(levels)} levels"
    sizes = f"--map-min-w:{round(MIN_SCALE * width)}px;--map-max-w:{round(MAX_SCALE * width)}px"
    return "".join([
        f'<svg id="board" class="dg-map" xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" style="{sizes}" data-natural="" role="group" '
        f'aria-labelledby="board-title board-desc" data-level="{state["at"][0]}">',
        f'<title id="board-title">{escape(heading)}</title>',
        f'<desc id="board-desc">{escape(map_description(state, levels))}</desc>',
        BOARD_STYLE,
        f'<rect class="dg-bg" x="0" y="0" width="{width:g}" height="{height:g}"/>',
        *parts,
        "</svg>",
    ])


def map_description(state: dict, levels: list[dict]) -> str:
    described = [f"level {level['level']}: {len(level['rooms'])} rooms, {level['open']} unexplored passages"
                 for level in levels]
    where = "" if is_over(state) else f" You are in Room {state['at'][1]}."
    return f"Node map of {'; '.join(described)}.{where}"


def points(path) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in path)


def clickable(code: str, label: str, codes: set[str]) -> str:
    if code not in codes:
        return ""
    return f' data-action="{escape(code)}" tabindex="0" role="button" aria-label="{escape(label)}"'


def level_parts(state: dict, level: dict, layout: dict, codes: set[str], top: float, heading: str) -> list[str]:
    """One level's map: heading, edges under nodes, then slots and rooms."""
    current = state["at"][1] if state["at"][0] == level["level"] and not is_over(state) else None
    out = [f'<text class="dg-head" x="12" y="{top + 20:g}">{escape(heading)}</text>']
    for edge in layout["tree"]:
        way = edge["passage"]
        secret = " dg-secret" if way["secret"] else ""
        out.append(f'<polyline class="dg-edge{secret}" points="{points(edge["points"])}"/>')
        (x1, _), (x2, y2) = edge["points"][-2], edge["points"][-1]
        if way["kind"] != "stairs":
            out.append(f'<text class="dg-plabel" x="{(x1 + x2) / 2:g}" y="{y2 - 5:g}">{escape(way["label"])}</text>')
    for loop in layout["loops"]:
        path = loop["points"]
        out.append(f'<polyline class="dg-loop" points="{points(path)}"><title>Loop-back {escape(loop["labels"][0])} = '
                   f'{escape(loop["labels"][1])}</title></polyline>')
        for (x, y), label in zip(loop["corners"], loop["labels"]):
            out.append(f'<text class="dg-llabel" x="{x + 3:g}" y="{y - 3:g}">{escape(label)}</text>')
    for slot in layout["slots"]:
        out.append(slot_svg(slot, current, codes))
    for number, (x, y) in layout["rooms"].items():
        out.append(room_svg(level, level["rooms"][number - 1], x, y, current, codes))
    return out


def slot_svg(slot: dict, current: int | None, codes: set[str]) -> str:
    way, x, y = slot["passage"], slot["x"], slot["y"]
    if way["kind"] == "stairs":
        down = way["label"] == "down"
        symbol = "▼" if down else "▲"
        where = f"Level {way['level']}" if way["level"] else "an unexplored level"
        text = f"Stairs {'down' if down else 'up'} in Room {slot['room']} to {where}"
        action = clickable("stairs" if slot["room"] == current else f"go {slot['room']}", text, codes)
        state_class = " dg-unexplored" if way["to"] is None else ""
        return (f'<g class="dg-stairs{state_class}" data-stairs="{way["label"]}"{action}><title>{text}</title>'
                f'<rect x="{x - SLOT_R - 2:g}" y="{y - SLOT_R - 2:g}" width="{2 * SLOT_R + 4}" height="{2 * SLOT_R + 4}" rx="2"/>'
                f'<text x="{x:g}" y="{y + 4:g}">{symbol}</text></g>')
    label = f"Unexplored passage {way['label']}" + (" (secret)" if way["secret"] else "")
    action = clickable(f"take {way['label']}", f"{label}: take it", codes) if slot["room"] == current else ""
    return (f'<g class="dg-stub" data-passage="{escape(way["label"])}"{action}><title>{label}</title>'
            f'<circle cx="{x:g}" cy="{y:g}" r="{SLOT_R}"/></g>')


def room_svg(level: dict, room: dict, x: float, y: float, current: int | None, codes: set[str]) -> str:
    n = room["n"]
    classes = ["dg-room"]
    if room["from"] is None:
        classes.append("dg-root")
    else:
        classes.append(THREAD_CLASS.get(room["thread"], "dg-spent"))
    if room["dead"]:
        classes.append("dg-dead")
    if n == current:
        classes.append("dg-current")
    about = room_summary(room)
    action = clickable(f"go {n}", room_label(room), codes)
    here = ' data-current=""' if n == current else ""  # the page keeps it in view
    parts = [f'<g class="{" ".join(classes)}" data-room="{n}"{here}{action}><title>Room {n}: {escape(about)}</title>',
             f'<circle cx="{x:g}" cy="{y:g}" r="{ROOM_R}"/>',
             f'<text class="dg-num" x="{x:g}" y="{y + 4:g}">{n}</text>']
    if room["mark"]:
        parts.append(f'<text class="dg-mark" x="{x + ROOM_R - 2:g}" y="{y - ROOM_R + 4:g}">?</text>')
    if room["secret"]:
        parts.append(f'<text class="dg-gem" x="{x - ROOM_R - 6:g}" y="{y - ROOM_R + 6:g}">✦</text>')
    parts.append("</g>")
    return "".join(parts)


# ---------------------------------------------------------------- text
def plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' * (count != 1)}"


def room_label(room: dict) -> str:
    """A map node's accessible name: 'Room 7: 2 passages unexplored, stairs down (unexplored)'."""
    bits = []
    if room["open"]:
        bits.append(f"{plural(room['open'], 'passage')} unexplored")
    elif room["dead"]:
        bits.append("dead end")
    else:
        bits.append("every passage explored")
    for way in room["passages"]:
        if way["kind"] == "stairs":
            bits.append(f"stairs {way['label']} " + (f"to Level {way['level']}" if way["level"] else "(unexplored)"))
    if room["mark"]:
        bits.append("marked ? (search again)")
    return f"Room {room['n']}: {', '.join(bits)}"


def passage_text(way: dict) -> str:
    label = way["label"]
    if way["kind"] == "stairs":
        where = f"Level {way['level']}" if way["level"] else "unexplored"
        return f"stairs {label} ({where})"
    secret = " (secret)" if way["secret"] else ""
    if way["kind"] == "unexplored":
        return f"{label}{secret} unexplored"
    joins = f" loops to Room {way['to']} ({way['via']})" if way["kind"] == "loop" else f" to Room {way['to']}"
    return f"{label}{secret}{joins}"


def room_summary(room: dict) -> str:
    """One line for the room key: what the room is and where its passages go."""
    bits = []
    if room["from"] is None:
        bits.append("entrance" if not any(p["label"] == "up" for p in room["passages"]) else "stairs landing")
    else:
        bits.append(f"from Room {room['from'][0]} by {room['from'][1]}")
    if room["dead"]:
        bits.append("dead end")
    bits += [passage_text(p) for p in room["passages"]]
    if room["mark"]:
        bits.append("? (a failed search: search again after coming back)")
    elif room["search"] == "passed" and not room["secret"] and not any(p["secret"] for p in room["passages"]):
        bits.append("searched: no secret")
    if room["secret"]:
        bits.append(room["secret"])
    return "; ".join(bits)


def title_line(state: dict) -> str:
    """The article's record line: [Dungeon Name] Size: Small Seed: 2."""
    return f"[{state['name']}] Size: {SIZE_NAMES[state['size']]} Seed: {state['seed_value']}"


def status_html(state: dict) -> str:
    rooms = sum(len(level["rooms"]) for level in state["levels"])
    levels = len(state["levels"])
    if is_over(state) or not state["open"]:
        text = f"Dungeon complete: {rooms} rooms on {levels} level{'s' * (levels != 1)}."
        if not is_over(state):
            text += f" You are in {room_name(*state['at'], levels)}: search rooms, or close the map."
    else:
        level, number = state["at"]
        text = (f"{room_name(level, number, levels)}. {rooms} rooms known, "
                f"{state['open']} passage{'s' * (state['open'] != 1)} or stairs unexplored.")
    return f'<p class="status">{escape(title_line(state))}. {escape(text)}</p>'


def thread_items(state: dict, level: dict) -> str:
    items = []
    for index, value in enumerate(level["threads"]):
        name = f"Thread {index + 1}: "
        if value is None:
            items.append(f"<li>{name}not started yet</li>")
        elif value == 0:
            items.append(f"<li><s>{name}0</s> (spent)</li>")
        else:
            now = " (current)" if index == level["thread"] else ""
            items.append(f"<li>{name}{value}{now}</li>")
    return "".join(items)


def panel_html(state: dict) -> str:
    """The scratch paper (threads, level thread, the record line) and the room key."""
    found = len(state["levels"]) - 1
    parts = ['<section class="scratch" aria-label="Scratch paper">', f"<h3>{escape(title_line(state))}</h3>",
             f"<p>Level thread: {state['level_thread']} (levels found below the first: {found})</p>"]
    for level in state["levels"]:
        parts.append(f"<h4>Level {level['level']} threads</h4><ul>{thread_items(state, level)}</ul>")
    counts = state["counts"]
    parts.append(f"<p>Loop-backs: {counts['loops']}. Dead ends: {counts['dead_ends']}. "
                 f"Searches: {counts['searches']}, secrets found: {counts['secrets']}.</p></section>")
    parts.append('<section class="room-key" aria-label="Room key">')
    for level in shown_levels(state):
        parts.append(f'<h3>Room key, level {level["level"]}</h3><ol>')
        parts += [f'<li value="{room["n"]}">{escape(room_summary(room))}</li>' for room in level["rooms"]]
        parts.append("</ol>")
    parts.append("</section>")
    return "".join(parts)


def dice_html(rolls: list) -> str:
    """What the dice said this step, and what for: 'Room 6: 3d6 = 6-4-4, thread 3 -> dead end'."""
    if not rolls:
        return '<p class="tray empty">No dice rolled this step.</p>'
    # the same dice faces as every page's tray, captioned with the whole sentence
    items = []
    for what, faces, outcome in rolls:
        dice_text = f"{len(faces)}d6 = {'-'.join(str(f) for f in faces)}, " if faces else ""
        items.append(roll_figure(f"{what}: {dice_text}{outcome}", faces))
    return '<div class="tray">' + "".join(items) + "</div>"
