"""The in-page rules: the article's final procedure in the project's words,
the tables from data.py, and every ruling the project made where the
article is silent or tentative."""

from __future__ import annotations

from ..markup import escape
from .data import DUNGEON_TYPES, SECRETS, SEED_RULE, SIZE_BY_FACE, SIZE_NAMES, SIZES


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
    out = []
    for kind in DUNGEON_TYPES:
        rows = [[face, entry[0], entry[1]] for face, entry in SECRETS[kind].items()]
        out.append(f"<h4>{escape(kind.title())}</h4>" + table(["1d6", "Secret", "What is found"], rows))
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
<li><b>Levels</b>: the first dead end on each thread of a level makes a level check, until the level has found
its stairs down (caves: one check only, at the level's first dead end once every thread is spent). Roll the
Seed's dice (table); strictly under the level thread (which starts equal to the Seed) there are stairs down in
that dead end, and the level thread drops by 1. The Size sets a least and a greatest depth (Small 1-3, Medium
2-5, Large 3-7 levels): a level above the least depth (Medium Level 1, Large Levels 1 and 2) has its stairs
down in its first dead end with no roll, and a level at the greatest depth makes no check.</li>
<li><b>Secrets</b>: a room holds a secret on a 1 in 6, read on your dungeon type's table. Searching a room
rolls 2d6 + INT + Dungeoneering against 7 + Seed: a pass tells you whether the room holds one, and what;
a fail marks the room "?". A secret passage opens a thread of its own, 1d6 + Seed like every thread: the
rooms behind it roll against that thread (the scratch paper shows it once you have been through the
passage), so what lies behind a secret is worth the search.</li>
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
thread it opens (rules version 2; under version 1, kept for links made before it, the rooms behind a secret
rolled against the level's threads, spent by then, so 92-96% of them were dead ends). Exploring reveals
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
levels than caves") and gives the ranges (Small 1-3 levels, 3 rare; Medium 2-5; Large 3-7). The project's
trigger, the simplest it found that lands every Size in its range: <b>the first dead end on each thread of a
level makes a level check</b>, until the level has found its stairs down (one stairs down per level; a dead
end rolled once every thread is spent makes none). In caves a level makes one check only, at its first dead
end rolled once every thread is spent, and a cave level may end without one: caves are shallower than crypts
(catacombs), ruins and lairs. On top, the article's ranges as a floor and a ceiling: a level above the Size's
least depth (Medium Level 1, Large Levels 1-2) has its stairs down in its first dead end without a roll (the
level thread stays), and a level at the Size's greatest depth (3, 5, 7) makes no check. A level that ends
without any dead end (its last passages loop back, 1 or 2 levels in 100) has no stairs down, floor or not:
such dungeons are the few below the range. "Roll under" means strictly under. A check that cannot succeed (the
level thread at or under the lowest possible roll: 1, or 2 for Large) is not rolled. The level thread is
dungeon-wide. (A check at every dead end, the first ruling, drained the level thread almost every time: 42% of
Small dungeons had 3 or more levels, Large ones up to 11; a check at every dead end until the level's stairs
were found, the second, still gave 41% of Small crypts 3 or more levels and left half the Large dungeons out
of 3-7.) What this gives over 20,000 dungeons per Size and type is in the table below.</li>
<li>Stairs down stand in the dead end that found them; the level below gets the next level number when they
are found. It is its own node map, whose Room 1 (the stairs landing) rolls its passages like an entrance,
with its own fresh threads. Stairs work both ways. Rooms are numbered per level.</li>
<li>Loop-backs join rooms of the same level only.</li>
<li>Searching is done in the current room, once per room; a room marked "?" may be searched again after you
have left it and come back. A pass removes the "?". A secret passage gets the room's next letter (a dead end
Room 4 gets 4A) and is drawn dashed; it is explored like any passage. Other secrets are noted in the room key
(and a ✦ beside the room).
The secret tables by dungeon type are the project's own (below).</li>
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


# Measured by tests/level_figures.py (20,000 whole dungeons per Size and type, seeds "levels/<size>/<i>");
# ruins measure as crypts and lairs within half a point (the trigger treats them alike; only their secret
# passages differ). tests/test_dungeon_gen_levels.py holds them on 300 seeds.
LEVEL_FIGURES = (
    # Size, type, article range, share in range, share with 1/2/3/4/5/6/7 levels, rooms median, per level median
    ("Small", "cave", "1-3", "100.0%", "77.2 / 15.9 / 6.9 / 0 / 0 / 0 / 0", 15, 15),
    ("Small", "crypt, ruin, lair", "1-3", "100.0%", "62.4 / 21.8 / 15.8 / 0 / 0 / 0 / 0", 17, 15),
    ("Medium", "cave", "2-5", "98.9%", "1.1 / 67.7 / 22.6 / 7.2 / 1.4 / 0 / 0", 63, 31),
    ("Medium", "crypt, ruin, lair", "2-5", "98.8%", "1.2 / 49.6 / 27.2 / 15.4 / 6.6 / 0 / 0", 70, 30),
    ("Large", "cave", "3-7", "96.7%", "1.6 / 1.6 / 58.9 / 20.0 / 9.6 / 4.8 / 3.5", 152, 51),
    ("Large", "crypt, ruin, lair", "3-7", "96.3%", "1.9 / 1.8 / 39.9 / 21.1 / 13.8 / 9.1 / 12.5", 169, 50),
)


def level_figures() -> str:
    return ("<h4>Levels and rooms with this trigger (rules version 1, 20,000 dungeons per Size and type)</h4>"
            + table(["Size", "Type", "Article", "In range", "% with 1/2/3/4/5/6/7 levels", "Rooms (median)",
                     "Rooms per level (median)"], [list(row) for row in LEVEL_FIGURES])
            + "<p>The dungeons below the range are those where a level above the least depth ended without a "
              "dead end. Before (a check at every dead end until the level's stairs were found), over the same "
              "seeds: Small 94.1% (caves) and 77.6% (crypts) in range, 41% of Small crypts with 3 or more "
              "levels, up to 6; Medium 60.8% and 75.5%; Large 48.0% and 57.8%, up to 11 levels and 908 rooms. "
              "A Large level has about 50 rooms (the article's 34 came from its draft rules: threads equal to "
              "the Seed); the trigger decides how many levels there are, not how big one is. The Statistics "
              "tool shows these distributions for your settings.</p>"
              "<p>Rules version 2 (a new dungeon) gives each secret passage a thread of its own, so dungeons "
              "grow: over 5,000 dungeons per Size (seeds as above), Small caves have a median 23 rooms, "
              "crypts 25 (3 levels: 10.3% and 23.7%); Medium 126 and 124 rooms (in range 99.0% and 98.8%); "
              "Large 298 and 287 (96.7% and 96.5%). Behind a secret passage 8% (Small) to under 1% (Medium, "
              "Large) of rooms are dead ends, against 92-96% under version 1.</p>")


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
