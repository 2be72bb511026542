"""Colours anyone can tell apart (issue 34): every palette that tells players, heroes, monsters or a
state apart stays distinct under simulated protanopia, deuteranopia and tritanopia.

Simulation: Machado, Oliveira and Fernandes, "A Physiologically-based Model for Simulation of Color
Vision Deficiency", IEEE TVCG 15(6), 2009: the severity 1.0 matrices of its Table 1, applied to linear
sRGB (as the paper and DaltonLens do). Distance: CIE 1976 ΔE*ab (Euclidean distance in CIELAB, D65).
Threshold: ΔE76 >= 20 for every pair, for normal vision and each of the three simulations; about ten
times a just-noticeable difference (2.3), so two colours read as two categories at a glance, on a
small token. Each palette is read from the CSS the pages ship (or the constant it is built from).

Figures with this run (smallest pair, normal / protanopia / deuteranopia / tritanopia):
  Dice Crawl seats  82.6 / 24.1 / 38.4 / 20.5     Tabletop heroes  58.5 / 28.4 / 23.6 / 25.7
  Tabletop monsters 83.4 / 51.7 / 23.7 / 51.6     Generator threads 74.8 / 34.1 / 34.4 / 34.5
  3 Dice passages   47.5 / 49.8 / 46.4 / 21.9     3 Dice monsters  65.3 / 44.1 / 57.7 / 77.7
The old palettes failed: Dice Crawl red/green 15.8 (deuteranopia), Tabletop knight/wizard 5.8
(deuteranopia), archer/goblin 5.6 even to normal vision.
"""

from __future__ import annotations

import itertools
import re

import pytest

from pyapp.dice_crawl.view.board_css import BOARD_CSS as DICE_CRAWL_CSS, PLAYER_FILLS
from pyapp.dungeon_gen.board_css import BOARD_CSS as GENERATOR_CSS, THREAD_STROKES
from pyapp.tabletop.board_css import BOARD_CSS as TABLETOP_CSS, HERO_FILLS, MONSTER_FILLS
from pyapp.three_dice.board_css import BOARD_CSS as THREE_DICE_CSS

MACHADO_2009 = {  # severity 1.0, linear RGB in, linear RGB out
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *MACHADO_2009)
THRESHOLD = 20.0


def linear_rgb(hex_colour: str) -> tuple[float, float, float]:
    digits = hex_colour.lstrip("#")
    assert len(digits) == 6, hex_colour
    channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return r, g, b


def simulate(rgb: tuple[float, float, float], vision: str) -> tuple[float, float, float]:
    if vision == "normal":
        return rgb
    m = MACHADO_2009[vision]
    r, g, b = (min(1.0, max(0.0, row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2])) for row in m)
    return r, g, b


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65) of a linear sRGB colour."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: str, b: str, vision: str) -> float:
    la, lb = lab(simulate(linear_rgb(a), vision)), lab(simulate(linear_rgb(b), vision))
    return sum((p - q) ** 2 for p, q in zip(la, lb)) ** 0.5


def closest_pair(palette: dict[str, str], vision: str) -> tuple[float, str, str]:
    return min((delta_e(palette[a], palette[b], vision), a, b) for a, b in itertools.combinations(palette, 2))


def css_value(css: str, selector: str, prop: str) -> str:
    """The `prop` colour of the first rule of `css` whose selector list holds `selector` exactly."""
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        if selector in (s.strip() for s in selectors.split(",")):
            found = re.search(rf"(?:^|;){prop}:(#[0-9a-fA-F]{{6}})", body)
            if found:
                return found.group(1)
    raise AssertionError(f"no {prop} colour for {selector!r}")


def palettes() -> dict[str, dict[str, str]]:
    return {
        "Dice Crawl seats": dict(zip("RBGY", PLAYER_FILLS)),
        "Tabletop heroes": HERO_FILLS,
        "Tabletop monsters": MONSTER_FILLS,
        "Generator threads": THREAD_STROKES,
        "3 Dice passages": {state: css_value(THREE_DICE_CSS, sel, "fill") for state, sel in (
            ("plain", ".passage"), ("open", ".passage.open"), ("blocked", ".passage.blocked"),
            ("locked", ".passage.locked"))},
        "3 Dice monsters": {"awake": css_value(THREE_DICE_CSS, ".monster rect", "fill"),
                            "asleep": css_value(THREE_DICE_CSS, ".monster.asleep rect", "fill")},
    }


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("name", list(palettes()))
def test_each_palette_stays_distinct_under_each_simulation(name, vision):
    distance, a, b = closest_pair(palettes()[name], vision)
    assert distance >= THRESHOLD, f"{name}, {vision}: {a} and {b} are only ΔE76 {distance:.1f} apart"


def test_the_pages_draw_with_the_palettes_tested():
    for seat, fill in enumerate(PLAYER_FILLS):
        assert css_value(DICE_CRAWL_CSS, f".dc-p{seat}", "fill") == fill
    for cls, fill in HERO_FILLS.items():
        assert css_value(TABLETOP_CSS, f"#board .{cls} circle.body", "fill") == fill
    for kind, fill in MONSTER_FILLS.items():
        assert css_value(TABLETOP_CSS, f"#board .{kind} .tt-body", "fill") == fill
        assert css_value(TABLETOP_CSS, f".tt-chip.{kind}", "fill") == fill
    for thread, stroke in THREAD_STROKES.items():
        assert css_value(GENERATOR_CSS, f".dg-room.{thread} circle", "stroke") == stroke


def test_the_simulation_matches_known_figures():
    """Pure red seen by a protanope is dark and yellowish-olive; white and black stay as they are;
    the measure finds red and green close under deuteranopia, as it should."""
    assert simulate(linear_rgb("#ffffff"), "protanopia") == pytest.approx((1.0, 1.0, 1.0), abs=0.01)
    assert simulate(linear_rgb("#000000"), "tritanopia") == (0.0, 0.0, 0.0)
    red = simulate(linear_rgb("#ff0000"), "protanopia")
    assert red[0] == pytest.approx(0.152, abs=0.001) and red[2] < 0.01
    assert delta_e("#c62828", "#2e7d32", "deuteranopia") < THRESHOLD < delta_e("#c62828", "#2e7d32", "normal")
    assert lab(linear_rgb("#ffffff")) == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
