"""The in-page rules: the texts' rules in the project's own words, the tables
from data.py, and the rulings this project made where the texts are silent."""

from __future__ import annotations

from ..markup import escape
from ..play_by_link import ruling
from . import house_rules
from .data import ARTIFACTS, LOCATIONS, MONSTERS, RULES_VERSION, TILE_ENTRANCE, TILES, TREASURE_NAMES, TREASURES
from .settings import shared_settings


def table(head: list[str], rows: list[list]) -> str:
    top = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{top}</tr></thead><tbody>{body}</tbody></table>"


def exits_text(spec: tuple) -> str:
    count, sides, plus = spec
    if not count:
        return f"{plus} (straight or curved)"
    return f"{count}d{sides}" + (f"+{plus}" if plus else "")


def location_rows(theme: str, tiles: bool) -> list[list]:
    rows = []
    for face in range(1, 7):
        loot = TREASURES[theme][face]
        row = [face] if tiles else [face, LOCATIONS[face]["name"] if theme == "classic" or face != 4 else "Crypt",
                                    exits_text(LOCATIONS[face]["exits"])]
        row += [MONSTERS[theme].get(face, "None"), TREASURE_NAMES.get(loot, "None")]
        rows.append(row)
    return rows


COMMON = """
<h3>Fighting</h3>
<p>A monster in a location must be fought. Pick BODY, MIND or SPIRIT and roll a die: under the attribute
(plus bonuses) is a hit and the monster loses 1 hit point; otherwise the monster hits you. A 1 always hits
and a 6 always misses, except that a SPIRIT attack against the undead does not fail on a 6.
Monster hit points are the monster die.</p>
<h3>Treasure and XP</h3>
<p>Defeat the monster (or find none) and you take the location's treasure and its XP: the total of the dice
rolled for the location. Every 50 XP you level up: raise the maximum of one attribute and recover fully.</p>
<ul>
<li><b>Map fragment</b>: in a vault (or crypt), use it up to unearth an artifact (roll below).</li>
<li><b>Spell scroll</b>: +3 on one SPIRIT roll.</li>
<li><b>Tome of Enlightenment</b>: +1 on all MIND rolls, cumulative.</li>
</ul>
<h3>Moving around</h3>
<p><b>Returning to danger</b>: entering a location you have visited, roll for a roving monster: 1 goblins
(1 HP), 2 orcs (2 HP), 3-6 nothing. <b>Temple teleportation</b>: from a cleared temple, teleport to any
other temple on the map, then roll for a roving monster. <b>Descending</b>: only from a Great Hall, and only
once you have collected an artifact on this level; the new level starts a new map.</p>
<h3>Several players</h3>
<p>Each player rolls a character. Each location gets one monster die per player: the highest sets the kind
(a 6, None: no monster), the sum sets its hit points. Everyone earns the location's XP. Players attack in turn;
a monster that hits strikes the player who missed.</p>
<h3>The Undead level</h3>
<p>When you descend you may choose an undead level: skeletons, zombies, mummies, vampires and liches, crypts
instead of vaults, and its own treasure column.</p>
"""

BY_LINK_RULING = ruling("Whose turn it is follows the rulings above: in a fight each player strikes in turn, and "
                        "outside fights the player who leads plays until Pass hands the lead on.")

RULINGS = f"""
<h3>Rulings (where the text is silent)</h3>
<ul>
<li>Character: 3d6, all three rerolled while the total is 10 or less; you assign the three values (default:
in roll order).</li>
<li>Exits include the way in. Exits that already-placed neighbours point into the new location count toward
the number; a side facing a neighbour without an exit there can never be an exit; if the forced exits exceed
the roll, the location has exactly those. The first location of each level is reached by stairs, so all its
exits are yours to place.</li>
<li>With several players the highest monster die sets the kind, as the text says: when it is a 6 (None) the
location has no monster, whatever the other dice show; otherwise the sum of every die is its hit points. With two
players a location is empty 11 times in 36 (30.6%). The setting <i>Several players: set sixes aside</i> plays the
page's first reading: the highest of the other dice sets the kind and their sum the hit points, no monster only
when every die shows 6 (1 in 36 with two players, 2.8%).</li>
<li>Monster dice are rolled only for living players: a fallen player's die is not rolled, so the monsters
shrink with the party.</li>
<li>Item bonuses raise the number you must roll under; crits still apply. Bleeding out: while any attribute
is 0, every attack is -1. You may attack with a 0 attribute (a 1 still hits).</li>
<li>Potions and scrolls are items used at any time outside a roll. Artifacts are single use, but the Boots
of Swiftness give as many runs as your character level, then crumble. An artifact collected on a level counts
for descending even once used. Items are 'readied' before the roll they help; the Shielding Charm stays
ready until it stops a hit.</li>
<li>A roving monster is goblins (1) or orcs (2) on every level, undead levels too; it gives XP equal to its
hit points and no treasure. Sleeping Salts let you pass the monster: no XP and no treasure now; it is awake
when you next enter, and beating it then earns the location's XP and treasure as usual. While it sleeps you
may also search the location.</li>
<li>Treasure goes to the player who struck the final blow. Outside fights one player leads (digs with
map fragments, reads the Scroll of Teleportation, rests); <i>Pass</i> hands the lead on. A fallen player's turn
passes to the next living one.</li>
<li>Who acts first: in each location the party enters, the round starts with the player who moved the party
there (walking, fleeing, teleporting or descending), then the others in seat order; in the game's first
location, seat 1. Moving does not pass the turn.</li>
<li>A miss with an attribute already at 0 still costs a point: the blow lands on another attribute of the
player's choice.</li>
<li>{escape(BY_LINK_RULING)}</li>
<li>Locations are numbered in the order found, as on paper. A finished game is final: it cannot be undone.</li>
<li>Dead ends: search (1d6) for a secret door: 5-6 opens one on a side of your choice facing unexplored rock,
1 springs a trap (lose 1 point of an attribute of your choice, or 1 HP). When a level has no unexplored exit
left you may search anywhere beside unexplored rock, so the game never locks.</li>
<li>Auto play plays like a careful player: it drinks a potion when low, readies a scroll, idol or pendant
when it raises the chance to hit, raises the Shielding Charm (or uses Sleeping Salts, or the Boots) when a miss
would kill, walks to a vault with a map fragment and to a Great Hall once it may descend, opens locked doors
with a Key, and with the six-item limit takes what lies on the floor, leaving its least useful item for a more
useful one; a pack full of artifacts while the level still needs a map fragment is spent to make room.
It never leaves the dungeon; in Endless mode it pauses at each new dungeon level, so it never runs
unbounded (press Auto play to go on).</li>
<li>Endless mode: score is your XP and deepest level, kept in this browser's high-score table; leave the
dungeon when you like. Quest mode: collect artifacts on three levels to win.</li>
<li>Every house rule from the readers' comments is a setting, off unless said: deeper monsters (+1 HP per level),
rising level-up XP, resting in temples (once per visit, when you have something to recover), fleeing (three
versions: you flee the way you came, or by a random open exit where there is no way back; a failed 1-2 escape
means you must fight), a six-item limit (what you cannot carry stays on the floor; take, leave or swap items
there), weaker deeper (every maximum -1 per level descended, but never below 1, so no character is killed by
the stairs). Searching dead ends is on.</li>
</ul>
"""


VERSIONS = f"""
<h3>Rules versions</h3>
<p>A new game plays rules version {RULES_VERSION}. A link made before it (no <code>v</code> in the link) opens
version 1 and plays it as it did: with several players the sixes are set aside.</p>
"""

HOUSE_RULES = """
<h3>More house rules from the comments (settings, off unless chosen)</h3>
<ul>
<li><b>One more monster per level</b>, Firebolt: <q>We made each level of the dungeon have one more monster
(of the same type).</q> On dungeon level N a location holds N monsters of the kind its dice make, each with
the hit points the dice give (deeper monsters' +1 included); you fight them one after another, so their hit
points add up. XP stays the total of the location's dice. Roving monsters stay single.</li>
<li><b>Locked doors and the Key</b>, SorgUR: <q>You can also add some more diversity with open/locked doors
(even/odd) or adding the Key instead of "none" (result 1), etc.</q> Each exit of a new location that leads into
unexplored rock gets a door die: even, open; odd, locked (the way in is open). A locked door cannot be passed,
walked or fled through until a Key opens it for good; the Key is used up. The Key is the treasure where the
column says None (classic 1; on an undead level, 6). Locked doors do not count as ways on: when only locked
doors are left, you may search beside unexplored rock as in any closed level, and a search (5-6) beside a
locked door may also force it, so locked doors never end a game.</li>
<li><b>Lose rewards</b>, Fishsticks: <q>It depends on whether we play where you keep all your rewards
permanently, or whether you lose everything every time you level up (and with each new dungeon level).</q>
At each level-up (the character's) and each descent, a character loses every item and artifact, the treasure
that brought the level-up included; XP, levels and attributes stay, and an artifact collected still counts for
descending and for the Quest.</li>
</ul>
"""


def classic_rules() -> str:
    return (
        "<h3>Your character</h3><p>Roll three dice for BODY, MIND and SPIRIT, rerolling if the total is 10 or less."
        " They are both your current and your maximum points. A miss costs a point of the attribute you used;"
        " at 0 in all three you are dead.</p>"
        "<h3>Each location</h3><p>Roll three dice: location, monster and treasure. Draw the location on the grid"
        " with exits north, east, south or west; an exit can never lead into a location with no entrance on that"
        " side. <b>Training wheels</b>: in your first location reroll monster 4s and 5s, in the second reroll 5s.</p>"
        + table(["Die", "Location", "Exits", "Monster", "Treasure"], location_rows("classic", False))
        + "<p>Healing potion: +2 to one attribute or +1 to two, up to the maximum. Magic sword: +1 on all BODY"
          " rolls, cumulative.</p>"
    )


def tiles_rules() -> str:
    deck = [[TILE_ENTRANCE["art"], TILE_ENTRANCE["name"], TILE_ENTRANCE["exits"], 1, "starts every level"]]
    deck += [[art or "—", name, exits, n, kind] for _, name, kind, exits, n, art in TILES]
    return (
        "<h3>Your character</h3><p>Roll BODY, MIND and SPIRIT as in the original, and health: 1d6+6 (easy) or 1d6"
        " (hard). A miss costs 1 HP; at 0 HP you are dead. Attributes never drop.</p>"
        "<h3>Each room</h3><p>Start on the Dungeon Entrance and draw tiles from the deck; turn each to fit (its"
        " way in open, no exit into a neighbour's wall, matching neighbours when it can; a tile that cannot fit goes"
        " under the deck). Dead ends (pits and temples) are shuffled into the bottom third. Roll two dice for the"
        " room: monster and treasure. XP is the total of the dice rolled.</p>"
        + table(["Die", "Monster", "Treasure"], location_rows("classic", True))
        + "<h4>The tile deck</h4>"
        + table(["Art", "Tile", "Exits (unturned)", "Copies", "Kind"], deck)
        + "<p>Healing potion: +2 HP up to the maximum. Magic sword: +2 on all BODY rolls, not cumulative."
          " Levelling up also restores HP to its maximum.</p>"
    )


TILES_RULINGS = """
<h3>Rulings of the Tiles edition</h3>
<ul>
<li>A drawn tile is turned so that its way in is open and no exit opens into a neighbour's wall. Among those
turns, one that also matches every neighbour (an exit wherever a neighbour's exit points in, none elsewhere) is
taken when there is one; only when no turn matches exactly is a loose fit allowed, one that leaves a
neighbour's exit facing this tile's wall. Otherwise the tile goes under the deck and the next is drawn.</li>
<li>When no tile of the whole deck can be turned to fit, an extra Pit (a dead end, not from the deck) is laid
with only the way in open, so a move into unexplored rock always finds a room.</li>
<li>Fleeing, in the version that costs attributes in the original (Stacey), costs 1 HP here.</li>
</ul>
"""


def house_rules_html() -> str:
    """Every rule change the comments proposed, with its setting (house_rules.py)."""
    settings = {s.key: s for s in shared_settings(wheels=True)}
    rows = []
    for rule in house_rules.HOUSE_RULES:
        if rule.page == house_rules.CLASSIC:
            key, _, value = rule.setting.partition("=")
            known = settings.get(key)
            value = value or ("on" if known and isinstance(known.default, bool) else "")
            shown = f"<b>{escape(known.label if known else key)}</b>" + (f": {escape(value)}" if value else "")
            setting = f"{shown} <code>{escape(rule.setting)}</code>" if rule.setting else "not a setting"
        else:
            setting = (f'<a href="../{rule.page}/">3RD6 Dungeon</a>'
                       + (f": <code>{escape(rule.setting)}</code>" if rule.setting else ""))
        rows.append(f"<tr><td>{escape(rule.comment)}</td><td>{escape(rule.who)}</td><td>{escape(rule.proposal)}</td>"
                    f"<td>{setting}</td><td>{escape(rule.why)}</td></tr>")
    return ('<h3 id="comment-house-rules">Every house rule in the comments</h3>'
            "<p>Each rule change a reader proposed under the original post, who proposed it (comment number), and "
            "the setting that turns it on, or why it is not a setting.</p>"
            '<table class="house-rules"><thead><tr><th>Comment</th><th>Who</th><th>Proposal</th><th>Setting</th>'
            f"<th>Note</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")


def rules_html(edition: str) -> str:
    head = classic_rules() if edition == "classic" else tiles_rules() + TILES_RULINGS
    artifacts = table(["Die", "Artifact", "Effect"],
                      [[face, name, text] for face, (_, name, text) in ARTIFACTS.items()])
    undead = table(["Die", "Monster", "Treasure"], location_rows("undead", True))
    return (head + COMMON + "<h4>Artifacts</h4>" + artifacts + "<h4>Undead level</h4>" + undead + RULINGS + VERSIONS
            + HOUSE_RULES + house_rules_html())
