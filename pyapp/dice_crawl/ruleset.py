"""Dice Crawl (seed 004): the ruleset the page and the tests use."""

from __future__ import annotations

from ..engine import Download, Ruleset, Setting, rules_setting
from .bots.bot import automatic
from .bots.hard import LEVELS, auto_action
from .core import seats
from .data import CANDIDATE, MAX_ROUNDS, RULES_VERSION
from .rules import turn, vaults
from .variants.settings import VARIANT_SETTINGS
from .view import pnp
from .view.board_css import BOARD_CSS
from .view.components import VAULTS, component_parts
from .view.places import words
from .view.rules_text import rules_html
from .view.view import render


def sheets_maker(paper: str, sets: tuple | None = None):
    """A Download's `make` for the print-and-play sheets on `paper`: the same whatever the game."""
    return lambda _game: pnp.sheets_html(paper, sets)


SEATS = tuple(
    s for seat in range(1, 5) for s in (
        Setting(f"seat{seat}", f"Seat {seat}", "person" if seat == 1 else "normal", LEVELS,
                help="person: played on this device; easy: a bot playing at random; normal: a greedy bot; "
                     "hard: a bot that plays each of its best few moves out to the end of the turn."),
        Setting(f"name{seat}", f"Seat {seat} name", f"Player {seat}", maximum=24),
    )
)

RULESET = Ruleset(
    slug="dice-crawl",
    title="Dice Crawl",
    source="004",
    blurb="A competitive tile-and-dice crawl for 1-4 players or bots: roll, place your dice on the dungeon's "
          "icons to conquer tiles, unlock Powers, and race for the Dragon at the centre.",
    settings=(
        Setting("players", "Players", 2, minimum=1, maximum=4, help="Seats at the table, people or bots."),
        *SEATS,
        # "text" is new, and the default: a link without "first" must open as before, so under rules 1-8 it
        # keeps seat 1 going first (the old default) and from rules 9 on it rolls, as the text does
        Setting("first", "First player", "text", ("text", "seat1", "roll"),
                help="text: each player rolls a die and the highest goes first, said in the log (rules version 9 "
                     "on; under older rules seat 1 goes first); seat1: seat 1 goes first; roll: a roll picks who "
                     "goes first."),
        Setting("easier", "Easier game: 25 dice each", False, help="The text's easier game: 25 dice instead of 20."),
        Setting("max_rounds", "Round limit (ruling)", MAX_ROUNDS, minimum=10, maximum=99,
                help="The game also ends after this many rounds (the text has no limit; games end far sooner)."),
        *VARIANT_SETTINGS,
        Setting("vaults", "Forbidden Vaults sets", "none", vaults.CHOICES,
                help="none: the base game; crypt, goblins, dwarves, traps: one set of the expansion shuffled in "
                     "(Crypt of the Undying, Goblin Warrens, Halls of the Dwarven Lords, Tricks and Traps); all: "
                     "the four sets in one giant stack, as the text advises."),
        Setting("vault_cards", "Forbidden Vaults cards", "shuffled", vaults.CARD_DEALS,
                help="shuffled: the sets' race and class cards are shuffled into the piles; first: the sets' "
                     "cards are dealt first while they last (a house rule: everyone plays the new Powers)."),
        seats.BY_LINK,
        rules_setting(RULES_VERSION, "The rules and the card and tile numbers: 11, the newest (a new game: version "
                                     "10's, with a normal bot that ends a game it leads once every marker is shut in "
                                     "rather than playing on to the round limit); 10: version 9's"
                                     " cards and rules, and issue 45's: a Disarmed Sliding or Spinning Room never "
                                     "moves a rival off an unflipped start corner, every game of a campaign rolls who "
                                     "goes first, and the Gate's toll on a Shapechange and an Attack); 9: issue 31's "
                                     "rules, each printed Power used once a turn, a start corner its owner's to flip, "
                                     "who goes first rolled, Dog Pile paying the repeated Power's cost, the Gate's "
                                     "toll on a Garrison, and a normal bot that leaves every player a way on, with "
                                     "fifteen base cards retuned for them); 8, the balanced cards (the base cards "
                                     "retuned around the text's Elf and Warrior, the sets' cards made the same way, "
                                     "and a normal bot that locks no dice on a Power it cannot use); 7 and 6, the base"
                                     " cards of 6 (the Ranger, Necromancer and Paladin retuned; 7 retuned two of the "
                                     "sets' classes); 5, the Forbidden Vaults cards retuned against the base ones, "
                                     "with the base cards of 4; 4, the base game's as in 5 (Onslaught on the Warrior "
                                     "only, and the normal bot values each Power by its measured worth) with the sets'"
                                     " first cards; 3, the second tuning's (from 3 a Power printed twice is used once "
                                     "a turn); 2, the first tuning's; 1, the first release's, kept for the links made "
                                     "with them."),
    ),
    score_keys=frozenset({"points", "winner", "players", "rounds"}),
    daily={"players": 2, "seat1": "person", "seat2": "normal", "by_link": False},  # you against a normal bot
    rules_version=RULES_VERSION,
    candidate=CANDIDATE,
    new_state=turn.new_state,
    legal_actions=turn.legal_actions,
    apply=turn.apply,
    is_over=turn.is_over,
    auto_action=auto_action,
    render=render,
    words=words,
    rules_html=rules_html,
    rules_parts=component_parts,
    result=turn.result,
    board_css=BOARD_CSS,
    automatic=automatic,
    seats=seats.seats,
    downloads=tuple(Download(f"pnp-{paper}", f"Print-and-play sheets, {title} (HTML)", "html", "text/html",
                             sheets_maker(paper),
                             filename=f"dice-crawl-print-and-play-{paper}.html")
                    for paper, (title, _, _) in pnp.PAPERS.items())
    + tuple(Download(f"pnp-vaults-{paper}", f"Forbidden Vaults sheets, {title} (HTML)", "html", "text/html",
                     sheets_maker(paper, VAULTS),
                     filename=f"dice-crawl-forbidden-vaults-{paper}.html")
            for paper, (title, _, _) in pnp.PAPERS.items()),
    downloads_title="Print and play",
    downloads_note="Every tile and card at true size (tiles 50 mm, cards 63 x 88 mm) with cut lines and a rules "
                   "summary, to play with paper and dice. One file that needs nothing else: open it in any browser, "
                   "even offline, and print at 100% scale.",
)
