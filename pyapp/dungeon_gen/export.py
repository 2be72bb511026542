"""Files for the page's downloads: the map as SVG and JSON, the room key as Markdown.

Map JSON format ("dice-dungeons/dungeon-map", version 1):

    {"format": "dice-dungeons/dungeon-map", "version": 1,
     "seed": seed text, "name": dungeon name, "size": "small"|"medium"|"large",
     "seed_value": the Dungeon Seed, "type": dungeon type, "complete": bool,
     "levels": [{"level": 1, "from": null | {"level", "room"} (the stairs down
                 that lead here), "threads": [value or null (not started)],
                 "rooms": [{"number", "from": null | {"room", "label"},
                            "thread": 1-based thread that rolled it or null,
                            "dead_end": bool, "mark": "" | "?", "secret": text,
                            "passages": [{"label", "to", "kind", "secret"}]}]}]}

Passage kinds: "unexplored" (to: null), "room" (to: the room first found
through it), "loop" (to: the room it joins; "via": that room's passage, the
same passage seen from the other end), "stairs" (label "down" or "up";
"level": the other level, to: the room there; null while unfollowed).
"""

from __future__ import annotations

import json

from .. import svg
from .board_css import BOARD_CSS
from .explore import mapped
from .render import room_summary, stacked_maps, title_line
from .view import visible_levels

FORMAT = "dice-dungeons/dungeon-map"
VERSION = 1


def map_svg(state: dict) -> str:
    """Every level stacked, as a standalone SVG file (nothing clickable), with its style inside."""
    parts, width, height = stacked_maps(state, visible_levels(state), {})
    drawing = svg.root(svg.title(title_line(state)), svg.style(BOARD_CSS),
                       svg.el("rect", class_="dg-bg", x=0, y=0, width=width, height=height), *parts,
                       width=width, height=height, viewBox=f"0 0 {svg.num(width)} {svg.num(height)}")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + drawing + "\n"


def passage_json(way: dict) -> dict:
    out = {"label": way["label"], "to": way["to"], "kind": way["kind"], "secret": way["secret"]}
    if "via" in way:
        out["via"] = way["via"]
    if way["kind"] == "stairs":
        out["level"] = way["level"]
    return out


def room_json(room: dict) -> dict:
    return {
        "number": room["n"],
        "from": None if room["from"] is None else {"room": room["from"][0], "label": room["from"][1]},
        "thread": None if room["thread"] is None else room["thread"] + 1,
        "dead_end": room["dead"], "mark": room["mark"], "secret": room["secret"],
        "passages": [passage_json(p) for p in room["passages"]],
    }


def map_json(state: dict) -> str:
    levels = [{"level": level["level"],
               "from": None if level["from"] is None else {"level": level["from"][0], "room": level["from"][1]},
               "threads": list(level["threads"]), "rooms": [room_json(r) for r in level["rooms"]]}
              for level in visible_levels(state)]
    data = {"format": FORMAT, "version": VERSION, "seed": state["seed"], "name": state["name"], "size": state["size"],
            "seed_value": state["seed_value"], "type": state["opts"]["type"], "complete": mapped(state),
            "levels": levels}
    return json.dumps(data, indent=1, ensure_ascii=False)


def markdown_text(text: str) -> str:
    """Markdown's active characters escaped (the name is the player's text)."""
    return "".join("\\" + ch if ch in "\\`*_[]<>|" else ch for ch in text)


def room_key_markdown(state: dict) -> str:
    lines = [f"# {markdown_text(title_line(state))}", ""]
    for level in visible_levels(state):
        lines += [f"## Level {level['level']}", ""]
        for room in level["rooms"]:
            lines.append(f"- **Room {room['n']}**: {markdown_text(room_summary(room))}")
        lines.append("")
    return "\n".join(lines)

