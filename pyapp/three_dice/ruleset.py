"""The two 3 Dice Dungeon rulesets (seed 000 and its Tiles & HP edition, 001)."""

from __future__ import annotations

from ..engine import Ruleset, Seats, Setting, rules_setting
from ..play_by_link import rules_settings
from . import lab, rules
from .board_css import BOARD_CSS
from .bot import auto_action, auto_pause
from .data import RULES_VERSION
from .picture import run_picture
from .places import words
from .render import render
from .rules_text import rules_html
from .settings import shared_settings


def seats(state: dict) -> Seats:
    """Every player is a person; the one whose turn it is acts (rules_text: one player leads outside fights)."""
    names = tuple(player["name"] for player in state["players"])
    return Seats(names=names, persons=tuple(range(len(names))), to_move=None if rules.is_over(state) else state["turn"])


def edition(edition: str, slug: str, title: str, source: str, blurb: str, settings: tuple) -> Ruleset:
    """One edition: both share every function and differ in data and settings."""
    return Ruleset(
        slug=slug,
        title=title,
        source=source,
        blurb=blurb,
        settings=(*settings, rules_setting(RULES_VERSION, "The rules a game is played under: 2 (a new game), "
                                                      "the text's several players, a highest monster die of 6 "
                                                      "is no monster; 1, the first release's, kept for the links "
                                                      "made with it: sixes set aside.")),
        new_state=lambda seed, opts: rules.new_state(seed, rules_settings(opts), edition),
        legal_actions=rules.legal_actions,
        apply=rules.apply,
        is_over=rules.is_over,
        auto_action=auto_action,
        render=render,
        rules_html=lambda: rules_html(edition),
        result=rules.result,
        board_css=BOARD_CSS,
        tools=(lab.TOOL,),
        pause=auto_pause,
        score_keys=frozenset({"points", "xp", "deepest", "mode", "result", "name", "locations"}),
        rules_version=RULES_VERSION,
        run_picture=run_picture,
        seats=seats,
        words=words,
    )


CLASSIC = edition(
    "classic", "three-dice-dungeon", "3 Dice Dungeon", "000",
    "A solitaire dungeon crawl: three dice make each location, its monster and its treasure; "
    "map the dungeon on a grid as you go.",
    shared_settings(wheels=True),
)

TILES = edition(
    "tiles", "three-dice-dungeon-tiles", "3 Dice Dungeon: Tiles & HP", "001",
    "The same crawl with drawn map tiles and health points: two dice a room, "
    "a tile deck that you turn to fit.",
    (*shared_settings(wheels=False, tiles=True),
     Setting("difficulty", "Difficulty", "easy", ("easy", "hard"), help="HP: easy 1d6+6, hard 1d6.")),
)
