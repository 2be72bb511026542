"""Tabletop Dungeon state -> SVG board and HTML panels. Pure: text in, text out.

Every clickable thing carries `data-action` (the page plays that code),
`tabindex`, `role="button"` and an `aria-label`. Player names are the
players' own text: they are escaped everywhere.

The board's own <style> also styles the hero sheets and the dice tray
(an inline <style> applies to the whole page): every new class there has
the `tt-` prefix, and the board's older classes are scoped to `#board`.
Squares are named "row r, column c" counted from the dungeon's top-left
square; the numbers are drawn in the rock around the dungeon.
"""

from __future__ import annotations

from ..markup import escape
from . import board as geo
from .board import bounds, sq_of
from .data import LETTER, MAX_WOUNDS
from .heroes import destinations
from .rules import chance, legal_actions
from .sheets import dice_html, panel_html, status_html
from .state import find_monster, in_peril, label, monster_at, monster_name, selected

C = 40  # pixels per square
PAD = 1  # squares of rock around the dungeon

__all__ = ["render", "board_svg", "clickable", "dice_html", "panel_html", "status_html"]

BOARD_STYLE = (
    "<style>"
    # the map
    "#board .rock{fill:#2b2622}#board .sq{stroke:#7d6a52;stroke-width:.6}#board .room .sq{fill:#b9c9e3}"
    "#board .hall .sq{fill:#ecd98f}#board .room.cleared .sq{fill:#d6e2f2}"
    "#board .wall{fill:none;stroke:#1d1915;stroke-width:3}"
    ".tt-coord{font:10px sans-serif;fill:#a8977f;text-anchor:middle}"
    ".tt-label{font:bold 10px sans-serif;fill:#3b3024;stroke:#f6f1e4;stroke-width:3px;paint-order:stroke;"
    "stroke-linejoin:round;pointer-events:none}.tt-label .tt-done{fill:#2e7d32}"
    ".tt-label.tt-outside{fill:#f1e6cf;stroke:none}.tt-label.tt-outside .tt-done{fill:#81c784}"
    # doors: closed = a solid plank in the wall; damaged = a pale cracked plank laid down; open = a gap
    "#board .door.closed .tt-plank{fill:#6d3f16;stroke:#1d1108;stroke-width:1.5}"
    "#board .door.damaged .tt-plank{fill:#e7b36a;stroke:#6d3f16;stroke-width:1.2;stroke-dasharray:3 2}"
    ".tt-crack{fill:none;stroke:#4a2a0c;stroke-width:1.4}"
    "#board .door.open .tt-gap{fill:#ecd98f}.tt-jamb{fill:#1d1915}"
    ".tt-door-n{font:bold 7px sans-serif;fill:#fff;text-anchor:middle;pointer-events:none}"
    "#board .door.damaged .tt-door-n{fill:#2b1a0a}"
    ".tt-besieged .tt-plank{stroke:#e53935!important;stroke-width:2.5!important}"
    # where the selected hero may go
    ".tt-reach .tt-tint{fill:#ffe082;fill-opacity:.42;stroke:#ffb300;stroke-width:1.5}"
    ".tt-reach .tt-dot{fill:#5d4037;fill-opacity:.8}"
    ".tt-reach .tt-steps{font:bold 8px sans-serif;fill:#fff;text-anchor:middle;pointer-events:none}"
    ".tt-reach.tt-fight .tt-tint{fill:#ef5350;fill-opacity:.38;stroke:#c62828;stroke-width:2;stroke-dasharray:5 3}"
    ".tt-badge{fill:#c62828;stroke:#fff;stroke-width:1}.tt-swords{stroke:#fff;stroke-width:1.6;stroke-linecap:round}"
    ".tt-reach:hover .tt-tint,.tt-reach:focus .tt-tint{fill-opacity:.75;stroke:#3e2723;stroke-width:3}"
    ".tt-reach:focus-visible .tt-tint{stroke:#1a73e8;stroke-width:4}"
    # placement choices
    ".tt-spot .tt-area{fill:#4fc3f7;fill-opacity:.22;stroke:#4fc3f7;stroke-width:3;stroke-dasharray:8 4}"
    ".tt-spot.tt-auto .tt-area{fill-opacity:.35;stroke:#b3e5fc}"
    ".tt-spot .tt-num{fill:#0277bd;stroke:#fff;stroke-width:2}"
    ".tt-spot text{font:bold 14px sans-serif;fill:#fff;text-anchor:middle;pointer-events:none}"
    ".tt-spot .tt-auto-n{font:bold 9px sans-serif;fill:#e1f5fe}"
    ".tt-spot:hover .tt-area,.tt-spot:focus .tt-area{fill-opacity:.6;stroke:#fff}"
    ".tt-spot:focus-visible .tt-area{stroke:#1a73e8;stroke-width:5}"
    # monsters
    "#board .mon circle.tt-body{stroke:#111;stroke-width:1.5}#board .mon text{font:bold 13px sans-serif;fill:#fff;"
    "pointer-events:none}#board .goblin .tt-body{fill:#3f7f3a}#board .orc .tt-body{fill:#5b3b6e}"
    "#board .dragon .tt-body{fill:#b3261e;stroke:#ffd54f!important;stroke-width:3!important}"
    "#board .mon{pointer-events:none}#board .mon.target{pointer-events:auto}#board .hurt{fill:#ffeb3b;stroke:#111}"
    ".tt-aim{fill:none;stroke:#ffca28;stroke-width:3}.tt-aim-under{fill:none;stroke:#1d1915;stroke-width:5.5}"
    ".tt-aim-hit{fill:#ffca28;fill-opacity:0}"
    "#board .mon.target:hover .tt-aim-hit,#board .mon.target:focus .tt-aim-hit{fill-opacity:.35}"
    "#board .mon.target:hover .tt-aim,#board .mon.target:focus .tt-aim{stroke:#fff}"
    "#board .mon.target:focus-visible .tt-aim-under{stroke:#1a73e8;stroke-width:8}"
    ".tt-trail{fill:none;stroke:#fff;stroke-opacity:.55;stroke-width:5;stroke-linecap:round;stroke-linejoin:round;"
    "stroke-dasharray:1 9}.tt-trail-start{fill:none;stroke:#fff;stroke-opacity:.7;stroke-width:2;stroke-dasharray:3 2}"
    ".tt-moved-ring{fill:none;stroke:#fff;stroke-width:3;stroke-opacity:.9}"
    # heroes
    "#board .hero circle.body{stroke:#fff;stroke-width:2}#board .hero text{font:bold 14px sans-serif;fill:#fff;"
    "pointer-events:none}#board .knight circle.body{fill:#37609a}#board .barbarian circle.body{fill:#a0522d}"
    "#board .wizard circle.body{fill:#6a3d9a}#board .archer circle.body{fill:#2e7d32}"
    "#board .hero.threatened circle.body{stroke:#e53935;stroke-width:4}"
    "#board .hero.peril circle.body{stroke-dasharray:5 2}.tt-peril-ring{fill:none;stroke:#e53935;stroke-width:2}"
    "#board .hero.invisible{opacity:.55}#board .hero.invisible circle.body{stroke-dasharray:2 3}"
    ".tt-sel-sq{fill:#ffeb3b;fill-opacity:.35;stroke:#ffeb3b;stroke-width:3.5}"
    ".tt-sel-under{fill:none;stroke:#1d1915;stroke-width:6.5}.tt-sel{pointer-events:none}"
    "#board .hero.sel circle.body{stroke-width:4}#board .hero.sel:not(.threatened) circle.body{stroke:#ffeb3b}"
    "#board .pip{fill:#e53935;stroke:#fff;stroke-width:1}.tt-pip-free{fill:#fff;fill-opacity:.35;stroke:#fff;"
    "stroke-width:1}"
    ".tt-chip{stroke:#e53935;stroke-width:1.6}.tt-chip.goblin{fill:#3f7f3a}.tt-chip.orc{fill:#5b3b6e}"
    ".tt-chip.dragon{fill:#b3261e}.tt-chip-l{font:bold 8px sans-serif;fill:#fff;text-anchor:middle;"
    "pointer-events:none}.tt-chip-g.target .tt-chip{stroke:#ffca28;stroke-width:2.4}"
    ".tt-chip-g.target:hover .tt-chip,.tt-chip-g.target:focus .tt-chip{stroke:#fff;stroke-width:3}"
    ".tt-chip-g.target:focus-visible .tt-chip{stroke:#1a73e8;stroke-width:3.5}"
    "#board .hero[data-action]:hover circle.body,#board .hero[data-action]:focus circle.body{stroke:#ffeb3b}"
    "#board .hero[data-action]:focus-visible circle.body{stroke:#1a73e8;stroke-width:5}"
    "#board .door,.tt-trail-g{pointer-events:none}#board [data-action]{cursor:pointer}"
    "#board [data-action]:focus{outline:none}"  # each clickable kind has its own focus ring above
    "@media (prefers-reduced-motion:no-preference){.tt-sel-sq{animation:tt-pulse 1.6s ease-in-out infinite}}"
    "@keyframes tt-pulse{50%{fill-opacity:.12}}"
    "</style>"
)


def render(state: dict) -> dict:
    codes = {a.code for a in legal_actions(state)}
    return {"board": board_svg(state, codes), "status": status_html(state),
            "panel": panel_html(state), "dice": dice_html(state)}


def clickable(code: str, text: str) -> str:
    return f' data-action="{escape(code)}" tabindex="0" role="button" aria-label="{escape(text)}"'


def centre(sq) -> tuple:
    return sq[0] * C + C / 2, sq[1] * C + C / 2


def num(value: float) -> str:
    return f"{value:g}"


class Grid:
    """Row and column names of squares, counted from the dungeon's top-left square."""

    def __init__(self, state: dict):
        self.x0, self.y0, self.x1, self.y1 = bounds(state)

    def name(self, sq) -> str:
        return f"row {sq[1] - self.y0 + 1}, column {sq[0] - self.x0 + 1}"


# ---------------------------------------------------------------- the map
# Drawn at C px a square; the page scales it between these limits and scrolls
# beyond them, so a long dungeon keeps figures big enough to click.
MIN_SCALE, MAX_SCALE = 0.7, 2.0


def natural_size(width: float) -> str:
    return f"--map-min-w:{round(MIN_SCALE * width)}px;--map-max-w:{round(MAX_SCALE * width)}px"


def board_svg(state: dict, codes: set) -> str:
    grid = Grid(state)
    x0, y0, x1, y1 = grid.x0, grid.y0, grid.x1, grid.y1
    left, top = (x0 - PAD) * C, (y0 - PAD) * C
    width, height = (x1 - x0 + 2 * PAD) * C, (y1 - y0 + 2 * PAD) * C
    parts = [
        f'<svg id="board" xmlns="http://www.w3.org/2000/svg" viewBox="{left} {top} {width} {height}" '
        f'width="{width}" height="{height}" data-natural="" style="{natural_size(width)}" '
        f'role="group" aria-labelledby="board-title" aria-describedby="board-desc" data-turn="{state["turn"]}" data-phase="{state["phase"]}">',
        '<title id="board-title">Tabletop Dungeon</title>',
        f'<desc id="board-desc">{escape(description(state))}</desc>',
        BOARD_STYLE,
        f'<rect class="rock" x="{left}" y="{top}" width="{width}" height="{height}"/>',
    ]
    parts.extend(coords_svg(grid))
    for tile in state["tiles"]:
        parts.append(tile_svg(tile))
    parts.extend(spots_svg(state, codes))
    hero = selected(state)
    if hero is not None and state["phase"] == "heroes" and not state["pending"]:
        parts.append(selected_square(hero))
        parts.extend(reach_svg(state, hero, codes, grid))
    for index, door in enumerate(state["doors"]):  # over the marks: a door is never hidden by a tint
        parts.append(door_svg(index, door))
    parts.extend(trail_svg(state))
    aim = chance(hero) if hero is not None else ""
    for m in state["monsters"]:
        parts.append(monster_svg(m, f"a {m['id']}" in codes, aim, moved=is_last_mover(state, m)))
    for h in state["heroes"]:
        if not h["out"]:
            parts.append(hero_svg(state, h, codes, aim))
    parts.extend(labels_svg(state))
    parts.append("</svg>")
    return "".join(parts)


def description(state: dict) -> str:
    rooms = sum(1 for t in state["tiles"] if t["kind"] == "room")
    return (f"Turn {state['turn']}: {rooms} rooms, {len(state['tiles']) - rooms} hallways, "
            f"{len(state['monsters'])} monsters on the board. Rows and columns are numbered in the margin.")


def coords_svg(grid: Grid) -> list:
    out = ['<g class="tt-coords" aria-hidden="true">']
    for x in range(grid.x0, grid.x1):
        out.append(f'<text class="tt-coord" x="{x * C + C // 2}" y="{grid.y0 * C - 8}">{x - grid.x0 + 1}</text>')
    for y in range(grid.y0, grid.y1):
        out.append(f'<text class="tt-coord" x="{grid.x0 * C - C // 2}" y="{y * C + C // 2 + 4}">'
                   f'{y - grid.y0 + 1}</text>')
    out.append("</g>")
    return out


def tile_svg(tile: dict) -> str:
    cls = f"tile {tile['kind']}" + (" cleared" if tile["cleared"] else "")
    out = [f'<g class="{cls}" data-tile="{tile["kind"]} {tile["n"]}">']
    for y in range(tile["y"], tile["y"] + tile["h"]):
        for x in range(tile["x"], tile["x"] + tile["w"]):
            out.append(f'<rect class="sq" x="{x * C}" y="{y * C}" width="{C}" height="{C}"/>')
    out.append(f'<rect class="wall" x="{tile["x"] * C}" y="{tile["y"] * C}" width="{tile["w"] * C}" '
               f'height="{tile["h"] * C}"/>')
    out.append("</g>")
    return "".join(out)


def door_svg(index: int, door: dict) -> str:
    """Closed: a dark plank in the wall. Damaged: laid down, a pale cracked
    plank lying on the floor of the hallway's side. Open: a gap between two jambs."""
    (ax, ay), (bx, by) = door["a"], door["b"]
    across = ax == bx  # the door lies on a horizontal edge (between a square and the one below it)
    state = door["state"]
    n = index + 1
    besieged = " tt-besieged" if door.get("attacker") is not None and state != "open" else ""
    out = [f'<g class="door {state}{besieged}" data-door="{n}"><title>Door {n}: {state}'
           f'{", under attack" if besieged else ""}</title>']
    if across:
        edge = max(ay, by) * C
        x, y, w, h = ax * C + 6, edge - 4, C - 12, 8
        jambs = [(ax * C, edge - 4), (ax * C + C - 6, edge - 4)]
        jw, jh = 6, 8
    else:
        edge = max(ax, bx) * C
        x, y, w, h = edge - 4, ay * C + 6, 8, C - 12
        jambs = [(edge - 4, ay * C), (edge - 4, ay * C + C - 6)]
        jw, jh = 8, 6
    if state == "open":
        out.append(f'<rect class="tt-gap" x="{x - (0 if across else 1)}" y="{y - (1 if across else 0)}" '
                   f'width="{w + (0 if across else 2)}" height="{h + (2 if across else 0)}"/>')
        out.extend(f'<rect class="tt-jamb" x="{jx}" y="{jy}" width="{jw}" height="{jh}"/>' for jx, jy in jambs)
    elif state == "damaged":
        # lying flat on the floor of the hallway square (a), next to its gap in the wall
        dx, dy = ax - bx, ay - by
        if across:
            y += dy * 7
            h = 10
            y -= 1
        else:
            x += dx * 7
            w = 10
            x -= 1
        out.extend(f'<rect class="tt-jamb" x="{jx}" y="{jy}" width="{jw}" height="{jh}"/>' for jx, jy in jambs)
        out.append(f'<rect class="tt-plank" x="{x}" y="{y}" width="{w}" height="{h}" rx="1.5"/>')
        if across:
            crack = f"M{x + 4} {y + 2} l5 6 l5 -6 l5 6"
        else:
            crack = f"M{x + 2} {y + 4} l6 5 l-6 5 l6 5"
        out.append(f'<path class="tt-crack" d="{crack}"/>')
    else:
        out.append(f'<rect class="tt-plank" x="{x}" y="{y}" width="{w}" height="{h}" rx="1"/>')
    if state != "open":
        tx, ty = x + w / 2, y + h / 2 + 2.5
        if not across and state == "closed":
            ty = y + h / 2 + 2.5
        out.append(f'<text class="tt-door-n" x="{num(tx)}" y="{num(ty)}">{n}</text>')
    out.append("</g>")
    return "".join(out)


def spots_svg(state: dict, codes: set) -> list:
    place = state.get("place")
    if not place or "place 1" not in codes:
        return []
    out = []
    for i, spot in enumerate(place["spots"]):
        auto = i == place["auto"]
        code = f"place {i + 1}"
        kind = "room" if spot["kind"] == "room" else "hallway"
        text = f"Place the {kind} here (choice {i + 1}{', the automatic choice' if auto else ''})"
        x, y, w, h = spot["x"] * C, spot["y"] * C, spot["w"] * C, spot["h"] * C
        cx, cy = x + w / 2, y + h / 2
        out.append(f'<g class="spot-g tt-spot{" tt-auto" if auto else ""}"{clickable(code, text)}>'
                   f'<rect class="spot tt-area" x="{x + 2}" y="{y + 2}" width="{w - 4}" height="{h - 4}"/>'
                   f'<circle class="tt-num" cx="{num(cx)}" cy="{num(cy)}" r="12"/>'
                   f'<text x="{num(cx)}" y="{num(cy + 5)}">{i + 1}</text>'
                   + (f'<text class="tt-auto-n" x="{num(cx)}" y="{num(cy + 23)}">auto</text>' if auto else "")
                   + "</g>")
    return out


def selected_square(hero: dict) -> str:
    x, y = hero["sq"][0] * C, hero["sq"][1] * C
    box = f'x="{x + 2.5}" y="{y + 2.5}" width="{C - 5}" height="{C - 5}" rx="4"'
    return f'<g class="tt-sel" aria-hidden="true" data-current=""><rect class="tt-sel-under" {box}/><rect class="tt-sel-sq" {box}/></g>'


def reach_svg(state: dict, hero: dict, codes: set, grid: Grid) -> list:
    """Every square the selected hero may end on: a tint and a dot with the
    squares it costs; where she would take a monster on, a red tint and crossed swords."""
    who = short_name(hero)
    out = []
    for sq, (steps, opened, _) in sorted(destinations(state, hero).items(), key=lambda kv: geo.key(kv[0])):
        code = f"m {sq[0]} {sq[1]}"
        if code not in codes:
            continue
        foe = monster_at(state, sq)
        x, y = sq[0] * C, sq[1] * C
        cx, cy = centre(sq)
        what = f"{steps} square{'s' if steps != 1 else ''}"
        if opened:
            what += ", opens a door"
        if foe:
            text = f"Move {who} to {grid.name(sq)} and take on {monster_name(foe)} ({what})"
            mark = (f'<circle class="tt-badge" cx="{x + 9}" cy="{y + 9}" r="6.5"/>'
                    f'<path class="tt-swords" d="M{x + 5.5} {y + 5.5}l7 7M{x + 12.5} {y + 5.5}l-7 7"/>')
            cls = "reach tt-reach tt-fight"
        else:
            text = f"Move {who} to {grid.name(sq)} ({what})"
            mark = (f'<circle class="tt-dot" cx="{num(cx)}" cy="{num(cy)}" r="7"/>'
                    f'<text class="tt-steps" x="{num(cx)}" y="{num(cy + 3)}">{steps}</text>')
            cls = "reach tt-reach"
        out.append(f'<g class="{cls}"{clickable(code, text)}>'
                   f'<rect class="tt-tint" x="{x + 2}" y="{y + 2}" width="{C - 4}" height="{C - 4}" rx="3"/>'
                   f'{mark}</g>')
    return out


def short_name(hero: dict) -> str:
    """'the Knight' when the player kept the default name, else 'Anna the Knight' (escaped later)."""
    if hero["name"] == f"Player {hero['seat']}":
        return f"the {label(hero).rsplit(' the ', 1)[1]}"
    return label(hero)


def is_last_mover(state: dict, m: dict) -> bool:
    last = state.get("last_move")
    return bool(last) and state["phase"] == "monsters" and last["id"] == m["id"]


def trail_svg(state: dict) -> list:
    """The path of the monster that just moved (monsters' phase), drawn faintly."""
    last = state.get("last_move")
    if not last or state["phase"] != "monsters":
        return []
    m, holder = find_monster(state, last["id"])
    if m is None:
        return []
    start, end = sq_of(last["from"]), sq_of(m["sq"])
    if start == end:
        return []
    path = geo.step_path(state, start, geo.distances(state, [end], "hero"), "hero")
    points = " ".join(f"{num(cx)},{num(cy)}" for cx, cy in map(centre, path))
    sx, sy = centre(start)
    return [f'<g class="tt-trail-g" aria-hidden="true"><polyline class="tt-trail" points="{points}"/>'
            f'<circle class="tt-trail-start" cx="{num(sx)}" cy="{num(sy)}" r="9"/></g>']


def monster_svg(m: dict, target: bool, aim: str = "", moved: bool = False) -> str:
    cx, cy = centre(m["sq"])
    letter = {"goblin": "g", "orc": "O", "dragon": "D"}[m["kind"]]
    r = 16 if m["kind"] == "dragon" else 12
    attrs = clickable(f"a {m['id']}", f"Attack {monster_name(m)} ({aim})" if aim else f"Attack {monster_name(m)}") \
        if target else ""
    hurt = f'<circle class="hurt" cx="{num(cx + 9)}" cy="{num(cy - 9)}" r="3.5"/>' if m["hurt"] else ""
    ring = f'<circle class="tt-moved-ring" cx="{num(cx)}" cy="{num(cy)}" r="{r + 4}"/>' if moved else ""
    crosshair = ""
    if target:
        a = r + 5
        ticks = (f"M{num(cx)} {num(cy - a - 5)}v9M{num(cx)} {num(cy + a - 4)}v9"
                 f"M{num(cx - a - 5)} {num(cy)}h9M{num(cx + a - 4)} {num(cy)}h9")
        ring = f'cx="{num(cx)}" cy="{num(cy)}" r="{a}"'
        crosshair = (f'<circle class="tt-aim-hit" cx="{num(cx)}" cy="{num(cy)}" r="{a + 2}"/>'
                     f'<circle class="tt-aim-under" {ring}/><path class="tt-aim-under" d="{ticks}"/>'
                     f'<circle class="tt-aim" {ring}/><path class="tt-aim" d="{ticks}"/>')
    state_cls = (" target" if target else "") + (" tt-moved" if moved else "")
    return (f'<g class="mon {m["kind"]}{state_cls}" data-monster="{m["id"]}"{attrs}>'
            f'<title>{escape(monster_name(m))}{" (wounded)" if m["hurt"] else ""}</title>{ring}{crosshair}'
            f'<circle class="tt-body" cx="{num(cx)}" cy="{num(cy)}" r="{r}"/>'
            f'<text x="{num(cx)}" y="{num(cy + 5)}" text-anchor="middle">{letter}</text>{hurt}</g>')


CHIP_SPOTS = ((-13, -13), (13, -13), (13, 13), (-13, 13))


def hero_svg(state: dict, hero: dict, codes: set, aim: str = "") -> str:
    cx, cy = centre(hero["sq"])
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
    wounds = hero["wounds"]
    pips = "".join(
        f'<circle class="{"pip" if i < wounds else "tt-pip-free"}" cx="{num(cx - 8 + 8 * i)}" '
        f'cy="{num(cy + 12)}" r="3"/>'
        for i in range(MAX_WOUNDS))
    peril = f'<circle class="tt-peril-ring" cx="{num(cx)}" cy="{num(cy)}" r="18"/>' if in_peril(hero) else ""
    title = label(hero) + f", {wounds} of {MAX_WOUNDS} wounds"
    if hero["threats"]:
        title += f", threatened by {len(hero['threats'])} ({', '.join(monster_name(m) for m in hero['threats'])})"
    if in_peril(hero):
        title += ", in Peril"
    figure = (f'<g class="{" ".join(classes)}" data-hero="{hero["seat"]}"{attrs}><title>{escape(title)}</title>{peril}'
              f'<circle class="body" cx="{num(cx)}" cy="{num(cy)}" r="14"/>'
              f'<text x="{num(cx)}" y="{num(cy + 3)}" text-anchor="middle">{LETTER[hero["cls"]]}</text>{pips}</g>')
    return figure + threat_chips(state, hero, codes, aim)


def threat_chips(state: dict, hero: dict, codes: set, aim: str) -> str:
    """The monsters on her sheet: small tokens at the corners of her square,
    each a target when the acting hero may attack it."""
    if not hero["threats"]:
        return ""
    cx, cy = centre(hero["sq"])
    out = [f'<g class="threat" data-threats="{len(hero["threats"])}">']
    for i, m in enumerate(hero["threats"][:4]):
        dx, dy = CHIP_SPOTS[i]
        x, y = cx + dx, cy + dy
        letter = {"goblin": "g", "orc": "O", "dragon": "D"}[m["kind"]]
        more = len(hero["threats"]) - 3 if i == 3 and len(hero["threats"]) > 4 else 0
        code = f"a {m['id']}"
        target = code in codes
        where = f"on {label(hero)}'s sheet"
        attrs = clickable(code, f"Attack {monster_name(m)} {where} ({aim})") if target else ""
        moved = is_last_mover(state, m)
        ring = f'<circle class="tt-moved-ring" cx="{num(x)}" cy="{num(y)}" r="9.5"/>' if moved else ""
        out.append(f'<g class="tt-chip-g{" target" if target else ""}{" tt-moved" if moved else ""}" '
                   f'data-monster="{m["id"]}"{attrs}><title>{escape(monster_name(m))} {escape(where)}</title>{ring}'
                   f'<circle class="tt-chip {m["kind"]}" cx="{num(x)}" cy="{num(y)}" r="6.5"/>'
                   f'<text class="tt-chip-l" x="{num(x)}" y="{num(y + 3)}">'
                   f'{"+" + str(more) if more else letter}</text></g>')
    out.append("</g>")
    return "".join(out)


# ---------------------------------------------------------------- room and hallway names
def labels_svg(state: dict) -> list:
    """'R1', 'H2' in a corner of the tile where no figure stands and no door
    is drawn (the tile's corners first), on top of everything, never in the way of a click."""
    busy = {sq_of(h["sq"]) for h in state["heroes"] if not h["out"]}
    busy |= {sq_of(m["sq"]) for m in state["monsters"]}
    door_edges = set()
    for door in state["doors"]:
        a, b = sq_of(door["a"]), sq_of(door["b"])
        door_edges.add((a, (b[0] - a[0], b[1] - a[1])))
        door_edges.add((b, (a[0] - b[0], a[1] - b[1])))
    out = []
    for tile in state["tiles"]:
        name = ("R" if tile["kind"] == "room" else "H") + str(tile["n"])
        x, y, anchor = label_spot(state, tile, busy, door_edges)
        outside = " tt-outside" if anchor != "start" or x > (tile["x"] + tile["w"]) * C else ""  # in the rock
        done = '<tspan class="tt-done"> ✓</tspan>' if tile["kind"] == "room" and tile["cleared"] else ""
        out.append(f'<text class="tile-n tt-label{outside}" x="{x}" y="{y}" text-anchor="{anchor}" aria-hidden="true">'
                   f'{name}{done}</text>')
    return out


def label_spot(state: dict, tile: dict, busy: set, door_edges: set) -> tuple:
    x0, y0, w, h = tile["x"], tile["y"], tile["w"], tile["h"]
    squares = [(x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w)]
    corners = [(x0, y0), (x0 + w - 1, y0), (x0, y0 + h - 1), (x0 + w - 1, y0 + h - 1)]
    order = [sq for sq in corners if sq in squares] + [sq for sq in squares if sq not in corners]
    # a label sits in the top-left corner of a square (or the bottom-left one): it touches the square's
    # top (bottom) and left edges
    for free_only in (True, False):
        for sq in order:
            if free_only and sq in busy:
                continue
            for top in (True, False):
                edges = [(-1, 0), (0, -1) if top else (0, 1)]
                if any((sq, e) in door_edges for e in edges):
                    continue
                return sq[0] * C + 4, sq[1] * C + (12 if top else C - 4), "start"
        if free_only:  # every square taken: in the rock beside the tile, if there is some
            taken = {(x, y) for t in state["tiles"] + list((state.get("place") or {}).get("spots", []))
                     for x in range(t["x"], t["x"] + t["w"]) for y in range(t["y"], t["y"] + t["h"])}
            for y in range(y0, y0 + h):
                if (x0 + w, y) not in taken:  # the right first: the row numbers are on the left
                    return (x0 + w) * C + 5, y * C + C // 2 + 4, "start"
                if (x0 - 1, y) not in taken:
                    return x0 * C - 5, y * C + C // 2 + 4, "end"
            for x in range(x0, x0 + w):
                if (x, y0 + h) not in taken:
                    return x * C + C // 2, (y0 + h) * C + 13, "middle"
                if (x, y0 - 1) not in taken:
                    return x * C + C // 2, y0 * C - 5, "middle"
    return x0 * C + 4, y0 * C + 12, "start"
