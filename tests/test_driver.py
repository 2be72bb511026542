"""The page's clock (pyapp.webapp.driver) driven by a fake clock: auto play and
the rules' own steps, as pyapp/webapp/controller.py schedules them in the browser."""

from __future__ import annotations

import dataclasses

import pytest

from pyapp.engine import Game
from pyapp.tabletop.ruleset import RULESET as TABLETOP
from pyapp.webapp import driver
from pyapp.webapp.driver import AUTO_DELAY_S, Driver, Report
from toy import TOY

RULES_STEPS = dataclasses.replace(TOY, automatic=lambda s: s["n"] in (2, 3))  # steps 2 and 3 are the rules' own


class Page:
    """What pyapp/webapp/controller.py does with the driver: come back when it is due, count redraws."""

    def __init__(self, game, delay=0.3):
        self.delay = delay
        self.now = 0.0
        self.driver = Driver(game, self.now, step_delay=lambda: self.delay)
        self.draws = 0
        self.messages = []

    def show(self, report: Report) -> Report:
        self.draws += report.steps > 0
        self.messages += report.messages
        return report

    def run(self, until: float) -> None:
        """Let the clock run to `until`, ticking whenever something is due."""
        while (due := self.driver.next_due()) is not None and due <= until:
            self.now = max(self.now, due)
            self.show(self.driver.tick(self.now))
        self.now = until


def toy_page(ruleset=TOY, delay=0.3, seed="d"):
    return Page(Game(ruleset, seed), delay)


def test_nothing_is_due_until_the_player_acts():
    page = toy_page()
    assert page.driver.next_due() is None and page.driver.tick(5.0) == Report()


def test_auto_play_moves_at_once_then_every_delay_and_stops_at_game_over():
    page = toy_page()
    page.show(page.driver.toggle_auto(0.0))
    assert page.driver.next_due() == 0.0
    page.run(0.0)
    assert page.driver.game.state["n"] == 1
    page.run(AUTO_DELAY_S - 0.01)
    assert page.driver.game.state["n"] == 1
    page.run(10 * AUTO_DELAY_S)
    game = page.driver.game
    assert game.over and game.state["n"] == 6 and page.draws == 6
    assert not page.driver.auto_on and page.driver.next_due() is None


def test_the_report_says_when_auto_play_stopped_by_itself():
    page = toy_page()
    page.driver.toggle_auto(0.0)
    reports = []
    while (due := page.driver.next_due()) is not None:
        reports.append(page.driver.tick(due))
    assert [r.auto_stopped for r in reports] == [False] * 5 + [True]
    assert page.driver.toggle_auto(99.0) == Report() and not page.driver.auto_on  # over: nothing to start


def test_the_button_again_stops_auto_play():
    page = toy_page()
    page.driver.toggle_auto(0.0)
    page.run(0.0)
    assert page.driver.toggle_auto(0.1).auto_stopped
    page.run(100.0)
    assert page.driver.game.state["n"] == 1


def test_a_refusal_stops_auto_play_and_says_why():
    refusing = dataclasses.replace(TOY, auto_action=lambda s: "teleport")
    page = toy_page(refusing)
    page.driver.toggle_auto(0.0)
    page.run(0.0)
    assert page.driver.game.actions == [] and not page.driver.auto_on
    assert page.messages and page.messages[0].startswith("Auto play could not move: 'teleport' is not allowed")
    assert page.driver.next_due() is None


def test_a_rules_error_in_auto_play_stops_it_and_changes_nothing():
    def broken(state, code):
        raise KeyError("hp")

    page = toy_page(dataclasses.replace(TOY, apply=broken))
    page.driver.toggle_auto(0.0)
    page.run(1.0)
    assert page.driver.game.actions == [] and not page.driver.auto_on
    assert "the rules failed (KeyError" in page.messages[0]


def test_the_rules_steps_are_played_one_per_delay_and_drawn_each():
    page = toy_page(RULES_STEPS, delay=0.3)
    game = page.driver.game
    game.play("move N")
    game.play("move N")  # n 2: the rules' own step comes next
    page.show(page.driver.moved(0.0))
    assert page.driver.next_due() == pytest.approx(0.3)
    page.run(0.29)
    assert game.state["n"] == 2
    page.run(0.3)
    assert game.state["n"] == 3 and page.draws == 1
    page.run(0.6)
    assert game.state["n"] == 4 and page.draws == 2  # n 4: the player's turn again
    assert page.driver.next_due() is None


def test_the_speed_is_read_for_each_rules_step():
    page = toy_page(RULES_STEPS, delay=0.3)
    game = page.driver.game
    game.play("move N")
    game.play("move N")
    page.driver.moved(0.0)  # the first step is due at 0.3
    page.delay = 2.0  # the player picks a slower speed: it counts from the next step on
    page.run(2.29)
    assert game.state["n"] == 3
    page.run(2.3)
    assert game.state["n"] == 4


def test_instant_speed_plays_every_rules_step_at_once_and_draws_once():
    page = toy_page(RULES_STEPS, delay=0)
    game = page.driver.game
    game.play("move N")
    game.play("move N")
    page.driver.moved(0.0)
    assert page.driver.next_due() == 0.0
    page.show(page.driver.tick(0.0))
    assert game.state["n"] == 4 and page.draws == 1 and page.driver.next_due() is None


def test_instant_speed_never_plays_more_than_its_limit_in_one_tick(monkeypatch):
    monkeypatch.setattr(driver, "MOST_STEPS_AT_ONCE", 50)
    endless = dataclasses.replace(TOY, automatic=lambda s: True, is_over=lambda s: False,
                                  legal_actions=lambda s: TOY.legal_actions({"n": 0, "name": ""}),
                                  auto_action=lambda s: "move N")
    page = toy_page(endless, delay=0)
    report = page.driver.tick(0.0)
    assert report.steps == 50 and page.driver.next_due() == 0.0  # the page breathes, then goes on


def test_auto_play_waits_while_the_rules_take_their_steps():
    page = toy_page(RULES_STEPS, delay=1.0)
    game = page.driver.game
    page.driver.toggle_auto(0.0)
    page.run(AUTO_DELAY_S)  # two auto moves: n 2, the rules' steps begin
    assert game.state["n"] == 2 and page.driver.auto_on and page.driver.auto_due is None
    assert page.driver.next_due() == pytest.approx(AUTO_DELAY_S + 1.0)
    page.run(AUTO_DELAY_S + 1.5)
    assert game.state["n"] == 3
    page.run(AUTO_DELAY_S + 2.0)  # the rules' last step, then auto play at once
    assert game.state["n"] == 5
    page.run(100.0)
    assert game.over and not page.driver.auto_on


def test_a_new_game_cancels_the_old_ones_auto_play_and_rules_steps():
    page = toy_page(RULES_STEPS, delay=1.0)
    old = page.driver.game
    page.driver.toggle_auto(0.0)
    page.run(AUTO_DELAY_S)
    assert page.driver.rules_due is not None
    fresh = Game(RULES_STEPS, "other")
    report = page.driver.new_game(fresh, AUTO_DELAY_S + 0.1)
    assert report.auto_stopped and not page.driver.auto_on and page.driver.next_due() is None
    page.run(100.0)
    assert old.state["n"] == 2 and fresh.actions == []


def test_a_game_loaded_half_way_through_the_rules_steps_goes_on():
    game = Game(RULES_STEPS, "reload")
    game.play("move N")
    game.play("move N")
    reloaded = Game.from_json(RULES_STEPS, game.to_json())  # the page was reloaded mid-phase
    page = Page(reloaded, delay=0.5)
    assert page.driver.next_due() == 0.5
    page.run(1.0)
    assert reloaded.state["n"] == 4
    other = Page(Game(RULES_STEPS, "x"))
    other.show(other.driver.new_game(Game.from_json(RULES_STEPS, game.to_json()), 3.0))  # or continued from a slot
    assert other.driver.next_due() == pytest.approx(3.3)


def test_a_failing_rules_step_is_said_once_and_waits_for_the_player():
    def apply(state, code):
        if state["n"] == 3:
            raise ValueError("no path")
        TOY.apply(state, code)

    page = toy_page(dataclasses.replace(RULES_STEPS, apply=apply), delay=0.2)
    game = page.driver.game
    page.driver.toggle_auto(0.0)
    page.run(10.0)
    assert game.state["n"] == 3 and page.draws == 3 and not page.driver.auto_on
    assert page.messages == ["The rules could not take their next step (ValueError: no path). Please report this seed."]
    assert page.driver.next_due() is None
    page.driver.moved(11.0)  # the player tries again (e.g. after undo or a step of their own)
    assert page.driver.next_due() == pytest.approx(11.2)


def test_auto_step_plays_one_move_and_schedules_the_rules():
    page = toy_page(RULES_STEPS, delay=0.4)
    assert page.driver.step_once(0.0).steps == 1 and page.driver.next_due() is None
    assert page.driver.step_once(1.0).steps == 1 and page.driver.next_due() == pytest.approx(1.4)


def test_a_players_move_that_ends_the_game_stops_auto_play():
    page = toy_page()
    page.driver.toggle_auto(0.0)
    page.run(0.0)
    for _ in range(5):
        page.driver.game.play("roll")
    assert page.driver.moved(0.1).auto_stopped and page.driver.next_due() is None


def test_a_tabletop_monsters_phase_plays_itself_at_the_chosen_speed():
    game = Game(TABLETOP, "driver", {"heroes": 1, "placement": "auto"})
    while not TABLETOP.automatic(game.state):
        game.auto()
    page = Page(Game.replay(TABLETOP, game.seed, game.settings, game.actions), delay=0.25)
    phase_steps = 0
    while page.driver.rules_pending():
        page.run(page.now + 0.25)
        phase_steps += 1
    assert phase_steps == page.draws >= 1 and not TABLETOP.automatic(page.driver.game.state)
    instant = Page(Game.replay(TABLETOP, game.seed, game.settings, game.actions), delay=0)
    instant.run(0.0)
    assert instant.draws == 1 and instant.driver.game.state == page.driver.game.state


def test_auto_play_pauses_where_the_ruleset_asks_and_says_why():
    pausing = dataclasses.replace(TOY, pause=lambda s, code: "A new level: your call." if s["n"] == 2 else "")
    page = toy_page(pausing)
    page.show(page.driver.toggle_auto(0.0))
    page.run(10 * AUTO_DELAY_S)
    assert page.driver.game.state["n"] == 2 and not page.driver.auto_on
    assert page.messages == ["A new level: your call."] and page.driver.next_due() is None
    page.show(page.driver.toggle_auto(page.now))  # the player goes on: it plays past the pause
    page.run(page.now + 10 * AUTO_DELAY_S)
    assert page.driver.game.over


def test_a_single_auto_step_is_never_refused_by_a_pause():
    pausing = dataclasses.replace(TOY, pause=lambda s, code: "pause")
    page = toy_page(pausing)
    report = page.show(page.driver.step_once(0.0))
    assert report.steps == 1 and report.messages == [] and not report.auto_stopped
