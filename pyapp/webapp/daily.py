"""Today's dungeon: one seed per UTC day, the same for every player, and the player's local day history.

Nothing here reads the clock: the page (pyapp/webapp/controller.py) hands over today's UTC date as "YYYY-MM-DD"
(JS's Date), and every function takes it as `today`.

- A day's dungeon is the seed `daily_seed(day)` ("daily-2026-11-27") with the page's daily settings
  (`daily_settings`: the newest rules' defaults, and a ruleset's own `Ruleset.daily` over them).
  `?daily=YYYY-MM-DD` opens it (links.parse_query); share and replay links of a daily game are ordinary
  links, so they carry the seed text and the rules version `v` and replay the same game in every release.
- The first daily game finished on its own UTC day is that day's result (`History.record`); another finish
  of the same day is a replay, and a finish of another day's dungeon is an archive game: neither counts.
- The history (days played, streaks, best score) lives in the page's storage beside the saves, under
  `dice-dungeons:<slug>:daily`, and is exported and imported as a file of its own kind.
"""

from __future__ import annotations

import json
import re
from collections.abc import MutableMapping
from dataclasses import dataclass
from datetime import date, timedelta

from ..engine import RULES_KEY, Ruleset
from ..markup import escape

SEED_PREFIX = "daily-"
HISTORY_FORMAT = 1
HISTORY_KIND = "dice-dungeons daily history"
MAX_DAYS = 20_000  # about 55 years of days: more is no history this page wrote
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}\Z")

COUNTED, REPLAY, ARCHIVE = "counted", "replay", "archive"
# Played where nothing can be kept (a blog's sandboxed frame, storage refused): no day history to count it in.
UNKEPT = "unkept"


class BadDay(ValueError):
    """A day that is no daily dungeon's; the message is meant for the player."""


def parse_day(text: str) -> date:
    """The date of a "YYYY-MM-DD" text; raises BadDay otherwise."""
    shown = str(text)[:20]
    if not isinstance(text, str) or not _DAY.match(text.strip()):
        raise BadDay(f"The day {shown!r} is not a date written YYYY-MM-DD.")
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise BadDay(f"The day {shown!r} does not exist.") from None


def check_day(text: str, today: str) -> str:
    """A day whose dungeon may be opened, as "YYYY-MM-DD": any past day, today, and tomorrow (UTC), which is
    already today east of UTC; raises BadDay for anything else."""
    day, now = parse_day(text), parse_day(today)
    if day > now + timedelta(days=1):
        raise BadDay(f"The day {day.isoformat()} has not come yet anywhere in the world; its dungeon opens then.")
    return day.isoformat()


def daily_seed(day: str) -> str:
    """The seed text of a day's dungeon: the same for every player, written in its links."""
    return SEED_PREFIX + parse_day(day).isoformat()


def seed_day(seed: str) -> str | None:
    """The day whose dungeon `seed` is, or None for any other seed."""
    if not seed.startswith(SEED_PREFIX):
        return None
    try:
        return parse_day(seed[len(SEED_PREFIX):]).isoformat()
    except BadDay:
        return None


def daily_settings(ruleset: Ruleset) -> dict:
    """The settings of a day's dungeon: the page's defaults under its newest rules, and its own daily ones."""
    return ruleset.checked_settings({**ruleset.newest(), **ruleset.daily})


def game_day(ruleset: Ruleset, seed: str, settings: dict) -> str | None:
    """The day of a daily game (its seed and the daily settings, under any rules version), else None."""
    day = seed_day(seed)
    if day is None:
        return None
    wanted = {k: v for k, v in daily_settings(ruleset).items() if k != RULES_KEY}
    given = {k: v for k, v in settings.items() if k != RULES_KEY}
    return day if given == wanted else None


# -- the picture of a run ---------------------------------------------------


def run_picture(ruleset: Ruleset, state: dict, result: str, score: dict | None) -> str:
    """A one-line picture of a finished run: the outcome's mark and the ruleset's own (`Ruleset.run_picture`),
    else one made from the outcome and the score."""
    if ruleset.run_picture is not None:
        try:
            own = ruleset.run_picture(state)
        except Exception:  # a picture is a nicety: a broken one falls back to the generic one
            own = ""
        if own:
            return f"{RESULT_MARKS.get(result, '⚑')} {' '.join(str(own).split())}"[:80]
    return generic_picture(result, score)


RESULT_WORDS = {"closed": "Explored"}  # the Dungeon Generator's dungeon of the day, all of it mapped
# plain symbols with a text form in common fonts (an emoji font is not on every machine)
RESULT_MARKS = {"won": "★", "lost": "☠", "dead": "☠", "closed": "⌂"}


def generic_picture(result: str, score: dict | None) -> str:
    """The outcome's mark, then the points as a bar of up to ten blocks (one per tenth of the first power of
    ten above them), e.g. "☠ ▰▰▰▱▱▱▱▱▱▱ 27"."""
    mark = RESULT_MARKS.get(result, "⚑")
    points = points_of(score)
    if points is None:
        return mark
    scale = 10
    while scale < points:
        scale *= 10
    filled = min(10, round(10 * points / scale))
    return f"{mark} {'▰' * filled}{'▱' * (10 - filled)} {points}"


def points_of(score) -> int | None:
    value = score.get("points") if isinstance(score, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


# -- the result card --------------------------------------------------------


def result_card(ruleset: Ruleset, day: str, result: str, score: dict | None, picture: str, link: str,
                kind: str) -> str:
    """The text a player shares: game, day, outcome, score, the run's picture and its replay link."""
    points = points_of(score)
    outcome = outcome_text(result, score)
    if points is not None:
        outcome += f" · {points} points"
    head = f"{ruleset.title} · Today's dungeon {day}"
    if kind == REPLAY:
        head += " (replayed)"
    elif kind == ARCHIVE:
        head += " (played later)"
    elif kind == UNKEPT:
        head += " (not counted)"
    lines = [head, outcome, picture]
    if link:
        lines.append(link)
    return "\n".join(line for line in lines if line)


def outcome_text(result: str, score: dict | None) -> str:
    """How a game ended, in words: "Won", "Dead", or who won where a game names a winner ("Player 1 won")."""
    winner = score.get("winner") if isinstance(score, dict) else None
    if isinstance(winner, str) and winner.strip():
        return f"{' '.join(winner.split())[:24]} won"
    return RESULT_WORDS.get(result) or (str(result).capitalize()[:20] if result else "Over")


def caption(ruleset: Ruleset, day: str, result: str, score: dict | None) -> str:
    """The line drawn under the board's PNG: game, day, outcome and score."""
    points = points_of(score)
    return " · ".join([ruleset.title, day, outcome_text(result, score)] + ([f"{points} points"] if points is not None
                                                                           else []))


def kind_note(kind: str, day: str, over: bool = True) -> str:
    """What the page says of a daily game, finished or on the way: counted, a replay, or another day's."""
    if kind == COUNTED:
        return (f"Your result of {day} is kept in your day history." if over
                else f"The dungeon of {day}: your first finish today is the day's result.")
    if kind == UNKEPT:
        return (f"The dungeon of {day}: not counted, because nothing can be kept here (a frame with no storage, "
                "such as a blog's embed). Play it on the site to count it in your day history.")
    if kind == REPLAY:
        return (f"A replay of {day}: not counted (a day's result is the first game of it finished here on its "
                "day)." if over else f"The dungeon of {day} again: a replay, not counted.")
    return (f"The dungeon of {day}, played on another day: not counted in your day history." if over
            else f"The dungeon of {day}: another day's, so it is not counted in your day history.")


# -- the history ------------------------------------------------------------


@dataclass(frozen=True)
class Day:
    """One day's result: how it ended, its points (None: the game keeps no score), the rules version."""

    result: str
    points: int | None = None
    rules: int = 1

    def to_json(self) -> dict:
        return {"result": self.result, "points": self.points, "v": self.rules}


def _day_from_json(key, value) -> tuple[str, Day]:
    """A stored day; raises ValueError if it is not one this page wrote."""
    if not isinstance(key, str):
        raise ValueError("day")
    day = parse_day(key).isoformat()
    if not isinstance(value, dict) or not isinstance(value.get("result"), str):
        raise ValueError("entry")
    points, rules = value.get("points"), value.get("v", 1)
    if points is not None and (not isinstance(points, int) or isinstance(points, bool) or points < 0):
        raise ValueError("points")
    if not isinstance(rules, int) or isinstance(rules, bool) or rules < 1:
        raise ValueError("rules")
    return day, Day(value["result"][:20], points, rules)


def read_days(text: str) -> dict[str, Day]:
    """The days of a history's JSON text; raises ValueError for anything this page did not write."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("kind") != HISTORY_KIND or not isinstance(data.get("format"), int):
        raise ValueError("not a day history")
    if data["format"] > HISTORY_FORMAT:
        raise ValueError("a newer history format")
    days = data.get("days")
    if not isinstance(days, dict) or len(days) > MAX_DAYS:
        raise ValueError("days")
    return dict(_day_from_json(key, value) for key, value in days.items())


def streaks(days, today: str) -> tuple[int, int]:
    """(current, longest) runs of consecutive UTC days played. The current run ends today, or yesterday
    while today is still to play; a missed day ends it."""
    numbers = sorted({parse_day(d).toordinal() for d in days})
    longest = run = 0
    previous = None
    for number in numbers:
        run = run + 1 if previous is not None and number == previous + 1 else 1
        longest = max(longest, run)
        previous = number
    now = parse_day(today).toordinal()
    current = 0
    present = set(numbers)
    start = now if now in present else now - 1
    while start in present:
        current += 1
        start -= 1
    return current, longest


class History:
    """The day history of one page, beside its saves in the same storage. `kept` is False where the browser
    refuses storage: the daily game still plays, and the page says the history is not kept."""

    def __init__(self, storage: MutableMapping[str, str], slug: str, kept: bool = True):
        self.storage = storage
        self.key = f"dice-dungeons:{slug}:daily"
        self.slug = slug
        self.kept = kept
        self.days: dict[str, Day] = {}
        self.notice = ""
        try:
            text = storage.get(self.key)
        except Exception:
            text = None
        if text is None:
            return
        try:
            self.days = read_days(text)
        except (ValueError, TypeError, RecursionError):
            self.notice = ("Your day history was damaged: it was set aside (kept in the browser as it was) and "
                           "a new one started. Your saves and scores are untouched.")
            self._set_aside(text)

    def _set_aside(self, text: str) -> None:
        try:
            self.storage[self.key + ".damaged"] = text
            del self.storage[self.key]
        except Exception:  # storage refused: the damaged text stays where it is, never written over
            self.kept = False

    def _write(self) -> None:
        if not self.kept:
            return
        try:
            self.storage[self.key] = self.export_text()
        except Exception:  # storage full or blocked: the day counts until the page closes
            self.kept = False

    def kind(self, day: str, today: str) -> str:
        """What finishing `day`'s dungeon now would be: COUNTED, REPLAY, ARCHIVE or UNKEPT."""
        if not self.kept:
            return UNKEPT
        if day != today:
            return ARCHIVE
        return REPLAY if day in self.days else COUNTED

    def record(self, day: str, today: str, result: str, score: dict | None, rules: int) -> str:
        """A daily game just finished: keep it as the day's result if it is the first finish of that day,
        on that day. Returns what it was: COUNTED, REPLAY or ARCHIVE."""
        kind = self.kind(day, today)
        if kind == COUNTED:
            self.days[day] = Day(str(result)[:20], points_of(score), int(rules))
            self._write()
        return kind

    def best(self) -> int | None:
        scores = [d.points for d in self.days.values() if d.points is not None]
        return max(scores) if scores else None

    def summary(self, today: str) -> str:
        """"Day streak 3 · longest 5 · best 42 · 12 days played", or what stands in its place."""
        if not self.days:
            text = "No day played yet: today's dungeon is the same for everyone."
        else:
            current, longest = streaks(self.days, today)
            parts = [f"Day streak {current}", f"longest {longest}"]
            if self.best() is not None:
                parts.append(f"best {self.best()}")
            count = len(self.days)
            parts.append(f"{count} day{'s' if count != 1 else ''} played")
            text = " · ".join(parts)
        if not self.kept:
            text += " (Not kept: this browser does not allow storage here.)"
        return text

    def export_text(self) -> str:
        return json.dumps({"kind": HISTORY_KIND, "format": HISTORY_FORMAT, "page": self.slug,
                           "days": {day: self.days[day].to_json() for day in sorted(self.days)}},
                          separators=(",", ":"))

    def import_text(self, text: str) -> int:
        """Merge an exported history: days not in this one are added (a day already here keeps its own
        result, the first). Returns the days added; raises ValueError and changes nothing if unreadable."""
        data = json.loads(text)
        if isinstance(data, dict) and data.get("page") not in (None, self.slug):
            raise ValueError(f"this is the day history of another game ({str(data.get('page'))[:40]})")
        days = read_days(text)
        added = {day: entry for day, entry in days.items() if day not in self.days}
        if len(self.days) + len(added) > MAX_DAYS:
            raise ValueError("too many days")
        self.days.update(added)
        if added:
            self._write()
        return len(added)


def is_history(text: str) -> bool:
    """Is this file's text a day history (rather than a save)?"""
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("kind") == HISTORY_KIND


def history_html(history: History, today: str) -> str:
    return escape(history.summary(today))
