"""Tabletop Dungeon state -> SVG board and HTML panels. Pure: text in, text out.

The board draws what the legal actions offer: each action with a target
(a square, a monster, a hero, a placement spot) becomes a button on the map
(pyapp/svg.py's clickable group) that plays its code. Player names are the
players' own text: pyapp/svg.py escapes every text and attribute.

The board's style is pyapp/tabletop/board_css.py (classes scoped to `#board`
or prefixed `tt-`). Squares are named "column,row" counted from the
first room's top-left square (board.square_name), drawn in the rock around the dungeon.
"""

from __future__ import annotations

from .. import svg
from ..engine import BOARD_ID, Action, View, by_target
from ..markup import escape
from ..svg import at
from . import board as geo
from .board import bounds, sq_of, square_name
from .data import LETTER, MAX_WOUNDS
from .rules import chance
from .sheets import dice_html, panel_html, status_html
from .state import in_peril, label, monster_at, monster_name, selected
from .words import plural, their

C = 40  # pixels per square
PAD = 1  # squares of rock around the dungeon

__all__ = ["render", "board_svg", "dice_html", "panel_html", "status_html"]


def render(state: dict, legal: list[Action]) -> View:
    """The page's view of the game; the board offers what `legal` offers."""
    return View(board=board_svg(state, by_target(legal)), status=status_html(state),
                panel=legend_html() + panel_html(state),
                dice=dice_html(state))


def centre(sq) -> tuple:
    return sq[0] * C + C / 2, sq[1] * C + C / 2


class Grid:
    """The map's extent; squares are named by board.square_name (stable for the whole game)."""

    def __init__(self, state: dict):
        self.x0, self.y0, self.x1, self.y1 = bounds(state)

    def name(self, sq) -> str:
        return f"square {square_name(sq)}"


# ---------------------------------------------------------------- the map
# Drawn at C units a square and viewed from the tiles (and the places a new tile may go) with a square of
# rock around them, where the coordinates are: the page scales that to fill its frame, and its zoom and pan
# (static/board_view.mjs) bring figures of a long dungeon up to a size to click.


def board_svg(state: dict, offers: dict) -> str:
    """The map; `offers` maps a target to the legal action played by clicking it."""
    grid = Grid(state)
    x0, y0, x1, y1 = grid.x0, grid.y0, grid.x1, grid.y1
    left, top = (x0 - PAD) * C, (y0 - PAD) * C
    width, height = (x1 - x0 + 2 * PAD) * C, (y1 - y0 + 2 * PAD) * C
    parts = [
        svg.title("Tabletop Dungeon", id="board-title"),
        svg.desc(description(state), id="board-desc"),
        svg.el("rect", class_="rock", data_backdrop=True, x=left, y=top, width=width, height=height),
    ]
    parts.extend(coords_svg(grid))
    for tile in state["tiles"]:
        parts.append(tile_svg(tile))
    parts.extend(spots_svg(state, offers))
    hero = selected(state)
    if hero is not None and state["phase"] == "heroes" and not state["pending"]:
        parts.append(selected_square(hero))
        parts.extend(reach_svg(state, hero, offers, grid))
    for index, door in enumerate(state["doors"]):  # over the marks: a door is never hidden by a tint
        parts.append(door_svg(index, door))
    parts.extend(trail_svg(state))
    aim = chance(hero) if hero is not None else ""
    for m in state["monsters"]:
        parts.append(monster_svg(m, offers.get(("monster", m["id"])), aim, moved=is_last_mover(state, m),
                                 path=moved_path(state, m)))
    for h in state["heroes"]:
        if not h["out"]:
            parts.append(hero_svg(state, h, offers, aim))
    parts.extend(labels_svg(state))
    if state["result"]:
        parts.append(game_over_svg(state, left, top, width, height))
    return svg.root(
        *parts, id=BOARD_ID, viewBox=f"{left} {top} {width} {height}", width=width, height=height,
        role="group", aria_labelledby="board-title",
        aria_describedby="board-desc", data_turn=state["turn"], data_phase=state["phase"])


NEW_GAME = "slot-new"  # the page's own control for a new game (same settings, a fresh seed): pyapp/webapp/controller.py


def game_over_svg(state: dict, left: float, top: float, width: float, height: float) -> str:
    """Won or lost, in the board itself: a panel over the map with the score
    and a new-game button (the page's new-game control, by data-control)."""
    score = state["score"] or {}
    won = state["result"] == "won"
    head = "The heroes escaped!" if won else "The dungeon wins"
    lines = [f"Score {score.get('points', 0)}", f"{plural(score.get('rooms_cleared', 0), 'room')} cleared",
             f"{plural(score.get('monsters_slain', 0), 'monster')} slain",
             f"{plural(score.get('turns', state['turn']), 'turn')}, "
             f"{plural(score.get('heroes_out', 0), 'hero', 'heroes')} out"]
    w, h = min(width - 16, 280), 196
    x, y = left + (width - w) / 2, top + max(8, (height - h) / 2)
    cx = x + w / 2
    texts = [svg.text(head, class_="tt-over-head", x=cx, y=y + 30)]
    texts += [svg.text(line, class_="tt-over-line", x=cx, y=y + 56 + 20 * i) for i, line in enumerate(lines)]
    button = svg.el("g", svg.el("rect", class_="tt-over-btn", x=cx - 60, y=y + h - 44, width=120, height=32, rx=6),
                    svg.text("New game", class_="tt-over-btn-t", x=cx, y=y + h - 23),
                    class_="tt-over-new", role="button", tabindex=0, data_control=NEW_GAME,
                    aria_label="New game (same settings, new dungeon)")
    veil = svg.el("rect", class_="tt-over-veil", data_backdrop=True, x=left, y=top, width=width, height=height)
    return svg.el("g", veil,
                  svg.el("rect", class_=f"tt-over-box {'won' if won else 'lost'}", x=x, y=y, width=w, height=h, rx=10),
                  *texts, button, class_=f"tt-over {'won' if won else 'lost'}", role="group", data_current=True,
                  aria_label=f"Game over: {head} Score {score.get('points', 0)}.", data_over=state["result"])


def description(state: dict) -> str:
    rooms = sum(1 for t in state["tiles"] if t["kind"] == "room")
    return (f"Turn {state['turn']}: {plural(rooms, 'room')}, {plural(len(state['tiles']) - rooms, 'hallway')}, "
            f"{plural(len(state['monsters']), 'monster')} on the board. Squares are named column,row: columns are "
            "numbered along the top, rows down the left, and the numbers never change as the dungeon grows.")


def coords_svg(grid: Grid) -> list:
    """Column numbers along the top, row numbers down the left: a square's name is "column,row"."""
    columns = [svg.text(x, class_="tt-coord", x=x * C + C // 2, y=grid.y0 * C - 8)
               for x in range(grid.x0, grid.x1)]
    rows = [svg.text(y, class_="tt-coord", x=grid.x0 * C - C // 2, y=y * C + C // 2 + 4)
            for y in range(grid.y0, grid.y1)]
    return [svg.el("g", *columns, *rows, class_="tt-coords", aria_hidden="true")]


def tile_svg(tile: dict) -> str:
    cls = f"tile {tile['kind']}" + (" cleared" if tile["cleared"] else "")
    squares = [svg.el("rect", class_="sq", x=x * C, y=y * C, width=C, height=C)
               for y in range(tile["y"], tile["y"] + tile["h"]) for x in range(tile["x"], tile["x"] + tile["w"])]
    wall = svg.el("rect", class_="wall", x=tile["x"] * C, y=tile["y"] * C, width=tile["w"] * C, height=tile["h"] * C)
    return svg.el("g", *squares, wall, class_=cls, data_tile=f"{tile['kind']} {tile['n']}")


def door_svg(index: int, door: dict) -> str:
    """Closed: a dark plank in the wall. Damaged: laid down, a pale cracked
    plank lying on the floor of the hallway's side. Open: a gap between two jambs."""
    (ax, ay), (bx, by) = door["a"], door["b"]
    across = ax == bx  # the door lies on a horizontal edge (between a square and the one below it)
    state = door["state"]
    n = index + 1
    besieged = " tt-besieged" if door.get("attacker") is not None and state != "open" else ""
    out = [svg.title(f"Door {n}: {state}{', under attack' if besieged else ''}")]
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
    jamb_rects = [svg.el("rect", class_="tt-jamb", x=jx, y=jy, width=jw, height=jh) for jx, jy in jambs]
    if state == "open":
        out.append(svg.el("rect", class_="tt-gap", x=x - (0 if across else 1), y=y - (1 if across else 0),
                          width=w + (0 if across else 2), height=h + (2 if across else 0)))
        out.extend(jamb_rects)
    elif state == "damaged":
        # lying flat on the floor of the hallway square (a), next to its gap in the wall
        dx, dy = ax - bx, ay - by
        if across:
            y, h = y + dy * 7 - 1, 10
        else:
            x, w = x + dx * 7 - 1, 10
        out.extend(jamb_rects)
        out.append(svg.el("rect", class_="tt-plank", x=x, y=y, width=w, height=h, rx=1.5))
        crack = f"M{x + 4} {y + 2} l5 6 l5 -6 l5 6" if across else f"M{x + 2} {y + 4} l6 5 l-6 5 l6 5"
        out.append(svg.el("path", class_="tt-crack", d=crack))
    else:
        out.append(svg.el("rect", class_="tt-plank", x=x, y=y, width=w, height=h, rx=1))
    if state != "open":
        out.append(svg.text(n, class_="tt-door-n", x=x + w / 2, y=y + h / 2 + 2.5))
    return svg.el("g", *out, class_=f"door {state}{besieged}", data_door=n)


def spots_svg(state: dict, offers: dict) -> list:
    """Where the new tile may go, each spot a button (its number, and "auto" on the automatic choice)."""
    place = state.get("place")
    if not place:
        return []
    out = []
    for i, spot in enumerate(place["spots"]):
        action = offers.get(("spot", i))
        if action is None:
            continue
        auto = i == place["auto"]
        kind = "room" if spot["kind"] == "room" else "hallway"
        # the label holds the drawn text ("1", "1 auto") so voice control finds it by what it shows
        text = f"Place the {kind} here (choice {i + 1}{' auto, the automatic choice' if auto else ''})"
        x, y, w, h = spot["x"] * C, spot["y"] * C, spot["w"] * C, spot["h"] * C
        cx, cy = x + w / 2, y + h / 2
        out.append(svg.button(
            action.code, text,
            svg.el("rect", class_="spot tt-area", x=x + 2, y=y + 2, width=w - 4, height=h - 4),
            svg.el("circle", class_="tt-num", cx=cx, cy=cy, r=12),
            svg.text(i + 1, x=cx, y=cy + 5),
            svg.text("auto", class_="tt-auto-n", x=cx, y=cy + 23) if auto else "",
            class_=f"spot-g tt-spot{' tt-auto' if auto else ''}"))
    return out


def selected_square(hero: dict) -> str:
    x, y = hero["sq"][0] * C, hero["sq"][1] * C
    box = {"x": x + 2.5, "y": y + 2.5, "width": C - 5, "height": C - 5, "rx": 4}
    return svg.el("g", svg.el("rect", class_="tt-sel-under", **box), svg.el("rect", class_="tt-sel-fill", **box),
                  svg.el("rect", class_="tt-sel-sq", **box), class_="tt-sel", aria_hidden="true", data_current=True)


def reach_svg(state: dict, hero: dict, offers: dict, grid: Grid) -> list:
    """Every square the selected hero may end on: a tint and a dot with the
    squares it costs; where she would take a monster on, a red tint and crossed swords."""
    who = short_name(hero)
    out = []
    squares = [(target[1:], action) for target, action in offers.items() if target[0] == "square"]
    for sq, action in sorted(squares, key=lambda pair: geo.key(pair[0])):
        facts = dict(action.facts)
        steps, opened = facts["steps"], facts["opens"]
        # the squares she would go by, as data-route: when she moves, the page walks her figure along them
        route = " ".join(at(*centre(step)) for step in facts["path"])
        foe = monster_at(state, sq)
        x, y = sq[0] * C, sq[1] * C
        cx, cy = centre(sq)
        what = f"{steps} square{'s' if steps != 1 else ''}"
        door = ", opening a door" if opened else ""
        if foe:
            text = f"Move {who} {what} to {grid.name(sq)}{door} and take on {monster_name(foe)}"
            mark = swords(x, y)
            cls = "reach tt-reach tt-fight"
        else:
            text = f"Move {who} {what} to {grid.name(sq)}{door}"  # the drawn cost, as a word of the name
            mark = svg.el("circle", class_="tt-dot", cx=cx, cy=cy, r=7) + svg.text(steps, class_="tt-steps", x=cx,
                                                                                    y=cy + 3)
            cls = "reach tt-reach"
        tint = svg.el("rect", class_="tt-tint", x=x + 2, y=y + 2, width=C - 4, height=C - 4, rx=3)
        out.append(svg.button(action.code, text, tint, mark, class_=cls, data_route=route))
    return out


def swords(x: float, y: float) -> str:
    """Crossed swords in the top-left corner of the square at x, y: "take it on"."""
    # each blade runs from its tip (top) to its pommel (bottom), with a crossguard near the pommel
    d = (f"M{x + 4} {y + 4}L{x + 16} {y + 16}M{x + 16} {y + 4}L{x + 4} {y + 16}"
         f"M{x + 11} {y + 15}l4 -4M{x + 5} {y + 11}l4 4")
    return svg.el("path", class_="tt-swords-under", d=d) + svg.el("path", class_="tt-swords", d=d)


def crosshair(cx: float, cy: float, r: float) -> str:
    """A gun-sight ring with four ticks around a monster: "attack it"."""
    a = r + 5
    ticks = (f"M{svg.num(cx)} {svg.num(cy - a - 5)}v9M{svg.num(cx)} {svg.num(cy + a - 4)}v9"
             f"M{svg.num(cx - a - 5)} {svg.num(cy)}h9M{svg.num(cx + a - 4)} {svg.num(cy)}h9")
    ring = {"cx": cx, "cy": cy, "r": a}
    return "".join([svg.el("circle", class_="tt-aim-hit", cx=cx, cy=cy, r=a + 2),
                    svg.el("circle", class_="tt-aim-under", **ring), svg.el("path", class_="tt-aim-under", d=ticks),
                    svg.el("circle", class_="tt-aim", **ring), svg.el("path", class_="tt-aim", d=ticks)])


def legend_html() -> str:
    """What the marks on the map mean (shown beside the map, with the panel)."""
    def icon(box: str, *parts: str) -> str:
        return svg.el("svg", *parts, viewBox=box, aria_hidden="true")

    move = icon("10 10 20 20", svg.el("g", svg.el("circle", class_="tt-dot", cx=20, cy=20, r=7),
                                      svg.text(2, class_="tt-steps", x=20, y=23), class_="tt-reach"))
    fight = icon("0 0 20 20", svg.el("g", svg.el("rect", class_="tt-tint", x=0, y=0, width=20, height=20),
                                     swords(0, 0), class_="tt-reach tt-fight"))
    aim = icon("0 0 40 40", svg.el("g", crosshair(20, 20, 8), monster_shape(20, 20, 8, "tt-body"),
                                   class_="mon target"))
    items = [(move, "move here (squares it costs)"), (fight, "move onto the monster and take it on"),
             (aim, "attack this monster")]
    return ('<p class="tt-legend"><b>On the map:</b>'
            + "".join(f"<span>{mark}{escape(words)}</span>" for mark, words in items) + "</p>")


def short_name(hero: dict) -> str:
    """'the Knight' when the player kept the default name, else 'Anna the Knight'."""
    if hero["name"] == f"Player {hero['seat']}":
        return f"the {label(hero).rsplit(' the ', 1)[1]}"
    return label(hero)


def is_last_mover(state: dict, m: dict) -> bool:
    last = state.get("last_move")
    if not last:
        return False
    return state["phase"] == "monsters" and last["id"] == m["id"]


def moved_path(state: dict, m: dict) -> str | None:
    """The squares' centres the monster that just moved went by, as data-path ("x,y x,y ..."), for the page
    to move its figure along them (static/agent.mjs); None for any other monster."""
    if not is_last_mover(state, m) or len(state["last_move"].get("path", ())) < 2:
        return None
    return " ".join(at(*centre(sq)) for sq in state["last_move"]["path"])


def trail_svg(state: dict) -> list:
    """The path of the monster that just moved (monsters' phase), drawn faintly:
    the squares it walked, as the rules recorded them when it moved."""
    last = state.get("last_move")
    if not last or state["phase"] != "monsters" or len(last.get("path", ())) < 2:
        return []
    points = " ".join(f"{svg.num(cx)},{svg.num(cy)}" for cx, cy in map(centre, last["path"]))
    sx, sy = centre(last["path"][0])
    return [svg.el("g", svg.el("polyline", class_="tt-trail", points=points),
                   svg.el("circle", class_="tt-trail-start", cx=sx, cy=sy, r=9),
                   class_="tt-trail-g", aria_hidden="true")]


LETTERS = {"goblin": "g", "orc": "O", "dragon": "D"}


def monster_shape(cx: float, cy: float, r: float, cls: str) -> str:
    """A monster's token: six-sided, where a hero's is round, so the two differ by shape as well as by
    colour and letter (issue 34)."""
    rx, ry = round(r * 1.08, 1), round(r * 0.94, 1)  # about a circle's area, flat top and bottom
    half = round(rx / 2, 1)
    points = [(cx - rx, cy), (cx - half, cy - ry), (cx + half, cy - ry), (cx + rx, cy), (cx + half, cy + ry),
              (cx - half, cy + ry)]
    return svg.el("polygon", class_=cls, points=" ".join(f"{round(x, 1):g},{round(y, 1):g}" for x, y in points))


def monster_svg(m: dict, action: Action | None, aim: str = "", moved: bool = False, path: str | None = None) -> str:
    """A monster on the board; with `action`, a target (a crosshair) that attacks it; `path`: the way it just
    came (moved_path)."""
    cx, cy = centre(m["sq"])
    r = 16 if m["kind"] == "dragon" else 12
    moved_ring = svg.el("circle", class_="tt-moved-ring", cx=cx, cy=cy, r=r + 4) if moved else ""
    aim_mark = crosshair(cx, cy, r) if action is not None else ""
    parts = [svg.title(f"{monster_name(m)}{' (wounded)' if m['hurt'] else ''}"), moved_ring, aim_mark,
             monster_shape(cx, cy, r, "tt-body"),
             svg.text(LETTERS[m["kind"]], x=cx, y=cy + 5, text_anchor="middle"),
             svg.el("circle", class_="hurt", cx=cx + 9, cy=cy - 9, r=3.5) if m["hurt"] else ""]
    state_cls = (" target" if action is not None else "") + (" tt-moved" if moved else "")
    named = {"class_": f"mon {m['kind']}{state_cls}", "data_monster": m["id"], "data_figure": f"monster-{m['id']}",
             "data_at": at(cx, cy), "data_path": path}
    if action is None:
        return svg.el("g", *parts, **named)
    name = f"Attack {monster_name(m)} ({aim})" if aim else f"Attack {monster_name(m)}"
    return svg.button(action.code, name, *parts, **named)


CHIP_SPOTS = ((-13, -13), (13, -13), (13, 13), (-13, 13))


def hero_svg(state: dict, hero: dict, offers: dict, aim: str = "") -> str:
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
    wounds = hero["wounds"]
    pips = [svg.el("circle", class_="pip" if i < wounds else "tt-pip-free", cx=cx - 8 + 8 * i, cy=cy + 12, r=3)
            for i in range(MAX_WOUNDS)]
    peril = svg.el("circle", class_="tt-peril-ring", cx=cx, cy=cy, r=18) if in_peril(hero) else ""
    title = label(hero) + f", {wounds} of {MAX_WOUNDS} wounds"
    if hero["threats"]:
        title += f", threatened by {len(hero['threats'])} ({', '.join(monster_name(m) for m in hero['threats'])})"
    if in_peril(hero):
        title += ", in Peril"
    parts = [svg.title(title), peril, svg.el("circle", class_="body", cx=cx, cy=cy, r=14),
             svg.text(LETTER[hero["cls"]], x=cx, y=cy + 3, text_anchor="middle"), *pips]
    named = {"class_": " ".join(classes), "data_hero": hero["seat"], "data_figure": f"hero-{hero['seat']}",
             "data_at": at(cx, cy)}
    action = offers.get(("hero", hero["seat"]))
    if action is None:
        figure = svg.el("g", *parts, **named)
    else:
        figure = svg.button(action.code, f"Select {label(hero)}", *parts, **named)
    return figure + threat_chips(state, hero, offers, aim)


def threat_chips(state: dict, hero: dict, offers: dict, aim: str) -> str:
    """The monsters on her sheet: small tokens at the corners of her square,
    each a target when the acting hero may attack it."""
    if not hero["threats"]:
        return ""
    cx, cy = centre(hero["sq"])
    out = []
    for i, m in enumerate(hero["threats"][:4]):
        dx, dy = CHIP_SPOTS[i]
        x, y = cx + dx, cy + dy
        more = len(hero["threats"]) - 3 if i == 3 and len(hero["threats"]) > 4 else 0
        shown = f"+{more}" if more else LETTERS[m["kind"]]
        action = offers.get(("monster", m["id"]))
        where = f"on {label(hero)}'s sheet"
        moved = is_last_mover(state, m)
        parts = [svg.title(f"{monster_name(m)} {where}"),
                 svg.el("circle", class_="tt-moved-ring", cx=x, cy=y, r=9.5) if moved else "",
                 monster_shape(x, y, 6.5, f"tt-chip {m['kind']}"),
                 svg.text(shown, class_="tt-chip-l", x=x, y=y + 3)]
        named = {"class_": f"tt-chip-g{' target' if action else ''}{' tt-moved' if moved else ''}",
                 "data_monster": m["id"], "data_figure": f"monster-{m['id']}", "data_at": at(x, y),
                 "data_path": moved_path(state, m)}
        if action is None:
            out.append(svg.el("g", *parts, **named))
            continue
        # a "+2" chip stands for this monster and the others under it: its label says so in the same words
        extra = f", {shown} on {their(hero)} sheet" if more else ""
        out.append(svg.button(action.code, f"Attack {monster_name(m)} {where}{extra} ({aim})", *parts, **named))
    return svg.el("g", *out, class_="threat", data_threats=len(hero["threats"]))


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
        done = svg.el("tspan", " ✓", class_="tt-done") if tile["kind"] == "room" and tile["cleared"] else ""
        out.append(svg.el("text", escape(name), done, class_=f"tile-n tt-label{outside}", x=x, y=y, text_anchor=anchor,
                          aria_hidden="true"))
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
