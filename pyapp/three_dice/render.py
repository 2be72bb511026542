"""3 Dice Dungeon state -> SVG map and HTML panels. Pure: text in, text out.

Classes and data attributes on every element are what the CSS
(board_css.py), the click handler (`data-action`) and the browser tests rely
on. The map draws what the legal actions offer: walking (target ("side", s)),
teleporting (("cell", key)) and picking an exit (("exit", s)).
"""

from __future__ import annotations

from .. import svg
from ..dice_faces import tray_html
from ..engine import BOARD_ID, Action, View, by_target, just_rolled, rolls
from ..markup import escape
from .combat import xp_for_level
from .data import ARTIFACT_NAMES, ATTRS, TILE_ART, TREASURE_NAMES
from .grid import OPPOSITE, SIDES, STEP, is_locked, neighbour, xy
from .records import TRAY
from .state import active

CELL = 64
ROOM_INSET = {"corridor": 20, "small": 12, "pit": 16, "entrance": 8}
MARKS = {"temple": "✚", "hall": "♛", "vault": "◆", "pit": "▼", "entrance": "⌂"}
DOOR = 14
ARROW_R = 11  # a walking arrow's circle
MARGIN = 8  # of rock around what the map draws: an eighth of a cell


def render(state: dict, legal: list[Action]) -> View:
    return View(board=board_svg(state, by_target(legal)), status=status_html(state), panel=panel_html(state),
                dice=dice_html(state))


# ---------------------------------------------------------------- the map
def board_svg(state: dict, offers: dict) -> str:
    """The map; `offers` maps a target to the legal action played by clicking it."""
    cells = state["cells"]
    view = fit(content_box(state, offers))
    left, top, width, height = view
    parts = [
        svg.title(f"Level {state['level']} map", id="board-title"),
        svg.desc(map_description(state), id="board-desc"),
        svg.el("rect", class_="rock", data_backdrop=True, x=left, y=top, width=width, height=height),
    ]
    if not cells:
        parts.append(unmapped_svg(state["pos"]))
    for key, cell in cells.items():
        parts.append(cell_svg(state, key, cell, offers))
    parts.extend(move_targets(state, offers))
    parts.append(hero_svg(state))
    return svg.root(*parts, id=BOARD_ID, viewBox=svg.view_box(view), role="img",
                    aria_labelledby="board-title board-desc", data_level=state["level"], data_theme=state["theme"])


def fit(drawn: svg.Box) -> svg.Box:
    """The view of what the map draws: MARGIN of rock round it, less round a map of one small room (a tenth of
    it), which would otherwise be more rock than map."""
    return svg.fit_view(drawn, min(MARGIN, max(drawn[2], drawn[3]) / 10))


def content_box(state: dict, offers: dict, inset=None, labelled=None) -> svg.Box:
    """What the map draws (its backdrop aside): its mapped cells (cell_box) and the arrows to the places the
    party may walk to; before anything is mapped, the cell where the map will start. `inset(cell)` and
    `labelled(cell)` (a label across the cell's top) are the edition's (3RD6 passes its own)."""
    inset = inset or (lambda cell: ROOM_INSET.get(cell.get("kind", "room"), 6))
    labelled = labelled or (lambda cell: bool(cell["monster"]))
    boxes = [cell_box(state, key, cell, offers, inset(cell), labelled(cell)) for key, cell in state["cells"].items()]
    if not boxes:
        x, y = xy(state["pos"])
        boxes.append((x * CELL, y * CELL, CELL, CELL))
    for side in SIDES:
        if ("side", side) in offers:
            cx, cy = arrow_at(state, side)
            boxes.append((cx - ARROW_R, cy - ARROW_R, 2 * ARROW_R, 2 * ARROW_R))
    box = svg.union(boxes)
    assert box is not None  # there is always a cell
    return box


def cell_box(state: dict, key: str, cell: dict, offers: dict, inset: float, labelled: bool) -> svg.Box:
    """What one cell draws: its floor (`inset` from the cell's edge), its passages out to the edge (and while its
    exits are chosen, the forced ones and the sides offered on the map), a label across its top, its loot, its
    searches and the hero."""
    edge = dict.fromkeys(SIDES, float(inset))  # how far in from each side the drawing starts
    sides = list(cell["exits"])
    if key == state["pos"] and state.get("phase") == "exits" and state.get("pending"):
        sides += state["pending"].get("forced", [])
        sides += [side for side in state["pending"].get("free", []) if ("exit", side) in offers]
    for side in sides:
        edge[side] = 0.0
    near = {"N": 6 if labelled else inset, "W": 6 if labelled else inset, "E": 6 if labelled else inset}
    if cell.get("treasure"):
        near["E"], near["S"] = min(near["E"], 9), 9
    if cell.get("search"):
        near["W"], near["S"] = min(near["W"], 8), min(near.get("S", inset), 6)
    if key == state["pos"]:  # the hero, right of and below the middle
        near["E"], near["S"] = min(near["E"], CELL / 2 - 19), min(near.get("S", inset), CELL / 2 - 17)
    for side, most in near.items():
        edge[side] = min(edge[side], most)
    x0, y0 = cell["x"] * CELL, cell["y"] * CELL
    return x0 + edge["W"], y0 + edge["N"], CELL - edge["W"] - edge["E"], CELL - edge["N"] - edge["S"]


def unmapped_svg(key: str) -> str:
    """Where the map will start, before the first location is drawn."""
    x, y = xy(key)
    return svg.el("g", svg.el("rect", x=x * CELL + 1, y=y * CELL + 1, width=CELL - 2, height=CELL - 2),
                  svg.text("map starts here", x=x * CELL + CELL / 2, y=y * CELL + CELL / 2 + 3, text_anchor="middle"),
                  class_="unmapped")


def map_description(state: dict) -> str:
    cell = state["cells"].get(state["pos"])
    where = f"You are in the {cell['name']} at {state['pos']}." if cell else ""
    return f"{len(state['cells'])} locations mapped on level {state['level']}. {where}"


def cell_svg(state: dict, key: str, cell: dict, offers: dict) -> str:
    x0, y0 = cell["x"] * CELL, cell["y"] * CELL
    kind = cell.get("kind", "room")
    inset = ROOM_INSET.get(kind, 6)
    classes = ["cell", kind]
    classes.append("cleared" if cell["cleared"] else "uncleared")
    if key == state["pos"]:
        classes.append("current")
    out = [svg.title(f"{cell['name']} ({key})"),
           svg.el("rect", class_="floor", x=x0 + inset, y=y0 + inset, width=CELL - 2 * inset, height=CELL - 2 * inset,
                  rx=3)]
    for side in cell["exits"]:
        out.append(passage_svg(state, key, side, inset))
    if key == state["pos"] and state["phase"] == "exits":
        out.extend(exit_choices(state, key, inset, offers))
    symbol = TILE_ART.get(cell.get("tile") or "", MARKS.get(kind, ""))
    if cell.get("first") and not symbol:
        symbol = "☰"  # the stairs you came down
    if symbol:
        out.append(svg.text(symbol, class_="mark", x=x0 + CELL / 2, y=y0 + CELL / 2 + 2, text_anchor="middle"))
    if "n" in cell:
        out.append(svg.text(cell["n"], class_="number", x=x0 + inset + 3, y=y0 + CELL - inset - 3))
    if cell["monster"]:
        out.append(monster_svg(cell["monster"], x0, y0))
    if cell["treasure"] and not cell["monster"]:
        out.append(svg.el("circle", class_="loot", cx=x0 + CELL - 14, cy=y0 + CELL - 14, r=5))
    if cell["search"]:
        # on the floor beside the room's number (the monster's banner has the top, the loot the bottom-right):
        # on the rock, where it was, dark on dark, it could not be read
        out.append(svg.text(f"s{cell['search']}", class_="searched", x=x0 + inset + (17 if "n" in cell else 3),
                            y=y0 + CELL - inset - 3))
    named = {"class_": " ".join(classes), "data_cell": key, "data_kind": kind, "data_current": key == state["pos"]}
    action = offers.get(("cell", key))
    if action is None:
        return svg.el("g", *out, **named)
    how = "Teleport" if action.code.startswith("teleport") else "Scroll of Teleportation"
    return svg.button(action.code, teleport_label(how, key, cell), *out, **named)


def teleport_label(how: str, key: str, cell: dict) -> str:
    """The cell's name as a button; it ends with what the cell shows (its
    number, a monster), so the name holds the visible text."""
    shown = [str(cell["n"])] if "n" in cell else []
    if cell["monster"]:
        shown.append(f"{cell['monster']['name'][:9]} {cell['monster']['hp']}")
    if cell["search"]:
        shown.append(f"s{cell['search']}")
    return f"{how} to the {cell['name']} at {key}" + (f": {' '.join(shown)}" if shown else "")


def passage_svg(state: dict, key: str, side: str, inset: int) -> str:
    """A corridor stub from the room's edge to the cell's edge on `side`."""
    x, y = xy(key)
    cx, cy = x * CELL + CELL / 2, y * CELL + CELL / 2
    half = DOOR / 2
    other = state["cells"].get(neighbour(key, side))
    if is_locked(state, key, side):
        kind = "locked"
    elif other is None or not other["exits"]:  # nothing there, or a location still being shaped
        kind = "open"
    else:
        kind = "joined" if OPPOSITE[side] in other["exits"] else "blocked"
    if side in "NS":
        y1 = y * CELL if side == "N" else y * CELL + CELL - inset
        return svg.el("rect", class_=f"passage {kind}", data_side=side, x=cx - half, y=y1, width=DOOR, height=inset + 1)
    x1 = x * CELL if side == "W" else x * CELL + CELL - inset
    return svg.el("rect", class_=f"passage {kind}", data_side=side, x=x1, y=cy - half, width=inset + 1, height=DOOR)


def exit_choices(state: dict, key: str, inset: int, offers: dict) -> list[str]:
    """While its exits are chosen: the forced ones drawn, and where only one
    more is wanted, each candidate side a click that picks it."""
    pending = state["pending"]
    out = [passage_svg(state, key, side, inset) for side in pending["forced"]]
    x, y = xy(key)
    for side in pending["free"]:
        action = offers.get(("exit", side))
        if action is None:
            continue
        dx, dy = STEP[side]
        cx, cy = x * CELL + CELL / 2 + dx * (CELL / 2 - 6), y * CELL + CELL / 2 + dy * (CELL / 2 - 6)
        out.append(svg.button(action.code, f"Put an exit {side}", svg.el("circle", cx=cx, cy=cy, r=9),
                              svg.text("+", x=cx, y=cy + 4, text_anchor="middle"), class_="go pick-exit"))
    return out


def monster_svg(monster: dict, x0: float, y0: float) -> str:
    label = f"{foe_name(monster)} {monster['hp']}/{monster['max']}"
    state = "asleep" if monster["asleep"] else "awake"
    sleep = svg.text("z", class_="zz", x=x0 + CELL - 12, y=y0 + 14) if monster["asleep"] else ""
    return svg.el("g", svg.title(label), svg.el("rect", x=x0 + 6, y=y0 + 6, width=CELL - 12, height=16, rx=4),
                  svg.text(f"{monster['name'][:9]} {monster['hp']}", x=x0 + CELL / 2, y=y0 + 18, text_anchor="middle"),
                  sleep, class_=f"monster {state}", data_hp=monster["hp"])


def foe_name(monster: dict) -> str:
    """"Ogres", or "3 × Ogres" where a house rule brings more than one."""
    return f"{monster['count']} × {monster['name']}" if monster.get("count") else monster["name"]


ARROWS = {"N": "▲", "E": "▶", "S": "▼", "W": "◀"}


def move_targets(state: dict, offers: dict) -> list[str]:
    """Clickable arrows on the sides the party can walk through now."""
    out = []
    for side in SIDES:
        action = offers.get(("side", side))
        if action is None:
            continue
        cx, cy = arrow_at(state, side)
        out.append(svg.button(action.code, f"Go {side}", svg.el("circle", cx=cx, cy=cy, r=ARROW_R),
                              svg.text(ARROWS[side], x=cx, y=cy + 4, text_anchor="middle"), class_="go"))
    return out


def arrow_at(state: dict, side: str) -> tuple[float, float]:
    """Where the arrow to walk through `side` is drawn: in the next cell, or on the way to it when it is mapped."""
    x, y = xy(state["pos"]) if state["pos"] in state["cells"] else (0, 0)
    nx, ny = xy(neighbour(state["pos"], side))
    cx, cy = nx * CELL + CELL / 2, ny * CELL + CELL / 2
    if neighbour(state["pos"], side) in state["cells"]:
        cx, cy = (cx + x * CELL + CELL / 2) / 2, (cy + y * CELL + CELL / 2) / 2
    return cx, cy


def hero_svg(state: dict) -> str:
    """The hero's token (both 3 Dice editions and 3RD6). Its place (data-figure, data-at) lets the page walk it
    from the room it left (static/agent.mjs), on the same map only: the figure's name carries the level."""
    if state["pos"] not in state["cells"]:
        return ""
    x, y = xy(state["pos"])
    cx, cy = x * CELL + CELL / 2 + 12, y * CELL + CELL / 2 + 10
    level = state.get("level", state.get("depth", 0))
    return svg.el("g", svg.title("You"), svg.el("circle", cx=cx, cy=cy, r=7), class_="hero",
                  data_figure=f"hero-{level}-{'town' if state.get('town') else 'dungeon'}",
                  data_at=svg.at(cx, cy))


# ---------------------------------------------------------------- panels
PROMPTS = {
    "assign": "Assign the rolled values to BODY, MIND and SPIRIT.",
    "exits": "Choose where this location's exits are.",
    "turn": "Turn the tile to fit.",
    "secret": "Choose the side the secret door opens on.",
    "wound": "Choose where to take the damage.",
    "raise": "Level up: choose an attribute to raise.",
    "explore": "Where next?",
}


def status_html(state: dict) -> str:
    phase = state["phase"]
    cell = state["cells"].get(state["pos"])
    if phase == "over":
        score = state["score"]
        return (f'<p class="status over" data-result="{state["over"]}"><strong>Game over</strong>: '
                f'{escape(state["log"][-1])} ({score["locations"]} locations)</p>')
    if phase == "fight":
        monster = cell["monster"]
        who = escape(active(state)["name"])
        return (f'<p class="status fight"><strong>{who}</strong>: fight the {escape(foe_name(monster))} '
                f'({monster["hp"]} of {monster["max"]} HP) in the {escape(cell["name"])}.</p>')
    where = f' You are in the {escape(cell["name"])}.' if cell else ""
    lead = ""
    if len(state["players"]) > 1 and phase not in ("raise",):
        lead = f'<strong>{escape(active(state)["name"])}</strong> leads. '
    return (f'<p class="status {phase}">{lead}Level {state["level"]} ({state["theme"]}).{where} '
            f'{PROMPTS.get(phase, "")}</p>')


def panel_html(state: dict) -> str:
    return "".join(player_html(state, i, p) for i, p in enumerate(state["players"]))


def player_html(state: dict, index: int, player: dict) -> str:
    tiles = state["edition"] == "tiles"
    turn = " active" if index == state["turn"] and len(state["players"]) > 1 else ""
    dead = " fallen" if not player["alive"] else ""
    rows = []
    if tiles:
        rows.append(meter("HP", player["hp"], player["hp_max"]))
    for attr in ATTRS:
        if player["rolled"]:  # not known yet
            rows.append(f'<div class="attr"><span>{attr}</span> ?</div>')
        else:
            rows.append(meter(attr, player["attrs"][attr], player["max"][attr]))
    nxt = xp_for_level(state, player["level"] + 1)
    items = [f"{TREASURE_NAMES[k]} ×{n}" for k, n in player["items"].items() if n]
    items += [f"{ARTIFACT_NAMES[k]} ×{n}" for k, n in player["artifacts"].items()]
    armed = ", ".join(ARTIFACT_NAMES.get(a, "Spell scroll") for a in player["armed"])
    bonuses = bonus_text(state, player)
    return (f'<section class="sheet{turn}{dead}" data-player="{index}"><h3>{escape(player["name"])}'
            f'{" (fallen)" if dead else ""}{" <small>(your turn)</small>" if turn else ""}</h3>{"".join(rows)}'
            f'<p class="xp">Level {player["level"]} · {player["xp"]} XP (next at {nxt})</p>'
            f'{f"<p class=bonus>{bonuses}</p>" if bonuses else ""}'
            f'<p class="items">{escape(", ".join(items)) or "No items"}</p>'
            f'{f"<p class=armed>Ready: {escape(armed)}</p>" if armed else ""}</section>')


def bonus_text(state: dict, player: dict) -> str:
    swords, tomes = player["items"]["sword"], player["items"]["tome"]
    out = []
    if swords:
        out.append(f"BODY +{2 if state['edition'] == 'tiles' else swords}")
    if tomes:
        out.append(f"MIND +{tomes}")
    if state["edition"] == "classic" and player["rolled"] == [] and any(v == 0 for v in player["attrs"].values()):
        out.append("bleeding out: -1 to every attack")
    return "; ".join(out)


def meter(name: str, value: int, top: int) -> str:
    pct = 0 if not top else round(100 * max(0, value) / top)
    return (f'<div class="attr" data-attr="{name}"><span>{name}</span> '
            f'<meter min="0" max="{top}" value="{value}" aria-label="{name}">{value}/{top}</meter> '
            f'<b>{value}</b>/{top}<i style="--pct:{pct}%"></i></div>')


def dice_html(state: dict) -> str:
    """The dice of this step: the tray holds only what the latest action rolled (apply empties it first), so
    every die shown was just rolled (data-rolled)."""
    return tray_html(rolls(state, TRAY), rolled=just_rolled(state, TRAY), empty="No dice rolled this step.")
