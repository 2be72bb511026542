"""The Dungeon Generator map's style: one source for the page (its build
writes it into the page's stylesheet, `Ruleset.board_css`), the SVG export
(export.map_svg inlines it) and a PNG of the board (page.js inlines it).
Classes start with "dg-": the page's own CSS shares the page."""

# The threads' outlines: they stay apart under simulated protanopia, deuteranopia and tritanopia
# (tests/test_colour_palettes.py), and each thread's rooms also carry its dots or diamond (legend.thread_mark).
THREAD_STROKES = {"dg-t0": "#133f70", "dg-t1": "#1d9868", "dg-t2": "#d46718", "dg-ts": "#b81adc"}

BOARD_CSS = (
    "#board{background:#f7f1e3}.dg-bg{fill:#f7f1e3}.dg-head{font:bold 16px sans-serif;fill:#3b2f22}"
    ".dg-edge{fill:none;stroke:#6b5a45;stroke-width:2}.dg-edge.dg-secret{stroke-dasharray:5 3}"
    # loop-backs lighter than the tree of first discoveries, so the tree reads first on a big map
    ".dg-loop{fill:none;stroke:#8e44ad;stroke-width:1.6;stroke-dasharray:7 4;stroke-linejoin:round;opacity:.75}"
    # a loop-back to a far room: a stub and a tag naming the room, instead of a line across the map
    ".dg-far line{stroke:#8e44ad;stroke-width:1.6}.dg-far text{font:bold 10px sans-serif;fill:#8e44ad}"
    ".dg-plabel{font:12px sans-serif;fill:#3b2f22;text-anchor:middle}.dg-llabel{font:11px sans-serif;fill:#8e44ad}"
    ".dg-room circle{fill:#fff;stroke:#6b5a45;stroke-width:3}"
    ".dg-room.dg-t0 circle{fill:#e3f0fb}.dg-room.dg-t1 circle{fill:#e4f5ea}"
    ".dg-room.dg-t2 circle{fill:#fbeee2}.dg-room.dg-spent circle{stroke:#888;fill:#eee}"
    ".dg-room.dg-ts circle{fill:#f3e8f8}"
    + "".join(f".dg-room.{t} circle{{stroke:{c}}}.dg-room.{t} .dg-pip{{fill:{c}}}" for t, c in THREAD_STROKES.items())
    + ".dg-pip{stroke:none}"
    ".dg-room.dg-root circle{stroke:#b8860b;fill:#fff4cc}"
    ".dg-room.dg-current circle{stroke:#c0392b;stroke-width:5}"
    ".dg-room.dg-dead circle{stroke-dasharray:3 2}"
    ".dg-num{font:bold 14px sans-serif;fill:#222;text-anchor:middle}"
    ".dg-mark{font:bold 15px sans-serif;fill:#c0392b}.dg-gem{font:12px sans-serif;fill:#b8860b}"
    ".dg-stub circle{fill:#fff;stroke:#6b5a45;stroke-width:2;stroke-dasharray:2 2}"
    ".dg-stairs rect{fill:#3b2f22}.dg-stairs text{font:bold 12px sans-serif;fill:#fff;text-anchor:middle}"
    ".dg-stairs.dg-unexplored rect{fill:#8e6d3b}"
    ".dg-legend-text{font:12px sans-serif;fill:#3b2f22}.dg-legend .dg-stairs text{font-size:10px}"
    ".dg-tree rect{fill:#fff4cc;stroke:#b8860b;stroke-width:2}.dg-tree-here rect{stroke:#c0392b;stroke-width:3}"
    ".dg-tree text{font:bold 12px sans-serif;fill:#3b2f22;text-anchor:middle}"
    ".dg-tree .dg-tree-label{font:10px sans-serif;text-anchor:start;fill:#6b5a45}"
    ".dg-tree-edge{fill:none;stroke:#6b5a45;stroke-width:2}"
    # the level tree (in the panel) is paper in both schemes: its words are dark
    ".dg-levels{margin:0 0 .5rem}.dg-levels svg{max-width:100%;height:auto;background:#f7f1e3;border-radius:4px}"
    # while exploring, the page shows one level; paper gets every level known (the panel's copy)
    ".dg-print{display:none}@media print{.dg-print{display:block}.dg-map.dg-has-print{display:none}}"
    "[data-action]{cursor:pointer}[data-action]:hover circle,[data-action]:focus circle{stroke-width:5}"
    # a stub's tag walks to the room it names: underlined when pointed at, as a link
    ".dg-far[data-action]:hover text,.dg-far[data-action]:focus text{text-decoration:underline}"
)
