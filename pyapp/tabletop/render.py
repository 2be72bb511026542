"""Tabletop Dungeon state -> SVG board and HTML panels. Pure: text in, text out.

Every clickable thing carries `data-action` (the page plays that code),
`tabindex`, `role="button"` and an `aria-label`. Player names are the
players' own text: they are escaped everywhere.
"""

from __future__ import annotations

from ..markup import escape
from .board import bounds
from .data import BOX, GEAR, HEROES, ITEM_NAMES, LETTER, MAX_WOUNDS, MONSTERS, POTIONS
from .rules import legal_actions
from .state import cleared_count, figures, in_peril, label, monster_name, selected

C = 40  # pixels per square
PAD = 1  # squares of rock around the dungeon

BOARD_STYLE = (
    "<style>"
    ".rock{fill:#2b2622}.sq{stroke:#7d6a52;stroke-width:.6}.room .sq{fill:#b9c9e3}.hall .sq{fill:#ecd98f}"
    ".room.cleared .sq{fill:#d6e2f2}.wall{fill:none;stroke:#1d1915;stroke-width:3}"
    ".tile-n{font:bold 10px sans-serif;fill:#3b3024;opacity:.7}.done{font:bold 11px sans-serif;fill:#2e7d32}"
    ".door.closed{fill:#7a4a1d;stroke:#2b1a0a}.door.damaged{fill:#c98a3c;stroke:#2b1a0a;stroke-dasharray:3 2}"
    ".door.open{fill:#ecd98f;stroke:none}"
    ".reach{fill:#f2c14e;opacity:.45}.reach:hover,.reach:focus{opacity:.85}"
    ".spot{fill:#f2c14e;fill-opacity:.25;stroke:#f2c14e;stroke-width:2;stroke-dasharray:6 3}"
    ".spot.auto{fill-opacity:.45}.spot-n{font:bold 14px sans-serif;fill:#fff}"
    ".mon circle{stroke:#111;stroke-width:1.5}.mon text{font:bold 13px sans-serif;fill:#fff}"
    ".goblin circle{fill:#3f7f3a}.orc circle{fill:#5b3b6e}.dragon circle{fill:#b3261e;stroke:#ffd54f;stroke-width:3}"
    ".mon.target circle{stroke:#ffeb3b;stroke-width:3}.hurt{fill:#ffeb3b}"
    ".hero circle.body{stroke:#fff;stroke-width:2}.hero text{font:bold 14px sans-serif;fill:#fff}"
    ".knight circle.body{fill:#37609a}.barbarian circle.body{fill:#a0522d}.wizard circle.body{fill:#6a3d9a}"
    ".archer circle.body{fill:#2e7d32}.hero.sel circle.body{stroke:#ffeb3b;stroke-width:4}"
    ".hero.threatened circle.body{stroke:#e53935;stroke-width:4}.hero.peril circle.body{stroke-dasharray:4 2}"
    ".hero.invisible{opacity:.5}.pip{fill:#e53935;stroke:#fff;stroke-width:.8}"
    ".threat{fill:#e53935;font:bold 10px sans-serif}[data-action]{cursor:pointer}"
    "</style>"
)


def render(state: dict) -> dict:
    codes = {a.code for a in legal_actions(state)}
    return {"board": board_svg(state, codes), "status": status_html(state),
            "panel": panel_html(state), "dice": dice_html(state)}


def clickable(code: str, text: str) -> str:
    return f' data-action="{escape(code)}" tabindex="0" role="button" aria-label="{escape(text)}"'


# ---------------------------------------------------------------- the map
def board_svg(state: dict, codes: set) -> str:
    x0, y0, x1, y1 = bounds(state)
    left, top = (x0 - PAD) * C, (y0 - PAD) * C
    width, height = (x1 - x0 + 2 * PAD) * C, (y1 - y0 + 2 * PAD) * C
    parts = [
        f'<svg id="board" xmlns="http://www.w3.org/2000/svg" viewBox="{left} {top} {width} {height}" '
        f'role="img" aria-labelledby="board-title board-desc" data-turn="{state["turn"]}" data-phase="{state["phase"]}">',
        '<title id="board-title">Tabletop Dungeon</title>',
        f'<desc id="board-desc">{escape(description(state))}</desc>',
        BOARD_STYLE,
        f'<rect class="rock" x="{left}" y="{top}" width="{width}" height="{height}"/>',
    ]
    for tile in state["tiles"]:
        parts.append(tile_svg(tile))
    for index, door in enumerate(state["doors"]):
        parts.append(door_svg(index, door))
    parts.extend(spots_svg(state, codes))
    parts.extend(reach_svg(codes))
    for m in state["monsters"]:
        parts.append(monster_svg(m, f"a {m['id']}" in codes))
    for hero in state["heroes"]:
        if not hero["out"]:
            parts.append(hero_svg(state, hero, codes))
    parts.append("</svg>")
    return "".join(parts)


def description(state: dict) -> str:
    rooms = sum(1 for t in state["tiles"] if t["kind"] == "room")
    return (f"Turn {state['turn']}: {rooms} rooms, {len(state['tiles']) - rooms} hallways, "
            f"{len(state['monsters'])} monsters on the board.")


def tile_svg(tile: dict) -> str:
    cls = f"tile {tile['kind']}" + (" cleared" if tile["cleared"] else "")
    out = [f'<g class="{cls}" data-tile="{tile["kind"]} {tile["n"]}">']
    for y in range(tile["y"], tile["y"] + tile["h"]):
        for x in range(tile["x"], tile["x"] + tile["w"]):
            out.append(f'<rect class="sq" x="{x * C}" y="{y * C}" width="{C}" height="{C}"/>')
    out.append(f'<rect class="wall" x="{tile["x"] * C}" y="{tile["y"] * C}" width="{tile["w"] * C}" '
               f'height="{tile["h"] * C}"/>')
    name = ("R" if tile["kind"] == "room" else "H") + str(tile["n"])
    out.append(f'<text class="tile-n" x="{tile["x"] * C + 3}" y="{tile["y"] * C + 11}">{name}</text>')
    if tile["kind"] == "room" and tile["cleared"]:
        out.append(f'<text class="done" x="{(tile["x"] + tile["w"]) * C - 14}" y="{tile["y"] * C + 12}">✓</text>')
    out.append("</g>")
    return "".join(out)


def door_svg(index: int, door: dict) -> str:
    (ax, ay), (bx, by) = door["a"], door["b"]
    # the edge between the two squares: a bar across it
    if ax == bx:
        edge_y = max(ay, by) * C
        x, y, w, h = ax * C + 6, edge_y - 4, C - 12, 8
    else:
        edge_x = max(ax, bx) * C
        x, y, w, h = edge_x - 4, ay * C + 6, 8, C - 12
    if door["state"] == "damaged":  # laid on its side: a thinner bar
        x, y, w, h = (x, y + 2, w, h - 4) if ax == bx else (x + 2, y, w - 4, h)
    return (f'<rect class="door {door["state"]}" data-door="{index + 1}" x="{x}" y="{y}" width="{w}" height="{h}">'
            f'<title>Door {index + 1}: {door["state"]}</title></rect>')


def spots_svg(state: dict, codes: set) -> list:
    place = state.get("place")
    if not place or "place 1" not in codes:
        return []
    out = []
    for i, spot in enumerate(place["spots"]):
        auto = " auto" if i == place["auto"] else ""
        code = f"place {i + 1}"
        text = f"Place the {'room' if spot['kind'] == 'room' else 'hallway'} here (choice {i + 1})"
        out.append(f'<g class="spot-g"{clickable(code, text)}><rect class="spot{auto}" x="{spot["x"] * C}" '
                   f'y="{spot["y"] * C}" width="{spot["w"] * C}" height="{spot["h"] * C}"/>'
                   f'<text class="spot-n" x="{spot["x"] * C + 6}" y="{spot["y"] * C + 18}">{i + 1}</text></g>')
    return out


def reach_svg(codes: set) -> list:
    out = []
    for code in sorted(codes):
        if code.startswith("m "):
            _, x, y = code.split()
            out.append(f'<rect class="reach"{clickable(code, f"Move to {x},{y}")} x="{int(x) * C + 2}" '
                       f'y="{int(y) * C + 2}" width="{C - 4}" height="{C - 4}"/>')
    return out


def monster_svg(m: dict, target: bool) -> str:
    cx, cy = m["sq"][0] * C + C / 2, m["sq"][1] * C + C / 2
    letter = {"goblin": "g", "orc": "O", "dragon": "D"}[m["kind"]]
    r = 16 if m["kind"] == "dragon" else 12
    attrs = clickable(f"a {m['id']}", f"Attack {monster_name(m)}") if target else ""
    hurt = f'<circle class="hurt" cx="{cx + 9}" cy="{cy - 9}" r="3"/>' if m["hurt"] else ""
    return (f'<g class="mon {m["kind"]}{" target" if target else ""}" data-monster="{m["id"]}"{attrs}>'
            f'<title>{escape(monster_name(m))}</title><circle cx="{cx}" cy="{cy}" r="{r}"/>'
            f'<text x="{cx}" y="{cy + 5}" text-anchor="middle">{letter}</text>{hurt}</g>')


def hero_svg(state: dict, hero: dict, codes: set) -> str:
    cx, cy = hero["sq"][0] * C + C / 2, hero["sq"][1] * C + C / 2
    classes = ["hero", hero["cls"]]
    if selected(state) is hero:
        classes.append("sel")
    if hero["threats"]:
        classes.append("threatened")
    if in_peril(hero):
        classes.append("peril")
    if hero["invisible"]:
        classes.append("invisible")
    code = f"hero {hero['seat']}"
    attrs = clickable(code, f"Select {label(hero)}") if code in codes else ""
    pips = "".join(f'<circle class="pip" cx="{cx - 12 + 8 * i}" cy="{cy + 15}" r="3"/>' for i in range(hero["wounds"]))
    threat = ""
    if hero["threats"]:
        names = "".join({"goblin": "g", "orc": "O"}.get(m["kind"], "?") for m in hero["threats"])
        threat = f'<text class="threat" x="{cx + 8}" y="{cy - 10}">⚔{names}</text>'
    targets = [m["id"] for m in hero["threats"] if f"a {m['id']}" in codes]
    target = "".join(f'<rect{clickable(f"a {mid}", f"Attack the monster threatening {label(hero)}")} '
                     f'x="{cx + 6}" y="{cy - 20}" width="14" height="12" fill-opacity="0"/>' for mid in targets[:1])
    return (f'<g class="{" ".join(classes)}" data-hero="{hero["seat"]}"{attrs}><title>{escape(label(hero))}</title>'
            f'<circle class="body" cx="{cx}" cy="{cy}" r="14"/>'
            f'<text x="{cx}" y="{cy + 5}" text-anchor="middle">{LETTER[hero["cls"]]}</text>{pips}{threat}</g>{target}')


# ---------------------------------------------------------------- panels
PHASES = {"heroes": "Heroes' phase", "monsters": "Monsters' phase", "saves": "Saving throws",
          "grow": "The dungeon grows", "place": "Place the new tile", "over": "Game over"}


def status_html(state: dict) -> str:
    rooms = sum(1 for t in state["tiles"] if t["kind"] == "room")
    bits = [f"Turn {state['turn']}", PHASES.get(state["phase"], state["phase"])]
    hero = selected(state)
    if hero and state["phase"] == "heroes":
        bits.append(f"acting: {label(hero)} ({hero['moves']} moves left"
                    f"{', has attacked' if hero['attacked'] else ''})")
    bits.append(f"{rooms} rooms ({cleared_count(state)} cleared), {len(state['tiles']) - rooms} hallways")
    bits.append(f"box: {BOX['goblin'] - figures(state, 'goblin')} goblins, {BOX['orc'] - figures(state, 'orc')} orcs")
    if state["dragon"]:
        bits.append("the Dragon is in: the dungeon is complete")
    if state["pending"]:
        who = state["heroes"][state["pending"]["hero"]]
        bits.append(f"{label(who)} may drink Luck to re-roll")
    if state["result"] == "won":
        bits.append("The heroes found the Exit and escaped!")
    elif state["result"] == "lost":
        bits.append("Every hero is out: the dungeon wins.")
    return "<p>" + " · ".join(escape(b) for b in bits) + "</p>"


def panel_html(state: dict) -> str:
    return '<div class="sheets">' + "".join(sheet_html(state, h) for h in state["heroes"]) + "</div>"


def sheet_html(state: dict, hero: dict) -> str:
    data = HEROES[hero["cls"]]
    if hero["out"]:
        condition = "out of the game"
    elif in_peril(hero):
        condition = "in Peril"
    elif hero["threats"]:
        condition = "threatened"
    else:
        condition = "free"
    if hero["invisible"]:
        condition += ", invisible"
    sel = " (acting)" if selected(state) is hero and state["phase"] == "heroes" else ""
    worn = ", ".join(ITEM_NAMES[g] for g in GEAR if g in hero["worn"]) or "nothing"
    carried = [ITEM_NAMES[g] for g in hero["items"]]
    for g in hero["worn"]:
        carried.remove(ITEM_NAMES[g])
    potions = ", ".join(f"{ITEM_NAMES[p]} x{hero['potions'][p]}" for p in POTIONS if hero["potions"][p]) or "none"
    threats = ", ".join(f"{monster_name(m)} ({MONSTERS[m['kind']]['life'] - m['hurt']} life)"
                        for m in hero["threats"]) or "none"
    rows = [
        ("Hit On", f"{data['hit']}+"), ("Save On", f"{data['save']}+"), ("Ability", data["ability"]),
        ("Wounds", f"{hero['wounds']} of {MAX_WOUNDS}"), ("Moves left", str(hero["moves"])),
        ("Attacked", "yes" if hero["attacked"] else "no"), ("Worn", worn),
        ("Carried", ", ".join(carried) or "nothing"), ("Potions", potions), ("On the sheet", threats),
    ]
    body = "".join(f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>" for k, v in rows)
    return (f'<section class="sheet {hero["cls"]}{" out" if hero["out"] else ""}" data-hero="{hero["seat"]}">'
            f'<h3>{escape(hero["name"])} - {escape(data["name"])}{escape(sel)}</h3>'
            f'<p>{escape(condition)}</p><table>{body}</table></section>')


def dice_html(state: dict) -> str:
    if not state["rolls"]:
        return "<p>No dice rolled yet.</p>"
    items = "".join(f"<li>{escape(what)}: <b>{face}</b> (d{sides})</li>" for what, sides, face in state["rolls"])
    return f'<ul class="rolls">{items}</ul>'

