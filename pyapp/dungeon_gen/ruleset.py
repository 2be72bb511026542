"""Dungeon Generator (seed 003): the ruleset the registry builds a page from."""

from __future__ import annotations

from ..engine import Download, Ruleset, Setting, Tool, rules_setting
from . import export, rules, stats
from .board_css import BOARD_CSS
from .bot import auto_action
from .data import DEFAULT_NAME, DUNGEON_TYPES, NAME_MAX, RULES_VERSION
from .places import words
from .render import render
from .rules_text import rules_html

SETTINGS = (
    Setting("name", "Dungeon name", DEFAULT_NAME, maximum=NAME_MAX),
    Setting("size", "Size", "roll", ("roll", "small", "medium", "large"),
            help="roll: 1d6 decides (1-2 Small, 3-5 Medium, 6 Large)."),
    Setting("type", "Dungeon type", "cave", DUNGEON_TYPES, help="Which secret table searches use."),
    Setting("int", "Searcher's INT", 3, minimum=0, maximum=5),
    Setting("dungeoneering", "Searcher's Dungeoneering", 0, minimum=0, maximum=5),
    Setting("mode", "Mode", "explore", ("explore", "whole"),
            help="explore: room by room; whole: the whole dungeon at once, in the fixed order."),
    rules_setting(RULES_VERSION, "6 (a new dungeon): as 5, and caves' secret table has 2 passages in 6, as "
                                 "crypts' and ruins'; 5: as 4, and the one secret room behind a secret rolls its "
                                 "passages on the side thread it lies along; 4: a secret passage opens a side "
                                 "thread of 1d6 (a secret behind a secret: one room, a dead end), and the level "
                                 "check is at or under the level thread, far from the way in (the trigger in the "
                                 "rules); 3: every stairs down from a level roll; 2: a secret passage opens a "
                                 "thread of 1d6 + Seed; 1, the first release's; all kept for the links made with "
                                 "them."),
)

RULESET = Ruleset(
    slug="dungeon-generator",
    title="Dungeon Generator",
    source="003",
    blurb="Discover a dungeon room by room as a node map: Size, Seed, threads, loop-backs, levels and "
          "secrets, or generate a whole one at once.",
    settings=SETTINGS,
    rules_version=RULES_VERSION,
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
    downloads=(
        Download("svg", "Map (SVG)", "svg", "image/svg+xml", lambda game: export.map_svg(game.state)),
        Download("png", "Map (PNG)", "png", "image/png", None),
        Download("json", "Map (JSON)", "json", "application/json", lambda game: export.map_json(game.state)),
        Download("md", "Room key (Markdown)", "md", "text/markdown", lambda game: export.room_key_markdown(game.state)),
    ),
    state_version=2,  # version 2: the dungeon is rolled in the fixed order, the explorer reveals it
    done_text="The map is complete: download or print it, or generate another dungeon below.",
    tools=(Tool("stats", "Statistics", stats.form_html, stats.run),),
)
