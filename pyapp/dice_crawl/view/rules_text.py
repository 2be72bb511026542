"""The in-page rules: the text's rules clause by clause, the rulings, and the components from data.py."""

from __future__ import annotations

from ...markup import escape, table
from ..core import costs
from ..core.seats import RULING as BY_LINK_RULING
from ..data import (
    ALL_CLASSES,
    ALL_RACES,
    ARMY,
    BASE_POWERS,
    CLASS_IDS,
    MAX_ROUNDS,
    POINTS,
    POWERS,
    RACE_IDS,
    RULES_VERSION,
    TILE_IDS,
    TILES,
)
from ..variants.rules_text import variants_html
from ..vaults.rules_text import vaults_html
from .balance_text import balance_html
from .components import components_html

# (clause id, the rule in the project's words): the rules panel lists them; tests/test_dice_crawl_rules.py
# has one test per clause id (test_<id>).
CLAUSES = (
    ("setup_grid", "Set-up: 24 tiles face down in a 5x5 grid with the Dragon tile face down at the centre."),
    ("setup_cards", "Each player is dealt a random race card and class card."),
    ("setup_dice", f"Each player brings {ARMY} dice of one colour (25 in the easier game)."),
    ("setup_corners", "Each player starts at a different corner; each rolls a die and the highest goes first "
                      "(seat 1 first is a setting)."),
    ("first_flip", "On your first turn, reveal your start tile and orient it as you like."),
    ("turn_order", "A turn is Explore then Crawl; play passes to the left."),
    ("explore_conquered", "You may Explore only while your marker's tile is conquered (every dice icon covered)."),
    ("explore_corridor", "Explore: reveal one face-down tile next to yours that one of your corridors leads to, "
                         "and orient it any way you wish."),
    ("explore_move", "Then you may move your marker to a next face-up tile joined to yours by a corridor on both "
                     "sides (the new tile or another)."),
    ("crawl_roll", "Crawl: roll five dice from your army (more with Roll Powers)."),
    ("hunt_match", "Hunt: put a rolled die on an open dice icon of the same value."),
    ("hunt_markers", "You may hunt any revealed, unconquered tile with an adventurer marker on it: yours, or an "
                     "enemy's (your dice there are allies). No path is needed."),
    ("units_locked", "Units stay where they are put, unless a Power moves them."),
    ("conquered", "A tile is conquered when every dice icon is covered; occupied when some are."),
    ("control", "A tile is controlled by the player with the most units on it; a tie: no one."),
    ("hoard_place", "Hoard: put any rolled die on an open Hoard space."),
    ("hoard_steal", "A higher die steals a Hoard space; the replaced unit returns to its army. A 6 is safe."),
    ("hoard_no_conquest", "Hoard spaces do not count for conquering a tile."),
    ("unlock_pair", "Unlock a Power by putting two rolled dice on it at once; they stay there all game."),
    ("power_cost", "Using a Power pays its cost from your roll ([1+] any die, [3+] a 3 or more, [5] a 5, "
                   "[doubles] two equal dice); the paid dice return to the army."),
    ("power_once", "Each Power can be used once per turn; Roll and Hoarder work all the time once unlocked."),
    ("tile_power", "A tile's Power works for whoever conquers it, at once, before the Crawl goes on; it works "
                   "again each time the tile is conquered again. It may be passed up."),
    ("end_turn", "Your turn ends when your dice are spent or nothing is left to spend them on, or when you end "
                 "it; unused dice return to your army."),
    ("game_end_army", "The game ends when a player's turn starts with 0 or 1 dice in the army."),
    ("game_end_dragon", "The game ends at once when a player explores the Dragon tile."),
    ("score_tiles", "Score the printed value of each conquered tile you control."),
    ("score_allies", f"Score {POINTS['ally']} per unit (not Hoard units) on a conquered tile you do not control."),
    ("score_hoards", f"Score {POINTS['hoard']} per Hoard space you hold, conquered or not."),
    ("score_dragon", f"Score {POINTS['dragon']} for exploring the Dragon tile."),
    ("tie_powers", "A tie goes to the player with the most unlocked Powers,"),
    ("tie_dragon", "then to whoever explored the Dragon; still tied, the game is a draw."),
)

RULINGS = (
    "Tiles and cards: the text's pictures are missing; the project designed the 50 tiles, the Dragon and the 24 "
    "cards (below). The Elf and the Warrior are the text's own.",
    "Face-down tiles are drawn from the shuffled stack the moment they are revealed (the same odds as tiles laid "
    "face down at the start; it keeps hidden tiles out of the game's data).",
    "Hunting: only tiles with a marker on them may be hunted (yours, or an enemy's for allies). Hoards: the Hoard "
    "spaces of any face-up tile with a marker on it, conquered or not; you cannot steal your own Hoard.",
    "Control counts every unit on the tile, Hoard units too (the text: the army with the most dice on it).",
    "Moving after exploring is optional; you may move without revealing, but not reveal after moving.",
    "Unlock brackets: a card's bracket is read for both dice ([2]: two 2s, [3+]: two dice of 3 or more, "
    "[doubles]: any pair); a free Power or [1+] takes any two dice.",
    "[doubles] as a cost means paying two equal dice each use.",
    "Attack rolls two dice from your army (you need two there); the unit must be lower than either die (a Hoard "
    "unit: lower than their sum); you choose the unit after the roll. One die takes the unit's place at its value, "
    "the other returns. Attack and Shapechange never unconquer or re-conquer a tile.",
    "Reveal, Swap and Rotate never touch the Dragon: it is explored only by the Explore rule.",
    "Swap needs one of the two tiles face up (two face-down tiles are the same unknown either way).",
    "Garrison may cover an icon of any face-up unconquered tile, marker or not; a conquest by Garrison triggers "
    "the tile's Power.",
    "Each printed Power is a Power of its own (the text: \"each Power can only be used once per turn\"): the "
    "Warrior's Attack [3+] and Attack [1+] are two Attacks, each unlocked and paid on its own, so that Warrior "
    "may Attack twice a turn, once with each. Rules versions 1, 2 and from 9 on; under versions 3 to 8 "
    "a Power printed twice was one Power, used once a turn at either cost.",
    "Who goes first: the text rolls for it; under rules versions 1 to 8 seat 1 goes first by default (taking "
    "seats is the roll, and a person at the screen plays at once), or a seeded die picks the first player "
    "(setting First player: roll). From version 9 it rolls by default: each player rolls a die from the "
    "game's seed, the highest goes first and those tied roll again, every roll in the log; Pros and Cons and "
    "Drafting, which choose the first player 'randomly', start from that player. Seat 1 first stays a setting.",
    "A start corner is its owner's to flip and orient on their first turn. Under versions 1 to 8 a rival's "
    "Reveal could turn it up first and face its only corridor off the grid, stranding its owner for the game "
    "(nothing turns a conquered tile); from version 9 no Power reveals, rotates or swaps a "
    "face-down tile with a marker on it, and from version 10 no Disarmed Sliding or Spinning Room moves a "
    "rival's marker off it either (the room cannot be Disarmed onto that rival; under version 9 it could, and "
    "they never flipped their corner).",
    f"Round limit: the game also ends after {MAX_ROUNDS} rounds (a setting). The text has no limit; it keeps a "
    "game where nobody places dice from going on for ever: Onslaught, Attack and Shapechange send units back to "
    "the armies, and two players can trade them turn after turn. The balance figures count the games between "
    "bots that reach it. Under rules version 8 it decided 6.8% of two-player games: the players were shut in "
    "(no corridor of theirs led to a face-down tile) and traded Shapechanges. From version 9 "
    "the normal bot leaves every player a way on where it can (it counts a shut-in marker, anyone's, against "
    "the board), walks toward the nearest corridor to a face-down tile, and once every marker is shut in only "
    "the player who leads sends units back to an army, so that the games end as the text says. From version 11 "
    "the bot that would win if the game ended then (most points, then most Powers), or share the first place, "
    "plays to end it: it locks its rolled dice on its cards and the board rather than handing them back, so "
    "that its army runs out (under version 10 such a leader could roll and return its last dice until the round "
    "limit, and players tied on every count both waited).",
    "One seat plays the text's solo variant (3x3, 15 dice, three expeditions); the setting One seat plays: base "
    "gives the base game on the 5x5 grid.",
)


def card_rows(cards) -> list:
    return [[name, "; ".join(f"{pw['label']} {costs.words(pw['cost'])}, unlock: {costs.unlock_words(pw['unlock'])}"
                             for pw in powers)] for name, powers in cards]


def tile_rows() -> list:
    rows = []
    # the newest rules' tiles (the Forbidden Vaults sets' have their own tables: vaults/rules_text.py)
    for tile in (TILES[0], *(TILES[t] for t in TILE_IDS[RULES_VERSION])):
        icons = " ".join(str(s["v"]) for s in tile["spaces"] if s["kind"] == "icon")
        hoards = sum(1 for s in tile["spaces"] if s["kind"] == "hoard")
        label = "Dragon" if tile["id"] == 0 else tile.get("no", tile["id"])
        rows.append([label, tile["shape"], icons, tile["points"], hoards or "",
                     POWERS[tile["power"]][0] if tile["power"] else ""])
    return rows


def rules_html() -> str:
    clauses = "".join(f'<li id="rule-{cid}">{escape(text)}</li>' for cid, text in CLAUSES)
    rulings = "".join(f"<li>{escape(text)}</li>" for text in RULINGS)
    powers = "".join(f"<li><strong>{escape(POWERS[key][0])}</strong>: {escape(POWERS[key][1])}</li>"
                     for key in BASE_POWERS)
    return (
        "<h3>The game</h3><p>A competitive dungeon crawl for 1 to 4 players (people on this device or bots). "
        "Roll dice, place them on the dungeon tiles' dice icons to conquer tiles, unlock Powers on your race and "
        "class cards, and race for the Dragon at the centre. Most points wins.</p>"
        f"<h3>Rules</h3><ol class='dc-rules'>{clauses}</ol>"
        f"<h3>Powers</h3><ul>{powers}</ul>"
        f"<h3>Rulings</h3><ul>{rulings}</ul>"
        + variants_html() +
        "<h3>Playing on this page</h3><p>Click a tile to explore or move, a dice icon to put the matching die "
        "on it, a Hoard space to hoard; unlock and use Powers from your card or the buttons. Every clickable "
        "place is also reached with Tab. Seats can be people or bots (easy: random; normal: greedy; hard: plays "
        "its best few moves out to the end of the turn on made-up dice and tiles, never the game's own).</p>"
        f"<h3 id='dc-by-link'>Play by link</h3><p>{escape(BY_LINK_RULING)}</p>"
        "<h3>Race cards</h3>" + table(["Race", "Powers"], card_rows(ALL_RACES[k] for k in RACE_IDS[RULES_VERSION]))
        + "<h3>Class cards</h3>" + table(["Class", "Powers"],
                                         card_rows(ALL_CLASSES[k] for k in CLASS_IDS[RULES_VERSION]))
        # the 50 tiles' table, collapsed: the panel must stay short enough to open in an embed
        + "<h3>Dungeon tiles</h3><details class='dc-table'><summary>Every dungeon tile, as data</summary>"
        + table(["Tile", "Corridors", "Dice icons", "Points", "Hoards", "Power"], tile_rows()) + "</details>"
        + balance_html()
        + vaults_html(card_rows)
        + "<h3 id='dc-components'>Components</h3>" + components_html()
    )
