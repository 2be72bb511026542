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
<li><b>Levels</b>: every dead end makes a level check: roll the Seed's dice (table); strictly under the level
thread (which starts equal to the Seed) there are stairs down in that dead end, and the level thread drops by 1.</li>
<li><b>Secrets</b>: searching a room rolls 2d6 + INT + Dungeoneering against 7 + Seed. Pass: a secret is
there on a 1 in 6, read on your dungeon type's table. Fail: the room is marked "?".</li>
<li>Backtrack and repeat until every passage is explored.</li>
</ol>
<h3>Modes</h3>
<p><b>Explore</b>: the map grows as you choose passages; click a known room to walk there, the stairs to change
level. <b>Whole</b>: the whole dungeon at once, for a game master. <b>Generate the rest</b> finishes an
exploration the same way.</p>
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
<li>The fixed order, used by auto play, "Generate the rest" and the Whole mode: depth-first like the article's
walk. Take the current room's first unexplored passage (by label); when it has none, go back to the most
recently entered room of this level that still has one; when the level has none, follow unfollowed stairs
down on it (most recently entered first); then go, by stairs, to the lowest-numbered level with work left.
Whole mode is exactly this order from the start, so an exploration that always follows it gives the same
dungeon as Whole mode for the same seed and settings.</li>
<li>Searches roll on their own dice stream (derived from the same seed), so searching never changes the rooms
that are rolled later. Whole mode and "Generate the rest" make no searches: there is no character choosing
to search.</li>
<li>Loop-back check: only when a room of this level OTHER than the one the passage leaves has unexplored
passages. Candidates are those rooms. Roll 1d6 for up to 6 candidates, 2d6 for up to 12, else 3d6, and take
the room whose number is closest to the total (ties to the lower number); its first unexplored passage (by
label) is the other end. With exactly one candidate room, the roll picks among its unexplored passages by
position instead (closest, ties lower): the article's Room 12 -> Room 1 with 1B-1G, a 3 gives 1D. With only
one possible passage nothing is rolled. The passage met is crossed off (it is the same passage from the other
end), and walking a loop-back brings you into that room.</li>
<li>Levels: a level check is made for every new dead end, including those made after every thread is spent.
"Roll under" means strictly under. A check that cannot succeed (the level thread at or under the lowest
possible roll: 1, or 2 for Large) is not rolled. The level thread is dungeon-wide.</li>
<li>Stairs down stand in the dead end that found them. Following them the first time makes a new level: its
own node map, whose Room 1 (the stairs landing) rolls its passages like an entrance, with its own fresh
threads. Stairs work both ways. Rooms are numbered per level.</li>
<li>Loop-backs join rooms of the same level only.</li>
<li>Searching is done in the current room, once per room; a room marked "?" may be searched again after you
have left it and come back. A pass removes the "?". A secret passage gets the room's next letter (a dead end
Room 4 gets 4A) and is drawn dashed; it is explored like any passage. Other secrets are noted in the room key.
The secret tables by dungeon type are the project's own (below).</li>
<li>Defaults for the searcher are the article's Reynard Puck: INT 3, Dungeoneering 0.</li>
<li>The map is complete when no passage and no stairs are left unexplored. The explorer may then still walk
it and search (the article searches its rooms after mapping them, and its last dead end asks "...or is it?"):
a secret passage found then reopens the map. The game ends when you <b>close the map</b>; auto play closes it
at once (it makes no searches), and Whole mode is closed from the start.</li>
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


def rules_html() -> str:
    return "".join([
        "<h3>Tables</h3>",
        table(["1d6", "Size", "Seed (and level checks)", "Entrance passages", "Threads", "Room dice"], size_rows()),
        PROCEDURE,
        "<h3>Secret tables (by dungeon type)</h3>",
        secret_tables(),
        RULINGS,
        EXPORT_FORMAT,
    ])
