"""Watching a game move by move (issue 46): the state after any number of its moves, and the bar that steps
through them.

A replay link, a save or the game on the page can be watched: back, forward, to the start or the end, played
at the page's speed, by a slider or the arrow keys. The page draws the watched state with no action to take;
"Play on from here" starts a new game (a new save) from the move on show, the original kept as it was. A link
may name the move it opens at (`&at=N`, links.py).

The states come from the game's own seed, settings and moves, as a replay does. Going forward plays one move on
the state on show; going back starts again from the nearest state kept on the way (one every CHECKPOINT moves),
so no step replays more than CHECKPOINT moves whatever the game's length.
"""

from __future__ import annotations

import json

from ..engine import Game
from ..markup import escape

CHECKPOINT = 32  # moves between two states kept: a step back replays at most this many


class Watch:
    """A game's moves to step through: `at` moves played (0: the opening), the state then, and whether it plays."""

    def __init__(self, game: Game, at: int | None = None):
        self.ruleset, self.seed, self.settings = game.ruleset, game.seed, dict(game.settings)
        self.actions = list(game.actions)
        opening = Game(self.ruleset, self.seed, self.settings).state
        self._kept = {0: json.dumps(opening)}
        self.at, self.state = 0, opening
        self.playing = False
        self.go(self.length if at is None else at)

    @property
    def length(self) -> int:
        return len(self.actions)

    @property
    def at_end(self) -> bool:
        return self.at >= self.length

    def go(self, at) -> None:
        """Show the state after `at` moves (clamped to the game)."""
        at = max(0, min(int(at), self.length))
        if at < self.at:
            self.at, self.state = self._nearest_kept(at)
        while self.at < at:
            self.ruleset.apply(self.state, self.actions[self.at])
            self.at += 1
            if self.at % CHECKPOINT == 0:
                self._kept.setdefault(self.at, json.dumps(self.state))

    def step(self, by: int) -> None:
        self.go(self.at + by)

    def taken_over(self) -> Game:
        """A new game from the move on show: the same seed, settings and moves so far, to play on."""
        return Game.replay(self.ruleset, self.seed, self.settings, self.actions[: self.at])

    def last_move(self) -> str:
        """What the move that led to the state on show was called where it was played ("" at the opening)."""
        if self.at == 0:
            return ""
        start, state = self._nearest_kept(self.at - 1)
        for code in self.actions[start: self.at - 1]:
            self.ruleset.apply(state, code)
        code = self.actions[self.at - 1]
        return next((action.label for action in self.ruleset.legal_actions(state) if action.code == code), code)

    def _nearest_kept(self, at: int) -> tuple[int, dict]:
        start = max(kept for kept in self._kept if kept <= at)
        return start, json.loads(self._kept[start])


def position_text(watch: Watch) -> str:
    return f"Move {watch.at} of {watch.length}"


def bar_html(watch: Watch, link: str) -> str:
    """The watch bar: the position, the buttons, the slider, the move's label, a link to this move."""
    def button(control: str, label: str, title: str, disabled: bool) -> str:
        off = " disabled" if disabled else ""
        return (f'<button type="button" data-control="{control}" title="{escape(title)}" '
                f'aria-label="{escape(title)}"{off}>{label}</button>')

    start, end = watch.at == 0, watch.at_end
    play = "Pause" if watch.playing else "Play"
    move = watch.last_move()
    said = f"{position_text(watch)}: {escape(move)}" if move else f"{position_text(watch)}: the opening"
    return (
        '<h3 class="visually-hidden">Watch the replay</h3>'
        f'<p class="watch-position" aria-live="polite">{said}</p>'
        '<div class="watch-buttons" role="toolbar" aria-label="Replay">'
        + button("watch-first", "Start", "To the start (Home)", start)
        + button("watch-back", "◀", "One move back (left arrow)", start)
        + f'<button type="button" data-control="watch-play" aria-pressed="{str(watch.playing).lower()}"'
          f' title="Play the moves at the page\'s speed (space)"{" disabled" if end and not watch.playing else ""}>'
          f'{play}</button>'
        + button("watch-forward", "▶", "One move forward (right arrow)", end)
        + button("watch-last", "End", "To the end (End)", end)
        + '</div>'
        f'<label class="watch-slider"><span class="visually-hidden">Move</span><input type="range" min="0" '
        f'max="{watch.length}" value="{watch.at}" data-control="watch-to" aria-valuetext="{position_text(watch)}">'
        '</label>'
        '<div class="row">'
        '<button type="button" data-control="watch-take-over" title="A new game (a new save) from this move; '
        'the game watched is kept">Play on from here</button>'
        '<button type="button" data-control="watch-exit">Back to the game</button>'
        '</div>'
        f'<label class="field"><span>Link to this move</span><input id="watch-url" type="text" readonly '
        f'value="{escape(link)}"></label>'
    )
