"""Who sits where in a Dice Crawl game, for play by link (pyapp/webapp/handover.py), and the page's ruling on it."""

from __future__ import annotations

from ...engine import Seats, Setting

BY_LINK = Setting("by_link", "Play by link", False,
                  help="Each person seat plays on its own device: after each turn the page gives a link to send to "
                       "the next player (see Play by link in the rules). Off: every seat is played on this device.")

RULING = (
    "Play by link (setting Play by link, with two or more person seats): each person plays on their own device, "
    "with no server. The link is the page's replay link (same seed, same settings, every move, so the same dice on "
    "every device, and it opens offline once the page has been loaded) and names the seat it is handed to. A "
    "device plays only that seat (the host's first page plays the first person seat); bots play their seats "
    "themselves on the device that is on when their turn comes. When your turn ends and another person is to "
    "move, the page shows the hand-over link for them: send it, they play their turn and send the next link. "
    "The moves a link brings cannot be undone on the device that opens it."
)


def seats(state: dict) -> Seats:
    players = state["players"]
    return Seats(names=tuple(p["name"] for p in players),
                 persons=tuple(n for n, p in enumerate(players) if p["seat"] == "person"),
                 to_move=None if state["over"] else state["turn"])
