"""Which lines of a game's log the page shows. A game keeps every line
(a long Tabletop game has hundreds); the page shows the latest LOG_PAGE
and a button brings earlier ones back a page at a time. The list is
numbered from the game's first line, so a line keeps its number."""

from __future__ import annotations

LOG_PAGE = 500  # above what the rulesets that trim their log keep (400 at most): their logs show whole


def first_line(total: int, shown_from: int | None, page: int = LOG_PAGE) -> int:
    """Index of the first line to show: the latest `page` lines for a fresh
    view; a view already open keeps its start (lines are only appended)
    unless the log is now shorter than that (an undo, another game)."""
    if shown_from is None or shown_from > total:
        return max(0, total - page)
    return shown_from


def earlier(shown_from: int, page: int = LOG_PAGE) -> int:
    """The start after "show earlier lines": one page further back."""
    return max(0, shown_from - page)


def earlier_label(shown_from: int, page: int = LOG_PAGE) -> str:
    n = min(page, shown_from)
    return f"Show {n} earlier line{'s' * (n != 1)} ({shown_from} not shown)"
