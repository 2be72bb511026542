"""The in-page rules of 3RD6 Dungeon: comment 8 in the project's words, its
tables from data.py, the amendments of comments 10 and 15, and the rulings
made where the comments are silent."""

from __future__ import annotations

from ..three_dice.rules_text import table
from .balance import BALANCE_COMMAND, BALANCE_GAMES, BALANCE_ROWS
from .data import (
    BOSS_TABLES,
    BOSSES,
    CLASSES,
    DOOR_HP,
    FOES,
    LAYOUTS,
    LEVEL_COST,
    PENDANT_TEXT,
    REACH,
    RULES_VERSION,
    SPECIAL_TEXT,
    SPECIALS,
    SPELLS,
    TOWN_HEAL_COST,
)

INTRO = """
<p>Enlightened Wookie's own variation of 3 Dice Dungeon, posted as comment 8 under the original ("almost
completely different"), amended in comment 10 and given its monsters' names in comment 15. Its own page, 3RD6
Dungeon, is gone; this page plays it from the comments.</p>
<h3>Your hero</h3>
<p><b>STR</b> is the damage you deal when you hit. <b>DEX</b>: roll it or lower on a die to hit; if you miss, you
lose HP equal to the die minus your DEX. <b>MND</b> pays for special abilities. Stats are "X + 1/level": at
character level 1 you have the block's MND + 1 and its HP + 1d6.</p>
"""


def class_rows() -> list[list]:
    rows = []
    for spec in CLASSES.values():
        abilities = [f"{spec['mind_cost']} MND per point on an attack roll"]
        if spec["locks"]:
            abilities.append("picks locks")
        if spec["spells"]:
            abilities.append(f"knows {spec['spells']} spell{'s' * (spec['spells'] > 1)}")
        rows.append([spec["name"], spec["block"], spec["str"], spec["dex"], f"{spec['mnd']} + 1/level",
                     f"{spec['hp']} + 1d6/level", "; ".join(abilities)])
    return rows


def boss_rows() -> list[list]:
    rows = []
    for face in range(1, 7):
        cells: list[int | str] = [face]
        for roster in ("first", "named"):
            count, kind, hoard = BOSS_TABLES[roster][face]
            name, plural, _, _ = BOSSES[kind]
            cells.append(f"{count} {plural if count > 1 else name} / {hoard} treasures")
        rows.append(cells)
    return rows


ABILITIES = f"""
<h3>Abilities</h3>
<ul>
<li><b>MND on an attack</b>: Barbarians, Rogues and Elves pay 1 MND, Dwarves and Wizards 2. Comment 10: "use MND
to modify an attack roll, not re-roll": after a miss, each payment lowers the die by 1 (to a hit, or to a smaller
miss). The setting <i>MND on an attack</i> = reroll plays comment 8's first version: each payment re-rolls.</li>
<li><b>Locks</b>: comment 10: "no rolling for lock picking, only dwarves and rogues can do it, they just use 1 MND".
The setting <i>Lock picking</i> = roll plays comment 8's version: picking is a roll against DEX; Dwarves and
Rogues spend 1 MND and take 1 off the roll.</li>
<li><b>Doors</b> may be attacked and broken down: a door has {DOOR_HP} HP, your hits take STR off it, and a miss
costs only 1 HP.</li>
<li><b>Spells</b>: Wizards and Elves spend 1 MND to cast a spell they know. Wizards know 3, Elves 1; one more spell
can be learned per character level, from a scroll holding it.</li>
</ul>
"""

EXPLORING = """
<h3>Exploring</h3>
<p>Each new room: step 1, roll its layout; step 2, its foes; step 3, fight, then roll the treasure of each foe
defeated. The dungeon cannot be deeper than your character level: where a 6 would make stairs to a level deeper
than your level, or the level's stairs are found already, treat it as 1. Explored rooms and the map's border close
exits for you; if that leaves you a dead end without a 1 or 6, treat it as 1. You cannot start a new dungeon
until the current one is fully explored. <b>Moving through explored rooms</b> takes the same monster check
(step 2) as unexplored ones.</p>
"""

TOWN = f"""
<h3>Town and levels</h3>
<p>At the entrance of level 1 you may return to town. There, {TOWN_HEAL_COST} coins buy 1d6 HP and MND (one die
for both), as many times as you can pay. A character level costs {LEVEL_COST} coins: +1 MND and +1d6 HP.</p>
<p><b>Quest</b> (default): reach the chosen dungeon level (3 unless you set it) alive; stairs only appear once your
character level allows the depth. <b>Endless</b>: play on and retire from town when you like; your score is the
coins you earned.</p>
"""

RULINGS = f"""
<h3>Rulings (where the comments are silent)</h3>
<ul>
<li>Which class has which stat block: the three blocks lost their headings. STR 2 and HP 18 is the Barbarian's,
MND 4 the Wizard's, DEX 4 the Rogue's. The Dwarf, who has none, shares the Barbarian's (tough); the Elf shares the
Rogue's (quick). The Balance lab and the figures below show what that makes of each.</li>
<li>Monster damage: the text's only damage is a miss's: the die minus your DEX, and nothing more, from a minion or
a boss. The setting <i>Bosses bite</i> (off) makes a boss's miss cost its bite more (table below, a ruling).
Bosses' hit points are rulings too (comment 8 gives none).</li>
<li>Foes: one minion per foes roll; a boss roll gives the table's count. Fights go on until every foe is down;
there is no fleeing but the Sleep and Teleport spells.</li>
<li>The map paper's picture is lost: every level is a {2 * REACH + 1} × {2 * REACH + 1} sheet with the entrance at
its middle, whose four exits all lead on. Closed exits count towards a layout's number to close; a mapped room's
exit into the new room stays open, whatever the layout roll: a treasure room or a stairs room has that exit too
(into a treasure room, it is a locked door as well: every way in is locked).</li>
<li>Layout 1 (and what is treated as 1): the room beyond stays shut behind its locked door; you stay where you are.
Open it with a Key, an Unlock, picking or by breaking it, then walk in for one roll on the treasure table. It has
no monsters, ever: walking back in, once looted, takes no monster check.</li>
<li>MND is spent on a roll after you see it: a missed attack on a foe or a door. Character levels are bought
in town.</li>
<li>A Key opens one locked door and stays in the lock. With comment 8's picking, a failed pick jams that lock:
break the door or unlock it.</li>
<li>The monster check of step 2 is rolled on every entry into a mapped room but a treasure room (no monsters) and
a stairs room whose bosses still stand (they are there). Climbing up or down the stairs enters a mapped room;
entering from town, a new level's entrance or a teleport does not check.</li>
<li>Spells: chosen when the game starts (a Wizard three, an Elf one). A spell scroll can also be read once by
anyone, for no MND. Sleep: every foe sleeps; you may walk out, attack one (it wakes), or once roll against DEX to
steal their treasure (fail and they wake; defeating them still gives their treasure). Minions you leave asleep
wander off; bosses stay by their stairs and are awake when you return. The stairs can be taken past sleeping
bosses. Shield: every HP loss is 1 less until the end of your next encounter, a fight (this one, if cast in a
fight); a blow against a door is not an encounter, and a miss on a door costs its 1 HP. Teleport and Heal can be
cast in a fight.</li>
<li>Pendants (the comment only says how they stack): Topaz +1 STR and Amethyst +1 DEX, one of each counting;
Sapphire +2 maximum HP each, cumulative.</li>
<li>Comment 8's boss table is the default: 1 Mummy, 2 Mummies, 1 Ogre, 2 Ogres, 1 Vampire, 1 Dragon. Comment 15
names six bosses without a table: the setting <i>Comment 15's boss names</i> gives them comment 8's six rows (the
Ogre becomes the Orclops, the pairs of Mummies and Ogres Undead Knights and Gargoyles).</li>
<li>Auto play plays like a careful player: it spends MND to turn a miss into a hit, heals when the next miss
could kill, goes to town to heal and to buy levels, opens locked doors, explores the nearest unexplored exit,
and starts a new dungeon when this one is explored. In Endless mode it retires at character level 5.</li>
</ul>
"""


VERSIONS = f"""
<h3>Rules versions</h3>
<p>A new game plays rules version {RULES_VERSION}. A link made before it (no <code>v</code> in the link) opens
version 1 and plays it as it did: every boss bites (the table's last column); comment 15's roster unless its
setting <i>Bosses of rules version 1</i> = first; walking back into a looted treasure room takes the monster check;
a failed steal under Sleep loses the foes' treasure for good, even once they are defeated; a treasure room or a
stairs room walls off a mapped room's exit into it; Shield also takes 1 off a miss on a door.</p>
"""


def balance_html() -> str:
    rows = [[name, f"{won}%", f"{fell}%", rooms] for name, won, fell, rooms in BALANCE_ROWS]
    return ("<h3>Balance by class</h3>"
            f"<p>{BALANCE_GAMES} auto-played games per class with a new game's settings (rules version "
            f"{RULES_VERSION}, Quest to level 3): "
            "the Balance lab below plays the same with your settings.</p>"
            + table(["Class", "Won", "Fell", "Median rooms"], rows)
            + f"<p>Measured with <code>{BALANCE_COMMAND}</code>.</p>")


def rules_html() -> str:
    spells = table(["Die", "Spell", "Effect"], [[face, name, text] for face, (_, name, text) in SPELLS.items()])
    layouts = table(["Die", "Layout"], [[face, text] for face, (_, text, _) in LAYOUTS.items()])
    foes = table(["Die", "Foes"], [[face, f"{f[0]}s ({f[1]} HP)" if f else "None (recover 1 HP and 1 MND)"]
                                  for face, f in FOES.items()])
    bosses = table(["Die", "Comment 8 (default)", "Comment 15's names (setting)"], boss_rows())
    boss_stats = table(["Boss", "HP (ruling)", "Bite (ruling: the setting Bosses bite)"],
                       [[name, hp, f"+{bite}" if bite else "none"] for name, _, hp, bite in BOSSES.values()])
    treasure = table(["Die", "Treasure"], [[1, "Nothing"], ["2-5", "That many coins"],
                                           [6, "Special: roll again below"]])
    specials = table(["Die", "Special", "What it does"],
                     [[face, *SPECIAL_TEXT[key]] for face, key in SPECIALS.items()])
    pendants = table(["Pendant", "What it does"], [list(v) for v in PENDANT_TEXT.values()])
    return (INTRO + table(["Class", "Stat block", "STR", "DEX", "MND", "HP", "Abilities"], class_rows())
            + ABILITIES + "<h4>Spells</h4>" + spells + EXPLORING + "<h4>Step 1: layout</h4>" + layouts
            + "<h4>Step 2: foes</h4>" + foes
            + "<h4>Bosses (in the stairs room)</h4>" + bosses + boss_stats
            + "<p>Vampires regenerate 1 HP for every 1 HP you lose, each never above the HP it had when you first "
              f"met it (its full {BOSSES['vampire'][2]} HP; a ruling: the text sets no cap). A Vampire you leave "
              "wounded (Teleport) and come back to regains up to that full HP too.</p>"
            + "<h4>Step 3: treasure (each foe defeated)</h4>" + treasure + specials + pendants
            + "<p>Topaz and Amethyst: only one of each has effect. Sapphire: cumulative.</p>"
            + TOWN + RULINGS + VERSIONS + balance_html())
