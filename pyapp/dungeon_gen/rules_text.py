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
<li><b>Levels</b>: a new dead end makes a level check until its level has found its stairs down (caves: only
the dead ends rolled once every thread of the level is spent). Roll the Seed's dice (table); strictly under
the level thread (which starts equal to the Seed) there are stairs down in that dead end, and the level thread
drops by 1.</li>
<li><b>Secrets</b>: a room holds a secret on a 1 in 6, read on your dungeon type's table. Searching a room
rolls 2d6 + INT + Dungeoneering against 7 + Seed: a pass tells you whether the room holds one, and what;
a fail marks the room "?".</li>
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
passages (level by level, room by room) and roll what lies behind them in the same order. Exploring reveals
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
<li>Levels: the article leaves the trigger open ("based on content/type... catacombs more likely to have
more levels than caves"). The project's trigger, the simplest it found that keeps the level counts near the
article's ranges: every new dead end makes a level check until its level has found stairs down (at most one
stairs down per level); in caves only the dead ends rolled once every thread of the level is spent do, so
caves are shallower than crypts (catacombs), ruins and lairs. (A check at every dead end, the first ruling,
drained the level thread almost every time: 42% of Small dungeons had 3 or more levels, Large ones up to 11.)
"Roll under" means strictly under. A check that cannot succeed (the level thread at or under the lowest
possible roll: 1, or 2 for Large) is not rolled. The level thread is dungeon-wide. What this gives over
20,000 dungeons per Size and type is in the table below; the Seed still bounds the levels (a Large dungeon
with Seed 3 can hardly go deeper than 2), so no simple trigger keeps every dungeon in the article's range.</li>
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
between rooms close on the map (at most one column and two rows apart) runs in lanes between the rows; one
between rooms far apart is a short stub at each of its rooms ending in a tag that names the other room
(&#x27F2;37: to Room 37), so no loop-back line crosses the whole map. The legend under the map explains every
symbol the map draws.</li>
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
# ruins and lairs measure as crypts (the trigger treats them alike). tests/test_dungeon_gen_levels.py holds them.
LEVEL_FIGURES = (
    # Size, type, article range, share in range, share with 1/2/3/4/5/6/7+ levels, rooms median, per level median
    ("Small", "cave", "1-3", "94.1%", "65.8 / 20.0 / 8.4 / 3.7 / 1.7 / 0.5 / 0", 16, 16),
    ("Small", "crypt, ruin, lair", "1-3", "77.6%", "35.5 / 23.7 / 18.4 / 12.4 / 7.4 / 2.6 / 0", 29, 16),
    ("Medium", "cave", "2-5", "60.8%", "37.3 / 23.4 / 16.8 / 12.6 / 8.0 / 1.9 / 0", 56, 32),
    ("Medium", "crypt, ruin, lair", "2-5", "75.5%", "17.4 / 16.7 / 18.5 / 21.1 / 19.3 / 7.0 / 0", 94, 31),
    ("Large", "cave", "3-7", "48.0%", "26.1 / 17.1 / 13.7 / 11.1 / 9.5 / 7.8 / 14.7", 135, 55),
    ("Large", "crypt, ruin, lair", "3-7", "57.8%", "14.9 / 12.8 / 12.6 / 13.1 / 12.3 / 11.0 / 23.3", 189, 53),
)


def level_figures() -> str:
    return ("<h4>Levels and rooms with this trigger (20,000 dungeons per Size and type)</h4>"
            + table(["Size", "Type", "Article", "In range", "% with 1/2/3/4/5/6/7+ levels", "Rooms (median)",
                     "Rooms per level (median)"], [list(row) for row in LEVEL_FIGURES])
            + "<p>Before (a check at every dead end): Small 1-6 levels, 76.0% in range, 42% with 3 or more; "
              "Medium 58.8% in range; Large 49.6% in range, up to 11 levels and 872 rooms. A Large level has "
              "about 53 rooms (the article's 34 came from its draft rules: threads equal to the Seed); the "
              "trigger decides how many levels there are, not how big one is. The Statistics tool shows "
              "these distributions for your settings.</p>")


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
