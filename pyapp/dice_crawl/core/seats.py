"""Who sits where in a Dice Crawl game, for play by link (pyapp/webapp/handover.py), and the page's ruling on it."""

from __future__ import annotations

from ...engine import Seats
from ...play_by_link import BY_LINK, ruling

__all__ = ["BY_LINK", "RULING", "seats"]

RULING = ruling("Bots play their seats themselves on the device that is on when their turn comes.")


def seats(state: dict) -> Seats:
    players = state["players"]
    return Seats(names=tuple(p["name"] for p in players),
                 persons=tuple(n for n, p in enumerate(players) if p["seat"] == "person"),
                 to_move=None if state["over"] else state["turn"])
