"""Dungeon Generator state -> SVG node map and HTML panels. Pure: text in, text out.

The board shows the current level (each level is its own node map); the
exported SVG stacks every level. Everything from the player (the dungeon
name) is escaped (pyapp/svg.py escapes every text and attribute). The map
draws what the legal actions offer: rooms (target ("room", n)), passages
(("passage", label)) and stairs (("stairs", n)). Its style is board_css.py."""

from __future__ import annotations

from .. import svg
from ..dice_faces import tray_html
from ..engine import BOARD_ID, Action, View, by_target, just_rolled, rolls
from ..markup import escape
from . import explore
from .data import SIZE_NAMES
from .layout import ROOM_R, SLOT_R, level_layout
from .legend import legend, thread_mark
from .level_tree import tree_svg
from .rules import is_over
from .state import TRAY, room_name
from .view import rooms_by_number, visible_levels

THREAD_CLASS = {0: "dg-t0", 1: "dg-t1", 2: "dg-t2"}


def render(state: dict, legal: list[Action]) -> View:
    return View(board=board_svg(state, by_target(legal)), status=status_html(state), panel=panel_html(state),
                dice=dice_html(state))


# ---------------------------------------------------------------- the map
# The map is drawn for 1 unit = 1 px (labels 11-14 px). The page scales the whole
# of it to fill its frame, and its zoom and pan (static/board_view.mjs) bring a
# large map's labels back up to size; MIN_VIEW_W keeps a 3-room map from being
# blown up to the column.
MIN_VIEW_W = 400


LEVEL_GAP = 20


def shown_levels(state: dict) -> list[dict]:
    """While exploring, the level the explorer is on; once the map is closed
    (and always in Whole mode) every level, so a game master sees, prints
    and reads the whole dungeon. Known rooms only (view.py)."""
    levels = visible_levels(state)
    return levels if is_over(state) else [lv for lv in levels if lv["level"] == state["at"][0]]


def stacked_maps(state: dict, levels: list[dict], offers: dict) -> tuple[list[str], int, float]:
    """The maps of `levels`, one under another, then the legend of what they
    draw: (SVG parts, width, height). `offers` maps a target to the legal
    action played by clicking it ({}: nothing clickable)."""
    parts, top, width = [], 0.0, MIN_VIEW_W
    for level in levels:
        layout = level_layout(level, top)
        heading = level_heading(state, level)
        parts += level_parts(state, level, layout, offers, top, heading)
        top += layout["height"] + LEVEL_GAP  # the layout's height does not count its top
        width = max(width, layout["width"])
    key, height = legend("".join(parts), width, top - LEVEL_GAP)
    return parts + key, width, top - LEVEL_GAP + height


def level_heading(state: dict, level: dict) -> str:
    """'Name: Level 2' while exploring (how many there are is not known yet); 'of N' once closed."""
    total = f" of {len(state['levels'])}" if is_over(state) else ""
    return f"{state['name']}: Level {level['level']}{total}"


def board_svg(state: dict, offers: dict) -> str:
    levels = shown_levels(state)
    parts, width, height = stacked_maps(state, levels, offers)
    heading = level_heading(state, levels[0]) if len(levels) == 1 else f"{state['name']}: all {len(levels)} levels"
    return svg.root(
        svg.title(heading, id="board-title"), svg.desc(map_description(state, levels), id="board-desc"),
        svg.el("rect", class_="dg-bg", data_backdrop=True, x=0, y=0, width=width, height=height), *parts,
        id=BOARD_ID, class_="dg-map dg-has-print" if print_copy_shown(state) else "dg-map", width=width,
        height=height, viewBox=f"0 0 {svg.num(width)} {svg.num(height)}",
        role="group", aria_labelledby="board-title board-desc",
        data_level=state["at"][0])


def map_description(state: dict, levels: list[dict]) -> str:
    described = [f"level {level['level']}: {len(level['rooms'])} rooms, {level['open']} unexplored passages"
                 for level in levels]
    where = "" if is_over(state) else f" You are in Room {state['at'][1]}."
    return f"Node map of {'; '.join(described)}.{where}"


def points(path) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in path)


def group(action: Action | None, label: str, *children: str, **named) -> str:
    """A <g>: a button playing `action` when the map offers one, else a plain group."""
    if action is None:
        return svg.el("g", *children, **named)
    return svg.button(action.code, label, *children, **named)


def level_parts(state: dict, level: dict, layout: dict, offers: dict, top: float, heading: str) -> list[str]:
    """One level's map: heading, edges under nodes, then slots and rooms."""
    current = state["at"][1] if state["at"][0] == level["level"] and not is_over(state) else None
    out = [svg.text(heading, class_="dg-head", x=12, y=top + 20)]
    for edge in layout["tree"]:
        way = edge["passage"]
        secret = " dg-secret" if way["secret"] else ""
        out.append(svg.el("polyline", class_=f"dg-edge{secret}", points=points(edge["points"])))
        (x1, _), (x2, y2) = edge["points"][-2], edge["points"][-1]
        if way["kind"] != "stairs":
            out.append(svg.text(way["label"], class_="dg-plabel", x=(x1 + x2) / 2, y=y2 - 5))
    for loop in layout["loops"]:
        path = loop["points"]
        out.append(svg.el("polyline", svg.title(f"Loop-back {loop['labels'][0]} = {loop['labels'][1]}"),
                          class_="dg-loop", points=points(path)))
        for (x, y), label in zip(loop["corners"], loop["labels"]):
            out.append(svg.text(label, class_="dg-llabel", x=x + 3, y=y - 3))
    for stub in layout["stubs"]:
        out.append(stub_svg(stub, offers))
    for slot in layout["slots"]:
        out.append(slot_svg(slot, current, offers))
    rooms = rooms_by_number(level)
    for number, (x, y) in layout["rooms"].items():
        out.append(room_svg(level, rooms[number], x, y, current, offers))
    return out


def stub_svg(stub: dict, offers: dict) -> str:
    """One end of a loop-back to a far room: a short line from the room to a tag
    naming the other room ("⟲37"); its title says which passages it joins.
    While exploring, the tag walks to the room it names (as a click on that
    room does), which then shows as "you are here" and is scrolled into view."""
    (x1, y1), (x2, y2) = stub["points"]
    here, there = stub["labels"]
    about = f"Loop-back {here} = {there} to Room {stub['to']}"
    label = f"Room {stub['to']}: walk there, by loop-back {here} = {there} (⟲{stub['to']})"
    return group(offers.get(("room", stub["to"])), label, svg.title(about),
                 svg.el("line", x1=x1, y1=y1, x2=x2, y2=y2), svg.text(f"⟲{stub['to']}", x=x2 + 2, y=y2 + 3.5),
                 class_="dg-far", data_room=stub["room"], data_to=stub["to"])


def slot_svg(slot: dict, current: int | None, offers: dict) -> str:
    way, x, y = slot["passage"], slot["x"], slot["y"]
    if way["kind"] == "stairs":
        down = way["label"] == "down"
        symbol = "▼" if down else "▲"
        where = f"Level {way['level']}" if way["level"] else "an unexplored level"
        text = f"Stairs {'down' if down else 'up'} in Room {slot['room']} to {where}"
        # in the room the explorer stands in, the stairs are taken; elsewhere they lead to their room
        target = ("stairs", slot["room"]) if slot["room"] == current else ("room", slot["room"])
        state_class = " dg-unexplored" if way["to"] is None else ""
        box = svg.el("rect", x=x - SLOT_R - 2, y=y - SLOT_R - 2, width=2 * SLOT_R + 4, height=2 * SLOT_R + 4, rx=2)
        return group(offers.get(target), text, svg.title(text), box, svg.text(symbol, x=x, y=y + 4),
                     class_=f"dg-stairs{state_class}", data_stairs=way["label"])
    label = f"Unexplored passage {way['label']}" + (" (secret)" if way["secret"] else "")
    action = offers.get(("passage", way["label"])) if slot["room"] == current else None
    return group(action, f"{label}: take it", svg.title(label), svg.el("circle", cx=x, cy=y, r=SLOT_R),
                 class_="dg-stub", data_passage=way["label"])


def room_svg(level: dict, room: dict, x: float, y: float, current: int | None, offers: dict) -> str:
    n = room["n"]
    classes = ["dg-room"]
    if room["root"]:
        classes.append("dg-root")
    else:
        secret = room["thread"] is not None and room["thread"] >= len(level["threads"])
        classes.append("dg-ts" if secret else THREAD_CLASS.get(room["thread"], "dg-spent"))
    if room["dead"]:
        classes.append("dg-dead")
    if n == current:
        classes.append("dg-current")
    about = room_summary(room)
    parts = [svg.title(f"Room {n}: {about}"), svg.el("circle", cx=x, cy=y, r=ROOM_R),
             svg.text(n, class_="dg-num", x=x, y=y + 4), thread_mark(classes[1], x, y + 9.5, 1.7)]
    if room["mark"]:
        parts.append(svg.text("?", class_="dg-mark", x=x + ROOM_R - 2, y=y - ROOM_R + 4))
    if room["secret"]:
        parts.append(svg.text("✦", class_="dg-gem", x=x - ROOM_R - 6, y=y - ROOM_R + 6))
    # data-current: the page keeps the explorer's room in view
    return group(offers.get(("room", n)), room_label(room), *parts, class_=" ".join(classes), data_room=n,
                 data_current=n == current)


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
    if way.get("entry"):
        return f"{label}{secret} unexplored (the passage this room was first found through)"
    joins = f" loops to Room {way['to']} ({way['via']})" if way["kind"] == "loop" else f" to Room {way['to']}"
    return f"{label}{secret}{joins}"


def room_summary(room: dict) -> str:
    """One line for the room key: what the room is and where its passages go."""
    bits = []
    if room["root"]:
        bits.append("entrance" if not any(p["label"] == "up" for p in room["passages"]) else "stairs landing")
    elif room["from"] is None:
        bits.append("reached another way than its first passage")
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
    known = visible_levels(state)
    rooms = sum(len(level["rooms"]) for level in known)
    levels = len(known)
    left = explore.open_count(state)
    if is_over(state) or explore.mapped(state):
        text = f"Dungeon complete: {rooms} rooms on {levels} level{'s' * (levels != 1)}."
        if not is_over(state):
            level, number = state["at"]
            text += f" You are in {room_name(level, number, levels)}: search rooms, or close the map."
    else:
        level, number = state["at"]
        text = (f"{room_name(level, number, levels)}. {rooms} rooms known, "
                f"{left} passage{'s' * (left != 1)} or stairs unexplored.")
    return f'<p class="status">{escape(title_line(state))}. {escape(text)}</p>'


def in_use(state: dict, level: dict) -> int | None:
    """The thread in use: the one the next new room of the explorer's level
    would roll against, while that level still has passages to roll. None in
    Whole mode, on other levels and once the level is done."""
    truth = state["levels"][level["level"] - 1]
    if is_over(state) or level["level"] != state["at"][0] or not truth["open"]:
        return None
    return truth["thread"]


def thread_items(state: dict, level: dict) -> str:
    current = in_use(state, level)
    items = []
    for index, value in enumerate(level["threads"]):
        name = f"Thread {index + 1}: "
        if value is None:
            items.append(f"{name}not started yet")
        elif value == 0:
            items.append(f"<s>{name}0</s> (spent)")
        else:
            now = " (current)" if index == current else ""
            items.append(f"{name}{value}{now}")
    for _, label, value in level["secret_threads"]:
        items.append(f"secret thread of {label}: " + ("<s>0</s> (spent)" if not value else str(value)))
    return "; ".join(items)


def print_copy_shown(state: dict) -> bool:
    return not is_over(state) and len(visible_levels(state)) > 1


def print_copy(state: dict) -> str:
    """While exploring a dungeon of several known levels, every one of them as a
    second map (id board-print) that only print shows and the PNG download draws."""
    if not print_copy_shown(state):
        return ""
    levels = visible_levels(state)
    parts, width, height = stacked_maps(state, levels, {})
    drawing = svg.root(svg.title(f"{state['name']}: all {len(levels)} levels known"),
                       svg.el("rect", class_="dg-bg", x=0, y=0, width=width, height=height), *parts,
                       id="board-print", class_="dg-map", width=width, height=height,
                       viewBox=f"0 0 {svg.num(width)} {svg.num(height)}")
    return f'<div class="dg-print" aria-hidden="true">{drawing}</div>'


def levels_html(state: dict) -> str:
    """The level tree beside the node map, once there is more than one level."""
    levels = visible_levels(state)
    if len(levels) < 2:
        return ""
    here = None if is_over(state) else state["at"][0]
    return f'<figure class="dg-levels"><figcaption>Level tree</figcaption>{tree_svg(levels, here)}</figure>'


def panel_html(state: dict) -> str:
    """The level tree, the scratch paper (threads, level thread, the record line),
    the room key, and the print copy of every level."""
    known = visible_levels(state)
    parts = [levels_html(state), '<section class="scratch" aria-label="Scratch paper">',
             f"<h3>{escape(title_line(state))}</h3>",
             f"<p>Level thread: {state['level_thread']} (levels entered below the first: {len(known) - 1})</p>"]
    parts.append('<ul class="dg-threads">')  # one line per level keeps the panel short for deep dungeons
    for level in known:
        parts.append(f"<li>Level {level['level']}: {thread_items(state, level)}</li>")
    parts.append("</ul>")
    counts = state["counts"]
    parts.append(f"<p>Loop-backs: {counts['loops']}. Dead ends: {counts['dead_ends']}. "
                 f"Searches: {counts['searches']}, secrets found: {counts['secrets']}.</p></section>")
    parts.append('<section class="room-key" aria-label="Room key">')
    for level in shown_levels(state):
        parts.append(f'<h3>Room key, level {level["level"]}</h3><ol>')
        parts += [f'<li value="{room["n"]}">{escape(room_summary(room))}</li>' for room in level["rooms"]]
        parts.append("</ol>")
    parts.append("</section>")
    parts.append(print_copy(state))
    return "".join(parts)


def dice_html(state: dict) -> str:
    """What the dice said this step, and what for: 'Room 6: 3d6 = 6-4-4, thread 3 -> dead end'. Every step
    starts an empty tray (rules.apply), so every die shown was rolled by the latest action (data-rolled)."""
    return tray_html(rolls(state, TRAY), rolled=just_rolled(state, TRAY), empty="No dice rolled this step.")
