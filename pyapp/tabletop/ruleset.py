"""Tabletop Dungeon (seed 002): the ruleset the page and the tests use."""

from __future__ import annotations

from ..engine import Ruleset, Seats, Setting, rules_setting
from ..play_by_link import BY_LINK, rules_settings
from . import lab, rules
from .board_css import BOARD_CSS
from .bot import auto_action
from .data import CLASSES, RULES_VERSION
from .places import words
from .render import render
from .rules_text import rules_html
from .state import selected

SEATS = tuple(
    s for seat in range(1, 5) for s in (
        Setting(f"class{seat}", f"Seat {seat} hero", CLASSES[seat - 1], CLASSES),
        Setting(f"name{seat}", f"Seat {seat} player", f"Player {seat}", maximum=24),
    )
)



def seats(state: dict) -> Seats:
    """Every hero's seat is a person's. The one to move: a Luck Potion's offer is its hero's; otherwise the
    selected hero's person plays the heroes' phase (selecting another hero hands it on) and the steps after it."""
    heroes = state["heroes"]
    if rules.is_over(state):
        to_move = None
    elif state["pending"]:
        to_move = state["pending"]["hero"]
    elif selected(state) is not None:
        to_move = state["sel"]
    else:
        to_move = next((i for i, hero in enumerate(heroes) if not hero["out"]), 0)
    return Seats(names=tuple(hero["name"] for hero in heroes), persons=tuple(range(len(heroes))), to_move=to_move)


RULESET = Ruleset(
    slug="tabletop-dungeon",
    title="Tabletop Dungeon",
    source="002",
    blurb="A co-operative dungeon crawl: 1-4 heroes search an ever-growing dungeon for the Exit while "
          "the monsters move by themselves, before the Lich King's Dragon arrives.",
    settings=(
        Setting("heroes", "Heroes", 4, minimum=1, maximum=4,
                help="How many heroes (hot-seat, or one person plays them all)."),
        *SEATS,
        BY_LINK,
        Setting("placement", "Tile placement", "ask", ("ask", "auto"),
                help="ask: choose where each new tile goes (or the automatic choice); auto: always automatic."),
        Setting("search_again", "Search cleared rooms again (house rule)", False,
                help="Once the Dragon is in and every room is cleared, rooms may be searched again, so the Exit "
                     "can still be found. The text says a room is searched only once."),
        rules_setting(RULES_VERSION, "3 (a new game): a Dragon whose shortest routes monsters block takes another "
                                     "that ends closer, or the log says why it stands; 2: the Dragon always "
                                     "moves, even when every hero is in Peril, and never keeps the other "
                                     "monsters from a closed door; 1, the first release's (the Dragon halted "
                                     "with the others); both kept for the links made with them."),
    ),
    score_keys=frozenset({"points", "won", "heroes_out", "turns", "rooms_cleared", "monsters_slain"}),
    rules_version=RULES_VERSION,
    new_state=lambda seed, opts: rules.new_state(seed, rules_settings(opts)),
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    is_over=rules.is_over,
    auto_action=auto_action,
    render=render,
    words=words,
    rules_html=rules_html,
    # 2: a monster's move keeps the squares it went by (last_move["path"]); 3: heroes' "owed" (a Luck Potion
    # drunk in the monsters' phase), the box of Doors. Older saves replay their actions under today's rules
    state_version=3,
    result=rules.result,
    board_css=BOARD_CSS,
    automatic=rules.automatic,
    tools=(lab.TOOL,),
    seats=seats,
)
