"""The 3 Dice Dungeon map's style (both editions): one source for the page
(its build writes it into the page's stylesheet, `Ruleset.board_css`) and
for a drawing taken out of the page (a PNG of the board inlines it)."""

BOARD_CSS = (
    "#board{background:#2b2622}.rock{fill:#2b2622}.floor{fill:#d9cbb0;stroke:#5b4a36;stroke-width:2}"
    ".uncleared .floor{fill:#c9a27a}.current .floor{stroke:#f2c14e;stroke-width:4}"
    ".temple .floor{fill:#cfe0f5}.hall .floor{fill:#e8d6f5}.vault .floor{fill:#f5e6b3}"
    ".pit .floor{fill:#8a7a66}.corridor .floor{fill:#cdbf9f}.entrance .floor{fill:#b9dcb5}"
    ".passage{fill:#d9cbb0}.passage.open{fill:#f2c14e}.passage.blocked{fill:#7a2e2e}"
    ".passage.locked{fill:#3d6fb0;stroke:#fff;stroke-width:1.5;stroke-dasharray:3 2}"
    ".mark{font:18px sans-serif;fill:#2e2418}.number{font:9px sans-serif;fill:#4a3b2a}"
    ".monster rect{fill:#9e2a2b}.monster text{font:bold 9px sans-serif;fill:#fff}"
    ".monster.asleep rect{fill:#5a5f8a}.zz{font:bold 11px sans-serif;fill:#fff}"
    ".loot{fill:#f2c14e;stroke:#7a5c12}.searched{font:9px sans-serif;fill:#4a3b2a}"
    ".hero circle{fill:#2e7d32;stroke:#fff;stroke-width:2}"
    ".go{cursor:pointer}.go circle{fill:#f2c14e;stroke:#2b2622;stroke-width:2}.go text{font:bold 11px sans-serif}"
    ".go:hover circle,.go:focus circle{fill:#fff}[data-action]{cursor:pointer}"
    ".unmapped rect{fill:none;stroke:#c2ae8e;stroke-width:1.5;stroke-dasharray:4 3}"
    ".unmapped text{font:7px sans-serif;fill:#c2ae8e}"
)
