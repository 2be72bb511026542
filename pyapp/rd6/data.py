"""3RD6 Dungeon game data: Enlightened Wookie's variation of 3 Dice Dungeon
(seed 000, comment 8, amended by comments 10 and 15).

Everything a player reads in the in-page rules comes from here. Numbers the
comments do not give (which class has which stat block, boss hit points and
bites, what the pendants do) are the project's rulings, marked as such in
`RULINGS` and shown in the page.
"""

from __future__ import annotations

from typing import Any

# The three stat blocks of comment 8 lost their headings. Block A (STR 2, HP 18)
# is the Barbarian's, block B (MND 4) the Wizard's, block C (DEX 4) the Rogue's;
# the Dwarf (tough) shares A and the Elf (quick) shares C (RULINGS).
# mind_cost: MND per use of the attack ability (comment 8: 1 for Barbarians,
# Rogues and Elves, 2 for Dwarves and Wizards); spells: spells known at level 1.
CLASSES: dict[str, dict[str, Any]] = {
    "barbarian": {"name": "Barbarian", "block": "A", "str": 2, "dex": 3, "mnd": 3, "hp": 18,
                  "mind_cost": 1, "locks": False, "spells": 0},
    "rogue": {"name": "Rogue", "block": "C", "str": 1, "dex": 4, "mnd": 3, "hp": 14,
              "mind_cost": 1, "locks": True, "spells": 0},
    "elf": {"name": "Elf", "block": "C (ruling)", "str": 1, "dex": 4, "mnd": 3, "hp": 14,
            "mind_cost": 1, "locks": False, "spells": 1},
    "dwarf": {"name": "Dwarf", "block": "A (ruling)", "str": 2, "dex": 3, "mnd": 3, "hp": 18,
              "mind_cost": 2, "locks": True, "spells": 0},
    "wizard": {"name": "Wizard", "block": "B", "str": 1, "dex": 3, "mnd": 4, "hp": 14,
               "mind_cost": 2, "locks": False, "spells": 3},
}
CLASS_KEYS = tuple(CLASSES)

# The spell list, numbered for the scroll's 1d6 (comment 8). Each costs 1 MND to cast.
SPELLS = {
    1: ("sleep", "Sleep", "Every foe here falls asleep: you may leave. A foe you attack wakes up. Roll "
                          "under or on DEX to steal their treasure without waking them."),
    2: ("heal", "Heal", "Recover 1d6 HP."),
    3: ("unlock", "Unlock", "Unlock any door."),
    4: ("teleport", "Teleport", "Teleport to the entrance of the current dungeon level."),
    5: ("shield", "Shield", "Every loss of HP is 1 point less during your next encounter (this one, in a fight)."),
    6: ("fireball", "Fireball", "Roll 1d6 and share that damage among the foes here as you like."),
}
SPELL_NAMES = {key: name for key, name, _ in SPELLS.values()}
SPELL_MND = 1

# Step 1, the layout of a new room: (what, exits to close).
LAYOUTS = {
    1: ("vault", "Dead end behind a locked door, with treasure, no monsters", None),
    2: ("room", "Close 2 exits", 2),
    3: ("room", "Close 1 exit", 1),
    4: ("room", "Close no exits", 0),
    5: ("room", "Close no exits", 0),
    6: ("stairs", "Dead end with the stairs down and bosses", None),
}
# The map paper (its picture is lost): a square of rooms around the level's entrance (RULINGS).
REACH = 2  # rooms from the entrance to the border each way: a 5 x 5 sheet

# Step 2, the foes of a room: (name, hit points); None: no foe, recover 1 HP and 1 MND.
FOES = {1: ("Orc", 4), 2: ("Goblin", 3), 3: None, 4: None, 5: ("Zombie", 2), 6: ("Skeleton", 1)}

# The rules a new game is played under; links made before carry no "v" and keep version 1
# (docs/links-and-versions.md). Version 2 follows the text where it is complete and mends three faults (issue 31): a
# treasure room never holds monsters, a failed steal keeps the foes' treasure for their defeat, a mapped
# room's exit into a treasure or stairs room stays; a miss costs the die minus DEX only (the bosses' bite a
# setting), comment 8's boss table, and Shield no longer softens door blows.
RULES_VERSION = 2
LATER_SETTINGS = ("boss_bite", "boss_names")  # settings version 1 games do not read (nor keep in their state)

# Bosses: face -> (how many, key of the boss, treasures). Comment 8 names four bosses;
# comment 15 names six: its roster takes the faces in the same shape (RULINGS).
BOSS_TABLES = {
    "named": {1: (1, "mummy", 2), 2: (2, "knight", 3), 3: (1, "orclops", 2), 4: (2, "gargoyle", 3),
              5: (1, "vampire", 4), 6: (1, "dragon", 5)},
    "first": {1: (1, "mummy", 2), 2: (2, "mummy", 3), 3: (1, "ogre", 2), 4: (2, "ogre", 3),
              5: (1, "vampire", 4), 6: (1, "dragon", 5)},
}
# key -> (name, plural, hit points, bite: extra HP a miss costs you). Hit points and bites are rulings.
BOSSES = {
    "mummy": ("Mummy", "Mummies", 6, 0),
    "knight": ("Undead Knight", "Undead Knights", 5, 1),
    "orclops": ("Orclops", "Orclopses", 8, 1),
    "ogre": ("Ogre", "Ogres", 7, 1),
    "gargoyle": ("Gargoyle", "Gargoyles", 5, 1),
    "vampire": ("Vampire", "Vampires", 6, 0),
    "dragon": ("Dragon", "Dragons", 10, 2),
}
REGENERATES = ("vampire",)  # regains 1 HP for every 1 HP you lose

# Step 3, treasure (one roll per minion defeated; a boss room's count for bosses).
# a face's treasure: nothing, ("coins", how many) or "special" (the special table)
TREASURE: dict[int, Any] = {1: None, 2: ("coins", 2), 3: ("coins", 3), 4: ("coins", 4), 5: ("coins", 5), 6: "special"}
SPECIALS = {1: "key", 2: "healing", 3: "enlightenment", 4: "scroll", 5: "purse", 6: "artifact"}
SPECIAL_TEXT = {
    "key": ("Key", "Opens one locked door, then stays in the lock (ruling)."),
    "healing": ("Potion of Healing", "Recover 2d6 HP."),
    "enlightenment": ("Potion of Enlightenment", "Recover 2d6 MND."),
    "scroll": ("Spell Scroll", "1d6 on the spell list. A Wizard or Elf may learn it (one more spell per level); "
                               "anyone may read it once to cast it for no MND (ruling)."),
    "purse": ("30 coins", "30 coins."),
    "artifact": ("Artifact", "1d6: 1-2 Topaz Pendant, 3-4 Amethyst Pendant, 5-6 Sapphire Pendant."),
}
PENDANTS = {1: "topaz", 2: "topaz", 3: "amethyst", 4: "amethyst", 5: "sapphire", 6: "sapphire"}
# What each pendant does is a ruling; the comment gives only how they stack.
PENDANT_TEXT = {
    "topaz": ("Topaz Pendant", "+1 STR (damage). Only one has effect."),
    "amethyst": ("Amethyst Pendant", "+1 DEX (to hit). Only one has effect."),
    "sapphire": ("Sapphire Pendant", "+2 maximum HP (and 2 HP now). Cumulative."),
}
SAPPHIRE_HP = 2
ITEM_NAMES = {"key": "Key", "healing": "Potion of Healing", "enlightenment": "Potion of Enlightenment",
              **{k: v[0] for k, v in PENDANT_TEXT.items()}}

TOWN_HEAL_COST = 5  # coins: recover 1d6 HP and MND
LEVEL_COST = 100  # coins: the next character level (+1 MND, +1d6 HP)
DOOR_HP = 6
DOOR_MISS = 1  # HP a failed blow against a door costs
