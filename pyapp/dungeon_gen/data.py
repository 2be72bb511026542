"""The Dungeon Generator's tables as data: sizes, how many dice each size
rolls, and the secret tables by dungeon type (the article leaves those to
"a table based on dungeon type"; the project wrote them, see rules_text)."""

from __future__ import annotations

SIZES = ("small", "medium", "large")
SIZE_NAMES = {"small": "Small", "medium": "Medium", "large": "Large"}

# 1d6 -> Size: 1-2 Small, 3-5 Medium, 6 Large.
SIZE_BY_FACE = {1: "small", 2: "small", 3: "medium", 4: "medium", 5: "medium", 6: "large"}

# x in "roll xd6" for entrances, landings and rooms; also the number of threads.
DICE_BY_SIZE = {"small": 1, "medium": 2, "large": 3}

# How the Seed is read from 2d6 (also the dice of every level check).
SEED_RULE = {"small": "lower of 2d6", "medium": "higher of 2d6", "large": "sum of 2d6"}

DUNGEON_TYPES = ("cave", "crypt", "ruin", "lair")
# The shallower types: versions 1-2, one level check once every thread of the level is spent
# (procedure.level_trigger); version 3, from the least depth on only dead ends with doubles check (level_trigger_v3).
SHALLOW_TYPES = ("cave",)
# Size -> the article's range of levels (least, greatest depth): "Small 1-3, Medium 2-5, Large 3-7".
DEPTHS = {"small": (1, 3), "medium": (2, 5), "large": (3, 7)}

# Rules versions (a link is a promise: README, What a link promises). A link without "v" plays version 1;
# a new game the newest. 2 (issue 31): a secret passage opens a thread of its own (1d6 + Seed). 3 (issue 31,
# Generator 1): every stairs down comes from the article's level roll, on the trigger of
# procedure.level_trigger_v3 (figures/levels.py measured it; level_figures.py holds what it gives). 4 (issue 45,
# items 2-3): a secret passage opens a side thread of 1d6 without the Seed, and one found behind a secret leads to
# one secret room; the level check is "at or under" the level thread, on the trigger of procedure.level_trigger_v4.
# 5 (issue 45, items 2-3): that secret room is rolled as the article rolls rooms, on the side thread its passage
# was found along (generate.thread_for), no longer a dead end without a roll. 6 (issue 45, item 2): caves' secret
# table has 2 passages in 6, as crypts' and ruins' (SECRET_CHANGES).
RULES_VERSION = 6
SECRET_THREADS = 2  # the version from which a secret passage opens a thread of its own
ROLLED_STAIRS = 3  # the version from which no stairs down is placed without a level roll (level_trigger_v3)
SIDE_THREADS = 4  # the version from which a secret's thread is 1d6 (no Seed) and a secret behind a secret is one room
AT_OR_UNDER = 4  # the version from which the level check is at or under the level thread (level_trigger_v4)
SECRET_ROOMS = 5  # the version from which a secret room behind a secret rolls on the side thread it lies along
CAVE_SECRETS = 6  # the version from which caves' secret table has 2 passages in 6 (SECRET_CHANGES)
FAR = 3  # from version 4, a room makes a level check only this many rooms or more from its level's way in

# Secret tables: 1d6 -> (kind, text), as first published (rules versions 1-5). kind "passage" adds a secret passage
# to the room; "treasure" and "other" are noted in the room key. A later version lists only the rows it changes
# (SECRET_CHANGES); a game reads its own version's table (procedure.secret_table), the rules panel the newest.
SECRETS: dict[str, dict[int, tuple[str, str]]] = {
    "cave": {
        1: ("passage", "A crawlway behind a loose boulder"),
        2: ("passage", "A narrow fissure behind a curtain of roots"),
        3: ("passage", "A flooded tunnel you can swim through"),
        4: ("treasure", "A smuggler's cache wedged in a crack: coins and a lantern"),
        5: ("treasure", "Raw gems glinting in a hidden vein"),
        6: ("other", "An old campsite with a scratched map of these caves"),
    },
    "crypt": {
        1: ("passage", "A sarcophagus lid that slides onto a stair"),
        2: ("passage", "A false wall of bricked-up niches"),
        3: ("treasure", "Grave goods hidden under a flagstone"),
        4: ("treasure", "A reliquary behind a loose carved face"),
        5: ("other", "A secret shrine: the dead here rest easier"),
        6: ("other", "A spyhole into the next chamber"),
    },
    "ruin": {
        1: ("passage", "A collapsed arch you can squeeze under"),
        2: ("passage", "A cellar trapdoor under rubble"),
        3: ("treasure", "A strongbox under a fallen beam"),
        4: ("treasure", "Coins mortared into a wall"),
        5: ("other", "A mural that tells the place's history"),
        6: ("other", "A still-working well"),
    },
    "lair": {
        1: ("passage", "A bolt-hole the beasts use"),
        2: ("treasure", "A hoard of gnawed trinkets and coins"),
        3: ("treasure", "A lost adventurer's pack"),
        4: ("other", "Eggs or young, hidden away"),
        5: ("other", "Tracks that show what lives here"),
        6: ("other", "A spot where the beast sleeps: an ambush point"),
    },
}

# Rules version -> {type: {1d6 face: (kind, text)}}: the rows of SECRETS a version changed. Version 6 (issue 45,
# item 2): caves' 3 was a third passage in six, so Small caves found the most secrets behind secrets, 82% of their
# secret rooms dead ends (figures/levels.py: 52.2% of the rooms behind a secret passage dead ends, aim 50%).
SECRET_CHANGES: dict[int, dict[str, dict[int, tuple[str, str]]]] = {
    CAVE_SECRETS: {"cave": {3: ("other", "A hidden spring of clear, cold water")}},
}

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # passage letters: 1A, 1B... (at most 6 + 1 secret)
STAIRS_DOWN, STAIRS_UP = "down", "up"  # the labels of stairs passages

LOG_KEEP = 200  # log lines kept in the state
ROLLS_KEEP = 8  # dice records shown for one step (a "finish" step rolls hundreds)

NAME_MAX = 40
DEFAULT_NAME = "The Nameless Halls"
