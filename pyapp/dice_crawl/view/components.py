"""Every Dice Crawl component drawn from its data: tiles and race and class cards as SVG.

The components panel of the in-page rules and the print-and-play sheets
(pnp.py) both draw from here, so a tile or card is drawn one way. A tile is
drawn by the board's own `render.face_parts` (by its id), so whatever the
board can show, the panel and the paper show too. Sets are passed in: a set
of tiles and cards added later (an expansion's data module) is drawn by
adding its `ComponentSet` to `component_sets()`, with no drawing code.
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import svg
from ...markup import escape
from ..core import costs
from ..data import (
    ALL_CLASSES,
    ALL_RACES,
    CLASS_IDS,
    DRAGON_ID,
    POWERS,
    RACE_IDS,
    RULES_VERSION,
    SET_CLASSES,
    SET_RACES,
    SET_TILES,
    TILE_IDS,
    TILES,
)
from ..vaults_data import SET_NAMES, SETS
from .render import C, face_parts

CARD_W, CARD_H = 126, 176  # card drawing units: 2 per mm of a 63x88 mm poker card
WRAP = 40  # characters per line of a Power's text on a card


@dataclass(frozen=True)
class ComponentSet:
    """One box of components: its tiles (dicts as in data.TILES) and its race and class cards ((name, powers))."""

    name: str
    tiles: tuple
    races: tuple
    classes: tuple


# The base game as the newest rules have it (data.CHANGES): what a new game deals, and what the sheets print.
BASE = ComponentSet("Base game", tuple(TILES[i] for i in (DRAGON_ID, *TILE_IDS[RULES_VERSION])),
                    tuple(ALL_RACES[i] for i in RACE_IDS[RULES_VERSION]),
                    tuple(ALL_CLASSES[i] for i in CLASS_IDS[RULES_VERSION]))
# The Forbidden Vaults expansion, a box per set (vaults_data.py).
VAULTS = tuple(
    ComponentSet(SET_NAMES[s], tuple(TILES[i] for i in SET_TILES[s]), tuple(ALL_RACES[i] for i in SET_RACES[s]),
                 tuple(ALL_CLASSES[i] for i in SET_CLASSES[s]))
    for s in SETS
)


def component_sets() -> tuple[ComponentSet, ...]:
    """The sets the page shows and prints (an expansion adds its set here)."""
    return (BASE, *VAULTS)


# ---------------------------------------------------------------- tiles
def tile_name(tile: dict) -> str:
    return "Dragon" if tile["id"] == DRAGON_ID else f"Tile {tile['id']}"


def tile_facts(tile: dict) -> str:
    """The tile's data in words: what the panel prints under it and what a screen reader says."""
    icons = [str(s["v"]) for s in tile["spaces"] if s["kind"] == "icon"]
    hoards = sum(1 for s in tile["spaces"] if s["kind"] == "hoard")
    mask = tile["exits"]
    sides = "".join(letter for bit, letter in ((1, "N"), (2, "E"), (4, "S"), (8, "W")) if mask & bit)
    parts = [f"{tile['shape']} (exits {sides})", f"dice icons {' '.join(icons)}", f"{tile['points']} points"]
    if hoards:
        parts.append(f"{hoards} Hoard{'s' if hoards > 1 else ''}")
    if tile["power"]:
        parts.append(f"Power: {POWERS[tile['power']][0]}")
    return ", ".join(parts)


def tile_svg(tile: dict, rot: int = 0, named: bool = True, **size) -> str:
    """One tile face as its own <svg>, drawn by the board's face_parts; `size` sets width/height.
    Not `named`: a picture beside its caption, hidden from screen readers (the caption says it all)."""
    cell = {"t": tile["id"], "rot": rot, "dragon": tile["id"] == DRAGON_ID, "units": [None] * len(tile["spaces"])}
    label = f"{tile_name(tile)}: {tile_facts(tile)}"
    name = {"role": "img", "aria_label": label} if named else {"aria_hidden": "true"}
    return svg.root(*face_parts({}, (0, 0), cell, {}), viewBox=f"4 4 {C - 8} {C - 8}", class_="dc-tile-art",
                    **name, **size)


def tile_back_svg(dragon: bool, **size) -> str:
    """A tile's back: all alike but the Dragon's, which set-up must find."""
    body = [svg.el("rect", x=4, y=4, width=C - 8, height=C - 8, class_="dc-back dc-dragon-back" if dragon else
                   "dc-back")]
    if dragon:
        body.append(svg.text("Dragon", x=C / 2, y=C / 2, class_="dc-dragon-word"))
    return svg.root(*body, viewBox=f"4 4 {C - 8} {C - 8}", role="img",
                    aria_label="Back of the Dragon tile" if dragon else "Tile back", **size)


# ---------------------------------------------------------------- cards
def wrap(text: str, width: int = WRAP) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + ([line] if line else [])


def power_facts(pw: dict) -> str:
    return f"{pw['label']} {costs.words(pw['cost'])}, unlock: {costs.unlock_words(pw['unlock'])}"


def card_svg(kind: str, name: str, powers: tuple, named: bool = True, **size) -> str:
    """A race or class card: its name, then each Power with its cost, its two unlock slots and its text."""
    body = [svg.el("rect", x=1, y=1, width=CARD_W - 2, height=CARD_H - 2, rx=6, class_="dc-card"),
            svg.text(kind, x=CARD_W / 2, y=11, class_="dc-card-kind"),
            svg.text(name, x=CARD_W / 2, y=25, class_="dc-card-name")]
    y: float = 32  # rows below grow by 6.2 a line of text
    told = set()
    for pw in powers:
        body.append(svg.text(f"{pw['label']} {costs.words(pw['cost'])}", x=6, y=y + 8, class_="dc-card-power"))
        for n in range(2):  # the two slots the unlocking dice rest on
            body.append(svg.el("rect", x=CARD_W - 33 + n * 14, y=y, width=12, height=12, rx=2,
                               class_="dc-card-slot"))
        body.append(svg.text(f"unlock: {costs.unlock_words(pw['unlock'])}", x=6, y=y + 16, class_="dc-card-unlock"))
        text = "As above: a Power of its own." if pw["key"] in told else POWERS[pw["key"]][1]
        told.add(pw["key"])  # the Warrior's two Attacks: the text once, so that the card holds it
        lines = wrap(text + (f" (+{pw['extra']} dice)" if pw["extra"] > 1 else ""))
        for n, line in enumerate(lines):
            body.append(svg.text(line, x=6, y=y + 23 + n * 6.2, class_="dc-card-text"))
        y += 25 + 6.2 * len(lines)
    label = f"{kind} card {name}: " + "; ".join(power_facts(pw) for pw in powers)
    named_as = {"role": "img", "aria_label": label} if named else {"aria_hidden": "true"}
    return svg.root(*body, viewBox=f"0 0 {CARD_W} {CARD_H}", class_="dc-card-art", **named_as, **size)


def cards(component_set: ComponentSet) -> list[tuple[str, str, tuple]]:
    """(kind, name, powers) of every card of a set, races first."""
    return ([("Race", name, powers) for name, powers in component_set.races]
            + [("Class", name, powers) for name, powers in component_set.classes])


# ---------------------------------------------------------------- the panel
def components_html(sets: tuple[ComponentSet, ...] | None = None) -> str:
    """The components panel: a collapsed box per set, its drawings fetched when it is opened (component_parts).
    Drawn in the page, every tile and card would be 300 kB of every visit to it, and most visits never look."""
    out = ["<p>Every tile and card, drawn from the game's data. The same at true size on paper, with cut lines "
           "and a rules summary: <em>Print and play</em>, above (A4 or US Letter).</p>"]
    for n, component_set in enumerate(sets or component_sets()):
        out.append(f'<details class="dc-components" data-part="{part_name(n)}"><summary>'
                   f"{escape(component_set.name)}: {len(component_set.tiles)} tiles, "
                   f"{len(cards(component_set))} race and class cards</summary></details>")
    return "".join(out)


def part_name(n: int) -> str:
    return f"components-{n + 1}"


def component_parts(sets: tuple[ComponentSet, ...] | None = None) -> dict[str, str]:
    """What each set's box holds: every tile and card of the set, drawn, with its data."""
    parts = {}
    for n, component_set in enumerate(sets or component_sets()):
        tiles = "".join(
            f'<figure class="dc-component" id="dc-tile-{tile["id"]}">{tile_svg(tile)}'
            f"<figcaption><strong>{escape(tile_name(tile))}</strong>: {escape(tile_facts(tile))}</figcaption></figure>"
            for tile in component_set.tiles)
        card_figs = "".join(
            f'<figure class="dc-component dc-card-fig">{card_svg(kind, name, powers)}'
            f"<figcaption><strong>{escape(name)}</strong> ({kind.lower()}): "
            f"{escape('; '.join(power_facts(pw) for pw in powers))}</figcaption></figure>"
            for kind, name, powers in cards(component_set))
        name = escape(component_set.name)
        parts[part_name(n)] = (f"<h4>{name}: {len(component_set.tiles)} tiles</h4>"
                               f'<div class="dc-component-grid">{tiles}</div>'
                               f"<h4>{name}: {len(cards(component_set))} race and class cards</h4>"
                               f'<div class="dc-component-grid">{card_figs}</div>')
    return parts
