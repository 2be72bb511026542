"""The page's clock: auto play and the rules' own steps, as a state machine.

The page asks `next_due()` when to come back and calls `tick(now)` then;
after the player's own move or undo it calls `moved(now)`, for a new or
loaded game `new_game(game, now)`. Each call returns a `Report`: how many
steps were played (the page saves and draws once if any), what to tell the
player, and whether auto play stopped. Nothing here sleeps or reads a
clock: the page passes its clock's time, and CPython tests pass made-up times.

- Auto play makes one auto-played move every AUTO_DELAY_S seconds, waits
  while the rules take their own steps, and stops at the end of the game,
  at a refusal or a rules error, when another game is put on the page, and
  where the ruleset asks it to pause (`Ruleset.pause`, e.g. a new dungeon
  level in an endless game), saying why.
- The rules' own steps (`Ruleset.automatic`, e.g. monsters moving one by
  one) are played one per `step_delay()` seconds, the speed the player
  chose; a delay of 0 ("instant") plays them all in one tick, drawn once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import Game, IllegalAction

AUTO_DELAY_S = 0.45  # between two auto-played moves, and the rules' step delay when the page names none
MOST_STEPS_AT_ONCE = 10_000  # instant speed plays at most this many rules' steps per tick: a rules bug never hangs


@dataclass
class Report:
    """What one call did, for the page to show."""

    steps: int = 0  # actions played (the page autosaves and redraws once when any)
    messages: list[str] = field(default_factory=list)
    auto_stopped: bool = False

    def add(self, other: Report) -> Report:
        self.steps += other.steps
        self.messages += other.messages
        self.auto_stopped = self.auto_stopped or other.auto_stopped
        return self


class Driver:
    """Schedules auto play and the rules' own steps of the game on the page."""

    def __init__(self, game: Game, now: float, step_delay: Callable[[], float] = lambda: AUTO_DELAY_S,
                 may_act: Callable[[], str] = lambda: ""):
        self.game = game
        self.may_act = may_act  # "" or why this device may not move now (play by link: another person's turn)
        self.step_delay = step_delay  # the player's speed for the rules' steps, read when one is scheduled
        self.auto_on = False
        self.auto_due: float | None = None  # next auto-played move; None while auto play is off or waits
        self.rules_due: float | None = None  # next rules' step; None when the rules have none to take
        self.rules_at_once = False  # instant speed: play every rules' step due in one tick
        self.rules_failed = False  # the rules' last step raised: wait for the player or another game
        self._reschedule(now, Report())

    # -- what the page asks ---------------------------------------------------
    def rules_pending(self) -> bool:
        """True while the next step is the rules' own."""
        return not self.game.over and self.game.ruleset.rules_step(self.game.state)

    def next_due(self) -> float | None:
        """When `tick` has something to do; None: nothing until the player acts."""
        due = [t for t in (self.auto_due, self.rules_due) if t is not None]
        return min(due) if due else None

    # -- what the page tells ---------------------------------------------------
    def new_game(self, game: Game, now: float) -> Report:
        """Another game is on the page: the old one's auto play and rules' steps end there."""
        report = self.stop_auto()
        self.game, self.rules_due, self.rules_failed = game, None, False
        return self._reschedule(now, report)  # a game loaded half-way through the rules' steps goes on

    def moved(self, now: float) -> Report:
        """After the player's own move or undo."""
        self.rules_failed = False
        return self._reschedule(now, Report())

    def toggle_auto(self, now: float) -> Report:
        """The Auto play button: start (first move at once) or stop."""
        if self.auto_on:
            return self.stop_auto()
        if self.game.over:
            return Report()
        self.auto_on, self.auto_due = True, now
        return self._reschedule(now, Report())

    def stop_auto(self) -> Report:
        was_on = self.auto_on
        self.auto_on, self.auto_due = False, None
        return Report(auto_stopped=was_on)

    def step_once(self, now: float) -> Report:
        """One auto-played move now (the Auto step button); a refusal also stops auto play."""
        report = Report()
        if not self.game.over:
            self._auto_move(report)
        self.rules_failed = False
        return self._reschedule(now, report)

    def tick(self, now: float) -> Report:
        """Play whatever is due at `now`: the rules' steps first, then an auto-played move."""
        report = Report()
        if self.rules_due is not None and now >= self.rules_due:
            self._rules_steps(report)
        elif self.auto_due is not None and now >= self.auto_due and not self.rules_pending():
            self._auto_move(report)
            if self.auto_on:
                self.auto_due = now + AUTO_DELAY_S
        return self._reschedule(now, report)

    # -- inside ------------------------------------------------------------------
    def _auto_move(self, report: Report) -> None:
        refused = self.may_act()
        if refused:
            report.messages.append(refused)
            report.add(self.stop_auto())
            return
        try:
            played = self.game.auto()
        except IllegalAction as exc:
            report.messages.append(f"Auto play could not move: {exc}")
            report.add(self.stop_auto())
            return
        except Exception as exc:  # a rules bug: Game.play changed nothing
            report.messages.append(f"Auto play stopped: the rules failed ({type(exc).__name__}: {exc}). "
                                   "Please report this seed.")
            report.add(self.stop_auto())
            return
        report.steps += 1
        reason = self.game.ruleset.pause_reason(self.game.state, played)
        if reason and self.auto_on:
            report.messages.append(reason)
            report.add(self.stop_auto())

    def _rules_steps(self, report: Report) -> None:
        game, before = self.game, len(self.game.actions)
        self.rules_due = None
        try:
            game.auto()
            while self.rules_at_once and self.rules_pending() and len(game.actions) < before + MOST_STEPS_AT_ONCE:
                game.auto()
        except Exception as exc:  # a refusal or a rules bug: say it, never spin
            report.messages.append(f"The rules could not take their next step ({type(exc).__name__}: {exc}). "
                                   "Please report this seed.")
            self.rules_failed = True
            report.add(self.stop_auto())
        finally:
            report.steps += len(game.actions) - before

    def _reschedule(self, now: float, report: Report) -> Report:
        """Bring both timers in line with the game as it is now."""
        if self.game.over:
            self.rules_due = None
            return report.add(self.stop_auto())
        if not self.rules_pending() or self.rules_failed:
            self.rules_due = None
        elif self.rules_due is None:
            delay = max(0.0, self.step_delay())
            self.rules_due, self.rules_at_once = now + delay, delay == 0
        if self.auto_on and self.rules_pending():
            self.auto_due = None  # auto play waits while the rules take their steps
        elif self.auto_on and self.auto_due is None:
            self.auto_due = now  # ...and goes on as soon as they are done
        return report
