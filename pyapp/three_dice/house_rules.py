"""Every rule change the readers of seed 000 proposed in its comments: who, where, and the
setting that plays it (page slug and key, or key=value for one choice), or why it is not a
setting. Shown as a table in the 3 Dice Dungeon rules panel (rules_text.py); the tests check
that every setting named here exists on its page."""

from __future__ import annotations

from dataclasses import dataclass

CLASSIC = "three-dice-dungeon"
RD6 = "three-rd6-dungeon"


@dataclass(frozen=True)
class HouseRule:
    comment: str  # the comment's number in seed 000 ("20" or "20, reply")
    who: str
    proposal: str
    setting: str = ""  # "key" or "key=value" on `page`; "" when it is not a setting
    page: str = CLASSIC
    why: str = ""  # why it is not a setting, or how the setting reads the proposal


HOUSE_RULES = (
    HouseRule("8", "Enlightened Wookie", "An almost completely different variation: STR, DEX, MND and HP, five "
              "classes, spells, locked doors, bosses on the stairs, coins, town", why="A game of its own: "
              "the 3RD6 Dungeon page plays it, every clause (its own page was gone by comment 14, where "
              "Fishsticks asked for it)."),
    HouseRule("10", "Enlightened Wookie", "MND modifies an attack roll instead of re-rolling it",
              "mind_use=modify", RD6, "The default there; mind_use=reroll plays comment 8's first version."),
    HouseRule("10", "Enlightened Wookie", "No rolling for lock picking: only Dwarves and Rogues, for 1 MND",
              "locks=sure", RD6, "The default there; locks=roll plays comment 8's roll against DEX."),
    HouseRule("15", "Enlightened Wookie", "Names the monsters: Skeleton, Zombie, Goblin, Orc; Mummy, Vampire, "
              "Undead Knight, Orclops, Gargoyle, Dragon", "boss_names", RD6,
              "Comment 8's boss table is the default there; the setting gives comment 15's names to its rows."),
    HouseRule("11, 13, 15", "necro; Brent; Enlightened Wookie", "What the map fragment rule means",
              why="A question the text answers: in a vault, a fragment unearths an artifact from its table."),
    HouseRule("12, 15", "necro; Enlightened Wookie", "A rolled 18 used as one attribute; answered: one die per "
              "attribute, each 1 to 6", why="A question the rules answer: each attribute is one die."),
    HouseRule("16, 35", "Agust; Madeline, FuMei", "When every way ends in a dead end, search for secret doors "
              "(pick numbers or odd/even; a 1 is a trap causing a wound)", "secret_doors",
              why="On by default: 1d6 in a dead end, 5-6 a secret door, 1 a trap; anywhere once a level is closed."),
    HouseRule("18, reply", "Fishsticks (Brent agrees)", "Monsters get +1 hit point per dungeon level descended",
              "deeper_monsters"),
    HouseRule("18, reply", "Fishsticks", "Rising level-up XP: 50, then 100 more, then 150 more...",
              "xp_curve=rising"),
    HouseRule("18, reply", "Fishsticks", "Lose every reward at each level-up and each new dungeon level",
              "lose_rewards"),
    HouseRule("18, reply", "Fishsticks", "Level the character and the dungeon separately: descend only with the "
              "vault's artifact, from a Great Hall", why="The text's own rule (Descending), always played."),
    HouseRule("19", "nazerock", "Do +1 treasures make the roll bigger? Must players stick together?",
              why="Questions the rulings answer: a bonus raises the attribute rolled under; the party moves "
                  "together, hot-seat."),
    HouseRule("20", "Alvin", "Rest in a temple: 4-6 raises an attribute by 1, 1-2 wakes a monster",
              "temple_rest"),
    HouseRule("20", "Alvin", "Escape a room on 1-2 on a d6 without fighting", "flee_rule=alvin"),
    HouseRule("20", "Alvin", "Lower the base attributes by 1 for each level of the dungeon", "descent_drain",
              why="Every maximum -1 per level descended, never below 1."),
    HouseRule("20, reply", "Nerun Immersea", "The original's flight (Robin V. Stacey): flee any encounter, every "
              "attribute -1", "flee_rule=stacey", why="In the Tiles & HP edition: 1 HP."),
    HouseRule("20, reply", "Nerun Immersea", "Flee with a blow in the back: 1d6, 1 no damage, 2-3 one, 4-5 two, "
              "6 three", "flee_rule=nerun"),
    HouseRule("21", "Marius", "What 'an exit cannot lead to a room with no entrance on that side' means",
              why="A question the map answers (Brent's reply): exits always match the neighbours."),
    HouseRule("22", "kungfubarbarian", "A 3-level dungeon: collect 3 artifacts, one from each level",
              "mode=quest"),
    HouseRule("22", "kungfubarbarian", "Character creation and combat from another game (Dungeon Crawl)",
              why="Not built: that game's rules are not in the project's texts."),
    HouseRule("23-25", "Isaac", "Does a +1 item add to the roll or to the attribute?",
              why="A question Brent answered: to the attribute (the rulings)."),
    HouseRule("26", "Alex Scarborough", "More use for MIND and SPIRIT; puzzles, obstacles, exploration rules",
              why="A wish, with no rule to play."),
    HouseRule("27", "Brandon Campbell", "Player against player?", why="A question nobody answered with a rule."),
    HouseRule("28-29", "Firebolt; SorgUR", "A monster's hit points are its number in the table",
              why="The rulings: hit points are the monster die."),
    HouseRule("30", "Firebolt", "Can you run from monsters?", "flee_rule",
              why="Answered by the three flight settings above (off by default)."),
    HouseRule("31", "Firebolt", "Each dungeon level has one more monster of the same type", "extra_monsters"),
    HouseRule("32", "SorgUR; Nerun Immersea", "Boots of Swiftness: one run per character level, then used up",
              why="The rulings play Nerun's reading."),
    HouseRule("33", "SorgUR", "Open or locked doors by a die (even/odd); the Key instead of 'None' treasure",
              "locked_doors"),
    HouseRule("33", "SorgUR", "'1d2'/'1d3 exits' means a roll; a d6 halved or a coin stands in",
              why="How to roll: the page rolls the d2 and d3 itself."),
    HouseRule("35", "Madeline; FuMei", "Carry at most 6 items; go back to pick items up and drop them",
              "inventory_limit", why="Take, leave or swap what lies on the floor."),
    HouseRule("35, reply", "FuMei", "Quests, room events, co-op rules, re-themes",
              why="Named only, with no rules given; not built."),
    HouseRule("36-37", "lasemoco; Peter Piers", "Are artifacts single use? Does a used one still count for "
              "descending?", why="Questions the rulings answer: single use (the boots per level); collected counts."),
    HouseRule("37", "Peter Piers", "An empty corridor (1, 6, 1) gives more XP than a dragon?",
              why="A question: the text's rule is played as written, XP is the dice's total."),
)


def setting_key(rule: HouseRule) -> str:
    return rule.setting.split("=")[0]
