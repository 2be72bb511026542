"""The one shape every ruleset has, and the session that drives it.

The contract between a ruleset and the page, written once
=========================================================

A ruleset is a module-level `Ruleset` value: spec as data (slug, title,
settings...) plus pure functions. It provides:

- `new_state(seed, settings) -> state`: the game state, a plain JSON dict
  (saved as it is, compared by the tests). Every ruleset's state has
  `dice` (the seeded generator's state, pyapp/dice.py: a roll changes it,
  which is how Game knows a step cannot be undone) and `log` (a list of
  lines for the page's log): a line is added with `say`, and a die is rolled
  with `roll`/`roll_many`, which keep it in the ruleset's dice tray (`Tray`,
  read back as `Roll`s for the page's tray; below). `score` (a dict of plain values, or None until
  the game ends) is what the high-score table records. Anything else is the
  ruleset's own; the page never reads it.
- `legal_actions(state) -> [Action]`: the ONE place that decides what may
  be done. Each `Action` has a `code` (short text, for logs, saves and
  links; each ruleset formats and parses its codes in one module), what its
  button says, and optionally a `target`: what on the board plays it.
- `apply(state, code)`: play an offered code (Game.play refuses others).
- `is_over(state) -> bool` and `result(state) -> str`: the game-over
  notion. Each ruleset keeps its own state key for it (3 Dice Dungeon's
  `over`, Tabletop's `result`, the Dungeon Generator's `closed`: saved
  games keep their layout); the page sees one thing, `Game.outcome()`, an
  `Outcome(over, result, score)`.
- `auto_action(state) -> code`: one step of auto play (a legal code).
- `render(state, legal) -> View`: what the page shows, drawn from the
  legal actions it is given (no renderer re-derives legality or rebuilds an
  action code): `View.board` is one `<svg id="board">` (BOARD_ID) built
  with pyapp/svg.py, every clickable part a focusable role=button group with
  `data-action` (the code the page plays) and an `aria-label` that contains
  its visible text; the element that marks the current player or place
  carries `data-current` (the page keeps it in view). `status`, `panel` and
  `dice` are HTML fragments (a die the latest action rolled is drawn with
  pyapp/dice_faces.py's `rolled=True`: the page tumbles it). The board's
  style is `board_css`, sent once in the page's stylesheet, not with every
  redraw.
- `words(state, legal) -> places.BoardWords`: the board in words (pyapp/places.py): every place the
  board shows with what is in it, the current place first, and every board action played from a place, so a
  player who cannot see the map reads, walks and plays it by keyboard (the page's "board in words").
- `rules_html()`: the in-page rules. A part too big to send with every
  visit (drawings of every component, say) is left out of it as an empty
  `<details data-part="NAME">` with its summary, and given by
  `rules_parts()` as {NAME: its HTML}: the build writes each beside the page
  (parts/NAME.html), and the page fetches it the first time it is opened.

Optional: `automatic(state)` for the rules' own steps, `downloads`, `tools`
(panels that compute over many games or dungeons, e.g. the balance labs:
see `Tool` and `Progress`; they run in the page between the player's clicks,
never render, and take their randomness from seeds derived from the game's
seed, so their figures are reproducible), and `pause(state, code) -> str`:
after auto play played `code`, why it should stop here and wait for the
player ("" to go on), so that a game that could go on for ever (3 Dice
Dungeon's Endless mode) pauses at a sensible point; the page shows the
text. None: auto play never pauses.

What the tests hold every registered ruleset to (tests/test_page_contract.py and the goldens; none of
it is a list in the tests to edit):

- `Game(ruleset, seed, settings)` is the door: a setting the ruleset does not have, or a value that
  does not fit it, raises `BadSetting` with a message before the rules see it.
- From a new game, auto play offers a legal action at every step until the game is over (a game may
  also go on for ever, like 3 Dice Dungeon's Endless mode); an ended game offers none.
- Nothing reads the clock or unseeded randomness at import (the pages boot from a memory snapshot).
- A ruleset imports no other ruleset's package but those it names in `draws_with`.
- Log lines are sentences: a capital first, one stop at the end.
- `words` names places, and every board action with a target is played from one of them
  (tests/test_board_words.py), so the page plays all of it by keyboard.
- Free-text settings (player names) are shown as text, never as markup.
- Golden links (a share and a replay link) and golden playthroughs (default and other settings)
  exist for each page: a new ruleset gets them from `GOLDEN_WRITE=1 python3 tests/test_golden_links.py`
  and `GOLDEN_WRITE=1 python3 tests/test_golden_playthroughs.py`; a missing one fails with that command.

Targets are tuples whose first item says what they point at, e.g.
``("square", x, y)``, ``("monster", id)``, ``("hero", seat)``,
``("spot", index)``, ``("cell", "x,y")``, ``("side", "N")``,
``("room", n)``, ``("passage", label)``: a renderer looks its board's parts up
by target in the legal actions. `Game` wraps one state with its seed,
settings and append-only action log: the page, the bots, the saves, the
replays and the tests all go through `Game.play`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from . import dice

SAVE_FORMAT = 1
BOARD_ID = "board"  # the id of every board's root <svg>: the page, its PNG export and the tests find it by this


class IllegalAction(ValueError):
    """An action the rules refuse; the message is meant for the player."""


class MalformedAction(IllegalAction):
    """Text that is no action code at all (empty, not printable, too long): a malformed move, where an
    IllegalAction is a well-formed code the rules refuse now (python-chess makes the same difference)."""


MAX_CODE_CHARS = 60  # no ruleset's code is longer; links refuse longer ones (webapp/links.py)


def is_code(text) -> bool:
    """Is `text` shaped like an action code at all (pyapp/codes.py): short, printable, with a verb?"""
    return isinstance(text, str) and 0 < len(text) <= MAX_CODE_CHARS and text.isprintable() and bool(text.split())


class BadSave(ValueError):
    """A save, share link or replay that cannot be loaded; message for the player."""


class BadSetting(ValueError):
    """A setting value (from the page or a URL) that does not fit."""


@dataclass(frozen=True)
class Setting:
    """One player-facing option with its default (URL parameters override it)."""

    key: str
    label: str
    default: Any
    choices: tuple = ()  # for a choice; empty for bool and int
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""

    def parse(self, raw: Any) -> Any:
        """Turn a page/URL value into a valid value, or raise BadSetting."""
        if isinstance(self.default, bool):
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("1", "true", "on", "yes"):
                return True
            if text in ("0", "false", "off", "no"):
                return False
            raise BadSetting(f"{self.label}: expected on or off, got {str(raw)[:40]!r}")
        if isinstance(self.default, int):
            try:
                value = int(str(raw).strip())
            except ValueError:
                raise BadSetting(f"{self.label}: expected a whole number, got {str(raw)[:40]!r}") from None
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise BadSetting(f"{self.label}: must be from {self.minimum} to {self.maximum}")
            return value
        text = str(raw).strip()
        if not self.choices:  # free text, e.g. player names: printable, short
            clean = "".join(ch for ch in text if ch.isprintable())[: self.maximum or 40]
            return clean.strip() or self.default
        if text not in self.choices:
            raise BadSetting(f"{self.label}: must be one of {', '.join(self.choices)}")
        return text


# A ruleset that keeps its older rules for older links (docs/links-and-versions.md) has this setting, last
# in its settings: the rules version a game is played under. Its default is 1, what a link without "v" means,
# so older links open as they did; a new game gets the ruleset's rules_version (webapp.parse_query), links
# write it as v=N like any setting that is not its default, and saves and replays keep it with the settings.
# new_state reads it (settings.get(RULES_KEY, 1)) and keeps it in the state when it is not 1.
RULES_KEY = "v"


def rules_version(state: dict) -> int:
    """The rules a game is played under, kept in its state as "rules" (version 1's states carry none)."""
    return state.get("rules", 1)


def rules_setting(newest: int, help: str = "") -> Setting:
    """The rules-version setting of a ruleset whose rules_version is `newest` and that keeps every older one."""
    return Setting(RULES_KEY, "Rules version", 1, minimum=1, maximum=newest,
                   help=help or f"The rules a game is played under: {newest} is the newest (a new game); older "
                                "numbers are the rules older links were made under, kept so they open as they did.")


# The log and the dice tray: chores every ruleset does to its state, written once. Each ruleset keeps the
# layout its saved games and links have always had (a golden link's digest covers the whole state), so where
# rulesets differ (how many lines a log keeps, how a tray stores a roll) it is a parameter here, given once by
# the ruleset (its state module binds say and roll with functools.partial), not a copy there.


def say(state: dict, text: str, *, keep: int = 0, capital: bool = False) -> None:
    """Add a line to the game's log (state["log"]). `keep`: only the latest `keep` lines stay (0: every line);
    `capital`: the line's first letter is raised (it may start with a name like "the Dragon")."""
    log = state["log"]
    log.append(text[:1].upper() + text[1:] if capital else text)
    if keep and len(log) > keep:
        del log[: len(log) - keep]


class Roll(NamedTuple):
    """A dice tray's entry, the one shape every page's tray is drawn from (dice_faces.tray_html): what the
    dice were rolled for, their faces, their sides, and what the roll did ("": the caption is `what`)."""

    what: str
    faces: list[int]
    sides: int = 6
    outcome: str = ""


@dataclass(frozen=True)
class Tray:
    """Where a ruleset's state keeps its dice tray (a Roll an entry) and how, as its saved games have it."""

    key: str = "rolls"  # the state's key
    # The order an entry's fields are stored in, as a list; "face" stores one die (an entry a die).
    layout: tuple[str, ...] = Roll._fields
    merge: bool = False  # a roll for the same `what` as the latest entry joins it
    keep: int = 0  # only the latest `keep` entries stay (0: every one)
    latest: bool = False  # the state keeps the latest entry alone, not a list of them
    # (the state's count of actions, the key that notes which action the tray holds): the first roll of a later
    # action empties the tray. (): the ruleset empties it as an action starts.
    per_action: tuple[str, ...] = ()


def record(state: dict, entry: Roll, *, tray: Tray) -> None:
    """Put a roll (made by `roll`, or by a ruleset that says what it did after reading it) in the tray."""
    if tray.latest:
        state[tray.key] = _stored(entry, tray.layout)
        return
    if tray.per_action:
        count, at = tray.per_action
        if state[at] != state[count]:
            state[tray.key], state[at] = [], state[count]
    entries = state[tray.key]
    if tray.merge and entries and entries[-1][tray.layout.index("what")] == entry.what:
        entries[-1][tray.layout.index("faces")].extend(entry.faces)
    elif "face" in tray.layout:
        entries.extend(_stored(entry._replace(faces=[face]), tray.layout) for face in entry.faces)
    else:
        entries.append(_stored(entry, tray.layout))
    if tray.keep:
        del entries[: -tray.keep]


def roll_many(state: dict, what: str, count: int, sides: int = 6, *, tray: Tray) -> list[int]:
    """Roll `count` dice of `sides` faces from the game's dice (state["dice"]) and put them in the tray under
    `what`; the faces, the list the tray keeps."""
    faces = dice.roll_many(state["dice"], count, sides)
    record(state, Roll(what, faces, sides), tray=tray)
    return faces


def roll(state: dict, what: str, sides: int = 6, *, tray: Tray) -> int:
    """Roll one die (roll_many's, the same draw as dice.roll) and put it in the tray under `what`."""
    return roll_many(state, what, 1, sides, tray=tray)[0]


def rolls(state: dict, tray: Tray) -> list[Roll]:
    """The tray's entries, in the one shape, whatever layout the state keeps them in."""
    kept = state[tray.key]
    if tray.latest:
        kept = [kept] if kept else []
    return [_entry(raw, tray.layout) for raw in kept]


def just_rolled(state: dict, tray: Tray) -> bool:
    """Were the tray's dice rolled by the latest action (the page tumbles them)? A tray kept per action knows
    which action it holds; a latest roll kept alone is fresh while nothing has been drawn from the dice since
    (dice.drew_last); a tray the ruleset empties as every action starts holds only such dice."""
    if tray.per_action:
        count, at = tray.per_action
        return state[at] == state[count]
    if tray.latest:
        return bool(state[tray.key]) and dice.drew_last(state["dice"], _entry(state[tray.key], tray.layout).faces)
    return True


def _stored(entry: Roll, layout: tuple[str, ...]) -> list:
    return [entry.faces[0] if name == "face" else getattr(entry, name) for name in layout]


def _entry(raw: list, layout: tuple[str, ...]) -> Roll:
    fields = dict(zip(layout, raw))
    if "face" in fields:
        fields["faces"] = [fields.pop("face")]
    return Roll(**fields)


@dataclass(frozen=True)
class Action:
    """A legal action as offered to a player: its code and what the button says."""

    code: str
    label: str
    group: str = ""  # buttons are grouped by this ("Fight", "Move", "Items"...)
    hint: str = ""  # extra text, e.g. "hits on 1-3, 50%"
    board: bool = False  # played by clicking the map only (e.g. one of 40 squares): no button, no key
    target: tuple = ()  # what on the board plays it, e.g. ("square", 3, 4) or ("monster", 7); () for none
    where: str = ""  # a board action shown off the map, where it is ("on your cards"); "": on the map
    # What the rules worked out about it that the board draws, as (name, value) pairs, so that no renderer
    # works it out again (Tabletop: the squares a move costs, whether it opens a door). () for nothing.
    facts: tuple = ()


def by_target(legal: list[Action]) -> dict[tuple, Action]:
    """The actions played on the board, by target: how a renderer finds what
    each part of its board plays (the first action offered for a target wins)."""
    out: dict[tuple, Action] = {}
    for action in legal:
        if action.target:
            out.setdefault(action.target, action)
    return out


@dataclass(frozen=True)
class View:
    """What a ruleset's render gives the page (the page draws the actions and the log itself)."""

    board: str  # one <svg id="board"> (BOARD_ID)
    status: str = ""  # HTML: where the game stands
    panel: str = ""  # HTML: character sheets, the room key...
    dice: str = ""  # HTML: the dice of the latest step
    # Pictures for action buttons, by action code: an SVG drawn in the button beside its label (hidden from
    # screen readers: the label says it), e.g. a tile drawn in the facing the button gives it.
    pictures: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Seats:
    """Who sits at the table, for play by link (pyapp/webapp/handover.py): every seat's name, the seats
    people play (the others are bots), and the seat whose move it is (None once the game is over)."""

    names: tuple[str, ...]
    persons: tuple[int, ...]
    to_move: int | None


@dataclass(frozen=True)
class Outcome:
    """How the game stands, the same for every ruleset."""

    over: bool
    result: str = ""  # the ruleset's word once over ("won", "lost", "dead", "closed"...); "" while playing
    score: dict | None = None  # what the high-score table keeps (None: nothing to record)


@dataclass(frozen=True)
class Download:
    """A file the page offers for the current game (e.g. a map as SVG).

    `make(game)` returns the file's text. A `make` of None with the PNG
    mime type asks the page to rasterise the board SVG itself (only a
    browser can).
    """

    key: str
    label: str
    extension: str
    mime: str
    make: Callable[[Any], str] | None
    filename: str = ""  # a fixed file name, for a file that is not of this game (e.g. printable sheets); "": the game's


@dataclass(frozen=True)
class Progress:
    """How far a tool's run has come: `done` of `total` steps, and its
    figures so far. `html` is the output's HTML, "" for "unchanged", or a
    function of no arguments that makes it: the page calls it only when it
    draws (a few times a second) and when the player cancels the run, so a
    tool can report often and cheaply and still leave its partial figures."""

    done: int
    total: int
    html: str | Callable[[], str] = ""

    def text(self) -> str:
        return self.html() if callable(self.html) else self.html


@dataclass(frozen=True)
class Tool:
    """An extra panel on the page (e.g. statistics over many dungeons).

    `form_html(settings)` gives the panel's inputs (named fields; the page
    adds a Run button, a progress bar and a Cancel button). `run(game,
    values)` is a generator that does its work in small pieces and yields
    between them, either a text of HTML (it replaces the panel's output) or
    a `Progress`. The page pulls pieces for a few milliseconds at a time and
    lets the browser breathe in between, so a piece must be small (a
    fraction of a millisecond to a few milliseconds, never 50 ms: a longer
    piece freezes the tab); it moves the progress bar to the latest
    Progress and shows its figures. Cancel stops pulling and shows the last
    figures offered; the last text or Progress yielded is the result.
    """

    key: str
    title: str
    form_html: Callable[[dict], str]
    run: Callable[[Any, dict], Any]


@dataclass(frozen=True)
class Ruleset:
    """A ruleset's spec and functions. Every function is pure but `apply`,
    which mutates the game's own state in place (Game.play keeps its JSON from
    before, and puts it back if the rules fail half-way)."""

    slug: str
    title: str
    source: str  # which seed text it implements
    blurb: str
    settings: tuple[Setting, ...]
    new_state: Callable[[str, dict], dict]
    legal_actions: Callable[[dict], list[Action]]
    apply: Callable[[dict, str], None]
    is_over: Callable[[dict], bool]
    auto_action: Callable[[dict], str]
    render: Callable[[dict, list], View]  # (state, its legal actions) -> View
    rules_html: Callable[[], str]
    rules_parts: Callable[[], dict[str, str]] | None = None  # see rules_html in the contract above
    # The rules a link promises: bumped when a change would give a link made
    # before it another dungeon or game. Links name it from version 2 on
    # (an absent version means 1); see webapp/links.py.
    rules_version: int = 1
    # A rules version in preparation, above rules_version: Game plays it (the figures tools and the tests
    # measure it before its release), no page or link does. None: none in preparation.
    candidate: int | None = None
    state_version: int = 1
    result: Callable[[dict], str] | None = None  # the ruleset's word for how it ended; None: "over"
    # The keys of state["score"] once a game is over, what the high-score table records (its "points" an int
    # >= 0, every value plain); None: the ruleset keeps no score.
    score_keys: frozenset[str] | None = None
    board_css: str = ""  # the board's style (see View); the build puts it in the page's stylesheet
    # True while the next step is the rules' own (e.g. monsters moving one by
    # one): the page plays auto_action after the delay the player chose. None: no such steps.
    automatic: Callable[[dict], bool] | None = None
    downloads: tuple[Download, ...] = ()
    tools: tuple[Tool, ...] = ()
    # What the page says once nothing is left to play ("" : the games' "this game is over");
    # a generator is not a game that ends.
    done_text: str = ""
    pause: Callable[[dict, str], str] | None = None  # (state, code auto play just played) -> why it stops, or ""
    # Who sits where (see Seats): a ruleset with people at several seats gives it, and a bool setting
    # "by_link", to be played by link, each person on their own device. None: one device plays every seat.
    seats: Callable[[dict], Seats] | None = None
    # Other rulesets' slugs whose packages this one imports (3RD6 Dungeon draws with 3 Dice Dungeon's
    # helpers); no other ruleset's package is imported with it (tests/test_page_contract.py).
    draws_with: tuple[str, ...] = ()
    # The downloads panel's title and note (the Dungeon Generator's map exports are the default).
    downloads_title: str = "Export the map"
    downloads_note: str = ("Files of this dungeon as it stands now. To print the map and its key, use the browser's "
                           "Print: the page prints only those.")
    # Today's dungeon (pyapp/webapp/daily.py): settings of the day's dungeon over the newest defaults ({}: the
    # defaults), and a one-line picture of a finished run for its result card (state -> text of emoji or
    # symbols; None: one made from the outcome and the score).
    daily: dict = field(default_factory=dict)
    run_picture: Callable[[dict], str] | None = None
    # The board in words (pyapp/places.py, issue 48): (state, its legal actions) -> places.BoardWords, every
    # place the board shows with what is in it, from the same state as render; the page lists and walks it.
    words: Callable[[dict, list], Any] | None = None

    def defaults(self) -> dict:
        return {s.key: s.default for s in self.settings}

    def keeps_old_rules(self) -> bool:
        """Does the ruleset play its older rules versions too (the RULES_KEY setting)?"""
        return any(s.key == RULES_KEY for s in self.settings)

    def newest(self) -> dict:
        """The settings of a new game: the defaults, under the newest rules."""
        return {**self.defaults(), **({RULES_KEY: self.rules_version} if self.keeps_old_rules() else {})}

    def pause_reason(self, state: dict, code: str) -> str:
        """Why auto play stops after it played `code` (see `pause`); "" to go on."""
        return self.pause(state, code) if self.pause is not None else ""

    def rules_step(self, state: dict) -> bool:
        """Is the next step the rules' own (see `automatic`)?"""
        return self.automatic is not None and self.automatic(state)

    def outcome(self, state: dict) -> Outcome:
        """The one game-over notion the page reads, whatever key the ruleset keeps it in."""
        if not self.is_over(state):
            return Outcome(False)
        result = self.result(state) if self.result else "over"
        score = state.get("score")
        return Outcome(True, result, score if isinstance(score, dict) else None)

    def checked_settings(self, given: dict) -> dict:
        """The defaults with `given` over them, every value checked as the page checks it: a setting this
        ruleset does not have, or a value that does not fit, raises BadSetting (Game's door, so that no
        bad value reaches the rules and fails deep inside them)."""
        values = self.defaults()
        by_key = {s.key: s for s in self.settings}
        for key, value in given.items():
            if key not in by_key:
                raise BadSetting(f"{self.title} has no setting {key!r}.")
            if key == RULES_KEY and self.candidate is not None and value == self.candidate:
                values[key] = value  # the tools and tests play it; no link reaches it (parse_settings)
                continue
            values[key] = by_key[key].parse(value)
        return values

    def parse_settings(self, raw: dict) -> tuple[dict, list[str]]:
        """Settings from raw page/URL values: (valid settings, messages for bad ones)."""
        values = self.defaults()
        problems = []
        by_key = {s.key: s for s in self.settings}
        for key, value in raw.items():
            if key not in by_key:
                continue
            try:
                values[key] = by_key[key].parse(value)
            except BadSetting as exc:
                problems.append(str(exc))
        return values, problems


class Game:
    """One game in progress: ruleset + seed + settings + action log + state."""

    def __init__(self, ruleset: Ruleset, seed: str, settings: dict | None = None):
        self.ruleset = ruleset
        self.seed = seed
        self.settings = ruleset.checked_settings(settings or {})
        self.state = ruleset.new_state(seed, self.settings)
        self.actions: list[str] = []
        self.undo_floor = 0  # actions before this index can never be undone
        self._snapshots: list[str] = []  # states before each undoable action, newest last
        # each action's place among the legal actions it was picked from, and how many there were (what a
        # compact replay link writes, webapp/compact.py); None: not known (a save that kept none), see picks()
        self._picks: list[tuple[int, int]] | None = []

    # -- playing -------------------------------------------------------
    def legal(self) -> list[Action]:
        return self.ruleset.legal_actions(self.state)

    def play(self, code: str) -> None:
        """Apply one action by code; an illegal one raises and changes nothing."""
        if not is_code(code):
            offered = ", ".join(a.code for a in self.legal()[:8])
            raise MalformedAction(f"{str(code)[:40]!r} is not an action code: nothing was played. You can: {offered}.")
        codes = [a.code for a in self.legal()]
        if code not in codes:
            raise IllegalAction(self._refusal(code))
        # The JSON snapshot restores the state if the rules fail half-way, backs
        # Undo, and checks that the state stays plain JSON.
        before = json.dumps(self.state, separators=(",", ":"))
        dice_before = json.dumps(self.state["dice"])
        rules_step = self.ruleset.rules_step(self.state)
        try:
            self.ruleset.apply(self.state, code)
        except Exception:
            self.state = json.loads(before)
            raise
        self.actions.append(code)
        if self._picks is not None:
            self._picks.append((codes.index(code), len(codes)))
        # Never undo past a roll, the end, or a step the rules took themselves
        # (the page would only play it again).
        if json.dumps(self.state["dice"]) != dice_before or self.over or rules_step:
            self.undo_floor = len(self.actions)
            self._snapshots = []
        else:
            self._snapshots.append(before)

    def _refusal(self, code: str) -> str:
        if self.ruleset.is_over(self.state):
            over = "Nothing is left to play here" if self.ruleset.done_text else "The game is over"
            return f"{over}; {code!r} cannot be played."
        offered = ", ".join(a.code for a in self.legal()[:8])
        return f"{code!r} is not allowed now. You can: {offered}."

    def auto(self) -> str:
        """Let the ruleset's auto-play policy take one step."""
        code = self.ruleset.auto_action(self.state)
        self.play(code)
        return code

    @property
    def over(self) -> bool:
        return self.ruleset.is_over(self.state)

    def outcome(self) -> Outcome:
        return self.ruleset.outcome(self.state)

    def view(self) -> View:
        """What the page shows now (see Ruleset.render)."""
        return self.ruleset.render(self.state, self.legal())

    def can_undo(self) -> bool:
        return len(self.actions) > self.undo_floor

    def undo(self) -> None:
        """Take back the last action if it rolled no dice."""
        if not self.can_undo():
            raise IllegalAction("Nothing to undo: the dice have been rolled since.")
        if self._snapshots:
            self.state = json.loads(self._snapshots.pop())
            self.actions.pop()
            if self._picks is not None:
                self._picks.pop()
            return
        kept = self.actions[:-1]  # a loaded save keeps no snapshots: rebuild it
        fresh = Game.replay(self.ruleset, self.seed, self.settings, kept)
        self.state, self.actions, self.undo_floor = fresh.state, fresh.actions, fresh.undo_floor
        self._snapshots, self._picks = fresh._snapshots, fresh._picks

    def picks(self) -> list[tuple[int, int]]:
        """For each action played, its place among the legal actions offered then, and how many were offered.
        A loaded save that kept none (made before they were kept) is replayed once to know them; a save whose
        actions no longer replay raises BadSave."""
        if self._picks is None:
            self._picks = Game.replay(self.ruleset, self.seed, self.settings, self.actions)._picks
        return list(self._picks or [])

    @classmethod
    def replay(cls, ruleset: Ruleset, seed: str, settings: dict, actions: list[str]) -> Game:
        game = cls(ruleset, seed, settings)
        for index, code in enumerate(actions):
            try:
                game.play(code)
            except IllegalAction as exc:
                raise BadSave(f"Replay stops at step {index + 1} ({code!r}): {exc}") from None
        return game

    # -- saving --------------------------------------------------------
    def to_dict(self) -> dict:
        known = {} if self._picks is None else {"picks": [n for pair in self._picks for n in pair]}
        return {
            "format": SAVE_FORMAT,
            "ruleset": self.ruleset.slug,
            "version": self.ruleset.state_version,
            "seed": self.seed,
            "settings": self.settings,
            "actions": self.actions,
            "undo_floor": self.undo_floor,
            "state": self.state,
            **known,  # flat: pick, offered, pick, offered... (see picks(); an older page ignores them)
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, ruleset: Ruleset, text: str) -> Game:
        """Load a save; anything corrupt, foreign or too new raises BadSave."""
        try:
            data = json.loads(text)
        except (ValueError, TypeError):
            raise BadSave("This save is not readable (it is not valid JSON).") from None
        if not isinstance(data, dict) or "format" not in data:
            raise BadSave("This is not a Dice Dungeons save.")
        if not isinstance(data["format"], int) or data["format"] > SAVE_FORMAT:
            raise BadSave("This save was made by a newer version of Dice Dungeons; update the page to load it.")
        if data.get("ruleset") != ruleset.slug:
            other = str(data.get("ruleset"))[:40]
            raise BadSave(f"This save belongs to another game ({other!r}), not {ruleset.title}.")
        seed, settings, actions = data.get("seed"), data.get("settings"), data.get("actions")
        if not isinstance(seed, str) or not isinstance(settings, dict) or not isinstance(actions, list):
            raise BadSave("This save is damaged: its seed, settings or action list is missing.")
        if not all(isinstance(a, str) for a in actions):
            raise BadSave("This save is damaged: its action list holds something that is not an action.")
        clean, problems = ruleset.parse_settings(settings)
        if problems:
            raise BadSave("This save is damaged: " + "; ".join(problems))
        version, floor = data.get("version"), data.get("undo_floor", len(actions))
        if not isinstance(version, int) or version > ruleset.state_version:
            raise BadSave("This save was made by a newer version of this game; update the page to load it.")
        if not isinstance(floor, int) or not 0 <= floor <= len(actions):
            raise BadSave("This save is damaged: its undo marker is not a step of the game.")
        if version < ruleset.state_version or not isinstance(data.get("state"), dict):
            try:
                return cls.replay(ruleset, seed, clean, actions)  # older layout: rebuild from the actions
            except BadSave as exc:
                if version >= ruleset.state_version:
                    raise
                raise BadSave(f"This save was made by an older version of {ruleset.title}, whose rules have "
                              f"changed since, and it no longer replays ({exc}).") from None
        game = cls.__new__(cls)
        game.ruleset, game.seed, game.settings = ruleset, seed, clean
        game.state, game.actions, game.undo_floor = data["state"], list(actions), floor
        game._snapshots, game._picks = [], _saved_picks(data.get("picks"), len(actions))
        try:  # exercise the whole state: a tampered one fails here, not later in play
            game.outcome()
            game.view()
        except Exception:
            raise BadSave("This save is damaged: its game state does not fit the rules.") from None
        return game


def _saved_picks(flat, steps: int) -> list[tuple[int, int]] | None:
    """A save's picks (Game.picks), or None when it kept none or they do not fit its actions (they are then
    worked out again by replaying the actions)."""
    if not isinstance(flat, list) or len(flat) != 2 * steps or not all(type(n) is int for n in flat):
        return None
    pairs = list(zip(flat[::2], flat[1::2]))
    return pairs if all(0 <= pick < offered for pick, offered in pairs) else None
