"""Play by link on 3 Dice Dungeon (both editions) and Tabletop Dungeon (issue 46, item 3): each person plays
their turn on their own device and sends the link; the page says whose turn it is and refuses a move of the
wrong seat, as Dice Crawl does (tests/test_handover.py). The setting never enters a game's state."""

from __future__ import annotations

import re

import pytest

from pyapp import registry
from pyapp.engine import Game
from pyapp.webapp import SaveStore, open_game, parse_query, share_query
from pyapp.webapp.driver import Driver
from pyapp.webapp.handover import device_seat, notice_html, receive, refusal

BASE = "https://example.org/game/"
# Two people at the table: 3 Dice's players, Tabletop's heroes (every hero a person's).
TABLES = {
    "three-dice-dungeon": {"players": 2, "name1": "Ann", "name2": "Bo"},
    "three-dice-dungeon-tiles": {"players": 2, "name1": "Ann", "name2": "Bo"},
    "tabletop-dungeon": {"heroes": 2, "name1": "Ann", "name2": "Bo"},
}
MOST_STEPS = 400  # a turn of auto play never takes more here


def by_link(slug: str, on: bool = True) -> dict:
    ruleset = registry.get(slug)
    return ruleset.parse_settings({**TABLES[slug], "by_link": on})[0]


def to_move(slug: str, game: Game) -> int | None:
    return registry.get(slug).seats(game.state).to_move


def play_turn(slug: str, game: Game, seat: int) -> None:
    """The person at `seat` plays (auto play's choices, the rules' own steps included) until another is to move."""
    for _ in range(MOST_STEPS):
        if game.over or to_move(slug, game) != seat:
            return
        game.auto()
    raise AssertionError(f"seat {seat} was still to move after {MOST_STEPS} steps")


def open_link(slug: str, query: str) -> tuple[Game, int | None]:
    """What a fresh device (empty storage) opens for a link, and the seat it plays."""
    ruleset = registry.get(slug)
    request = parse_query(ruleset, query)
    game = open_game(ruleset, request, SaveStore({}, slug), "unused", 0.0).game
    receive(game, device_seat(ruleset, game, request.hand), request.replay)
    return game, device_seat(ruleset, game, request.hand)


def link_in(html: str) -> str:
    return re.search(r'id="handover-url" type="text" readonly value="([^"]+)"', html).group(1).replace("&amp;", "&")


@pytest.mark.parametrize("slug", TABLES)
def test_a_game_goes_from_device_to_device_and_back_the_same_game(slug):
    ruleset = registry.get(slug)
    host = Game(ruleset, "by link", by_link(slug))
    ann = device_seat(ruleset, host, None)
    assert ann == 0 and refusal(ruleset, host, ann) == ""
    assert 'data-handover="yours"' in notice_html(ruleset, host, ann, BASE)
    play_turn(slug, host, 0)
    assert to_move(slug, host) == 1
    assert "Bo's turn" in refusal(ruleset, host, ann)  # this device refuses Bo's moves
    box = notice_html(ruleset, host, ann, BASE)
    assert 'data-handover="hand-over"' in box and "Hand over to Bo" in box
    link = link_in(box)
    assert link.startswith(BASE + "?seed=by+link") and link.endswith("&hand=2")
    bo_game, bo = open_link(slug, link[len(BASE):])
    assert bo == 1 and bo_game.state == host.state and not bo_game.can_undo()  # same dice; Ann's moves are hers
    assert refusal(ruleset, bo_game, bo) == ""
    play_turn(slug, bo_game, 1)
    assert to_move(slug, bo_game) == 0 and len(bo_game.actions) > len(host.actions)
    back, seat = open_link(slug, link_in(notice_html(ruleset, bo_game, bo, BASE))[len(BASE):])
    assert seat == 0 and back.state == bo_game.state


@pytest.mark.parametrize("slug", TABLES)
def test_the_setting_never_enters_the_state_so_a_game_by_link_is_the_same_game(slug):
    ruleset = registry.get(slug)
    linked, alone = Game(ruleset, "same", by_link(slug)), Game(ruleset, "same", by_link(slug, on=False))
    for _ in range(60):
        if linked.over:
            break
        linked.auto()
        alone.play(linked.actions[-1])
    assert linked.state == alone.state and "by_link" not in linked.state["opts"]
    assert "by_link" not in share_query(ruleset, "x", ruleset.defaults())  # links made before stay as they were
    assert "by_link=1" in share_query(ruleset, "x", by_link(slug))


@pytest.mark.parametrize("slug", TABLES)
def test_auto_play_and_the_page_refuse_the_other_persons_turn(slug):
    ruleset = registry.get(slug)
    game = Game(ruleset, "refused", by_link(slug))
    play_turn(slug, game, 0)
    steps = len(game.actions)
    report = Driver(game, 0.0, may_act=lambda: refusal(ruleset, game, 0)).step_once(1.0)
    assert len(game.actions) == steps and "Bo's turn" in report.messages[0]


@pytest.mark.parametrize("slug", TABLES)
def test_one_person_or_the_setting_off_plays_every_seat_on_one_device(slug):
    ruleset = registry.get(slug)
    assert device_seat(ruleset, Game(ruleset, "hot seat", by_link(slug, on=False)), 1) is None
    alone = {"three-dice-dungeon": {"players": 1}, "three-dice-dungeon-tiles": {"players": 1},
             "tabletop-dungeon": {"heroes": 1}}[slug]
    solo = Game(ruleset, "one", ruleset.parse_settings({**alone, "by_link": True})[0])
    assert device_seat(ruleset, solo, None) is None and notice_html(ruleset, solo, None, BASE) == ""


def test_tabletop_a_luck_potion_offered_to_a_hero_is_that_heros_persons_to_choose():
    ruleset = registry.get("tabletop-dungeon")
    game = Game(ruleset, "luck", by_link("tabletop-dungeon"))
    game.state["sel"] = 0
    game.state["pending"] = {"kind": "save", "hero": 1}
    assert ruleset.seats(game.state).to_move == 1
    game.state["pending"] = None
    assert ruleset.seats(game.state).to_move == 0


def test_the_rules_panels_say_how_play_by_link_goes():
    for slug in TABLES:
        assert "Play by link (setting Play by link" in registry.get(slug).rules_html()
