"""The article's dice steps as small pure functions of the faces rolled.

Each takes the faces (not a dice state), so a test can enumerate every
outcome and check exact odds; explore.py rolls the dice and calls these.
"""

from __future__ import annotations

from .data import DEPTHS, DICE_BY_SIZE, FAR, SECRET_CHANGES, SECRETS, SHALLOW_TYPES, SIZE_BY_FACE


def size_from_face(face: int) -> str:
    """1d6: 1-2 Small, 3-5 Medium, 6 Large."""
    return SIZE_BY_FACE[face]


def seed_from_faces(size: str, a: int, b: int) -> int:
    """The Seed (and every level check) from 2d6: Small lower, Medium higher, Large sum."""
    if size == "small":
        return min(a, b)
    if size == "medium":
        return max(a, b)
    return a + b


def dice_count(size: str) -> int:
    """x in "xd6" for entrances, landings and rooms, and the number of threads."""
    return DICE_BY_SIZE[size]


def entrance_passages(faces) -> int:
    """An entrance (or a stairs landing) has as many passages as the highest die."""
    return max(faces)


def thread_value(face: int, seed: int) -> int:
    """A thread is worth 1d6 + Seed when it starts."""
    return face + seed


def room_passages(thread: int, faces) -> int:
    """The lowest die at or under the thread; 0 (a dead end) if none is."""
    fitting = [f for f in faces if f <= thread]
    return min(fitting) if fitting else 0


def loop_back(face: int) -> bool:
    """A first traversal connects to an existing room on a 1 in 6."""
    return face == 1


def dice_for_choices(count: int) -> int:
    """1d6 for up to 6 choices, 2d6 for up to 12, else 3d6."""
    return 1 if count <= 6 else 2 if count <= 12 else 3


def closest(numbers, total: int) -> int:
    """The number closest to the roll; ties go to the lower number."""
    return min(numbers, key=lambda n: (abs(n - total), n))


def level_found(size: str, a: int, b: int, level_thread: int) -> bool:
    """A level check: the Seed's dice, strictly under the level thread."""
    return seed_from_faces(size, a, b) < level_thread


def level_trigger(kind_of_dungeon: str, threads_spent: bool) -> bool:
    """Whether a dead end may make a level check (the article leaves the
    trigger to the dungeon type): in caves only one rolled once every thread
    of the level is spent, elsewhere only one rolled on a thread. Only the
    first such dead end of each thread makes it (generate.level_below), so a
    crypt level has up to one check per thread and a cave level one at most:
    "catacombs more likely to have more levels than caves"."""
    return threads_spent == (kind_of_dungeon in SHALLOW_TYPES)


def doubles(faces) -> bool:
    """Two of a room's dice alike. A Small room rolls one die, so it never has doubles."""
    return len(set(faces)) < len(faces)


def level_trigger_v3(size: str, kind_of_dungeon: str, depth: int, faces, dead_end: bool) -> bool:
    """Whether a new room makes a level check, from rules version 3 (the level still without stairs down,
    shallower than the Size's greatest depth; generate.level_below_v3). Above the Size's least depth
    (Medium Level 1, Large Levels 1-2) every new room does: the article's range says the dungeon goes
    deeper, and its low Seeds make the roll so hard (Medium Seed 2: 1 in 36) that only the most checks
    reach it. From the least depth on, only a new room whose dice show doubles does, in caves only a dead
    end with doubles ("catacombs more likely to have more levels than caves"). The Size's own dice scale
    it: 1 room in 6 for Medium (2d6), 4 in 9 for Large (3d6), none for Small (1d6), whose check (the lower
    of 2d6 under the Seed) is so easy that any commoner event gave 5-47% of Small dungeons 3 levels."""
    if depth < DEPTHS[size][0]:
        return True
    return doubles(faces) and (dead_end or kind_of_dungeon not in SHALLOW_TYPES)


def stairs_without_check(size: str, depth: int) -> bool:
    """A level shallower than the Size's least depth (article: Medium 2-5,
    Large 3-7) has its stairs down in its first dead end: no roll, and the
    level thread stays."""
    return depth < DEPTHS[size][0]


def deepest(size: str, depth: int) -> bool:
    """A level at the Size's greatest depth (Small 3, Medium 5, Large 7) makes no level check."""
    return depth >= DEPTHS[size][1]


def level_check_possible(size: str, level_thread: int) -> bool:
    """False once the level thread is at or under the lowest possible roll
    (1, or 2 for Large): such a check is not rolled at all."""
    return level_thread > (2 if size == "large" else 1)


def search_passes(a: int, b: int, intelligence: int, dungeoneering: int, seed: int) -> bool:
    """2d6 + INT + Dungeoneering against 7 + Seed (meet it to pass)."""
    return a + b + intelligence + dungeoneering >= 7 + seed


def secret_exists(face: int) -> bool:
    """After a passed check, a secret is there on a 1 in 6."""
    return face == 1


def secret_table(kind_of_dungeon: str, version: int = 1) -> dict[int, tuple[str, str]]:
    """The dungeon type's secret table under rules `version`: SECRETS as first published, with the rows each
    version up to it changed (SECRET_CHANGES; from version 6 caves' has 2 passages in 6)."""
    table = dict(SECRETS[kind_of_dungeon])
    for since, changes in sorted(SECRET_CHANGES.items()):
        if version >= since:
            table.update(changes.get(kind_of_dungeon, {}))
    return table


def secret_entry(kind_of_dungeon: str, face: int, version: int = 1) -> tuple[str, str]:
    """(kind, text) from the dungeon type's secret table under rules `version`."""
    return secret_table(kind_of_dungeon, version)[face]


# ---------------------------------------------------------------- rules version 4 (issue 45, items 2 and 3)


def side_thread_value(face: int) -> int:
    """From rules version 4 a secret passage opens a side thread of 1d6, without the Seed."""
    return face


def level_found_v4(size: str, a: int, b: int, level_thread: int) -> bool:
    """From rules version 4 the level check is the Seed's dice at or under the level thread (the article's own
    example: "at least 1 roll would have to be 2 or lower" for a thread of 2)."""
    return seed_from_faces(size, a, b) <= level_thread


def level_check_possible_v4(size: str, level_thread: int) -> bool:
    """Version 4: False once the level thread is under the lowest possible roll (1, or 2 for Large)."""
    return level_thread >= (2 if size == "large" else 1)


def level_trigger_v4(size: str, kind_of_dungeon: str, depth: int, rooms_in: int, faces, dead_end: bool,
                     earlier_far_dead_ends: int) -> bool:
    """Whether a new room makes a level check, from rules version 4 (the level still without stairs down,
    shallower than the Size's greatest depth; generate.level_below_v4). Only a room at least FAR (3) rooms from
    its level's way in, along first discoveries: stairs are found in the level, not beside its way in. Above
    the Size's least depth (Medium Level 1, Large Levels 1-2) every such room does (and a level mapped without
    them searches its dead ends: generate.stairs_search). From the least depth on, only such a dead end whose
    dice show doubles, or a 6 for a Small room's one die; in caves and in every Small dungeon only the level's
    first dead end that far in may: catacombs go deeper than caves, and Small's easy check (the lower of 2d6 at
    or under the Seed) gives a third level rarely."""
    if rooms_in < FAR:
        return False
    if depth < DEPTHS[size][0]:
        return True
    if not dead_end or (earlier_far_dead_ends and (size == "small" or kind_of_dungeon in SHALLOW_TYPES)):
        return False
    return 6 in faces if size == "small" else doubles(faces)
