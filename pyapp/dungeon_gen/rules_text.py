"""The in-page rules: the article's final procedure in the project's words,
the tables from data.py, and every ruling the project made where the
article is silent or tentative."""

from __future__ import annotations

from ..markup import escape
from .data import DEPTHS, DUNGEON_TYPES, RULES_VERSION, SECRET_CHANGES, SEED_RULE, SIZE_BY_FACE, SIZE_NAMES, SIZES
from .level_figures import FIGURES
from .procedure import secret_table


def table(head: list[str], rows: list[list]) -> str:
    top = "".join(f'<th scope="col">{escape(h)}</th>' for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{top}</tr></thead><tbody>{body}</tbody></table>"


def size_rows() -> list[list]:
    rows = []
    for size in SIZES:
        faces = [f for f, s in SIZE_BY_FACE.items() if s == size]
        count = SIZES.index(size) + 1
        rows.append([f"{min(faces)}-{max(faces)}" if len(faces) > 1 else faces[0], SIZE_NAMES[size], SEED_RULE[size],
                     f"highest of {count}d6", count, f"{count}d6"])
    return rows


def secret_tables() -> str:
    """The newest rules' tables (a new game's), each followed by the rows older versions read otherwise."""
    out = []
    for kind in DUNGEON_TYPES:
        rows = [[face, entry[0], entry[1]] for face, entry in secret_table(kind, RULES_VERSION).items()]
        out.append(f"<h4>{escape(kind.title())}</h4>" + table(["1d6", "Secret", "What is found"], rows))
        for since, changes in sorted(SECRET_CHANGES.items()):
            if kind in changes:
                older = secret_table(kind, since - 1)
                rows = [[face, *older[face]] for face in changes[kind]]
                out.append(f"<p>Rules versions 1-{since - 1} (links made with them) read it otherwise:</p>"
                           + table(["1d6", "Secret", "What is found"], rows))
    return "".join(out)


PROCEDURE = """
<h3>The procedure</h3>
<ol>
<li><b>Size</b>: roll 1d6 (or choose it in the settings).</li>
<li><b>Seed</b>: roll 2d6 and read it by Size (table). Note it: <i>[Name] Size: Small Seed: 2</i>.</li>
<li><b>Entrance</b>: Room 1 has as many passages as the highest of 1d6/2d6/3d6 (Small/Medium/Large),
labelled 1A, 1B...</li>
<li><b>Threads</b>: a dungeon level has 1/2/3 threads, used one after another. Each is worth 1d6 + Seed,
rolled when it starts (so the scratch paper shows "not started yet" until then).</li>
<li><b>Rooms</b>: taking an unexplored passage into a new room, roll 1d6/2d6/3d6. If any die is at or under the
current thread, the room has as many passages as the lowest such die, and the thread drops by 1. Otherwise the
room is a dead end (the thread stays). When the thread reaches 0 the next thread starts; once all are spent,
every further new room is a dead end.</li>
<li><b>Loop-backs</b>: the first time you take a passage, if another room of this level has unexplored
passages, roll 1d6: on a 1 the passage joins such a room instead of a new one (which room: see the rulings).</li>
<li><b>Levels</b>: a level looks for its stairs down with the level check until it finds them (one stairs down
per level). Roll the Seed's dice (table); <b>at or under</b> the level thread (which starts equal to the Seed)
there are stairs down in that room, and the level thread drops by 1. Only a new room at least <b>three rooms from
its level's way in</b> (counted along the passages that first found each room, as the map draws the level) makes
the check: stairs are found in the level, not beside its way in. While the dungeon is above its Size's least
depth (Medium Level 1, Large Levels 1 and 2), every such room does; a level there that is mapped without stairs
searches its dead ends for them, farthest from the way in first, rolling the check at each in turn until one
finds them. From the least depth on, only such a <b>dead end whose dice show doubles</b> (a Small room rolls one
die: <b>a 6</b>); in caves, and in every Small dungeon, only the level's first dead end that far in may. A level
at the Size's greatest depth (Small 3, Medium 5, Large 7) makes no check. No stairs are placed without a
roll.</li>
<li><b>Secrets</b>: a room holds a secret on a 1 in 6, read on your dungeon type's table. Searching a room
rolls 2d6 + INT + Dungeoneering against 7 + Seed: a pass tells you whether the room holds one, and what;
a fail marks the room "?". A secret passage opens a short <b>side thread of its own, 1d6</b> (without the Seed):
the rooms behind it roll against that thread (the scratch paper shows it once you have been through the
passage), so what lies behind a secret is worth the search. A secret passage found behind a secret (along a
side thread) leads to <b>one secret room</b> and opens no further thread: the secret room rolls its passages like
any room, on the side thread it lies along (a dead end once that thread is spent), and the rooms beyond it go on
with that thread.</li>
<li>Backtrack and repeat until every passage is explored.</li>
</ol>
<h3>Modes</h3>
<p><b>Explore</b>: the map grows as you choose passages; click a known room to walk there, the stairs to change
level. <b>Whole</b>: the whole dungeon at once, secrets included, for a game master. <b>Generate the rest</b>
reveals every room you can reach without a secret you have not found. Same seed and settings, same dungeon, in
both modes, whatever order you explore in.</p>
"""

RULINGS = """
<h3>Rulings</h3>
<ul>
<li>This is the article's FINAL procedure: the entrance rolls its passages (highest of xd6), and threads are
1/2/3 of 1d6 + Seed, not one thread per entrance passage.</li>
<li>A choice of Size in the settings replaces the Size roll (no die is rolled for it).</li>
<li>Threads are used one after another and each is rolled when it starts: the first when the first new room
needs it, the next when a new room needs a thread and the current one is at 0. A dead end does not reduce the
thread (the article's Large walk).</li>
<li><b>Same seed and settings, same dungeon.</b> The dungeon is rolled in one fixed order, whatever you do:
depth-first like the article's walk. Take the current room's first unexplored passage (by label); when it has
none, go back to the most recently entered room of this level that still has one; when the level is done, roll
the next level found (levels are rolled one after another, so they are numbered by depth: every level
2 steps down has a higher number than every level 1 step down); when every level is done, add the secret
passages (level by level, room by room) and roll what lies behind them in the same order, each on the
side thread it opens (rules version 4: 1d6; versions 2 and 3, kept for the links made with them: 1d6 + Seed,
with no end to secrets behind secrets, which doubled dungeons; under version 1 the rooms behind a secret
rolled against the level's threads, spent by then, so 92-96% of them were dead ends). A secret passage found
behind a secret opens no thread: from rules version 5 its secret room rolls on the side thread it lies along,
as the rooms behind every secret passage are rolled as the article rolls rooms; under version 4, kept for its
links, that room was a dead end without a roll. Exploring reveals
that dungeon: taking a passage the order has not reached yet rolls, out of sight, everything the order meets
before it (the dice tray then shows only the last step, and says how many were rolled first). So rooms
keep the numbers the fixed order gives them, and a number can skip rooms you have not found yet; the
scratch paper shows the threads as the fixed order left them.</li>
<li>Secrets are part of the dungeon: each room's secret (1 in 6, then the type's table) is rolled with the
room on its own dice stream, so it is fixed by seed and settings. The article: the check "tells you if your
character can determine if there's a secret in that room; it doesn't determine if the secret exists". Your
search (2d6 + INT + Dungeoneering, on a third stream) only decides whether you find it: INT and
Dungeoneering change what you find, never what is there, and searching never changes any room. A secret
passage's other end is hidden from both sides until it is found or walked. Whole mode shows every secret;
"Generate the rest" makes no searches.</li>
<li>Loop-back check: only when a room of this level OTHER than the one the passage leaves has unexplored
passages. Candidates are those rooms. Roll 1d6 for up to 6 candidates, 2d6 for up to 12, else 3d6, and take
the room whose number is closest to the total (ties to the lower number); its first unexplored passage (by
label) is the other end. With exactly one candidate room, the roll picks among its unexplored passages by
position instead (closest, ties lower): the article's Room 12 -> Room 1 with 1B-1G, a 3 gives 1D. With only
one possible passage nothing is rolled. The passage met is crossed off (it is the same passage from the other
end), and walking a loop-back brings you into that room.</li>
<li>Levels: the article leaves the trigger open ("based on content/type... catacombs more likely to have more
levels than caves") and gives the ranges (Small 1-3 levels, 3 rare; Medium 2-5; Large 3-7); the level check is
the article's, and no stairs are placed without it. "Roll under the thread" means <b>at or under</b>, as the
article's own example reads it ("at least 1 roll would have to be 2 or lower" for a thread of 2) and as its room
rule does. The project's trigger (rules version 4), chosen by simulation (figures below): only a new room at
least three rooms from its level's way in (along first discoveries) makes a level check, so the stairs are found
in the level and not in the rooms beside its way in (under version 3 Level 1's stairs were in Room 2 in about
40% of Medium and Large dungeons). Above the Size's least depth every such room checks until the level finds
its stairs, and a level mapped without them searches its dead ends for them (farthest from the way in first,
then by number, round after round, a level check at each), so such a level has stairs whenever its roll can
succeed at all: the article's range says the dungeon goes deeper. While you explore, those stairs may turn up
in a dead end you have already seen: the log says where. From the least depth on, a dead end that far in whose
dice show doubles makes the check (a Small room's one die: a 6), in catacombs (crypts, ruins, lairs) every such
dead end, in caves only the level's first dead end that far in: catacombs go deeper than caves. A Small
dungeon checks only at its level's first dead end that far in, if its die shows a 6, whatever its type: its
check (the lower of 2d6 at or under the Seed) is easy, and letting Small catacombs check more often gave too
many a third level (at every such dead end with a 6: 20% of Small crypts over 1,500 dungeons; at the first two:
6.3% over 600). A check
that cannot succeed (the level thread under the lowest possible roll: 1, or 2 for Large) is not rolled, so a
Large dungeon with Seed 2 (1 in 36 of them) cannot reach its third level: it has two. The level thread is
dungeon-wide. Rules version 3, kept for the links made with it, checked strictly under the level thread at
every new room above the least depth and at new rooms with doubles (caves: dead ends with doubles) from it on,
so Small dungeons had one level, Medium Seed 1 and Large Seeds 2-3 could not reach their range, and the stairs
were often beside the way in. Versions 1 and 2 check at the first dead end on each thread of a level (caves:
one check, at the first dead end once every thread is spent) and put the stairs of a level above the least
depth in its first dead end without a roll.</li>
<li>Stairs down stand in the room that found them; the level below gets the next level number when they
are found. It is its own node map, whose Room 1 (the stairs landing) rolls its passages like an entrance,
with its own fresh threads. Stairs work both ways. Rooms are numbered per level.</li>
<li>Loop-backs join rooms of the same level only.</li>
<li>Searching is done in the current room, once per room; a room marked "?" may be searched again after you
have left it and come back. A pass removes the "?". A secret passage gets the room's next letter (a dead end
Room 4 gets 4A) and is drawn dashed; it is explored like any passage. Other secrets are noted in the room key
(and a ✦ beside the room).
The secret tables by dungeon type are the project's own (below): the article says only to "roll on a table (based
on dungeon type) to determine if the secret is a passage, treasure, or something else". From rules version 6
caves' has two passages in six, as crypts' and ruins' (lairs' one): with three (its 3 was a flooded tunnel),
Small caves found the most secrets behind secrets, 82% of those secret rooms dead ends, and their largest level
had 70 rooms, 1.52 times the first release's 46 (figures below).</li>
<li>Defaults for the searcher are the article's Reynard Puck: INT 3, Dungeoneering 0.</li>
<li>The map is complete when no passage and no stairs are left unexplored. The explorer may then still walk
it and search (the article searches its rooms after mapping them, and its last dead end asks "...or is it?"):
a secret passage found then reopens the map. The game ends when you <b>close the map</b>; auto play closes it
at once (it makes no searches), and Whole mode is closed from the start.</li>
<li>Levels are numbered by depth (see above). Beside the map, the level tree shows which room's stairs lead
to which level. Printing (and the PNG download) shows every level found so far, not only the one you are on;
the SVG, JSON and Markdown downloads hold every level found too.</li>
<li>Big maps: each level is a tree of first discoveries, laid out so its passages never cross. A loop-back
between rooms close on the map (at most one column and two rows apart) runs in lanes between the rows when that
line crosses no passage; any other loop-back (rooms far apart, or a line that would cut a passage, which is most
of them) is a short stub at each of its rooms ending in a tag that names the other room (&#x27F2;37: to Room
37), so no loop-back crosses a passage of the map; while you explore, a tag walks you to the room it names.
The legend under the map explains every symbol the map draws.</li>
<li>On the map, nodes are outlined by the thread that made them (blue, green, orange; grey once every thread
was spent; gold for the entrance or a landing). Dashed circles are dead ends, dashed purple lines loop-backs,
small dashed circles unexplored passages, dark squares stairs.</li>
</ul>
"""

EXPORT_FORMAT = """
<h3>Downloads</h3>
<p>The map as SVG (every level) or PNG, the room key as Markdown, and the map as JSON in the format
<code>dice-dungeons/dungeon-map</code>, version 1:
<code>{"format", "version", "seed", "name", "size", "seed_value", "type", "complete", "levels": [{"level",
"from": null or {"level", "room"}, "threads", "rooms": [{"number", "from": null or {"room", "label"}, "thread",
"dead_end", "mark", "secret", "passages": [{"label", "to", "kind", "secret"}]}]}]}</code>.
Passage kinds: <code>unexplored</code> (to: null), <code>room</code> (to: the room first found through it),
<code>loop</code> (to: the room it joins, <code>via</code>: that room's passage), <code>stairs</code> (label
<code>down</code> or <code>up</code>, <code>level</code>: the other level, to: the room there).</p>
"""


# Rules version 1's figures (bench/level_figures.py, 20,000 whole dungeons per Size and type); ruins and lairs
# measured as crypts within half a point. tests/test_dungeon_gen_levels.py holds them on 300 seeds.
LEVEL_FIGURES = (
    # Size, type, article range, share in range, share with 1/2/3/4/5/6/7 levels, rooms median, per level median
    ("Small", "cave", "1-3", "100.0%", "77.2 / 15.9 / 6.9 / 0 / 0 / 0 / 0", 15, 15),
    ("Small", "crypt, ruin, lair", "1-3", "100.0%", "62.4 / 21.8 / 15.8 / 0 / 0 / 0 / 0", 17, 15),
    ("Medium", "cave", "2-5", "98.9%", "1.1 / 67.7 / 22.6 / 7.2 / 1.4 / 0 / 0", 63, 31),
    ("Medium", "crypt, ruin, lair", "2-5", "98.8%", "1.2 / 49.6 / 27.2 / 15.4 / 6.6 / 0 / 0", 70, 30),
    ("Large", "cave", "3-7", "96.7%", "1.6 / 1.6 / 58.9 / 20.0 / 9.6 / 4.8 / 3.5", 152, 51),
    ("Large", "crypt, ruin, lair", "3-7", "96.3%", "1.9 / 1.8 / 39.9 / 21.1 / 13.8 / 9.1 / 12.5", 169, 50),
)


# Rules version 5's figures (figures/levels.py --rules 5, 20,000 whole dungeons per Size and type; issue 45).
V5_FIGURES = (
    # Size, type, article range, share with 1/2/3/4/5/6/7 levels, share in range, rooms median, largest level,
    # stairs within 2 rooms of the way in, rooms behind a secret passage: dead ends
    ("Small", "cave", "1-3", "80.2 / 15.7 / 4.1 / 0 / 0 / 0 / 0", "100.0%", 18, 70, "0.0%", "52.2%"),
    ("Small", "crypt, ruin", "1-3", "80.3 / 15.6 / 4.1 / 0 / 0 / 0 / 0", "100.0%", 17, 67, "0.0%", "49.2%"),
    ("Small", "lair", "1-3", "80.5 / 15.5 / 4.1 / 0 / 0 / 0 / 0", "100.0%", 15, 55, "0.0%", "45.5%"),
    ("Medium", "cave", "2-5", "0 / 88.6 / 10.4 / 0.9 / 0.1 / 0 / 0", "100.0%", 69, 99, "4.5%", "41.4%"),
    ("Medium", "crypt, ruin", "2-5", "0 / 59.7 / 25.4 / 10.7 / 4.2 / 0 / 0", "100.0%", 72, 91, "3.2%", "37.2%"),
    ("Medium", "lair", "2-5", "0 / 62.6 / 24.6 / 9.5 / 3.3 / 0 / 0", "100.0%", 66, 75, "3.3%", "32.2%"),
    ("Large", "cave", "3-7", "0 / 2.8 / 76.9 / 15.4 / 3.6 / 1.1 / 0.3", "97.2%", 163, 158, "2.6%", "35.3%"),
    ("Large", "crypt, ruin", "3-7", "0 / 2.8 / 43.7 / 21.2 / 12.9 / 8.7 / 10.8", "97.2%", 180, 127, "1.8%", "30.5%"),
    ("Large", "lair", "3-7", "0 / 2.8 / 46.3 / 21.5 / 12.4 / 7.9 / 9.1", "97.2%", 164, 126, "1.9%", "24.8%"),
)


# Rules version 4's figures (figures/levels.py --rules 4, 20,000 whole dungeons per Size and type; issue 45).
V4_FIGURES = (
    # Size, type, article range, share with 1/2/3/4/5/6/7 levels, share in range, rooms median, largest level,
    # stairs within 2 rooms of the way in, rooms behind a secret passage: dead ends
    ("Small", "cave", "1-3", "80.2 / 15.7 / 4.1 / 0 / 0 / 0 / 0", "100.0%", 18, 70, "0.0%", "56.6%"),
    ("Small", "crypt, ruin", "1-3", "80.3 / 15.6 / 4.1 / 0 / 0 / 0 / 0", "100.0%", 17, 67, "0.0%", "52.6%"),
    ("Small", "lair", "1-3", "80.5 / 15.4 / 4.1 / 0 / 0 / 0 / 0", "100.0%", 15, 55, "0.0%", "47.4%"),
    ("Medium", "cave", "2-5", "0 / 88.6 / 10.4 / 0.9 / 0.1 / 0 / 0", "100.0%", 68, 99, "4.5%", "45.9%"),
    ("Medium", "crypt, ruin", "2-5", "0 / 60.0 / 25.3 / 10.5 / 4.1 / 0 / 0", "100.0%", 72, 89, "3.2%", "40.5%"),
    ("Medium", "lair", "2-5", "0 / 62.7 / 24.6 / 9.4 / 3.3 / 0 / 0", "100.0%", 66, 75, "3.3%", "34.1%"),
    ("Large", "cave", "3-7", "0 / 2.8 / 76.9 / 15.4 / 3.6 / 1.1 / 0.3", "97.2%", 163, 158, "2.6%", "39.4%"),
    ("Large", "crypt, ruin", "3-7", "0 / 2.8 / 43.9 / 21.2 / 12.9 / 8.6 / 10.7", "97.2%", 179, 127, "1.9%", "33.7%"),
    ("Large", "lair", "3-7", "0 / 2.8 / 46.4 / 21.6 / 12.4 / 7.9 / 9.0", "97.2%", 164, 126, "1.9%", "26.7%"),
)


# Rules version 3's figures (figures/levels.py --rules 3, 10,000 whole dungeons per Size and type; issue 31).
V3_FIGURES = (
    # Size, type, article range, share with 1/2/3/4/5/6/7 levels, share in range, stairs from a roll, rooms median
    ("Small", "cave", "1-3", "100.0 / 0 / 0 / 0 / 0 / 0 / 0", "100.0%", "no stairs", 21),
    ("Small", "crypt, ruin", "1-3", "100.0 / 0 / 0 / 0 / 0 / 0 / 0", "100.0%", "no stairs", 17),
    ("Small", "lair", "1-3", "100.0 / 0 / 0 / 0 / 0 / 0 / 0", "100.0%", "no stairs", 15),
    ("Medium", "cave", "2-5", "8.2 / 50.6 / 24.5 / 12.6 / 4.1 / 0 / 0", "91.8%", "100.0%", 132),
    ("Medium", "crypt, ruin", "2-5", "8.9 / 35.2 / 24.5 / 18.9 / 12.5 / 0 / 0", "91.1%", "100.0%", 122),
    ("Medium", "lair", "2-5", "9.9 / 38.6 / 25.3 / 17.2 / 8.9 / 0 / 0", "90.1%", "100.0%", 89),
    ("Large", "cave", "3-7", "5.7 / 6.6 / 36.5 / 19.4 / 12.6 / 8.2 / 11.1", "87.7%", "100.0%", 327),
    ("Large", "crypt, ruin", "3-7", "6.3 / 6.6 / 16.0 / 14.0 / 14.0 / 13.1 / 30.0", "87.1%", "100.0%", 357),
    ("Large", "lair", "3-7", "6.8 / 7.1 / 17.1 / 14.6 / 14.1 / 12.5 / 27.8", "86.1%", "100.0%", 270),
)


# The columns of the released figures' table and of versions 4's and 5's.
FIGURES_HEAD = ["Size", "Type", "Article", "% with 1/2/3/4/5/6/7 levels", "In range", "Rooms (median)",
                "Largest level (rooms)", "Stairs down within 2 rooms of the way in",
                "Rooms behind a secret passage: dead ends"]


def percent(count: int, seeds: int) -> str:
    return f"{100 * count / seeds:.1f}"


def ordered() -> list:
    return sorted(FIGURES.items(), key=lambda item: (SIZES.index(item[0][0]), DUNGEON_TYPES.index(item[0][1])))


def figure_rows() -> list[list]:
    """The released rules' figures (level_figures.py, written by figures/levels.py), a row per Size and type."""
    rows = []
    for (size, kind), f in ordered():
        low, high = DEPTHS[size]
        behind, dead = f.get("behind_secret", [0, 0])
        rows.append([SIZE_NAMES[size], kind, f"{low}-{high}", " / ".join(percent(c, f["seeds"]) for c in f["levels"]),
                     f"{f['in_range']}%", f["rooms"], f.get("largest_level", ""), f"{f.get('near', 0)}%",
                     f"{percent(dead, behind)}%" if behind else "none"])
    return rows


def out_of_range() -> str:
    """Which Seeds miss the article's range in the released figures, and how often."""
    parts = []
    for (size, kind), f in ordered():
        for seed, (dungeons, out) in f["out_by_seed"].items():
            parts.append(f"{SIZE_NAMES[size]} {kind} Seed {seed}: {out:,} of {dungeons:,}")
    return "; ".join(parts) if parts else "none"


def level_figures() -> str:
    if not FIGURES:
        return ""
    seeds = next(iter(FIGURES.values()))["seeds"]
    version = next(iter(FIGURES.values()))["rules"]
    return (f"<h4>Levels and rooms with these rules (rules version {version}, {seeds:,} whole dungeons per Size and "
            "type)</h4>"
            + table(FIGURES_HEAD, figure_rows())
            + "<p>Every stairs down comes from a level roll. Out of the article's range (by Seed, dungeons out of "
              f"range of those with that Seed): {escape(out_of_range())}. A Large dungeon with Seed 2 cannot roll "
              "at or under a level thread of 1 with 2d6, so it stops at two levels; every other Seed reaches its "
              "range, because a level above the least depth searches its dead ends until its roll succeeds. "
              "\"Within 2 rooms\" counts along first discoveries, as the map draws the level; a loop-back can make "
              "a far room close by another way (figures/levels.py prints that share too). Rooms behind a secret "
              "passage: the room first found through it; a Small room's one die against a side thread of 1d6 is "
              "over it 15 times in 36, and a secret room behind a secret rolls on what is left of its side "
              "thread, often spent by then. Regenerate with "
              "<code>python3 -m pyapp.dungeon_gen.figures.levels --seeds 20000 --write</code>; the Statistics tool "
              "shows the distributions for your settings.</p>"
            + "<details><summary>Rules version 5 (links made with it)</summary>"
            + table(FIGURES_HEAD, [list(row) for row in V5_FIGURES])
            + "<p>Version 5's caves' secret table had three passages in six (its 3, a flooded tunnel): Small caves "
              "found the most secrets behind secrets, 82% of those secret rooms dead ends, so 52.2% of the rooms "
              "behind a secret passage were dead ends, and their largest level had 70 rooms, 1.52 times the first "
              "release's 46. Crypts, ruins and lairs play as under version 6.</p></details>"
            + "<details><summary>Rules version 4 (links made with it)</summary>"
            + table(FIGURES_HEAD, [list(row) for row in V4_FIGURES])
            + "<p>Version 4 left the secret room behind a secret a dead end without a roll: with Small rooms' one "
              "die against a side thread of 1d6 (over it 15 times in 36), 52.6-56.6% of the rooms behind a secret "
              "passage in Small caves, crypts and ruins were dead ends.</p></details>"
            + "<details><summary>Rules version 3 (links made with it)</summary>"
            + table(["Size", "Type", "Article", "% with 1/2/3/4/5/6/7 levels", "In range", "Stairs from a roll",
                     "Rooms (median)"], [list(row) for row in V3_FIGURES])
            + "<p>Version 3 checked strictly under the level thread at every new room above the least depth and at "
              "new rooms with doubles from it on, and gave each secret passage a thread of 1d6 + Seed with no end "
              "to secrets behind secrets: a Small dungeon had one level, Medium Seed 1 and Large Seeds 2-3 could "
              "not reach their range, Level 1's stairs were in Room 2 in about 40% of Medium and Large dungeons, "
              "and dungeons were about twice version 1's size.</p></details>"
            + "<details><summary>Rules version 1 (links made before version 2)</summary>"
            + table(["Size", "Type", "Article", "In range", "% with 1/2/3/4/5/6/7 levels", "Rooms (median)",
                     "Rooms per level (median)"], [list(row) for row in LEVEL_FIGURES])
            + "<p>Version 1 (and 2) put the stairs of a level above the least depth in its first dead end without "
              "a roll; over 2,000 dungeons per Size under version 2, 30-51% of Medium and 27-44% of Large stairs "
              "came from a roll, and 27-46% of Small dungeons had 2 or 3 levels (crypts 23% with 3). Version 2 "
              "gives each secret passage a thread of its own, so dungeons grow: Small caves have a median 24 rooms, "
              "Medium 126, Large 297.</p></details>")


def rules_html() -> str:
    return "".join([
        "<h3>Tables</h3>",
        table(["1d6", "Size", "Seed (and level checks)", "Entrance passages", "Threads", "Room dice"], size_rows()),
        PROCEDURE,
        "<h3>Secret tables (by dungeon type)</h3>",
        secret_tables(),
        RULINGS,
        level_figures(),
        EXPORT_FORMAT,
    ])
