"""The variants in the in-page rules: the text's rules in the project's words, and the rulings made where the
text is silent (tests/test_dice_crawl_variants.py has tests named test_<id> for each)."""

from __future__ import annotations

from ...markup import escape
from .rules import EASIER_EXTRA, SLOUGH_DICE, SLOUGH_SIZE, SOLO_DICE, SOLO_EXPEDITIONS, SOLO_GOAL, SOLO_SIZE

VARIANT_RULES = (
    ("solo", "Solo play (what one seat plays; setting One seat plays: base for the base game)",
     f"A {SOLO_SIZE}x{SOLO_SIZE} grid with the Dragon in a corner and your start in the opposite one, "
     f"{SOLO_DICE} dice. Reach the Dragon having scored {SOLO_GOAL} points, or the expedition fails. Play "
     f"{SOLO_EXPEDITIONS} expeditions: your score is your best total, minus 1 per failed expedition."),
    ("gate", "Enemies at the Gate",
     "Adding a unit to a tile another player controls costs [1+]. At the end a controlled conquered tile is "
     "worth 1 less per unit on it that is not its controller's; an uncontrolled one is worth nothing to anyone."),
    ("pros_and_cons", "Pros and Cons (setting Choosing cards)",
     "Pick your race card from the pile, then pass the pile to the left; the player to your right picks your "
     "class card for you."),
    ("campaign_one", "Campaign One", "Play a second game keeping one unlocked Power unlocked; add the scores."),
    ("campaign_two", "Campaign Two", "Play a second game with a second random class card; add the scores."),
    ("escape", "Escape", "Everyone starts on the Dragon at the centre and races to exit at one of the four "
                         "corners. It goes with either campaign."),
    ("drafting", "Drafting (setting Choosing cards)",
     "Four race and four class cards lie face up. From the first player clockwise each takes one; the last "
     "player takes one of each, then the picks go back counter-clockwise."),
    ("the_slough", "The Slough", f"A {SLOUGH_SIZE}x{SLOUGH_SIZE} grid and {SLOUGH_DICE} dice each."),
    ("easier", "The easier game", f"{EASIER_EXTRA} more dice each."),
)

VARIANT_RULINGS = (
    "Solo: the Dragon lies in the top right corner, you start bottom left. The 15 points must be scored before "
    "the Dragon is explored (its own 3 do not count toward them, but count in the expedition's total; a setting "
    "lets them count). An "
    "expedition fails when a turn starts with 0 or 1 dice in your army, at the round limit, or when you explore "
    "the Dragon short of 15 points. A failed expedition's total does not count: the solo score is the best "
    "successful total minus 1 per failure (-3 when all three fail). All three expeditions are always played.",
    "Refused combinations (the game says so in its log and plays without them): solo with the Slough, Escape, "
    "a campaign or Enemies at the Gate (one grid, one goal, one series, no enemies); Pros and Cons with one "
    "player (nobody to choose your class). Drafting works solo: you take one race and one class of the "
    "face-up cards.",
    f"The easier game gives {EASIER_EXTRA} more dice in every variant (20 in solo, 35 in the Slough).",
    "Enemies at the Gate: the toll is paid when Hunting or Hoarding onto a tile another player controls at "
    "that moment (one more rolled die of any value, back to your army); Powers (Garrison, Attack, "
    "Shapechange) pay their own costs only. From rules version 9 a Garrison onto such a tile "
    "pays the toll too (the toll is for every unit added), chosen after the icon; from version 10 a Shapechange "
    "or an Attack onto such a tile pays it as well, chosen after the unit taken, so a Shapechange or an Attack "
    "reaches a rival's tile only with a rolled die left for the toll. Every unit that is not the "
    "controller's counts against the tile, Hoard units too, and a tile is never worth less than 0. Units on "
    "an uncontrolled conquered tile score nothing; Hoard spaces still score.",
    "Pros and Cons: 'pass it to the left' is read as passing the pile, so each player picks their own race "
    "(the pros) and the class of the player on their left (the cons). On one screen the picks are open.",
    "Drafting: the face-up cards are drawn with the game's dice; each player ends with one race and one "
    "class; cards nobody takes leave the game.",
    "Campaigns: game 2 is a new dungeon with the same cards and full armies. From rules version 10 who goes "
    "first in game 2 is rolled as in game 1, every roll in the log (with First player: seat 1, the seat after "
    "game 1's first player, said in the log); under versions 1 to 9 the player after game 1's first player "
    "went first, unsaid. The campaign score is the sum of both games; a tie goes to most unlocked Powers in game "
    "2, then to whoever explored the Dragon (or an exit) in game 2.",
    "Campaign One: you choose which of your Powers unlocked at the end of game 1 stays unlocked; its two dice "
    "stay on the card, so your game 2 army is 2 dice smaller. With none unlocked nothing is kept.",
    "Campaign Two: the second class is drawn from the classes nobody holds; its Powers are unlocked as usual.",
    "Escape: the Dragon starts face up and must be conquered (everyone may hunt it) before anyone explores from "
    "it; its controller scores it like any tile. The corners are the exits: face down, touched by no Power; "
    "exploring one ends the game at once and scores 3 in place of the Dragon's 3 (and breaks ties as the "
    "Dragon does).",
    "The Slough: the Dragon at the centre, starts in the corners, the base rules otherwise.",
)


def variants_html() -> str:
    rules = "".join(f'<li id="variant-{vid}"><strong>{escape(title)}</strong>: {escape(text)}</li>'
                    for vid, title, text in VARIANT_RULES)
    rulings = "".join(f"<li>{escape(text)}</li>" for text in VARIANT_RULINGS)
    return f"<h3>Variants</h3><ul class='dc-rules'>{rules}</ul><h3>Variant rulings</h3><ul>{rulings}</ul>"
