"""The variants' settings, at the end of the ruleset's settings (their defaults are the base game)."""

from __future__ import annotations

from ...engine import Setting
from .rules import CAMPAIGNS, CARDS

VARIANT_SETTINGS = (
    Setting("solo", "One seat plays", "solo", ("solo", "base"),
            help="solo: the text's solo expeditions (3x3, Dragon in a corner, 15 dice, three tries); base: the "
                 "base game on 5x5. Only for 1 player."),
    Setting("gate", "Enemies at the Gate", False,
            help="Adding a unit to a tile another player controls costs [1+]; controlled tiles score 1 less per "
                 "unit not their controller's, uncontrolled ones nothing."),
    Setting("cards", "Choosing cards", "deal", CARDS,
            help="deal: random race and class; pros_cons: pick your race, the player to your right picks your "
                 "class; draft: draft from 4 face-up races and 4 classes."),
    Setting("campaign", "Campaign", "off", CAMPAIGNS,
            help="one: a second game keeping one unlocked Power; two: a second game with a second random class. "
                 "Scores are added."),
    Setting("escape", "Escape", False, help="Everyone starts on the Dragon at the centre and races to exit at a "
                                            "corner."),
    Setting("slough", "The Slough", False, help="A 7x7 dungeon and 30 dice each."),
    Setting("solo_dragon", "Solo: the Dragon's 3 count toward the 15", False,
            help="Off: the 15 points must be scored before the Dragon is explored (the text's 'before reaching'); "
                 "on: the Dragon's own 3 points count toward them."),
)
