"""The 3RD6 map's style: the 3 Dice Dungeon map's (pyapp/three_dice/board_css.py) and the sheet's border,
the stairs, the foes and the treasure rooms."""

from ..three_dice.board_css import BOARD_CSS as THREE_DICE_CSS

BOARD_CSS = THREE_DICE_CSS + (
    ".sheet{fill:none;stroke:#f2c14e;stroke-width:2;stroke-dasharray:6 4}"
    ".stairs .floor{fill:#e8d6f5}.vault .floor{fill:#f5e6b3}"
    ".foe rect{fill:#9e2a2b}.foe.asleep rect{fill:#5a5f8a}.foe text{font:bold 9px sans-serif;fill:#fff}"
    ".foe[data-action] rect{stroke:#f2c14e;stroke-width:2}"
)
