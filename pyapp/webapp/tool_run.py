"""A tool's run on the page (pyapp.engine.Tool): how much work the page
does between two breaths of the browser, and what it draws after it.

The page pulls the tool's pieces for SLICE_S seconds, draws the progress
bar, and lets the browser handle clicks and paint before the next slice; it
redraws the figures at most every DRAW_S seconds (a chart costs more than a
progress bar) and once more when the run ends or is cancelled. The clock is
handed in, so CPython tests drive it.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Progress

SLICE_S = 0.012  # a click waits at most about this long (50 ms is where a page feels stuck)
DRAW_S = 0.3


class ToolRun:
    """Where a tool's run stands: its latest Progress and the figures not yet drawn."""

    def __init__(self, pieces, now: float):
        self.pieces = iter(pieces)
        self.done = self.total = 0
        self.figures: str | Callable[[], str] | None = None  # HTML text, or a function making it (Progress.html)
        self.drawn_at = now
        self.over = False

    def pull(self, clock, seconds: float = SLICE_S) -> bool:
        """Take pieces for `seconds` of `clock`; True once the tool has nothing more."""
        end = clock() + seconds
        for piece in self.pieces:
            if isinstance(piece, Progress):
                self.done, self.total = piece.done, piece.total
                if piece.html:
                    self.figures = piece.html
            elif piece is not None:
                self.figures = piece
            if clock() >= end:
                return False
        self.over = True
        return True

    def due(self, now: float) -> bool:
        """Are the figures to be redrawn now (the run is over, or DRAW_S has passed)?"""
        return self.over or now >= self.drawn_at + DRAW_S

    def take_figures(self, now: float) -> str | None:
        """The figures to draw (None: nothing new since the last time)."""
        figures, self.figures = self.figures, None
        self.drawn_at = now
        return figures() if callable(figures) else figures

    def count_text(self) -> str:
        return f"{self.done} of {self.total}" if self.total else ""
