"""Dice Crawl's Forbidden Vaults expansion (seed 004): the four sets' tiles, cards and Powers, designed as data.

The text names the sets, their tile types and their Powers; the 24 tiles and
2 race and 2 class cards of each set were pictures (RULINGS.md, Dice Crawl).
This module holds plain tables only (data.py builds the tiles and cards from
them, after the base ones, so the base ids and the base deal never move).

Tile design, per set: the base spread of corridors (4 dead ends, 4 straights,
5 elbows, 6 T-junctions, 5 crossroads) and the base rule for printed values,
plus each set's feature:
- Crypt of the Undying: 10 Undying tiles, worth 1 more (a rival may pull a
  unit off them every turn until they fall), 2 with a Withering Touch;
- Goblin Warrens: 8 Goblin Swarm tiles (their icons fall in numeric order,
  so most have a run of values) and 4 Goblin Tripwire tiles;
- Halls of the Dwarven Lords: 8 tiles with a Dwarven Hoard (two halves, one
  unit each), 2 with a Replace;
- Tricks and Traps: 12 trap tiles (two of each of the six trap rooms; one
  or two dice icons, printed value 0: their icons score nothing, their Hoards
  do) and 12 tiles with the other sets' features (the text: it "uses tiles
  from all the previous sets").

Cards: these are the first ones (rules versions 1 to 4), tuned once with figures/vaults.py (300 games of
normal bots per set): Withering Touch costs [6] and Undead unlocks with two 6s where a card has both (they
won 9 games in 10 at [5+] and doubles), and cards whose Powers the bots could not use (Replace, Escape) took
Garrison or Scout instead. Rules version 5 retunes them (data.CHANGES[5]), measured against the base cards:
the set classes face base classes that all carry Attack or Shapechange, so each got one of them
or Withering Touch.
"""

from __future__ import annotations

SETS = ("crypt", "goblins", "dwarves", "traps")
SET_NAMES = {"crypt": "Crypt of the Undying", "goblins": "Goblin Warrens", "dwarves": "Halls of the Dwarven Lords",
             "traps": "Tricks and Traps"}

# Tile features (the mark in a corner of the tile), as the board labels them.
FEATURES = {
    "undying": "Undying", "swarm": "Goblin Swarm", "tripwire": "Goblin Tripwire",
    "fire": "Fire Trap", "gas": "Gas Trap", "pit": "Pit Trap", "petrification": "Petrification Trap",
    "sliding": "Sliding Room Trap", "spinning": "Spinning Room Trap",
}

# (shape code, dice icons, printed points, Hoard spaces, tile Power or "", feature or "", Dwarven Hoards,
#  gas traps shown on a Gas Trap tile)
VAULT_TILE_TABLE = {
    "crypt": (
        ("D", (5, 5), 4, 0, "", "undying", 0, 0), ("D", (2, 6), 3, 1, "", "", 0, 0),
        ("D", (1, 1, 1), 4, 0, "", "undying", 0, 0), ("D", (4,), 2, 1, "withering", "", 0, 0),
        ("I", (2, 5), 3, 0, "", "undying", 0, 0), ("I", (3, 3), 2, 0, "", "", 0, 0),
        ("I", (1, 6), 2, 1, "", "", 0, 0), ("I", (4, 4, 4), 4, 0, "", "undying", 0, 0),
        ("L", (2,), 1, 0, "", "", 0, 0), ("L", (5, 6), 3, 0, "", "undying", 0, 0),
        ("L", (1, 3), 2, 0, "", "", 0, 0), ("L", (2, 4, 6), 4, 0, "", "undying", 0, 0),
        ("L", (3,), 1, 1, "", "", 0, 0), ("T", (1, 4), 2, 0, "", "", 0, 0),
        ("T", (6, 6), 4, 0, "", "undying", 0, 0), ("T", (2, 3), 2, 0, "withering", "", 0, 0),
        ("T", (3, 5, 6), 4, 1, "", "undying", 0, 0), ("T", (1, 2), 2, 0, "", "", 0, 0),
        ("T", (4, 6), 3, 0, "", "undying", 0, 0), ("X", (5,), 1, 0, "", "", 0, 0),
        ("X", (1, 5), 2, 0, "", "", 0, 0), ("X", (2, 2), 3, 0, "", "undying", 0, 0),
        ("X", (3, 4), 2, 0, "reveal", "", 0, 0), ("X", (6,), 2, 1, "", "undying", 0, 0),
    ),
    "goblins": (
        ("D", (1, 2, 3), 4, 0, "", "swarm", 0, 0), ("D", (5, 6), 3, 1, "", "", 0, 0),
        ("D", (2, 4), 3, 0, "", "tripwire", 0, 0), ("D", (6,), 2, 1, "escape", "", 0, 0),
        ("I", (1, 3), 2, 0, "", "swarm", 0, 0), ("I", (4, 5), 2, 0, "", "", 0, 0),
        ("I", (2, 2), 2, 0, "", "tripwire", 0, 0), ("I", (3, 4, 5), 4, 0, "", "swarm", 0, 0),
        ("L", (1, 6), 2, 0, "", "", 0, 0), ("L", (2, 3, 4), 4, 0, "", "swarm", 0, 0),
        ("L", (5,), 1, 1, "", "", 0, 0), ("L", (3, 6), 2, 0, "dogpile", "", 0, 0),
        ("L", (1, 4), 2, 0, "", "tripwire", 0, 0), ("T", (2, 5), 3, 0, "", "swarm", 0, 0),
        ("T", (1, 2), 2, 0, "", "", 0, 0), ("T", (4, 6), 2, 1, "", "", 0, 0),
        ("T", (3, 3), 2, 0, "", "tripwire", 0, 0), ("T", (1, 4, 6), 4, 0, "", "swarm", 0, 0),
        ("T", (5, 5), 3, 0, "escape", "", 0, 0), ("X", (2,), 1, 0, "", "", 0, 0),
        ("X", (4, 5, 6), 4, 0, "", "swarm", 0, 0), ("X", (1, 3), 2, 1, "", "", 0, 0),
        ("X", (2, 6), 3, 0, "", "swarm", 0, 0), ("X", (3,), 1, 0, "", "", 0, 0),
    ),
    "dwarves": (
        ("D", (6, 6), 4, 0, "", "", 1, 0), ("D", (3, 4), 3, 0, "", "", 1, 0),
        ("D", (1, 5, 5), 4, 1, "", "", 0, 0), ("D", (2,), 2, 0, "replace", "", 0, 0),
        ("I", (4, 6), 2, 0, "", "", 1, 0), ("I", (1, 2), 2, 0, "", "", 0, 0),
        ("I", (5, 5, 6), 4, 0, "", "", 0, 0), ("I", (3,), 1, 0, "", "", 1, 0),
        ("L", (2, 4), 2, 0, "", "", 0, 0), ("L", (1, 6), 2, 0, "", "", 1, 0),
        ("L", (3, 5), 2, 1, "", "", 0, 0), ("L", (4, 4), 2, 0, "replace", "", 0, 0),
        ("L", (2, 3, 6), 4, 0, "", "", 0, 0), ("T", (1, 3), 2, 0, "", "", 1, 0),
        ("T", (5, 6), 2, 0, "", "", 0, 0), ("T", (2, 2, 4), 3, 0, "garrison", "", 0, 0),
        ("T", (4, 5), 2, 0, "", "", 0, 0), ("T", (6,), 1, 0, "", "", 1, 0),
        ("T", (1, 1, 6), 3, 0, "", "", 0, 0), ("X", (3, 4), 2, 0, "", "", 0, 0),
        ("X", (1, 6), 2, 0, "", "", 0, 0), ("X", (2, 5, 6), 4, 0, "", "", 1, 0),
        ("X", (5,), 1, 0, "", "", 0, 0), ("X", (2, 3), 2, 1, "", "", 0, 0),
    ),
    "traps": (
        ("D", (3,), 0, 1, "", "fire", 0, 0), ("X", (5,), 0, 0, "", "fire", 0, 0),
        ("I", (2,), 0, 1, "", "gas", 0, 1), ("T", (4, 6), 0, 1, "", "gas", 0, 2),
        ("L", (1,), 0, 1, "", "pit", 0, 0), ("X", (6,), 0, 0, "", "pit", 0, 0),
        ("I", (4,), 0, 1, "", "petrification", 0, 0), ("T", (2,), 0, 0, "", "petrification", 0, 0),
        ("X", (1, 3), 0, 1, "", "sliding", 0, 0), ("T", (5,), 0, 0, "", "sliding", 0, 0),
        ("I", (6,), 0, 1, "", "spinning", 0, 0), ("L", (3, 4), 0, 0, "", "spinning", 0, 0),
        ("D", (4, 4), 4, 0, "", "undying", 0, 0), ("L", (2, 5), 3, 0, "", "undying", 0, 0),
        ("T", (1, 6), 3, 0, "", "undying", 0, 0), ("I", (1, 2, 4), 4, 0, "", "swarm", 0, 0),
        ("X", (3, 5), 2, 0, "", "swarm", 0, 0), ("L", (2, 6), 2, 0, "", "swarm", 0, 0),
        ("T", (1, 5), 2, 0, "", "tripwire", 0, 0), ("X", (4,), 1, 0, "", "tripwire", 0, 0),
        ("D", (5,), 2, 0, "", "", 1, 0), ("I", (1, 4), 2, 0, "", "", 1, 0),
        ("T", (3, 6), 2, 0, "", "", 1, 0), ("L", (6, 6), 3, 0, "", "", 0, 0),
    ),
}

# The sets' own Powers, in the words of the in-page rules.
VAULT_POWERS = {
    "sacrifice": ("Sacrifice", "Put one die of your army out of play for good to reroll all your unused rolled dice."),
    "undead": ("Undead", "Your units cannot be shapechanged, nor forced off a tile by anyone but you (Hoard units "
                         "too)."),
    "withering": ("Withering Touch", "Roll one die of your army and remove any one enemy unit from play; on a 1 your "
                                     "rolled die leaves play too (else it returns to the army)."),
    "dogpile": ("Dog Pile", "Repeat the effect of the last Power anyone used, paying this card's cost."),
    "escape": ("Escape", "Return all your units on one unconquered tile to your army."),
    "overwhelm": ("Overwhelm", "Instead of rolling for your Crawl, take two dice from your army and choose their "
                               "values."),
    "anvil": ("The Anvil", "With doubles rolled: turn that pair into one die of any value (the other die returns to "
                           "the army)."),
    "clan": ("The Clan", "With doubles rolled: reroll up to three of your rolled dice."),
    "doom": ("Doom", "With doubles rolled: return them to the army to use one of your unlocked Powers once more "
                     "this turn, paying its cost."),
    "replace": ("Replace", "Replace a face-up tile with no units on it by a new tile from the stack; you may put a "
                           "die of your army on one of its Hoard spaces as a 3."),
    "disarm": ("Disarm", "When you reveal a trap, you may choose another player to suffer it as though they had "
                         "revealed it."),
}
VAULT_PERMANENT = ("undead",)  # always on once unlocked

# Cards per set: (name, ((Power key, cost, unlock pair or None for the cost read for both dice), ...)).
VAULT_RACES = {
    "crypt": (("Ghoul", (("undead", "", "1"), ("sacrifice", "", "2+"), ("withdraw", "1+", None))),
              ("Vampire", (("withering", "6", None), ("shapechange", "6", None), ("undead", "", "6")))),
    "goblins": (("Goblin", (("dogpile", "2+", None), ("escape", "1", None), ("scout", "1+", None))),
                ("Hobgoblin", (("overwhelm", "", "5+"), ("attack", "5+", None)))),
    "dwarves": (("Deep Dwarf", (("anvil", "doubles", None), ("clan", "", "3+"), ("garrison", "5+", None))),
                ("Duergar", (("doom", "doubles", None), ("escape", "2", None), ("garrison", "6", None)))),
    "traps": (("Kobold", (("disarm", "", "2+"), ("scout", "1+", None), ("garrison", "5+", None))),
              ("Gnoll", (("disarm", "", "4+"), ("withering", "6", None), ("roll", "", "5+")))),
}
VAULT_CLASSES = {
    "crypt": (("Death Knight", (("undead", "", "6"), ("withering", "6", None), ("reveal", "3+", None))),
              ("Exorcist", (("onslaught", "doubles", None), ("sacrifice", "", "3+"), ("reveal", "2+", None)))),
    "goblins": (("Trapper", (("escape", "1+", None), ("dogpile", "3+", None), ("scout", "1", None))),
                ("Warchief", (("overwhelm", "", "4+"), ("onslaught", "doubles", None), ("dogpile", "4+", None)))),
    "dwarves": (("Runesmith", (("anvil", "doubles", None), ("garrison", "4+", None), ("hoarder", "", None))),
                ("Loremaster", (("clan", "", "2+"), ("doom", "doubles", None), ("replace", "1+", None)))),
    "traps": (("Trapsmith", (("disarm", "", "3+"), ("garrison", "4+", None), ("rotate", "1+", None))),
              ("Illusionist", (("disarm", "", "1+"), ("dogpile", "2+", None), ("swap", "2+", None)))),
}

DWARVEN_HOARD = 3  # a Dwarven Hoard held by one player (one or two units); Hoarder makes it 4
DWARVEN_SPLIT = 1  # to each player when its two units are opposing players'
