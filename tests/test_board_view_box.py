"""Boards viewed from what they draw (issue 34): each board's viewBox is the box of its drawn content (its
backdrops aside) with a small margin, computed by the pure renderers. The browser's measure of the same on the
built pages is tests/browser/test_board_fit.py; this is the geometry in CPython, over auto-played games."""

import re
import xml.etree.ElementTree as ET

import pytest

from pyapp import registry, svg
from pyapp.engine import Game
from pyapp.three_dice import render as three_dice_render

NS = "{http://www.w3.org/2000/svg}"
STEPS = (0, 1, 5, 30, 150)


def test_fit_view_adds_the_margin_all_round_and_centres_a_least_size():
    assert svg.fit_view((0, 0, 64, 64), 12) == (-12, -12, 88, 88)
    assert svg.fit_view((0, 0, 10, 100), 5, least=50) == (-20, -5, 50, 110)
    assert svg.view_box(svg.fit_view((0.5, 0, 10, 10), 1 / 3)) == "0.17 -0.33 10.67 10.67"


def test_union_holds_every_box():
    assert svg.union([(0, 0, 1, 1), (5, -5, 1, 1)]) == (0, -5, 6, 6)
    assert svg.union([]) is None


def numbers(text: str) -> list[float]:
    return [float(v) for v in re.split(r"[\s,]+", text.strip())]


def shapes(element, dx=0.0, dy=0.0, backdrop=False):
    """(box, is_backdrop) of every rect, circle, polyline and text (its anchor), moved by the translations
    above it."""
    move = re.fullmatch(r"translate\(([-\d.]+)[ ,]+([-\d.]+)\)", element.get("transform", "translate(0 0)"))
    assert move, f"a transform the test does not read: {element.get('transform')}"
    dx, dy = dx + float(move.group(1)), dy + float(move.group(2))
    backdrop = backdrop or element.get("data-backdrop") is not None
    tag = element.tag.removeprefix(NS)
    if tag == "rect":
        yield (dx + float(element.get("x", 0)), dy + float(element.get("y", 0)), float(element.get("width")),
               float(element.get("height"))), backdrop
    elif tag == "circle":
        r = float(element.get("r"))
        yield (dx + float(element.get("cx", 0)) - r, dy + float(element.get("cy", 0)) - r, 2 * r, 2 * r), backdrop
    elif tag == "text" and element.get("x") is not None:  # its anchor only: the font is the page's CSS
        yield (dx + float(element.get("x")), dy + float(element.get("y", 0)), 0.0, 0.0), backdrop
    elif tag == "polyline":
        xs, ys = numbers(element.get("points"))[0::2], numbers(element.get("points"))[1::2]
        yield (dx + min(xs), dy + min(ys), max(xs) - min(xs), max(ys) - min(ys)), backdrop
    for child in element:
        if child.tag.removeprefix(NS) not in ("defs", "clipPath", "mask", "pattern", "symbol", "marker"):
            yield from shapes(child, dx, dy, backdrop)


def boards(slug: str):
    """(steps, board SVG) along an auto-played game of `slug`: at the start, then after 1, 5, 30 and 150 steps."""
    ruleset = registry.get(slug)
    for seed in ("view-box", "view-box-2"):
        game = Game(ruleset, seed)
        for steps in range(max(STEPS) + 1):
            if steps in STEPS:
                yield steps, game.view().board
            if game.over:
                yield steps, game.view().board
                break
            game.auto()


def inside(box, view, slack=0.5) -> bool:
    return (box[0] >= view[0] - slack and box[1] >= view[1] - slack and box[0] + box[2] <= view[0] + view[2] + slack
            and box[1] + box[3] <= view[1] + view[3] + slack)


@pytest.mark.parametrize("slug", list(registry.RULESETS))
def test_every_board_is_viewed_from_what_it_draws(slug):
    """Nothing drawn lies outside the view, and what is drawn covers at least half of it (or 80% of its
    width or height: a long thin map); backdrops (data-backdrop) may run past it."""
    for steps, board in boards(slug):
        root = ET.fromstring(board)
        view = numbers(root.get("viewBox"))
        drawn = [box for box, backdrop in shapes(root) if not backdrop]
        outside = [box for box in drawn if not inside(box, view)]
        assert not outside, f"{slug} after {steps} steps: {outside[:3]} outside the view {view}"
        content = svg.union(drawn)
        assert content is not None
        across, down = content[2] / view[2], content[3] / view[3]
        assert across * down >= 0.5 or across >= 0.8 or down >= 0.8, (
            f"{slug} after {steps} steps: the drawing covers {across:.0%} x {down:.0%} of the view {view}")


@pytest.mark.parametrize("slug", ["three-dice-dungeon", "three-dice-dungeon-tiles", "three-rd6-dungeon"])
def test_the_grid_maps_view_their_cells_and_arrows_with_an_eighth_of_a_cell_of_rock(slug):
    margin = three_dice_render.MARGIN
    for steps, board in boards(slug):
        root = ET.fromstring(board)
        view = numbers(root.get("viewBox"))
        cells = [numbers(f"{x} {y}") for x, y in (c.get("data-cell").split(",") for c in root.iter(f"{NS}g")
                                                   if c.get("data-cell"))]
        if not cells:  # nothing mapped yet: the place the map starts
            assert 'class="unmapped"' in board and view == numbers(svg.view_box(three_dice_render.fit((0, 0, 64, 64))))
            continue
        cell, floors = three_dice_render.CELL, [numbers(" ".join(f.get(k) for k in ("x", "y", "width", "height")))
                                                for f in root.iter(f"{NS}rect") if f.get("class") == "floor"]
        # every floor with the margin of rock round it, and no further than the arrows in the next cells
        assert all(inside(three_dice_render.fit(tuple(floor)), view) for floor in floors), (slug, steps)
        xs, ys = [x for x, _ in cells], [y for _, y in cells]
        assert view[0] >= (min(xs) - 1) * cell - margin and view[1] >= (min(ys) - 1) * cell - margin, (slug, steps)
        assert view[0] + view[2] <= (max(xs) + 2) * cell + margin, (slug, steps)
        assert view[1] + view[3] <= (max(ys) + 2) * cell + margin, (slug, steps)


def test_a_tabletop_board_is_viewed_from_its_tiles_with_a_square_of_rock_for_the_coordinates():
    from pyapp.tabletop.board import bounds
    from pyapp.tabletop.render import PAD, C

    game = Game(registry.get("tabletop-dungeon"), "view-box")
    for _ in range(40):
        x0, y0, x1, y1 = bounds(game.state)
        view = numbers(ET.fromstring(game.view().board).get("viewBox"))
        assert view == [(x0 - PAD) * C, (y0 - PAD) * C, (x1 - x0 + 2 * PAD) * C, (y1 - y0 + 2 * PAD) * C]
        game.auto()


def test_no_board_carries_a_size_of_its_own_for_the_page():
    """The page scales every board to its frame (no data-natural size limits, no scrolling box)."""
    for slug in registry.RULESETS:
        root = ET.fromstring(Game(registry.get(slug), "view-box").view().board)
        assert root.get("data-natural") is None and "--map-" not in (root.get("style") or ""), slug
