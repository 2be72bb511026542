"""Tabletop Dungeon (seed 002): every number the rules use, as data.

The text gives the tables (search, treasures, spawn) and the box contents;
the hero sheets are missing from it and come from RULINGS.md. The in-page
rules (rules_text.py) print these same values, so the page and the engine
can never disagree.
"""

from __future__ import annotations

from typing import Any

CLASSES = ("knight", "barbarian", "wizard", "archer")

# hit: a d6 at or above hits; save: a d6 at or above saves; peril: threats
# that put the hero in Peril; reach: ranged attacks up to this many squares
# (0 = next to her only); six: damage of a natural 6; free_move: may move
# while threatened (the threat is left behind on the square she leaves); pronouns: subject, object,
# possessive (the text calls the Archer "her"; the Knight's ability says "him"; the others are the project's).
HEROES: dict[str, dict[str, Any]] = {
    "knight": {"name": "Knight", "hit": 4, "save": 3, "peril": 2, "reach": 0, "six": 1, "free_move": False,
               "pronouns": ("he", "him", "his"),
               "ability": "In Peril only when two monsters threaten him."},
    "barbarian": {"name": "Barbarian", "hit": 3, "save": 4, "peril": 1, "reach": 0, "six": 2, "free_move": False,
                  "pronouns": ("he", "him", "his"),
                  "ability": "A natural 6 on an attack deals 2 damage."},
    "wizard": {"name": "Wizard", "hit": 4, "save": 5, "peril": 1, "reach": 5, "six": 1, "free_move": False,
               "pronouns": ("she", "her", "her"),
               "ability": "Attacks monsters up to 5 squares away (line of fire)."},
    "archer": {"name": "Archer", "hit": 4, "save": 4, "peril": 1, "reach": 8, "six": 1, "free_move": True,
               "pronouns": ("she", "her", "her"),
               "ability": "Attacks up to 8 squares away (line of fire); may move while threatened."},
}
LETTER = {"knight": "K", "barbarian": "B", "wizard": "W", "archer": "A"}

MOVE = 4
BOOTS_MOVE = 6
MAX_WOUNDS = 3

# life: damage that removes it; rank: which is "strongest" (the Knight's death)
MONSTERS: dict[str, dict[str, Any]] = {
    "goblin": {"name": "Goblin", "life": 1, "rank": 1},
    "orc": {"name": "Orc", "life": 2, "rank": 2},
    "dragon": {"name": "Dragon", "life": None, "rank": 3},
}
MONSTER_MOVE = 4
BOX = {"goblin": 18, "orc": 18}  # paper minis in the box: the most on the board and sheets at once
DOORS = 4  # Doors in the box: the most standing (closed or damaged) at once; opened or destroyed ones go back
# Rules versions (a link is a promise: docs/links-and-versions.md). A link without "v" plays version 1;
# a new game the newest. 2: the Dragon always moves, even when every hero is in Peril (its own rule), and a
# Dragon on its way to a hero never keeps the other monsters from a closed door (issue 31). 3: when monsters
# block every shortest route, the Dragon takes another route that ends closer to its target, and when no
# square within its move is closer, the log says why it stands (issue 45).
RULES_VERSION = 3
DRAGON_OWN_RULE = 2  # the version from which the Dragon moves by its own rule alone
DRAGON_DETOUR = 3  # the version from which a blocked Dragon takes another route that ends closer

MAX_ROOMS = 8  # tiles in the box; the Dragon is certain by the 8th room (1d3 + 8 >= 9)

ROOM_SIZE = (3, 3)
HALL_LENGTH = 4

# Search: 1d6 + rooms already cleared.
SEARCH = ((1, 2, "nothing"), (3, 4, "minor"), (5, 6, "major"), (7, 99, "exit"))
SEARCH_NAMES = {"nothing": "Nothing found", "minor": "Minor treasure", "major": "Major treasure", "exit": "The Exit!"}
MINOR = {1: "luck", 2: "luck", 3: "heal", 4: "heal", 5: "invis", 6: "invis"}
MAJOR = {1: "boots", 2: "boots", 3: "cloak", 4: "cloak", 5: "ring", 6: "ring"}
POTIONS = ("luck", "heal", "invis")
GEAR = ("boots", "cloak", "ring")
ITEM_NAMES = {
    "luck": "Luck Potion", "heal": "Healing Potion", "invis": "Potion of Invisibility",
    "boots": "Boots of Speed", "cloak": "Cloak of Protection", "ring": "Ring of Power",
}
ITEM_ARTICLE = {"luck": "a", "heal": "a", "invis": "a", "boots": "", "cloak": "a", "ring": "a"}  # Boots: a pair
ITEM_EFFECTS = {
    "luck": "re-roll 1 failed roll", "heal": "remove 1 wound", "invis": "monsters ignore you for 1 turn",
    "boots": "move 6 squares each turn", "cloak": "+1 to saving throws", "ring": "+1 to attack rolls",
}

# New room: 1d3 + rooms in the dungeon (the new one included).
SPAWN = (
    (3, 4, {"goblin": 6}),
    (5, 6, {"goblin": 3, "orc": 3}),
    (7, 8, {"orc": 6}),
    (9, 99, {"dragon": 1}),
)

# Measured by `python -m pyapp.tabletop.balance --games 500` (auto-play
# policy of bot.py, hero sheets as ruled and untuned, default seats in
# order Knight, Barbarian, Wizard, Archer; automatic tile placement;
# rules version 2, a new game's): heroes -> win %, games, mean turns.
WIN_RATES_COMMAND = "python -m pyapp.tabletop.balance --games 500"
WIN_RATES = {
    1: {"win": 4.4, "games": 500, "turns": 11.3},
    2: {"win": 17.6, "games": 500, "turns": 13.2},
    3: {"win": 37.0, "games": 500, "turns": 13.0},
    4: {"win": 69.8, "games": 500, "turns": 13.1},
}


def search_result(total: int) -> str:
    for low, high, result in SEARCH:
        if low <= total <= high:
            return result
    return "nothing"


def spawn_for(total: int) -> dict:
    for low, high, figures in SPAWN:
        if low <= total <= high:
            return dict(figures)
    return {"goblin": 6}
