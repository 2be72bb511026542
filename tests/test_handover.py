"""Play by link (pyapp/webapp/handover.py) with Dice Crawl: which seat a device plays, when it may move, and the
link that carries the game to the next person's device (same seed, same moves, same dice)."""

from __future__ import annotations

import re

from pyapp.dice_crawl.ruleset import RULESET
from pyapp.engine import Game
from pyapp.markup import query_pairs
from pyapp.webapp import SaveStore, open_game, parse_query, share_query
from pyapp.webapp.driver import Driver
from pyapp.webapp.handover import address_suffix, device_seat, hand_query, notice_html, receive, refusal

BASE = "https://example.org/dice-crawl/"
BY_LINK = {"players": 3, "seat2": "person", "name1": "Ann", "name2": "Bo", "by_link": True}


def settings(**extra) -> dict:
    return RULESET.parse_settings({**BY_LINK, **extra})[0]


def play_turn(game: Game, seat: int) -> None:
    """The person at `seat` plays their turn (by the bot's choices); then the bots play theirs, as the page does."""
    assert game.state["turn"] == seat
    while not game.over and game.state["turn"] == seat:
        game.auto()
    while not game.over and RULESET.rules_step(game.state):
        game.auto()


def open_link(query: str) -> tuple[Game, int | None]:
    """What a fresh device (empty storage) opens for a link, and the seat it plays."""
    request = parse_query(RULESET, query)
    game = open_game(RULESET, request, SaveStore({}, RULESET.slug), "unused", 0.0).game
    return game, device_seat(RULESET, game, request.hand)


def link_in(html: str) -> str:
    return re.search(r'id="handover-url" type="text" readonly value="([^"]+)"', html).group(1).replace("&amp;", "&")


def test_a_game_handed_over_by_link_is_the_same_game_on_the_next_device():
    host = Game(RULESET, "hand-over", settings())
    ann = device_seat(RULESET, host, None)
    assert ann == 0 and refusal(RULESET, host, ann) == ""
    play_turn(host, 0)  # Ann's turn, then the bot at seat 3 is not yet due: Bo is next
    assert host.state["turn"] == 1
    assert "Bo's turn" in refusal(RULESET, host, ann)
    box = notice_html(RULESET, host, ann, BASE)
    assert 'data-handover="hand-over"' in box and "Hand over to Bo" in box
    link = link_in(box)
    assert link.startswith(BASE + "?seed=hand-over") and link.endswith("&hand=2")
    bo_game, bo = open_link(link[len(BASE):])
    assert receive(bo_game, bo, parse_query(RULESET, link[len(BASE):]).replay) and not bo_game.can_undo()
    assert bo == 1 and bo_game.actions == host.actions and bo_game.state == host.state  # same dice, same state
    assert refusal(RULESET, bo_game, bo) == "" and 'data-handover="yours"' in notice_html(RULESET, bo_game, bo, BASE)
    play_turn(bo_game, 1)  # Bo's turn, then the bot's (seat 3) on Bo's device
    assert bo_game.state["turn"] == 0 and len(bo_game.actions) > len(host.actions)
    back, seat = open_link(link_in(notice_html(RULESET, bo_game, bo, BASE))[len(BASE):])
    assert seat == 0 and back.state == bo_game.state and back.state["dice"] == bo_game.state["dice"]


def test_a_device_plays_only_its_seat_and_the_host_the_first_person_seat():
    game = Game(RULESET, "seats", settings(seat1="normal", seat3="person", name3="Cy"))
    assert device_seat(RULESET, game, None) == 1  # the host's page: the first person seat
    assert device_seat(RULESET, game, 2) == 2 and device_seat(RULESET, game, 0) == 1  # a bot's seat is no one's
    assert address_suffix(2) == "&hand=3" and address_suffix(None) == ""


def test_without_the_setting_one_device_plays_every_seat_as_before():
    game = Game(RULESET, "hot seat", settings(by_link=False))
    assert device_seat(RULESET, game, 1) is None and notice_html(RULESET, game, None, BASE) == ""
    assert "by_link" not in share_query(RULESET, "x", RULESET.defaults())  # old links stay as they were
    solo = Game(RULESET, "one person", RULESET.parse_settings({"by_link": True})[0])
    assert device_seat(RULESET, solo, None) is None  # one person: nothing to hand over


def test_the_link_names_the_seat_and_a_bad_seat_is_told_not_fatal():
    request = parse_query(RULESET, "?seed=a&by_link=1&players=3&seat2=person&hand=2")
    assert request.hand == 1 and request.settings["by_link"] is True and not request.problems
    bad = parse_query(RULESET, "?seed=a&hand=seven")
    assert bad.hand is None and any("seat" in p for p in bad.problems)


def test_the_game_over_box_gives_a_link_for_everyone():
    game = Game(RULESET, "to the end", settings(max_rounds=10))
    while not game.over:
        game.auto()
    box = notice_html(RULESET, game, 0, BASE)
    assert 'data-handover="over"' in box and "hand=" not in link_in(box)
    assert dict(query_pairs(hand_query(game, None)[1:]))["seed"] == "to the end"


def test_auto_play_refuses_to_play_another_persons_turn():
    game = Game(RULESET, "hand-over", settings())
    play_turn(game, 0)
    steps = len(game.actions)
    drive = Driver(game, 0.0, may_act=lambda: refusal(RULESET, game, 0))
    report = drive.step_once(1.0)
    assert len(game.actions) == steps and report.steps == 0 and "Bo's turn" in report.messages[0]
    drive.toggle_auto(2.0)
    report = drive.tick(2.0)
    assert len(game.actions) == steps and not drive.auto_on and report.auto_stopped


def test_only_a_hand_over_link_locks_its_moves():
    game = Game(RULESET, "hand-over", settings())
    play_turn(game, 0)
    assert not receive(game, None, game.actions) and not receive(game, 1, None)
