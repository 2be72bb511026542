"""The Dice Crawl board's style: one source for the page and exports (classes prefixed dc-).

Player colours are the text's dice colours; every unit and marker also
carries its letter (and markers a shape), so nothing depends on colour alone.
"""

from ..vaults.render import VAULT_CSS

# The seats' colours (red, blue, green, yellow, as the text's dice): chosen to stay apart under simulated
# protanopia, deuteranopia and tritanopia (tests/test_colour_palettes.py gives the figures). Yellow is
# light, so its letters are dark; the others carry white letters.
PLAYER_FILLS = ("#b3261e", "#174ea6", "#1a8262", "#fdd835")
PLAYER_CSS = "".join(f".dc-p{n}{{fill:{fill}}}" for n, fill in enumerate(PLAYER_FILLS)) + "".join(
    f"span.dc-p{n}{{background:{fill}}}" for n, fill in enumerate(PLAYER_FILLS))

BOARD_CSS = (
    # the coordinates are drawn on the page's board card: light on the dark scheme's (style.css --board-coord)
    ".dc-coord{font:bold 11px sans-serif;fill:var(--board-coord,#7d6a52);text-anchor:middle;dominant-baseline:central}"
    ".dc-ground{fill:#2b2622}.dc-back{fill:#5b4a3a;stroke:#8a7358;stroke-width:2}"
    ".dc-dragon-back{fill:#7a1f1f;stroke:#e0a030}.dc-dragon-word{font:bold 16px serif;fill:#f3d27a;"
    "text-anchor:middle;dominant-baseline:central}"
    ".dc-face{fill:#e9dfc7;stroke:#7d6a52;stroke-width:1.5}.dc-dragon-face{fill:#f1c3a8}"
    ".dc-corridor{fill:#b49a72}.dc-conquered .dc-face{stroke:#2e7d32;stroke-width:3}"
    ".dc-value{fill:#fffdf7;stroke:#7d6a52}.dc-points{font:bold 14px sans-serif;fill:#3b3024;text-anchor:middle;"
    "dominant-baseline:central}"
    ".dc-power{font:bold 9px sans-serif;fill:#5d2a7a;text-anchor:middle;paint-order:stroke;stroke:#e9dfc7;"
    "stroke-width:3px}"
    ".dc-icon{fill:#fffdf7;stroke:#3b3024;stroke-width:1.2}.dc-pip{fill:#3b3024}"
    ".dc-hoard{fill:#f3d27a;stroke:#9a6b00;stroke-width:1.5}.dc-hoard-mark{font:bold 12px serif;fill:#6b4a00;"
    "text-anchor:middle;dominant-baseline:central}"
    ".dc-unit{stroke:#1d1915;stroke-width:1.2}.dc-unit-value{font:bold 13px sans-serif;fill:#fff;"
    "text-anchor:middle;dominant-baseline:central;paint-order:stroke;stroke:#1d1915;stroke-width:2px}"
    ".dc-unit-letter{font:bold 7px sans-serif;fill:#fff;text-anchor:middle}"
    + PLAYER_CSS
    + ".dc-unit.dc-p3~.dc-unit-letter,.dc-marker.dc-p3+.dc-marker-letter{fill:#1d1915}"
    ".dc-markers{pointer-events:none}"
    ".dc-marker{stroke:#fff;stroke-width:2}.dc-marker-letter{font:bold 9px sans-serif;fill:#fff;"
    "text-anchor:middle;dominant-baseline:central;pointer-events:none}"
    ".dc-here .dc-ground{fill:#e0a030}.dc-orienting .dc-face{stroke:#2b6cb0;stroke-width:4;stroke-dasharray:8 4}"
    ".dc-target{fill:#ffe082;fill-opacity:.25;stroke:#2b6cb0;stroke-width:3;stroke-dasharray:6 3}"
    ".dc-choice{cursor:pointer}.dc-choice:hover .dc-target,.dc-choice:focus .dc-target{fill-opacity:.5}"
    ".dc-cellname{font:bold 12px sans-serif;fill:#1d1915;text-anchor:middle;paint-order:stroke;stroke:#fff;"
    "stroke-width:3px}"
    # the panels beside the board
    ".dc-players{display:flex;flex-wrap:wrap;gap:.5em}.dc-player{flex:1 1 16em;border:2px solid #ccc;"
    "border-radius:6px;padding:.3em .6em}.dc-player.dc-active{border-color:#2b6cb0}"
    ".dc-player h3{margin:.2em 0;font-size:1em}.dc-chip{display:inline-block;width:1.4em;text-align:center;color:#fff;"
    "border-radius:3px}span.dc-p3{color:#1d1915}"
    ".dc-powers{padding-left:1em;margin:.2em 0}.dc-slot{border:1px dashed #888;border-radius:3px;padding:0 .3em;"
    "font-size:.85em}.dc-slot.dc-open{border-style:solid;background:var(--ok-tint,#e8f5e9)}"
    ".dc-card-act{margin-left:.3em;font-size:.85em}"
    ".dc-tray{display:flex;gap:.3em;flex-wrap:wrap}.dc-tray .die{width:2.4em;height:2.4em}"
    "button.dc-die{padding:1px;border:2px solid transparent;background:none}button.dc-die.dc-marked{"
    "border-color:#b3261e;border-style:dashed}"
    ".dc-final{font-size:.9em;border-collapse:collapse;margin-bottom:.5em}.dc-final td,.dc-final th{padding:.1em .4em;"
    "text-align:right;white-space:nowrap}.dc-final td:first-child{text-align:left;white-space:normal}"
    # the components panel and the print-and-play sheets (components.py, pnp.py)
    ".dc-component-grid{display:flex;flex-wrap:wrap;gap:.5em}.dc-component{margin:0;width:9em;font-size:.8em}"
    ".dc-component svg{display:block;width:100%;height:auto}.dc-card-fig{width:11em}"
    ".dc-card{fill:#fffdf7;stroke:#7d6a52;stroke-width:2}.dc-card-kind{font:bold 7px sans-serif;fill:#7d6a52;"
    "text-anchor:middle;letter-spacing:.1em}.dc-card-name{font:bold 13px serif;fill:#3b3024;text-anchor:middle}"
    ".dc-card-power{font:bold 8px sans-serif;fill:#5d2a7a}.dc-card-slot{fill:none;stroke:#3b3024;stroke-width:.8;"
    "stroke-dasharray:2 1.5}.dc-card-unlock{font:italic 6px sans-serif;fill:#3b3024}"
    ".dc-card-text{font:5.1px sans-serif;fill:#3b3024}"
    + VAULT_CSS
)
