"""3 Dice Dungeon state -> SVG map and HTML panels. Pure: text in, text out.

Classes and data attributes on every element are what the CSS, the click
handler (`data-action`) and the browser tests rely on.
"""

from __future__ import annotations

from ..dice_faces import roll_figure
from ..markup import escape
from .combat import xp_for_level
from .data import ARTIFACT_NAMES, ATTRS, OPPOSITE, SIDES, STEP, TILE_ART, TREASURE_NAMES
from .rules import legal_actions
from .state import active, neighbour, xy

CELL = 64
ROOM_INSET = {"corridor": 20, "small": 12, "pit": 16, "entrance": 8}
MARKS = {"temple": "✚", "hall": "♛", "vault": "◆", "pit": "▼", "entrance": "⌂"}
DOOR = 14
MIN_SPAN = 5

# Inside the SVG so the map reads the same on the page, exported, or embedded.
BOARD_STYLE = (
    "<style>"
    ".rock{fill:#2b2622}.floor{fill:#d9cbb0;stroke:#5b4a36;stroke-width:2}"
    ".uncleared .floor{fill:#c9a27a}.current .floor{stroke:#f2c14e;stroke-width:4}"
    ".temple .floor{fill:#cfe0f5}.hall .floor{fill:#e8d6f5}.vault .floor{fill:#f5e6b3}"
    ".pit .floor{fill:#8a7a66}.corridor .floor{fill:#cdbf9f}.entrance .floor{fill:#b9dcb5}"
    ".passage{fill:#d9cbb0}.passage.open{fill:#f2c14e}.passage.blocked{fill:#7a2e2e}"
    ".mark{font:18px sans-serif;fill:#4a3b2a;opacity:.65}.number{font:9px sans-serif;fill:#4a3b2a}"
    ".monster rect{fill:#9e2a2b}.monster text{font:bold 9px sans-serif;fill:#fff}"
    ".monster.asleep rect{fill:#5a5f8a}.zz{font:bold 11px sans-serif;fill:#fff}"
    ".loot{fill:#f2c14e;stroke:#7a5c12}.searched{font:9px sans-serif;fill:#4a3b2a}"
    ".hero circle{fill:#2e7d32;stroke:#fff;stroke-width:2}"
    ".go{cursor:pointer}.go circle{fill:#f2c14e;stroke:#2b2622;stroke-width:2}.go text{font:bold 11px sans-serif}"
    ".go:hover circle,.go:focus circle{fill:#fff}[data-action]{cursor:pointer}"
    "</style>"
)


def render(state: dict) -> dict:
    codes = {a.code for a in legal_actions(state)}
    return {
        "board": board_svg(state, codes),
        "status": status_html(state),
        "panel": panel_html(state),
        "dice": dice_html(state["rolls"]),
    }


# ---------------------------------------------------------------- the map
def board_svg(state: dict, codes: set[str]) -> str:
    cells = state["cells"]
    left, top, width, height = view_box(cells)
    parts = [
        f'<svg id="board" xmlns="http://www.w3.org/2000/svg" viewBox="{left} {top} {width} {height}" '
        f'role="img" aria-labelledby="board-title board-desc" data-level="{state["level"]}" data-theme="{state["theme"]}">',
        f'<title id="board-title">Level {state["level"]} map</title>',
        f'<desc id="board-desc">{escape(map_description(state))}</desc>',
        BOARD_STYLE,
        f'<rect class="rock" x="{left}" y="{top}" width="{width}" height="{height}"/>',
    ]
    for key, cell in cells.items():
        parts.append(cell_svg(state, key, cell, codes))
    parts.extend(move_targets(state, codes))
    parts.append(hero_svg(state))
    parts.append("</svg>")
    return "".join(parts)


def view_box(cells: dict) -> tuple[int, int, int, int]:
    """The mapped cells plus a ring of rock, at least MIN_SPAN cells each way
    (so a young map is not blown up to fill the screen)."""
    xs = [c["x"] for c in cells.values()] or [0]
    ys = [c["y"] for c in cells.values()] or [0]
    spans = []
    for low, high in ((min(xs), max(xs)), (min(ys), max(ys))):
        cells_wide = max(MIN_SPAN, high - low + 3)
        start = low - 1 - (cells_wide - (high - low + 3)) // 2
        spans.append((start * CELL, cells_wide * CELL))
    (left, width), (top, height) = spans
    return left, top, width, height


def map_description(state: dict) -> str:
    cell = state["cells"].get(state["pos"])
    where = f"You are in the {cell['name']} at {state['pos']}." if cell else ""
    return f"{len(state['cells'])} locations mapped on level {state['level']}. {where}"


def cell_svg(state: dict, key: str, cell: dict, codes: set[str]) -> str:
    x0, y0 = cell["x"] * CELL, cell["y"] * CELL
    kind = cell.get("kind", "room")
    inset = ROOM_INSET.get(kind, 6)
    classes = ["cell", kind]
    classes.append("cleared" if cell["cleared"] else "uncleared")
    if key == state["pos"]:
        classes.append("current")
    action = teleport_action(key, codes)
    how = "Teleport" if action.startswith("teleport") else "Scroll of Teleportation"
    label = escape(f"{how} to the {cell['name']} at {key}")
    attrs = f' data-action="{action}" tabindex="0" role="button" aria-label="{label}"' if action else ""
    out = [f'<g class="{" ".join(classes)}" data-cell="{key}" data-kind="{kind}"{attrs}>',
           f'<title>{escape(cell["name"])} ({key})</title>',
           f'<rect class="floor" x="{x0 + inset}" y="{y0 + inset}" width="{CELL - 2 * inset}" height="{CELL - 2 * inset}" rx="3"/>']
    for side in cell["exits"]:
        out.append(passage_svg(state, key, side, inset))
    if key == state["pos"] and state["phase"] == "exits":
        out.extend(exit_choices(state, key, inset, codes))
    symbol = TILE_ART.get(cell.get("tile"), MARKS.get(kind, ""))
    if cell.get("first") and not symbol:
        symbol = "☰"  # the stairs you came down
    if symbol:
        out.append(f'<text class="mark" x="{x0 + CELL / 2}" y="{y0 + CELL / 2 + 2}" text-anchor="middle">{symbol}</text>')
    if "n" in cell:
        out.append(f'<text class="number" x="{x0 + inset + 3}" y="{y0 + CELL - inset - 3}">{cell["n"]}</text>')
    if cell["monster"]:
        out.append(monster_svg(cell["monster"], x0, y0))
    if cell["treasure"] and not cell["monster"]:
        out.append(f'<circle class="loot" cx="{x0 + CELL - 14}" cy="{y0 + CELL - 14}" r="5"/>')
    if cell["search"]:
        out.append(f'<text class="searched" x="{x0 + 8}" y="{y0 + CELL - 6}">s{cell["search"]}</text>')
    out.append("</g>")
    return "".join(out)


def teleport_action(key: str, codes: set[str]) -> str:
    for verb in ("teleport", "scroll"):
        if f"{verb} {key}" in codes:
            return f"{verb} {key}"
    return ""


def passage_svg(state: dict, key: str, side: str, inset: int) -> str:
    """A corridor stub from the room's edge to the cell's edge on `side`."""
    x, y = xy(key)
    cx, cy = x * CELL + CELL / 2, y * CELL + CELL / 2
    half = DOOR / 2
    other = state["cells"].get(neighbour(key, side))
    if other is None or not other["exits"]:  # nothing there, or a location still being shaped
        kind = "open"
    else:
        kind = "joined" if OPPOSITE[side] in other["exits"] else "blocked"
    if side in "NS":
        y1 = y * CELL if side == "N" else y * CELL + CELL - inset
        return f'<rect class="passage {kind}" data-side="{side}" x="{cx - half}" y="{y1}" width="{DOOR}" height="{inset + 1}"/>'
    x1 = x * CELL if side == "W" else x * CELL + CELL - inset
    return f'<rect class="passage {kind}" data-side="{side}" x="{x1}" y="{cy - half}" width="{inset + 1}" height="{DOOR}"/>'


def exit_choices(state: dict, key: str, inset: int, codes: set[str]) -> list[str]:
    """While its exits are chosen: the forced ones drawn, and where only one
    more is wanted, each candidate side a click that picks it."""
    pending = state["pending"]
    out = [passage_svg(state, key, side, inset) for side in pending["forced"]]
    if pending["need"] != 1:
        return out
    x, y = xy(key)
    for side in pending["free"]:
        code = "exits " + "".join(s for s in SIDES if s == side or s in pending["forced"])
        if code not in codes:
            continue
        dx, dy = STEP[side]
        cx, cy = x * CELL + CELL / 2 + dx * (CELL / 2 - 6), y * CELL + CELL / 2 + dy * (CELL / 2 - 6)
        out.append(f'<g class="go pick-exit" data-action="{code}" tabindex="0" role="button" '
                   f'aria-label="Put an exit {side}"><circle cx="{cx}" cy="{cy}" r="9"/>'
                   f'<text x="{cx}" y="{cy + 4}" text-anchor="middle">+</text></g>')
    return out


def monster_svg(monster: dict, x0: float, y0: float) -> str:
    label = f"{monster['name']} {monster['hp']}/{monster['max']}"
    state = "asleep" if monster["asleep"] else "awake"
    sleep = '<text class="zz" x="{0}" y="{1}">z</text>'.format(x0 + CELL - 12, y0 + 14) if monster["asleep"] else ""
    return (f'<g class="monster {state}" data-hp="{monster["hp"]}"><title>{escape(label)}</title>'
            f'<rect x="{x0 + 6}" y="{y0 + 6}" width="{CELL - 12}" height="16" rx="4"/>'
            f'<text x="{x0 + CELL / 2}" y="{y0 + 18}" text-anchor="middle">{escape(monster["name"][:9])} {monster["hp"]}</text>'
            f'{sleep}</g>')


def move_targets(state: dict, codes: set[str]) -> list[str]:
    """Clickable arrows on the sides the party can walk through now."""
    out = []
    x, y = xy(state["pos"]) if state["pos"] in state["cells"] else (0, 0)
    arrows = {"N": "▲", "E": "▶", "S": "▼", "W": "◀"}
    for side in SIDES:
        if f"go {side}" not in codes:
            continue
        nx, ny = xy(neighbour(state["pos"], side))
        cx, cy = nx * CELL + CELL / 2, ny * CELL + CELL / 2
        if neighbour(state["pos"], side) in state["cells"]:
            cx, cy = (cx + x * CELL + CELL / 2) / 2, (cy + y * CELL + CELL / 2) / 2
        out.append(f'<g class="go" data-action="go {side}" tabindex="0" role="button" aria-label="Go {side}"><circle cx="{cx}" cy="{cy}" r="11"/>'
                   f'<text x="{cx}" y="{cy + 4}" text-anchor="middle">{arrows[side]}</text></g>')
    return out


def hero_svg(state: dict) -> str:
    if state["pos"] not in state["cells"]:
        return ""
    x, y = xy(state["pos"])
    return (f'<g class="hero"><title>You</title><circle cx="{x * CELL + CELL / 2 + 12}" cy="{y * CELL + CELL / 2 + 10}" r="7"/>'
            "</g>")


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
        return (f'<p class="status fight"><strong>{who}</strong>: fight the {escape(monster["name"])} '
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
        value = player["attrs"][attr] if not player["rolled"] else "?"
        top = player["max"][attr]
        rows.append(meter(attr, value, top) if not player["rolled"] else f'<div class="attr"><span>{attr}</span> ?</div>')
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


def dice_html(rolls: list) -> str:
    if not rolls:
        return '<p class="tray empty">No dice rolled this step.</p>'
    groups = [roll_figure(what, faces, sides) for what, faces, sides in rolls]
    return '<div class="tray">' + "".join(groups) + "</div>"
