"""The in-page rules: the text's rules in the project's words, the tables
and hero sheets from data.py, the measured win rates, and every ruling."""

from __future__ import annotations

from ..markup import escape
from ..play_by_link import ruling
from .data import (
    BOX,
    CLASSES,
    DOORS,
    HEROES,
    ITEM_EFFECTS,
    ITEM_NAMES,
    MAJOR,
    MINOR,
    RULES_VERSION,
    SEARCH,
    SEARCH_NAMES,
    SPAWN,
    WIN_RATES,
    WIN_RATES_COMMAND,
)


def table(head: list, rows: list) -> str:
    top = "".join(f"<th>{escape(str(h))}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{top}</tr></thead><tbody>{body}</tbody></table>"


def span(low: int, high: int) -> str:
    return f"{low}+" if high >= 99 else f"{low}-{high}"


def pairs(table_: dict) -> list:
    out = []
    for face in range(1, 7, 2):
        item = table_[face]
        out.append([f"{face}-{face + 1}", ITEM_NAMES[item], ITEM_EFFECTS[item]])
    return out


RULES = """
<h3>The game</h3>
<p>A co-operative dungeon crawl for 1 to 4 heroes against an automated dungeon. The heroes must find the Exit
before the Lich King's Dragon finds them. One person may run the whole party, or players take seats (hot-seat).</p>
<h3>Set-up</h3>
<p>One room (3x3) and one hallway (1x4) meet at a closed door. The heroes stand in the hallway (seat 1 next to
the door). Six goblins fill the room from the squares furthest from the door.</p>
<h3>Heroes' phase</h3>
<p>Heroes act in any order, and may interleave: select a hero (button or click her figure), act, switch.
Each hero moves at most 4 squares a turn in total (6 with Boots of Speed), orthogonally, split around at most
one attack. Figures do not block movement, but a hero cannot end on another hero's square. Opening a door is
free: moving through a closed door opens it, and an opened door is removed. A hero may end on a goblin's or
orc's square (never the Dragon's): the monster goes onto her sheet and threatens her. A threatened hero cannot
move, except the Archer: the monster threatening her is put back on the square she leaves.</p>
<p><b>Attacks</b>, once a turn: a monster threatening her or next to her; the Wizard up to 5 squares away and
the Archer up to 8, with line of fire. A monster threatening another hero may be attacked only by a hero
standing next to that hero (ranged heroes too). Roll 1d6: at or above Hit On (+1 with the Ring of Power) deals
1 damage. Goblins have 1 life, orcs 2; a wounded orc becomes a goblin. The Dragon cannot be hurt.</p>
<p><b>Potions</b> are single use; drinking costs 1 square of movement. <b>Items</b> work while worn; putting
one on costs 1 square; one of each type. Two heroes next to each other, neither threatened, may give or
exchange treasure: 1 square of movement for both.</p>
<p><b>Search</b>: every hero still in the dungeon stands in the same room, not yet cleared, none threatened.
Each hero rolls 1d6 + the number of rooms already cleared on the search table. Then the room is cleared.</p>
<h3>Monsters' phase</h3>
<p>Monsters move 4 squares. The monsters closest to the heroes move first. Each moves toward the closest hero
not already in Peril and may end on her square: it goes onto her sheet and threatens her. The Knight is in
Peril when 2 monsters threaten him, any other hero with 1. Monsters move past heroes in Peril. When every
hero is in Peril, no more monsters move, but the Dragon (its own rule, below).</p>
<p><b>Doors</b>: monsters cannot open doors. If a closed door lies between monsters and the heroes, the monster
closest to the door moves toward it (when that is the Dragon on its way to a hero, the closest other monster
goes); a monster ending next to a door attacks it. Only one monster attacks a
door; no more monsters move toward a door under attack.</p>
<p>Any monster that ends its move next to a closed door attacks it if no other monster does, whatever sent it
there (one attacker per door).</p>
<p><b>The Dragon</b> takes the shortest path to stand next to the closest hero, even one in Peril, and always
moves, even when every hero is in Peril; it never stands on a hero's square and is never put on a sheet. When
monsters block every shortest route, it takes another that ends closer; it stands still only when every square
within its 4 that is closer is taken, and the log says so.</p>
<h3>Saving throws and wounds</h3>
<p>Each hero in Peril rolls 1d6: at or above Save On (+1 with the Cloak) she is safe, else she takes a wound.
Then each hero next to the Dragon makes one more save. At 3 wounds a hero is out: her figure is removed and
the monster threatening her takes her square (the Knight: the strongest of his two; the other is removed).</p>
<p>Then each door under attack takes damage: the first turn it is laid down (damaged), the second it is removed.</p>
<h3>The dungeon grows</h3>
<p>Equal rooms and hallways: add a hallway to room (rooms - (1d3 - 1)); a result below 1 means room 1. With 5
rooms, a 1 gives room 5, a 2 room 4, a 3 room 3. More hallways than rooms: add a room at the end of the last
hallway. A closed door goes where they meet. A new room is stocked by 1d3 + the number of rooms (the new one
included). Once the Dragon appears the dungeon is complete: no more tiles.</p>
<h3>Winning and losing</h3>
<p>The heroes win when a search finds the Exit. They lose when every hero is out.</p>
"""

RULINGS = [
    "Hero sheets (missing from the text) as ruled by the project: Knight Hit On 4, Save On 3, in Peril only at "
    "2 threats; Barbarian 3/4, a natural 6 deals 2 damage; Wizard 4/5, range 5; Archer 4/4, range 8, may move "
    "while threatened. They were not tuned: the win rates below were measured with them as ruled.",
    "Squares have one name everywhere (buttons, log, map): \"column,row\", numbered in the map's margin from the "
    "first room's top-left square (0,0); squares left of it or above it count below 0, so no name changes as the "
    "dungeon grows. On the map, a dot with a number is a square the selected hero may move to (its cost), crossed "
    "swords a monster she may move onto and take on, a gun-sight ring a monster she may attack (legend under the map).",
    "Squares are linked only inside one tile and across a junction (a hallway end against a room side: that "
    "edge carries the door). Tiles that merely touch have a wall between them.",
    "\"Next to\" means orthogonally adjacent and linked: not through a wall, nor through a closed or damaged "
    "door. It is used for attacks, giving, the Dragon and doors.",
    "Distance (movement, \"closest\") is the shortest orthogonal path through the dungeon; closed and damaged "
    "doors block monsters. Ties go to the lowest square in reading order (top row first, then left to right); "
    "a monster's path takes, at each step, the square nearer its goal that comes first in reading order.",
    "Range (Wizard 5, Archer 8) counts squares orthogonally (across plus down) to the target. Line of fire is a "
    "straight line between square centres that crosses only linked edges: dungeon squares, no wall, no closed or "
    "damaged door. Figures do not block it. A line through an exact corner needs one open way round.",
    "A hero moving to a square takes the shortest route; among equal routes the one opening fewest doors. Any "
    "closed door on it is opened (removed).",
    "A damaged door (laid down) still blocks monsters and line of fire until it is removed; a hero may open it.",
    "A monster never ends its move on a square holding another monster or a hero other than the one it takes "
    "on. Among ALL shortest routes toward its target, it takes one that ends on a free square as close to the "
    "target as it can get within its 4 squares (ties: lowest square in reading order); it stops short only when "
    "no such route goes further. So a square holds at most one monster.",
    "The order of the monsters' phase: the monster with the shortest open path to any visible hero moves first; "
    "monsters shut off by closed doors come after, by their path through the doors. Each step of the page's "
    "monsters' phase moves one monster; monsters that do not move are passed over.",
    "Doors: for a monster with no open path to a hero it may target, \"the door between\" is the first closed "
    "door on its shortest path to that hero through doors. Of the monsters on its side, the one closest to that "
    "door goes to it (it attacks the door once it stands on the square next to it); the others wait. The Dragon "
    "goes for a door only when it is shut in itself: when it is the monster closest to the door but has a hero "
    "to go to, the closest other monster goes to the door instead (rules version 1 left the door to the Dragon, "
    "and the monsters behind it waited for ever). A door "
    "counts turns under attack in total; the second one removes it. Any monster that ends its move (or stays, when "
    "it does not move) on a square next to a closed or damaged door attacks it if no other monster does, even "
    "if it was going elsewhere; a monster attacks one door at a time.",
    "The Dragon moves 4 squares like other monsters, toward the closest hero even if she is in Peril, and it "
    "always moves: once every hero is in Peril no other monster moves (\"no more Monsters will move\"), but the "
    "text gives the Dragon a rule of its own (\"will stop next to the closest Hero even if that Hero is in "
    "Peril\"). Shut in by a closed door, it goes for the door like any monster. When monsters (held by the "
    "Peril halt, or waiting at a door) block every shortest route, it takes another route within its 4 squares "
    "that ends on a free square closer to its target (the closest, then the fewest steps, then reading order), "
    "passing over monsters as any walk does; it stands still only when every square within its 4 that is closer "
    "is taken, and the log says so. Rules version 1 (links made before version 2) halted the Dragon with the "
    "others; versions 1 and 2 (links made before version 3) left a blocked Dragon standing, with no word.",
    "Invisible heroes are ignored by the monsters for the monsters' phase that follows the drink: they are not "
    "targets, do not count for \"closest\", and they make no saving throw in that phase (neither for Peril "
    "nor beside the Dragon): the monsters on their sheet ignore them too. Invisibility wears off after that "
    "phase's saving throws.",
    "A threatened hero cannot move, but may still drink a potion or put on an item (each costs 1 square of her "
    "movement allowance without moving her).",
    "A Luck Potion is offered right after its owner fails an attack or a saving throw. Drinking a Potion counts "
    "as 1 square of Movement everywhere: after an attack it comes off this turn's squares (and needs one left); "
    "during the saving throws of the monsters' phase it comes off that hero's next turn's 4 squares (6 with the "
    "Boots). Every offer says which.",
    "Healing removes 1 wound and needs a wound to remove. Boots of Speed put on during a turn give 6 squares from "
    "the next turn.",
    "Giving a potion or an item costs 1 square for both heroes; handing something back in exchange between the "
    "same two heroes in the same turn costs nothing more. A worn item that is given is taken off.",
    "Searching takes the rest of every hero's movement for the turn; heroes who have not attacked still may. "
    "Any rolled Exit ends the game at once. Cleared rooms are marked on the map (no figure is taken from the box).",
    "The text lets each room be searched once, so once the Dragon is in and every room is cleared the Exit "
    "cannot be found any more and the heroes fight on until they fall. A house-rule setting lets cleared rooms "
    "be searched again in that case (with 6 or more rooms cleared any search roll reaches 7).",
    "A new hallway goes perpendicular to a side of its room, its end against one of that side's 3 squares; a "
    "new room goes against the last hallway's free end with 3 offsets. A hallway is only placed where a room "
    "still fits at its far end. If no hallway fits on the rolled room, the next room down takes it, then the "
    "rooms above. If nothing fits anywhere, the dungeon does not grow that turn.",
    "Tile placement (setting): \"ask\" lets the players pick among the places that fit (drawn on the map), or "
    "\"place auto\"; \"auto\" picks the place that keeps the map's bounding box smallest (ties: the first listed: "
    "sides N, E, S, W, then along the side; rooms middle offset first).",
    "Monsters fill a new room from the squares furthest from its door (path inside the room; ties reading "
    f"order), orcs first, then goblins. The box holds {BOX['goblin']} goblins and {BOX['orc']} orcs (on the board "
    "and on sheets); if too few are left, only those are placed. A wounded orc stays an orc with 1 life when no "
    "goblin is left to swap in. Slain monsters return to the box.",
    f"The box holds {DOORS} Doors: at most {DOORS} stand in the dungeon at once (closed or damaged). A new room "
    "or hallway whose door the box cannot supply gets none (its junction is open from the start) and the log "
    "says so. Opened or destroyed Doors go back to the box. The panel shows what the box still holds. Rooms and "
    "Hallways (8 each) never run out: the Dragon comes first.",
    "Each hero sheet gives the hero's pronouns for the log and panels: the text calls the Archer \"her\"; the "
    "Knight and the Barbarian are \"he\", the Wizard \"she\" (the project's choice).",
    "A hero taking on monsters never exceeds her Peril (she cannot move while threatened; the Archer leaves her "
    "monster behind first).",
    "A hero out at 3 wounds from the Dragon's save with no monster on her sheet leaves an empty square. "
    "Each hero takes at most 3 wounds; the box's 8 wound counters are not a limit.",
    "Heroes and classes: 1 to 4 seats, each with a class and a name. A class chosen twice goes to the first free "
    "one (the box has one figure of each).",
    "Score when the game ends: 100 + 25 per hero still in if the heroes escape, plus 10 per room cleared and 1 "
    "per monster slain.",
    ruling("The heroes' phase is played by the person whose hero is selected: selecting another person's hero "
           "hands the turn to them, and the monsters' phase that follows plays itself on the device that ended the "
           "heroes' phase. A Luck Potion offered to a hero is that hero's person's to accept or refuse."),
]


def rules_html() -> str:
    heroes = [[HEROES[c]["name"], f"{HEROES[c]['hit']}+", f"{HEROES[c]['save']}+", HEROES[c]["ability"]]
              for c in CLASSES]
    search = [[span(lo, hi), SEARCH_NAMES[r]] for lo, hi, r in SEARCH]
    spawn = [[span(lo, hi), ", ".join(f"{n} {k}{'s' if n > 1 else ''}" for k, n in figs.items())]
             for lo, hi, figs in SPAWN]
    parts = [RULES,
             "<h3>Hero sheets</h3>", table(["Hero", "Hit On", "Save On", "Ability"], heroes),
             "<h3>Search (1d6 + rooms already cleared)</h3>", table(["Roll", "Result"], search),
             "<h3>Minor treasures (1d6)</h3>", table(["Roll", "Treasure", "Effect"], pairs(MINOR)),
             "<h3>Major treasures (1d6)</h3>", table(["Roll", "Treasure", "Effect"], pairs(MAJOR)),
             "<h3>New room (1d3 + rooms)</h3>", table(["Roll", "Monsters"], spawn),
             "<h3>Win rates</h3>"]
    if WIN_RATES:
        rows = [[n, f"{row['win']:.1f}%", row["games"], f"{row['turns']:.1f}"] for n, row in sorted(WIN_RATES.items())]
        parts.append(table(["Heroes", "Heroes win", "Games", "Mean turns"], rows))
        parts.append(f"<p>Auto-played with the page's own policy, rules version {RULES_VERSION}; regenerate with "
                     f"<code>{escape(WIN_RATES_COMMAND)}"
                     "</code>.</p>")
    else:
        parts.append("<p>Not measured yet.</p>")
    parts.append("<h3>Rulings</h3><ul>" + "".join(f"<li>{escape(r)}</li>" for r in RULINGS) + "</ul>")
    parts.append("<h3>Settings</h3><p>heroes (1-4), class1..class4 and name1..name4 per seat, placement "
                 "(ask or auto), search_again (house rule: search cleared rooms again once the Dragon is in and "
                 "every room is cleared; off by default), by_link (play by link, each person on their own device; see "
                 "the rulings), v (the rules version: 3, a new game's; 2 and 1, links "
                 "made before it).</p>")
    return "".join(parts)
