"""3RD6 Dungeon: Enlightened Wookie's variation of 3 Dice Dungeon (seed 000, comments 8, 10 and 15)."""

from __future__ import annotations

from ..engine import Ruleset, Setting, rules_setting
from . import lab, rules
from .board_css import BOARD_CSS
from .bot import auto_action
from .data import CLASS_KEYS, RULES_VERSION
from .places import words
from .render import render
from .rules_text import rules_html

SETTINGS = (
    Setting("name", "Name", "Hero", maximum=24),
    Setting("class", "Class", "barbarian", CLASS_KEYS,
            help="Barbarian, Rogue, Elf, Dwarf or Wizard: the Balance lab shows which is the hard mode."),
    Setting("mode", "Mode", "quest", ("quest", "endless"),
            help="Quest: reach the dungeon level below. Endless: play on; your score is the coins you earned."),
    Setting("goal", "Quest: reach dungeon level", 3, minimum=2, maximum=6,
            help="Stairs only appear where the dungeon is not deeper than your character level."),
    Setting("mind_use", "MND on an attack (comments 8, 10)", "modify", ("modify", "reroll"),
            help="modify (comment 10): MND lowers a missed roll, 1 point per 1 or 2 MND; "
                 "reroll (comment 8): 1 or 2 MND re-rolls it."),
    Setting("locks", "Lock picking (comments 8, 10)", "sure", ("sure", "roll"),
            help="sure (comment 10): a Dwarf or Rogue spends 1 MND and the lock opens; "
                 "roll (comment 8): roll under or on DEX, Dwarves and Rogues 1 MND and -1 to the roll."),
    Setting("boss_names", "Comment 15's boss names", False,
            help="on: comment 15's six bosses take comment 8's rows (Mummy, Undead Knights, Orclops, Gargoyles, "
                 "Vampire, Dragon); off (the text): comment 8's table (Mummies, Ogres, Vampire, Dragon)."),
    Setting("boss_bite", "Bosses bite (ruling)", False,
            help="on: a miss against a boss costs its bite more (the boss table's last column); off (the text): "
                 "a miss costs the die minus DEX and nothing more."),
    Setting("bosses", "Bosses of rules version 1", "named", ("named", "first"),
            help="Only for games of rules version 1 (older links): named, comment 15's roster; first, comment "
                 "8's table. From version 2 on, Comment 15's boss names decides."),
    rules_setting(RULES_VERSION, "The rules a game is played under: 2, the text where it is complete (a new "
                                 "game); 1, the first release's, kept for the links made with it: bosses "
                                 "bite, comment 15's names, a looted treasure room can hold a wandering foe, "
                                 "a failed steal loses the treasure, treasure and stairs rooms wall off the "
                                 "exits into them, Shield softens door blows."),
)

RULESET = Ruleset(
    slug="three-rd6-dungeon",
    title="3RD6 Dungeon",
    source="000 (comments 8, 10, 15)",
    draws_with=("three-dice-dungeon",),  # its map and drawings are 3 Dice Dungeon's
    blurb="The readers' own variation of 3 Dice Dungeon: five classes, STR, DEX and MND, spells, locked doors, "
          "bosses on the stairs, coins to spend in town.",
    settings=SETTINGS,
    new_state=rules.new_state,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    is_over=rules.is_over,
    auto_action=auto_action,
    render=render,
    words=words,
    rules_html=rules_html,
    result=rules.result,
    board_css=BOARD_CSS,
    tools=(lab.TOOL,),
    score_keys=frozenset({"points", "coins", "level", "deepest", "class", "result", "name", "rooms"}),
    rules_version=RULES_VERSION,
)
