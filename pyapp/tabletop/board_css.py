"""The Tabletop Dungeon board's style: one source for the page and exports.

The page gets it once, in the stylesheet its build writes next to it
(`Ruleset.board_css`), not with every redraw; a drawing taken out of the
page (a PNG of the board) gets it inlined. Board classes are scoped to
`#board` or carry the `tt-` prefix, as the page's own CSS shares the page.
"""

# Heroes' and monsters' colours: each set stays apart under simulated protanopia, deuteranopia and
# tritanopia (tests/test_colour_palettes.py gives the figures); each figure also carries its letter
# (heroes K B W A with a white ring and wound pips, monsters g O D with a dark ring), so none needs colour.
HERO_FILLS = {"knight": "#173a80", "barbarian": "#a35f12", "wizard": "#a62fcc", "archer": "#157d7d"}
MONSTER_FILLS = {"goblin": "#33961f", "orc": "#5e1e9e", "dragon": "#7a1a1a"}

BOARD_CSS = (
    # the map
    "#board{background:#2b2622}#board .rock{fill:#2b2622}#board .sq{stroke:#7d6a52;stroke-width:.6}"
    "#board .room .sq{fill:#b9c9e3}"
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
    # crossed swords (take a monster on): white blades with hilts over a dark outline, no ring (a ringed
    # cross reads as "forbidden")
    ".tt-swords-under{fill:none;stroke:#3e0b0b;stroke-width:4;stroke-linecap:round}"
    ".tt-swords{fill:none;stroke:#fff;stroke-width:1.8;stroke-linecap:round}"
    ".tt-legend{display:flex;flex-wrap:wrap;gap:.2rem .9rem;margin:.3rem 0;font-size:.85rem}"
    ".tt-legend span{display:inline-flex;align-items:center;gap:.3rem}"
    ".tt-legend svg{width:28px;height:28px;background:#e8dcc0;border-radius:3px}"
    # game over, in the board
    ".tt-over-veil{fill:#1d1915;fill-opacity:.45}"
    ".tt-over-box{fill:#fffaf0;stroke-width:3}.tt-over-box.won{stroke:#2e7d32}.tt-over-box.lost{stroke:#b3261e}"
    ".tt-over text{text-anchor:middle;fill:#1d1915}.tt-over .tt-over-head{font:bold 20px sans-serif}"
    ".tt-over.won .tt-over-head{fill:#1b5e20}.tt-over.lost .tt-over-head{fill:#8e1c14}"
    ".tt-over .tt-over-line{font:14px sans-serif}"
    ".tt-over-new{cursor:pointer}.tt-over-btn{fill:#1a73e8;stroke:#0d47a1;stroke-width:1.5}"
    ".tt-over .tt-over-btn-t{font:bold 15px sans-serif;fill:#fff;pointer-events:none}"
    ".tt-over-new:hover .tt-over-btn,.tt-over-new:focus .tt-over-btn{fill:#0d47a1}"
    ".tt-over-new:focus-visible .tt-over-btn{stroke:#ffca28;stroke-width:4}"
    f".tt-legend .tt-body{{fill:{MONSTER_FILLS['goblin']};stroke:#111;stroke-width:1.5}}"
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
    "#board .mon .tt-body{stroke:#111;stroke-width:1.5}#board .mon text{font:bold 13px sans-serif;fill:#fff;"
    "pointer-events:none}"
    + "".join(f"#board .{kind} .tt-body{{fill:{fill}}}" for kind, fill in MONSTER_FILLS.items())
    + "#board .dragon .tt-body{stroke:#ffd54f!important;stroke-width:3!important}"
    # the goblin is the one light body: its letter is black (white on it fell short of 4.5:1)
    "#board .mon.goblin text,.tt-chip.goblin+.tt-chip-l{fill:#111}"
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
    "pointer-events:none}"
    + "".join(f"#board .{cls} circle.body{{fill:{fill}}}" for cls, fill in HERO_FILLS.items())
    + "#board .hero.threatened circle.body{stroke:#e53935;stroke-width:4}"
    "#board .hero.peril circle.body{stroke-dasharray:5 2}.tt-peril-ring{fill:none;stroke:#e53935;stroke-width:2}"
    "#board .hero.invisible{opacity:.55}#board .hero.invisible circle.body{stroke-dasharray:2 3}"
    ".tt-sel-sq{fill:none;stroke:#ffeb3b;stroke-width:3.5}.tt-sel-fill{fill:#ffeb3b;fill-opacity:.35}"
    ".tt-sel-under{fill:none;stroke:#1d1915;stroke-width:6.5}.tt-sel{pointer-events:none}"
    "#board .hero.sel circle.body{stroke-width:4}#board .hero.sel:not(.threatened) circle.body{stroke:#ffeb3b}"
    "#board .pip{fill:#e53935;stroke:#fff;stroke-width:1}.tt-pip-free{fill:#fff;fill-opacity:.35;stroke:#fff;"
    "stroke-width:1}"
    ".tt-chip{stroke:#e53935;stroke-width:1.6}"
    + "".join(f".tt-chip.{kind}{{fill:{fill}}}" for kind, fill in MONSTER_FILLS.items())
    + ".tt-chip-l{font:bold 8px sans-serif;fill:#fff;text-anchor:middle;"
    "pointer-events:none}.tt-chip-g.target .tt-chip{stroke:#ffca28;stroke-width:2.4}"
    ".tt-chip-g.target:hover .tt-chip,.tt-chip-g.target:focus .tt-chip{stroke:#fff;stroke-width:3}"
    ".tt-chip-g.target:focus-visible .tt-chip{stroke:#1a73e8;stroke-width:3.5}"
    "#board .hero[data-action]:hover circle.body,#board .hero[data-action]:focus circle.body{stroke:#ffeb3b}"
    "#board .hero[data-action]:focus-visible circle.body{stroke:#1a73e8;stroke-width:5}"
    "#board .door,.tt-trail-g{pointer-events:none}#board [data-action]{cursor:pointer}"
    "#board [data-action]:focus{outline:none}"  # each clickable kind has its own focus ring above
    # the selected square's fill pulses by its opacity, which the browser composites: a pulse of fill-opacity
    # repainted the board every frame, 2.5 s of a phone's first load (Lighthouse: 136-314 ms blocking, 0-17 after)
    "@media (prefers-reduced-motion:no-preference){.tt-sel-fill{animation:tt-pulse 1.6s ease-in-out infinite}}"
    "@keyframes tt-pulse{50%{opacity:.34}}"
)
