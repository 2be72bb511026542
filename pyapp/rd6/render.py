"""3RD6 state -> SVG map and HTML panels. Pure: text in, text out.

The map is the 3 Dice Dungeon map (pyapp/three_dice/render.py: passages,
walking arrows, the hero) on this edition's bounded sheet, with the foes of
a fight drawn as buttons (target ("foe", i))."""

from __future__ import annotations

from .. import svg
from ..engine import BOARD_ID, Action, View, by_target
from ..markup import escape
from ..three_dice.render import CELL, content_box, dice_html, fit, hero_svg, meter, move_targets, passage_svg
from .data import ITEM_NAMES, REACH, SPELL_NAMES
from .hero import dexterity, klass, spell_slots, strength

MARKS = {"stairs": "▼", "vault": "◆", "entrance": "⌂"}
INSET = {"vault": 14, "stairs": 12, "entrance": 8}
PROMPTS = {
    "spells": "Choose the spells you know.",
    "exits": "Choose which exits of the new room to close.",
    "roll": "Spend MND on the roll, or keep it.",
    "fireball": "Share the fireball's damage among the foes.",
    "explore": "Where next?",
    "town": "You are in town: heal for coins, buy a level, or go back in.",
}


def render(state: dict, legal: list[Action]) -> View:
    return View(board=board_svg(state, by_target(legal)), status=status_html(state), panel=panel_html(state),
                dice=dice_html(state))


def board_svg(state: dict, offers: dict) -> str:
    """The sheet's map, viewed as far as it is drawn (three_dice's content box, with the fight's foes)."""
    low, span = (-REACH - 1) * CELL, (2 * REACH + 3) * CELL
    parts = [svg.title(f"Dungeon level {state['depth']} map", id="board-title"),
             svg.desc(f"{len(state['cells'])} rooms mapped on dungeon level {state['depth']}.", id="board-desc"),
             svg.el("rect", class_="rock", data_backdrop=True, x=low, y=low, width=span, height=span),
             svg.el("rect", class_="sheet", data_backdrop=True, x=low + CELL - 3, y=low + CELL - 3,
                    width=span - 2 * CELL + 6, height=span - 2 * CELL + 6)]
    for key, cell in state["cells"].items():
        parts.append(cell_svg(state, key, cell))
    parts.extend(move_targets(state, offers))
    if not state["town"]:
        parts.append(hero_svg(state))
    parts.extend(foes_svg(state, offers))
    drawn = content_box(state, offers, lambda cell: INSET.get(cell["kind"], 6), lambda cell: bool(cell["bosses"]))
    view = fit(svg.union([drawn, *foes_box(state)]) or drawn)
    return svg.root(*parts, id=BOARD_ID, viewBox=svg.view_box(view), role="group",
                    aria_labelledby="board-title board-desc", data_level=state["depth"])


def foes_box(state: dict) -> list[svg.Box]:
    """Where foes_svg stacks the fight's foes (they may run below the room)."""
    if state["pos"] not in state["cells"] or not state["foes"]:
        return []
    cell = state["cells"][state["pos"]]
    return [(cell["x"] * CELL + 4, cell["y"] * CELL + 4, CELL - 8, 17 * len(state["foes"]))]


def cell_svg(state: dict, key: str, cell: dict) -> str:
    x0, y0 = cell["x"] * CELL, cell["y"] * CELL
    inset = INSET.get(cell["kind"], 6)
    classes = ["cell", cell["kind"], "cleared" if cell["cleared"] else "uncleared"]
    if key == state["pos"]:
        classes.append("current")
    out = [svg.title(f"{cell['n']}: {cell['name']}"),
           svg.el("rect", class_="floor", x=x0 + inset, y=y0 + inset, width=CELL - 2 * inset,
                  height=CELL - 2 * inset, rx=3)]
    out += [passage_svg(state, key, side, inset) for side in cell["exits"]]
    if cell["kind"] in MARKS:
        out.append(svg.text(MARKS[cell["kind"]], class_="mark", x=x0 + CELL / 2, y=y0 + CELL / 2 + 2,
                            text_anchor="middle"))
    out.append(svg.text(cell["n"], class_="number", x=x0 + inset + 3, y=y0 + CELL - inset - 3))
    if cell["bosses"]:
        out.append(svg.el("g", svg.title(f"{len(cell['bosses'])} × {cell['bosses'][0]['name']}"),
                          svg.el("rect", x=x0 + 6, y=y0 + 6, width=CELL - 12, height=14, rx=4), class_="foe"))
    return svg.el("g", *out, class_=" ".join(classes), data_cell=key, data_kind=cell["kind"],
                  data_current=key == state["pos"])


def foes_svg(state: dict, offers: dict) -> list[str]:
    """The foes of the fight, stacked in the hero's room; each one a button while it can be attacked."""
    if state["pos"] not in state["cells"] or not state["foes"]:
        return []
    cell = state["cells"][state["pos"]]
    x0, y0 = cell["x"] * CELL, cell["y"] * CELL
    out = []
    for i, one in enumerate(state["foes"]):
        if one["hp"] <= 0:
            continue
        shown = f"{one['name'][:8]} {one['hp']}"
        body = [svg.el("rect", x=x0 + 4, y=y0 + 4 + 17 * i, width=CELL - 8, height=15, rx=4),
                svg.text(shown, x=x0 + CELL / 2, y=y0 + 15 + 17 * i, text_anchor="middle")]
        classes = "foe asleep" if one["asleep"] else "foe"
        action = offers.get(("foe", i))
        if action:
            out.append(svg.button(action.code, f"{action.label}: {shown}", *body, class_=classes))
        else:
            out.append(svg.el("g", svg.title(shown), *body, class_=classes))
    return out


def status_html(state: dict) -> str:
    phase = state["phase"]
    if phase == "over":
        return (f'<p class="status over" data-result="{state["over"]}"><strong>Game over</strong>: '
                f'{escape(state["log"][-1])}</p>')
    hero = escape(state["hero"]["name"])
    if phase in ("fight", "roll", "fireball") and state["foes"]:
        foes = ", ".join(f"{one['name']} ({one['hp']} of {one['max']} HP{', asleep' if one['asleep'] else ''})"
                         for one in state["foes"] if one["hp"] > 0)
        return (f'<p class="status fight"><strong>{hero}</strong> fights: {escape(foes)}. '
                f'{PROMPTS.get(phase, "")}</p>')
    room = state["cells"][state["pos"]]["n"]
    where = "In town." if state["town"] else f"Dungeon level {state['depth']}, room {room}."
    return f'<p class="status {phase}"><strong>{hero}</strong>: {where} {PROMPTS.get(phase, "")}</p>'


def panel_html(state: dict) -> str:
    hero = state["hero"]
    spec = klass(state)
    items = [f"{ITEM_NAMES[k]} ×{n}" for k, n in hero["items"].items() if n]
    spells = ", ".join(SPELL_NAMES[s] for s in hero["spells"])
    scrolls = ", ".join(f"{SPELL_NAMES[s]}" for s in hero["scrolls"])
    known = (f'<p class="spells">Spells ({len(hero["spells"])} of {spell_slots(state)}): {escape(spells) or "none"}'
             '</p>') if spec["spells"] else ""
    return (f'<section class="sheet" data-class="{hero["class"]}"><h3>{escape(hero["name"])} the {spec["name"]}</h3>'
            + meter("HP", max(0, hero["hp"]), hero["hp_max"]) + meter("MND", hero["mnd"], hero["mnd_max"])
            + f'<p class="stats">STR {strength(state)} · DEX {dexterity(state)} · character level {hero["level"]}'
              f' · {hero["coins"]} coins</p>'
            + known
            + (f'<p class="scrolls">Scrolls: {escape(scrolls)}</p>' if scrolls else "")
            + f'<p class="items">{escape(", ".join(items)) or "No items"}</p>'
            + ('<p class="shield">Shield: -1 to every loss this encounter</p>' if state["shield"] else "")
            + "</section>")



