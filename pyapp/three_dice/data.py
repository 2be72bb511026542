"""3 Dice Dungeon game data: the tables of seeds 000 and 001 and the tile deck.

Everything a player reads in the in-page rules comes from here.
"""

from __future__ import annotations

from typing import Any

from .grid import SIDES

ATTRS = ("BODY", "MIND", "SPIRIT")

# Location column (000). "exits" is (dice count, sides, bonus): 1d3+1 -> (1, 3, 1);
# a corridor always has 2 (the entrance and one more, straight or curved).
LOCATIONS: dict[int, dict[str, Any]] = {
    1: {"kind": "corridor", "name": "Corridor", "exits": (0, 0, 2)},
    2: {"kind": "small", "name": "Small room", "exits": (1, 2, 0)},
    3: {"kind": "large", "name": "Large room", "exits": (1, 3, 0)},
    4: {"kind": "vault", "name": "Vault", "exits": (1, 3, 0)},
    5: {"kind": "temple", "name": "Temple", "exits": (1, 3, 0)},
    6: {"kind": "hall", "name": "Great Hall", "exits": (1, 3, 1)},
}
# On an undead level the vault is a crypt, which "acts just like a vault".
UNDEAD_NAMES = {"vault": "Crypt"}

# The rules a new game is played under; links made before carry no "v" and keep version 1
# (docs/links-and-versions.md). Version 2 (issue 31): with several players, a highest monster die of 6 (None) means no
# monster, as the text says; version 1 set the sixes aside, now the setting sixes_aside.
RULES_VERSION = 2
LATER_SETTINGS = ("sixes_aside",)  # settings version 1 games do not read (nor keep in their state)

# Monster column: name by face; hit points are the face (RULINGS). 6 = none.
MONSTERS: dict[str, dict[int, str]] = {
    "classic": {1: "Goblins", 2: "Orcs", 3: "Ogres", 4: "Giants", 5: "Dragon"},
    "undead": {1: "Skeletons", 2: "Zombies", 3: "Mummy", 4: "Vampire", 5: "Lich"},
}
# Treasure column by theme; None = nothing.
TREASURES: dict[str, dict[int, Any]] = {
    "classic": {1: None, 2: "potion", 3: "sword", 4: "tome", 5: "scroll", 6: "fragment"},
    "undead": {1: "fragment", 2: "potion", 3: "sword", 4: "tome", 5: "scroll", 6: None},
}
TREASURE_NAMES = {
    "potion": "Healing potion",
    "sword": "Magic sword",
    "tome": "Tome of Enlightenment",
    "scroll": "Spell scroll",
    "fragment": "Map fragment",
    "key": "Key",
}
# House rule (SorgUR): with locked doors on, the Key takes the place of the
# treasure column's "None"; a door's die opens it on an even face.
KEY_TREASURE = "key"

ARTIFACTS = {
    1: ("idol", "Jade Idol", "+2 on one attack roll"),
    2: ("pendant", "Crystal Pendant", "+3 on one MIND roll"),
    3: ("boots", "Boots of Swiftness", "run from one fight per character level into a random adjacent location"),
    4: ("teleport", "Scroll of Teleportation",
        "after clearing a location, teleport to any other explored location; once"),
    5: ("salts", "Sleeping Salts", "put one monster to sleep: no XP for it; it is awake on your next visit"),
    6: ("charm", "Shielding Charm", "ignore one hit against you"),
}
ARTIFACT_NAMES = {key: name for key, name, _ in ARTIFACTS.values()}

# Roving monster (returning to danger, teleporting): face -> (theme name, hp).
ROVING = {1: 1, 2: 2}

XP_PER_LEVEL = 50

# Tiles & HP edition (001): the deck, per level. The Entrance starts every
# level. Exit patterns are the open sides with the tile unrotated; the player
# turns a drawn tile so that it fits. Names follow the text's notes: the old
# "Dead End" tile is the Temple, "Hall of Blades" the Great Hall, "Book
# Chamber" the Vault, and a Pit is a dead end.
TILE_ENTRANCE = {"id": "entrance", "name": "Dungeon Entrance", "kind": "entrance", "exits": "NESW", "art": "⌂"}
TILES = (
    # id, name, kind, open sides, copies, art (drawn on the tile; corridors are drawn by their shape)
    ("straight", "Straight corridor", "corridor", "NS", 5, ""),
    ("bend", "Bend", "corridor", "NE", 5, ""),
    ("tee", "T-junction", "corridor", "NEW", 4, ""),
    ("cross", "Crossroads", "corridor", "NESW", 2, ""),
    ("guardroom", "Guard room", "room", "NS", 3, "⚔"),
    ("storeroom", "Store room", "room", "NEW", 3, "▦"),
    ("vault", "Vault (Book Chamber)", "vault", "NS", 2, "◆"),
    ("hall", "Great Hall (Hall of Blades)", "hall", "NESW", 2, "♛"),
    ("temple", "Temple (the Dead End tile)", "temple", "S", 2, "✚"),
    ("pit", "Pit", "pit", "S", 3, "▼"),
)
DEAD_END_KINDS = ("temple", "pit")
TILE_ART = {"entrance": TILE_ENTRANCE["art"], **{tid: art for tid, *_, art in TILES}}


def tile_spec(tile_id: str) -> dict:
    """The deck entry for a tile id."""
    if tile_id == "entrance":
        return TILE_ENTRANCE
    for tid, name, kind, exits, _, art in TILES:
        if tid == tile_id:
            return {"id": tid, "name": name, "kind": kind, "exits": exits, "art": art}
    raise KeyError(tile_id)


def rotate(exits: str, quarter_turns: int) -> str:
    """Open sides after turning a tile clockwise by quarter turns."""
    turned = {SIDES[(SIDES.index(s) + quarter_turns) % 4] for s in exits}
    return "".join(s for s in SIDES if s in turned)
