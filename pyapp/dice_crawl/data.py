"""Dice Crawl (seed 004): the components, designed as data.

The text's tile faces and its 24 race and class cards were pictures and are
missing (RULINGS.md, Dice Crawl). The project designs them here, once: the
engine, the bots, the board and the in-page rules all read these tables, so
the page and the rules can never disagree, and the balance tuning of a later
session changes numbers here only.

Tile design: a spread of corridor shapes (8 dead ends, 8 straights, 12
elbows, 14 T-junctions, 8 crossroads); 1 to 4 dice icons; the printed value
grows with how hard a tile is to conquer (more icons, doubles, high faces)
and with how little it helps a crawl (dead ends are worth more); Hoard
spaces on 14 tiles; a tile Power on 12.
"""

from __future__ import annotations

from .vaults_data import SETS, VAULT_CLASSES, VAULT_PERMANENT, VAULT_POWERS, VAULT_RACES, VAULT_TILE_TABLE

N, E, S, W = 1, 2, 4, 8  # exit bits, clockwise from north
SIDES = ((N, "N", 0, -1), (E, "E", 1, 0), (S, "S", 0, 1), (W, "W", -1, 0))  # bit, letter, dx, dy

# Corridor shapes as exit masks in the tile's printed orientation.
SHAPES = {
    "dead end": N,
    "straight": N | S,
    "elbow": N | E,
    "T": E | S | W,
    "cross": N | E | S | W,
}
SHAPE_CODES = {"D": "dead end", "I": "straight", "L": "elbow", "T": "T", "X": "cross"}

# (shape code, dice icons, printed points, Hoard spaces, tile Power or "")
TILE_TABLE = (
    ("D", (6, 6), 4, 1, ""), ("D", (5, 5, 5), 5, 0, ""), ("D", (1, 6), 3, 1, ""), ("D", (2, 4), 3, 1, ""),
    ("D", (3, 3), 3, 0, "reveal"), ("D", (6,), 2, 2, ""), ("D", (4, 5), 3, 1, ""), ("D", (1, 2, 3), 4, 0, ""),
    ("I", (1, 2), 2, 0, ""), ("I", (3, 4), 2, 0, ""), ("I", (5, 6), 2, 0, ""), ("I", (2, 2), 2, 1, ""),
    ("I", (4, 4, 6), 3, 0, ""), ("I", (1, 1), 1, 0, "swap"), ("I", (3, 5), 2, 0, "scout"), ("I", (6,), 1, 0, ""),
    ("L", (1,), 1, 0, ""), ("L", (2, 3), 2, 0, ""), ("L", (4, 5), 2, 0, ""), ("L", (6, 6), 3, 0, ""),
    ("L", (1, 5), 2, 1, ""), ("L", (2, 6), 2, 0, "rotate"), ("L", (3, 3, 4), 3, 0, ""), ("L", (1, 4, 5), 3, 0, ""),
    ("L", (2, 5), 2, 0, "garrison"), ("L", (3, 6), 2, 1, ""), ("L", (4,), 1, 1, ""), ("L", (1, 3, 5), 3, 0, "withdraw"),
    ("T", (1, 2), 2, 0, ""), ("T", (3, 4), 2, 0, ""), ("T", (5, 6), 2, 0, ""), ("T", (2, 4, 6), 3, 0, ""),
    ("T", (1, 3, 5), 3, 1, ""), ("T", (5, 5), 3, 0, ""), ("T", (1, 6), 2, 0, "reinforcements"),
    ("T", (2, 3, 4), 3, 0, ""), ("T", (4, 6), 2, 1, ""), ("T", (3,), 1, 0, ""), ("T", (6, 6, 6), 5, 0, ""),
    ("T", (1, 1, 2), 3, 0, "reveal"), ("T", (2, 5, 5), 3, 0, "attack"), ("T", (4, 4), 2, 2, ""),
    ("X", (1,), 1, 0, ""), ("X", (6,), 1, 0, ""), ("X", (2, 3), 2, 0, ""), ("X", (4, 5), 2, 0, ""),
    ("X", (1, 2, 3, 4), 4, 0, ""), ("X", (3, 4, 5, 6), 4, 1, ""), ("X", (2, 6), 2, 0, "swap"), ("X", (5,), 1, 1, ""),
)
DRAGON_ID = 0  # tile ids: 0 is the Dragon, 1-50 the dungeon tiles in TILE_TABLE's order
DRAGON = ("X", (6, 6, 6, 6), 5, 0, "")  # drawn on its face; the base game ends the moment it is explored


def _tile(ident: int, row: tuple) -> dict:
    shape, icons, points, hoards, power = row[:5]
    spaces = [{"kind": "icon", "v": v} for v in icons] + [{"kind": "hoard", "v": 0}] * hoards
    tile = {"id": ident, "shape": SHAPE_CODES[shape], "exits": SHAPES[SHAPE_CODES[shape]], "spaces": spaces,
            "icons": len(icons), "points": points, "power": power}
    if len(row) > 5:  # a Forbidden Vaults tile: its feature; a Dwarven Hoard is a Hoard space of two halves
        feature, dwarven, gas = row[5:]
        spaces += [{"kind": "hoard", "v": 0, "dwarf": d} for d in range(dwarven) for _ in range(2)]
        tile.update(feature=feature, gas=gas)
    return tile


TILES = [_tile(0, DRAGON)] + [_tile(n + 1, row) for n, row in enumerate(TILE_TABLE)]
DECK = tuple(range(1, len(TILES)))
SET_TILES = {}  # Forbidden Vaults: each set's tile ids, after the base ones
for _set in SETS:
    SET_TILES[_set] = tuple(range(len(TILES), len(TILES) + len(VAULT_TILE_TABLE[_set])))
    TILES += [_tile(ident, row) for ident, row in zip(SET_TILES[_set], VAULT_TILE_TABLE[_set])]

# -- Powers: what each does, in the words of the in-page rules -----------------------
POWERS = {
    "attack": ("Attack", "Roll two dice from your army; replace one enemy unit lower than either die (a Hoard unit: "
                         "lower than their sum) with one of yours at its value. Needs two of your units in play."),
    "garrison": ("Garrison", "Put one rolled die on any open dice icon of a revealed tile (not a Hoard); it takes "
                             "the icon's value."),
    "hoarder": ("Hoarder", "Each Hoard space you hold scores 3 points instead of 2."),
    "onslaught": ("Onslaught", "Send one enemy unit back to its army. Needs three of your units in play."),
    "reinforcements": ("Reinforcements", "Reroll one, some or all of your remaining rolled dice."),
    "reveal": ("Reveal", "Turn one face-down tile (not the Dragon) face up and orient it."),
    "roll": ("Roll +1", "Roll one more die in every Crawl (stacks)."),
    "rotate": ("Rotate", "Turn one unconquered tile to a new facing, even with a marker on it."),
    "scout": ("Scout", "In the Crawl, move your marker as in Explore (from a conquered tile, along a corridor, "
                       "to a face-up tile)."),
    "shapechange": ("Shapechange", "Trade one of your rolled dice for any enemy unit; your die takes its value."),
    "swap": ("Swap", "Swap two adjacent unconquered tiles (not the Dragon); dice and markers move with them."),
    "withdraw": ("Withdraw", "Return one of your units to your army, from any tile."),
}
BASE_POWERS = tuple(POWERS)
POWERS.update(VAULT_POWERS)
PERMANENT = ("hoarder", "roll", *VAULT_PERMANENT)  # always on once unlocked; never 'used'


def power(key: str, cost: str = "", unlock: str | None = None, label: str = "", extra: int = 1) -> dict:
    """A Power on a card: its cost in brackets ("" free, "3+", "5", "doubles"), the pair that unlocks it
    (by default the cost read for both dice; "" any two dice), and for Roll the extra dice."""
    return {"key": key, "cost": cost, "unlock": cost if unlock is None else unlock,
            "label": label or POWERS[key][0], "extra": extra}


# Cards: (name, powers). The Elf and the Warrior are the text's, as printed.
RACES = (
    ("Elf", (power("scout", "1"), power("reveal", "2"), power("roll", label="Roll seven", extra=2))),
    ("Dwarf", (power("garrison", "6"), power("hoarder"), power("withdraw", "1+"))),
    ("Human", (power("roll"), power("reinforcements", "1+"))),
    ("Halfling", (power("scout", "1+"), power("hoarder"), power("withdraw", "2"))),
    ("Orc", (power("attack", "4+"), power("onslaught", "doubles"))),
    ("Gnome", (power("rotate", "1+"), power("swap", "3"), power("reveal", "1"))),
    ("Half-Elf", (power("scout", "2+"), power("reinforcements", "1"), power("roll"))),
    ("Lizardfolk", (power("shapechange", "5"), power("withdraw", "1+"))),
    ("Dragonborn", (power("attack", "5+"), power("garrison", "4+"))),
    ("Tiefling", (power("shapechange", "6"), power("swap", "2"), power("reveal", "3"))),
    ("Minotaur", (power("rotate", "1"), power("onslaught", "doubles"), power("garrison", "5"))),
    ("Troll", (power("reinforcements", "2+"), power("withdraw", "1"), power("roll"))),
)
CLASSES = (
    ("Warrior", (power("attack", "3+"), power("attack", "1+"), power("onslaught", "doubles"))),
    ("Thief", (power("hoarder"), power("swap", "1+"), power("withdraw", "1"))),
    ("Wizard", (power("reveal", "1+"), power("rotate", "2+"), power("shapechange", "6"))),
    ("Cleric", (power("reinforcements", "1+"), power("garrison", "5+"))),
    ("Ranger", (power("scout", "1+"), power("attack", "4+"), power("reveal", "3+"))),
    ("Paladin", (power("garrison", "4+"), power("attack", "5+"), power("roll"))),
    ("Bard", (power("swap", "2+"), power("reinforcements", "1"), power("roll"))),
    ("Monk", (power("scout", "1"), power("rotate", "1+"), power("withdraw", "1"))),
    ("Druid", (power("rotate", "1"), power("garrison", "3+"), power("shapechange", "5+"))),
    ("Necromancer", (power("onslaught", "doubles"), power("withdraw", "1+"), power("reveal", "4+"))),
    ("Barbarian", (power("onslaught", "doubles"), power("reinforcements", "2+"))),
    ("Sorcerer", (power("shapechange", "4+"), power("roll"))),
)
RACE_NAMES = tuple(name for name, _ in RACES)
CLASS_NAMES = tuple(name for name, _ in CLASSES)


def _cards(base: tuple, vault: dict) -> tuple[tuple, dict]:
    """Every card (the base ones keep their indexes, each set's follow) and each set's card indexes."""
    cards, by_set = list(base), {}
    for name_ in SETS:
        by_set[name_] = tuple(range(len(cards), len(cards) + len(vault[name_])))
        cards += [(card, tuple(power(*entry) for entry in entries)) for card, entries in vault[name_]]
    return tuple(cards), by_set


ALL_RACES, SET_RACES = _cards(RACES, VAULT_RACES)
ALL_CLASSES, SET_CLASSES = _cards(CLASSES, VAULT_CLASSES)

# -- players ---------------------------------------------------------------------------
COLOURS = ("red", "blue", "green", "yellow")  # the text's four dice colours, in seat order
LETTERS = ("R", "B", "G", "Y")  # every unit and marker also carries its letter: no colour needed
SHAPE_OF_SEAT = ("circle", "square", "triangle", "diamond")  # adventurer markers
ROLL = 5  # dice rolled for a Crawl
ARMY = 20  # dice each player brings; the easier game gives 25
SIZE = 5
MAX_ROUNDS = 40  # the project's safety limit (a ruling): Onslaught, Attack and Shapechange send units back to
# the armies, so two players can trade them for ever; figures/balance.py counts the games that reach it
POINTS = {"hoard": 2, "hoarder": 3, "dragon": 3, "ally": 1}

# -- rules versions (docs/links-and-versions.md) -----------------------------------------
# Version 1 is the tables above, as first published: links made before version 2 open with them. A later
# version lists only what it changes, by the id of the tile or the index of the card it replaces; each
# replacement gets a new id after the ones before it, so a version-1 game keeps its ids, its state and its
# numbers. figures/balance.py measured each version's cards (view/balance_figures.py, shown in the rules
# panel: the newest's). Version 3 also reads "each Power can only be used once per turn" by the Power's name
# (rules/turn.once_per_name). Version 4 changes no rule: it retunes cards (Onslaught on the Warrior only), and its
# normal bot values each unlocked Power by its measured worth (bots/bot.VALUED). Version 5 changes no rule either:
# it retunes the Forbidden Vaults cards (a change may replace a set's card: SET_RACE_IDS), and gives the sets'
# Powers their own worth to the normal bot (bots/power_values.VAULT_VALUED). Version 6 changes no rule: it retunes
# three base classes. Version 7 changes no rule either: it retunes two of the sets' classes, so the base game
# plays as under version 6. Version 8 changes no rule: it retunes the base cards around the text's Elf and Warrior,
# and the Forbidden Vaults cards as the base ones; its normal bot no longer locks dice on a copy of a Power it
# already pays for (bots/power_values.COVERED), nor on a Roll its army could no longer roll (FILLED). Version 9
# changes rules: issue 31's Dice Crawl items 1 to 6 (RULINGS.md), each gated below (item 4, the round
# limit, by the normal bot's rules of thumb: bots/bot.OPEN_WAYS), and fifteen base cards retuned for them.
RULES_VERSION = 11  # the newest: a new game's, and the highest a link may ask for
CANDIDATE = None  # a last entry of CHANGES above RULES_VERSION, not yet offered to players (a link asking for it
# opens the newest rules): the figures tools measure it (--rules N) before its release makes it RULES_VERSION
BASE_GAME_SINCE = 11  # the version from which a game without the Forbidden Vaults plays as a new one does,
# so its balance figures hold (version 9 changed rules and the normal bot; version 11 the normal bot's play once
# every marker is shut in, so the figures of version 9's 10,000-game runs are shown as version 9's)
ONE_USE_PER_POWER = 3  # from this version a Power printed twice is used once a turn (rules/turn.once_per_name)
# From version 9 (issue 31; earlier versions' links and golden games play as they did):
OWNERS_FLIP = 9  # no Power reveals, rotates or swaps a start corner before its owner flips it (powers.kept_corner)
ROLLED_FIRST = 9  # who goes first is rolled by default, and said in the log (turn.first_player)
DOG_PILE_PAYS_REPEAT = 9  # Dog Pile pays the printed cost of the Power it repeats, not its own (turn.use_cost)
GATE_TOLL_GARRISON = 9  # Enemies at the Gate: a Garrison onto a rival's tile pays the [1+] toll (powers.resolve)
# From version 10 (issue 45; the base game between bots plays as under version 9, so BASE_GAME_SINCE stays 9):
ROOMS_KEEP_CORNER = 10  # a Disarmed Sliding or Spinning Room never moves a rival off an unflipped start corner
CAMPAIGN_FIRST_ROLLED = 10  # every game of a campaign rolls who goes first, and says so in the log
GATE_TOLL_ALL = 10  # Enemies at the Gate: a Shapechange or an Attack onto a rival's tile pays the [1+] toll too
# Version 11 (issue 45) changes no rule of the game, only the normal bot's play: bots/bot.LEADER_ENDS
EACH_PRINTED = 9  # each printed Power is used once a turn: the text's Warrior Attacks twice, once with each copy,
# each unlocked and paid on its own (RULINGS.md; turn.once_per_name ends ONE_USE_PER_POWER's reading here)
CHANGES: dict[int, dict] = {  # version -> {"tiles", "races", "classes"}: what it changed
    2: {"tiles": {}, "races": {
        1: ("Dwarf", (power("garrison", "4+"), power("hoarder"), power("attack", "6"))),
        3: ("Halfling", (power("scout", "1+"), power("hoarder"), power("garrison", "3+"))),
        4: ("Orc", (power("attack", "6"), power("scout", "2"))),
        5: ("Gnome", (power("rotate", "1+"), power("roll"), power("garrison", "4+"))),
        6: ("Half-Elf", (power("scout", "1+"), power("attack", "4+"), power("roll"))),
        7: ("Lizardfolk", (power("shapechange", "6"), power("rotate", "1"))),
        8: ("Dragonborn", (power("attack", "6"), power("reveal", "3"))),
        10: ("Minotaur", (power("rotate", "1"), power("reveal", "2"), power("garrison", "5"))),
    }, "classes": {
        1: ("Thief", (power("hoarder"), power("attack", "4+"), power("roll"))),
        2: ("Wizard", (power("reveal", "1+"), power("rotate", "2+"), power("shapechange", "5+"))),
        3: ("Cleric", (power("reinforcements", "1+"), power("garrison", "4+"), power("attack", "5+"))),
        6: ("Bard", (power("garrison", "3+"), power("shapechange", "6"), power("roll"))),
        7: ("Monk", (power("attack", "5+"), power("garrison", "3+"), power("roll"))),
        8: ("Druid", (power("rotate", "1"), power("garrison", "3+"), power("shapechange", "6"))),
        10: ("Barbarian", (power("onslaught", "doubles"), power("reveal", "3+"))),
        11: ("Sorcerer", (power("shapechange", "6"), power("roll"), power("garrison", "4+"))),
    }},
    3: {"rule": "a Power printed twice on a player's cards (the Warrior's two Attacks) is used once a turn",
        "tiles": {}, "races": {  # keyed by the version-2 card each replaces
        20: ("Dwarf", (power("garrison", "5+"), power("hoarder"), power("attack", "6"))),
        21: ("Halfling", (power("hoarder"), power("reinforcements", "1+"), power("garrison", "3+"))),
        23: ("Gnome", (power("attack", "4+"), power("shapechange", "6"), power("rotate", "1+"))),
        24: ("Half-Elf", (power("attack", "3+"), power("reinforcements", "1+"), power("roll"))),
        25: ("Lizardfolk", (power("garrison", "4+"), power("reinforcements", "2+"))),
        27: ("Minotaur", (power("attack", "4+"), power("reveal", "2"), power("garrison", "5"))),
        11: ("Troll", (power("attack", "4+"), power("garrison", "3+"), power("reinforcements", "2+"))),
    }, "classes": {
        20: ("Thief", (power("hoarder"), power("onslaught", "doubles"), power("attack", "4+"))),
        22: ("Cleric", (power("reinforcements", "1+"), power("attack", "3+"), power("onslaught", "doubles"))),
        4: ("Ranger", (power("attack", "3+"), power("onslaught", "doubles"), power("scout", "1+"))),
        5: ("Paladin", (power("attack", "3+"), power("onslaught", "doubles"), power("garrison", "4+"))),
        23: ("Bard", (power("shapechange", "4+"), power("garrison", "3+"), power("roll"))),
        24: ("Monk", (power("onslaught", "doubles"), power("attack", "4+"), power("scout", "1"))),
        25: ("Druid", (power("shapechange", "5+"), power("garrison", "3+"), power("rotate", "1"))),
        9: ("Necromancer", (power("onslaught", "doubles"), power("shapechange", "6"), power("withdraw", "1+"))),
        27: ("Sorcerer", (power("shapechange", "4+"), power("garrison", "5+"), power("roll"))),
        21: ("Wizard", (power("shapechange", "4+"), power("reveal", "1+"), power("rotate", "2+"))),
    }},
    4: {"rule": "no rule changes; Onslaught stays on the Warrior's card only, as printed (on eight classes it "
                "sent units back to the armies faster than they ran out, and a tenth of the games between bots "
                "reached the round limit); the normal bot values each Power by its measured worth when it unlocks",
        "tiles": {}, "races": {  # keyed by the version-3 card each replaces
        26: ("Dragonborn", (power("garrison", "5+"), power("reveal", "3"))),
        31: ("Half-Elf", (power("attack", "5+"), power("garrison", "4+"))),
        32: ("Lizardfolk", (power("garrison", "5+"), power("reinforcements", "2+"))),
        28: ("Dwarf", (power("garrison", "4+"), power("attack", "5+"))),
        30: ("Gnome", (power("attack", "5+"), power("shapechange", "6"), power("rotate", "1+"))),
        33: ("Minotaur", (power("attack", "5+"), power("reveal", "2"), power("garrison", "5"))),
        34: ("Troll", (power("attack", "5+"), power("garrison", "3+"), power("reinforcements", "2+"))),
    }, "classes": {
        28: ("Thief", (power("hoarder"), power("shapechange", "5+"))),
        29: ("Cleric", (power("reinforcements", "1+"), power("attack", "4+"))),
        30: ("Ranger", (power("attack", "3+"), power("reinforcements", "3+"))),
        31: ("Paladin", (power("attack", "3+"), power("garrison", "3+"))),
        33: ("Monk", (power("attack", "4+"), power("shapechange", "6"))),
        26: ("Barbarian", (power("attack", "4+"), power("reinforcements", "2+"))),
        34: ("Druid", (power("shapechange", "5+"), power("garrison", "3+"), power("rotate", "1"))),
        32: ("Bard", (power("shapechange", "5+"), power("garrison", "3+"))),
        36: ("Sorcerer", (power("shapechange", "5+"), power("garrison", "4+"))),
        37: ("Wizard", (power("shapechange", "5+"), power("reveal", "1+"))),
        35: ("Necromancer", (power("shapechange", "5+"), power("garrison", "5+"))),
    }},
    5: {"rule": "no rule changes; the Forbidden Vaults cards are retuned against the base ones (most set classes "
                "lacked the Attack or Shapechange every base class has), and the normal bot leaves locked the sets' "
                "Powers that are worth less than the two dice that unlock them",
        "tiles": {}, "races": {  # keyed by the version-4 card each replaces (the Forbidden Vaults cards: 12 on)
        12: ("Ghoul", (power("attack", "5+"), power("sacrifice", "", "2+"), power("withdraw", "1+"))),
        13: ("Vampire", (power("withering", "6"), power("shapechange", "6"), power("withdraw", "1+"))),
        14: ("Goblin", (power("dogpile", "5+"), power("escape", "1"), power("scout", "1+"))),
        15: ("Hobgoblin", (power("overwhelm", "", "5+"), power("attack", "4+", "5+"))),
        16: ("Deep Dwarf", (power("anvil", "doubles"), power("garrison", "4+"))),
        17: ("Duergar", (power("doom", "doubles"), power("garrison", "3+"))),
        18: ("Kobold", (power("disarm", "", "1+"), power("garrison", "3+"))),
        19: ("Gnoll", (power("disarm", "", "4+"), power("attack", "5+"), power("roll", "", "5+"))),
    }, "classes": {
        12: ("Death Knight", (power("withering", "5+"), power("undead", "", "6"))),
        13: ("Exorcist", (power("attack", "3+"), power("garrison", "3+"), power("sacrifice", "", "2+"))),
        14: ("Trapper", (power("attack", "5+"), power("dogpile", "4+"))),
        15: ("Warchief", (power("attack", "2+"), power("overwhelm", "", "4+"))),
        16: ("Runesmith", (power("attack", "2+"), power("anvil", "doubles"))),
        17: ("Loremaster", (power("attack", "3+"), power("reinforcements", "2+"), power("clan", "", "2+"))),
        18: ("Trapsmith", (power("attack", "3+"), power("garrison", "3+"), power("disarm", "", "1+"))),
        19: ("Illusionist", (power("shapechange", "5+"), power("disarm", "", "1+"))),
    }},
    6: {"rule": "no rule changes; three base classes are retuned (in two-player games the Necromancer won 43% "
                "and the Ranger 55%; the Paladin, at 48%, gains a third Power)", "tiles": {}, "races": {}, "classes": {
        # keyed by the version-5 card each replaces
        40: ("Ranger", (power("attack", "4+"), power("reinforcements", "3+"))),
        48: ("Necromancer", (power("shapechange", "5+"), power("attack", "5+"))),
        41: ("Paladin", (power("attack", "3+"), power("garrison", "3+"), power("reinforcements", "4+"))),
    }},
    7: {"rule": "no rule changes; two Forbidden Vaults classes are retuned (in two-player games of their set, "
                "the Loremaster won 43.7% and the Trapsmith 44.0%, against 49% for a seat): their Attack costs "
                "[2+], as the Warchief's and the Runesmith's do", "tiles": {}, "races": {}, "classes": {
        # keyed by the version-6 card each replaces
        54: ("Loremaster", (power("attack", "2+"), power("reinforcements", "2+"), power("clan", "", "2+"))),
        55: ("Trapsmith", (power("attack", "2+"), power("garrison", "3+"), power("disarm", "", "1+"))),
    }},
    8: {"rule": "no rule changes; under versions 6 and 7 the Warrior won 55.3% of two-player games, against 49% for a "
                "seat: the normal bot no longer locks dice on a copy of a Power an unlocked copy already pays for "
                "(the Warrior's Attack [3+] once its Attack [1+] is unlocked), nor on a Roll whose extra dice its army "
                "could no longer roll (the Elf's roll seven, late in a game); the other base cards are retuned "
                "around the text's Elf and Warrior: every other class holds a Shapechange, no other race prints an "
                "Attack or a Shapechange, and a race's Scout, Reveal, Rotate, Swap or Withdraw unlocks only with a "
                "pair of one value; the Forbidden Vaults cards are remade the same way",
        "tiles": {}, "races": {  # keyed by the version-7 card each replaces
        38: ("Dwarf", (power("garrison", "4+"), power("hoarder"))),
        2: ("Human", (power("roll"), power("reinforcements", "4+"))),
        29: ("Halfling", (power("hoarder"), power("reinforcements", "1+"), power("garrison", "2+"))),
        22: ("Orc", (power("garrison", "5+"), power("scout", "2"), power("reveal", "3"))),
        39: ("Gnome", (power("rotate", "1"), power("reveal", "3"), power("roll"))),
        36: ("Half-Elf", (power("garrison", "3+"), power("reinforcements", "2+"), power("roll"))),
        37: ("Lizardfolk", (power("garrison", "4+"), power("reinforcements", "3+"))),
        35: ("Dragonborn", (power("garrison", "5+"), power("reveal", "3"), power("roll"))),
        9: ("Tiefling", (power("swap", "2"), power("reveal", "3"), power("roll"))),
        40: ("Minotaur", (power("rotate", "1"), power("reveal", "2"), power("garrison", "5"))),
        41: ("Troll", (power("garrison", "3+"), power("reinforcements", "2+"), power("withdraw", "1"))),
        # the Forbidden Vaults races, made as the base ones are: no Attack or Shapechange
        42: ("Ghoul", (power("garrison", "4+"), power("sacrifice", "", "2+"), power("withdraw", "1"))),
        43: ("Vampire", (power("withering", "6"), power("garrison", "5+"), power("withdraw", "1"))),
        45: ("Hobgoblin", (power("overwhelm", "", "5+"), power("garrison", "4+", "5+"))),
        48: ("Kobold", (power("disarm", "", "1+"), power("garrison", "5+"))),
        49: ("Gnoll", (power("disarm", "", "4+"), power("garrison", "4+"), power("roll", "", "5+"))),
    }, "classes": {
        38: ("Thief", (power("hoarder"), power("shapechange", "4+"), power("attack", "6"))),
        47: ("Wizard", (power("shapechange", "4+"), power("attack", "6", "5+"), power("reveal", "1+"))),
        39: ("Cleric", (power("reinforcements", "1+"), power("attack", "4+"), power("shapechange", "5+"))),
        57: ("Ranger", (power("attack", "4+"), power("reinforcements", "2+"), power("shapechange", "5+"))),
        59: ("Paladin", (power("attack", "3+"), power("garrison", "4+"), power("shapechange", "5+"))),
        45: ("Bard", (power("shapechange", "4+"), power("garrison", "3+"))),
        42: ("Monk", (power("attack", "4+"), power("shapechange", "5+"))),
        44: ("Druid", (power("shapechange", "4+"), power("garrison", "2+"))),
        58: ("Necromancer", (power("shapechange", "5+"), power("attack", "3+", "4+"))),
        43: ("Barbarian", (power("attack", "4+"), power("reinforcements", "2+"), power("shapechange", "5+"))),
        46: ("Sorcerer", (power("shapechange", "4+"), power("attack", "6"))),
        # the Forbidden Vaults classes, made as the base ones are: each holds a Shapechange
        49: ("Death Knight", (power("withering", "5+", "4+"), power("undead", "", "6"))),
        50: ("Exorcist", (power("shapechange", "4+"), power("attack", "6", "5+"), power("sacrifice", "", "2+"))),
        51: ("Trapper", (power("shapechange", "4+"), power("attack", "5+"), power("dogpile", "4+"))),
        52: ("Warchief", (power("shapechange", "4+"), power("attack", "6", "5+"), power("overwhelm", "", "5+"))),
        53: ("Runesmith", (power("shapechange", "4+"), power("attack", "5+"), power("anvil", "doubles"))),
        60: ("Loremaster", (power("shapechange", "4+"), power("attack", "4+"), power("clan", "", "2+"))),
        61: ("Trapsmith", (power("shapechange", "4+"), power("attack", "6"), power("disarm", "", "1+"))),
        56: ("Illusionist", (power("shapechange", "4+"), power("garrison", "2+"), power("attack", "6"))),
    }},
    9: {"rule": "the rules of issue 31, and fifteen base cards retuned for them: each printed Power is used once a "
                "turn, so the text's Warrior Attacks twice, once with each copy, each unlocked and paid on its own "
                "(versions 3 to 8 counted the two as one Power); a start corner is its owner's to flip and orient on "
                "their first turn (no Reveal, Rotate or Swap touches it before then); who goes first is rolled by "
                "default, each player rolling a die, and said in the log, so Pros and Cons and Drafting start from "
                "that player too; Dog Pile pays the cost the repeated Power prints, not its own (a tile's Power is "
                "free); and at the Gate a Garrison onto a tile another player controls pays the [1+] toll as a Hunt "
                "or a Hoard does. The normal bot leaves every player a way on, so that games end as the text says (an "
                "army down to one die, or the Dragon), not at the round limit (it decided 6.8% of two-player games "
                "under version 8, two shut-in players trading Shapechanges): where it can, it turns no tile so as to "
                "shut a marker in; it walks toward the nearest corridor to a face-down tile; and once every marker is "
                "shut in only the player who leads sends units back to an army. Under these rules with version 8's "
                "cards, the Gnome and the Necromancer won 57% of 10,000 two-player games and the Halfling 43%, "
                "against 49% for a seat, and the Warrior, Attacking twice a turn, won 30% of four-player games against "
                "24%, so fifteen base cards are retuned (never the text's Elf and Warrior): six classes' Attack or "
                "Garrison costs less, so that the classes around the Warrior hold their own",
        "tiles": {}, "races": {  # keyed by the version-8 card each replaces
        54: ("Gnome", (power("rotate", "1"), power("reveal", "3"), power("garrison", "5"))),
        52: ("Halfling", (power("hoarder"), power("garrison", "3+"), power("roll"))),
        57: ("Dragonborn", (power("swap", "2"), power("garrison", "4+"), power("roll"))),
        56: ("Lizardfolk", (power("garrison", "3+"), power("reinforcements", "2+"))),
        53: ("Orc", (power("garrison", "3+"), power("scout", "2"), power("reveal", "3"))),
        58: ("Tiefling", (power("reveal", "5"), power("withdraw", "1"), power("roll"))),
        55: ("Half-Elf", (power("garrison", "6"), power("reinforcements", "2+"), power("roll"))),
        60: ("Troll", (power("garrison", "6"), power("reinforcements", "2+"), power("withdraw", "1"))),
    }, "classes": {
        70: ("Necromancer", (power("shapechange", "5+"), power("attack", "4+"))),
        66: ("Paladin", (power("attack", "3+"), power("garrison", "1+"), power("shapechange", "5+"))),
        63: ("Wizard", (power("shapechange", "4+"), power("attack", "4+"), power("reveal", "1+"))),
        71: ("Barbarian", (power("attack", "3+"), power("reinforcements", "2+"), power("shapechange", "5+"))),
        62: ("Thief", (power("hoarder"), power("shapechange", "4+"), power("attack", "5+"))),
        67: ("Bard", (power("shapechange", "4+"), power("garrison", "2+"))),
        69: ("Druid", (power("shapechange", "4+"), power("garrison", "1+"))),
    }},
    10: {"rule": "the rulings of issue 45, no card changed: a Disarmed Sliding or Spinning Room never moves a rival's "
                 "marker off a start corner they have not flipped yet (that rival cannot be made to suffer it); in "
                 "a campaign, who goes first is rolled for every game, not only the first, and said in the log; and "
                 "at the Gate a Shapechange or an Attack onto a tile another player controls pays the [1+] toll, "
                 "as a Hunt, a Hoard and a Garrison do. None of them plays in the base game, whose figures stay "
                 "version 9's",
         "tiles": {}, "races": {}, "classes": {}},
    11: {"rule": "issue 45's last ruling, no card changed: the normal bot ends a game it leads when it can. Once every "
                 "marker is shut in, the game can end only by an army running out; the bot that would win if it ended "
                 "now (most points, then most Powers), or share the first place, locks its rolled dice on its cards "
                 "and the board rather than handing them back to its army, and may send units back, so that its army "
                 "runs out and the game ends as the text says (under version 10 the leader of seed probe-2p-0 rolled "
                 "and returned its last two dice for 24 rounds, to the round limit). Over the same games between equal "
                 "normal bots (figures/leader_ends.py), the round limit ended 3 of 2,000 two-player games under "
                 "version 10 and none under version 11, and none of 1,000 three-player and 900 four-player games under "
                 "either; mean rounds and the win rate of each turn position moved by 0.1 or less. The base balance "
                 "figures shown above are version 9's, measured before this change",
         "tiles": {}, "races": {}, "classes": {}},
}
TILE_IDS = {1: DECK}  # the dungeon tiles (not the Dragon) of each version, by id
RACE_IDS = {1: tuple(range(len(RACES)))}  # the base race cards of each version, by index in ALL_RACES
CLASS_IDS = {1: tuple(range(len(CLASSES)))}
SET_RACE_IDS = {1: SET_RACES}  # each version's Forbidden Vaults cards, per set
SET_CLASS_IDS = {1: SET_CLASSES}


def _replace(old: int, new: int, base: list, by_set: dict) -> None:
    """Put card `new` where card `old` was: in the base pile, or in the set that holds it."""
    if old in base:
        base[base.index(old)] = new
        return
    owner = next(s for s, ids in by_set.items() if old in ids)
    by_set[owner] = tuple(new if i == old else i for i in by_set[owner])


# A replacement card gets an index after every card before it (the base ones, then the Forbidden Vaults sets'),
# so no card of an earlier version, or of a set, ever moves.
for _version, _changes in sorted(CHANGES.items()):
    _tiles, _races, _classes = list(TILE_IDS[_version - 1]), list(RACE_IDS[_version - 1]), list(CLASS_IDS[_version - 1])
    _set_races, _set_classes = dict(SET_RACE_IDS[_version - 1]), dict(SET_CLASS_IDS[_version - 1])
    for _old, _row in _changes["tiles"].items():
        _tiles[_tiles.index(_old)] = len(TILES)
        TILES.append({**_tile(len(TILES), _row), "no": _old})  # "no": the number printed on the tile it replaces
    for _old, _card in _changes["races"].items():
        _replace(_old, len(ALL_RACES), _races, _set_races)
        ALL_RACES += (_card,)
    for _old, _card in _changes["classes"].items():
        _replace(_old, len(ALL_CLASSES), _classes, _set_classes)
        ALL_CLASSES += (_card,)
    TILE_IDS[_version], RACE_IDS[_version], CLASS_IDS[_version] = tuple(_tiles), tuple(_races), tuple(_classes)
    SET_RACE_IDS[_version], SET_CLASS_IDS[_version] = _set_races, _set_classes
SET_RACES, SET_CLASSES = SET_RACE_IDS[RULES_VERSION], SET_CLASS_IDS[RULES_VERSION]  # a new game's, as the page shows
RACE_NAMES = tuple(name for name, _ in ALL_RACES)
CLASS_NAMES = tuple(name for name, _ in ALL_CLASSES)
