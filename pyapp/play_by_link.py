"""Play by link, as every ruleset with several people at the table offers it: the setting, its ruling in
the rules panel, and what keeps it out of a game's state (the page reads it; the rules never do). Who sits
where is each ruleset's own (`Ruleset.seats`); the page's side is pyapp/webapp/handover.py."""

from __future__ import annotations

from .engine import Setting

BY_LINK = Setting("by_link", "Play by link", False,
                  help="Each person seat plays on its own device: after each turn the page gives a link to send to "
                       "the next player (see Play by link in the rules). Off: every seat is played on this device.")


def ruling(turn: str) -> str:
    """The rules panel's words on play by link; `turn` says what a person's turn is in this game."""
    return (
        "Play by link (setting Play by link, with two or more people): each person plays on their own device, "
        "with no server. The link is the page's replay link (same seed, same settings, every move, so the same "
        "dice on every device, and it opens offline once the page has been loaded) and names the seat it is "
        "handed to. A device plays only that seat (the host's first page plays the first person's seat). "
        f"{turn} When your turn ends and another person is to move, the page shows the hand-over link for them: "
        "send it, they play their turn and send the next link. A device refuses a move of another person's "
        "turn, and the moves a link brings cannot be undone on the device that opens it."
    )


def rules_settings(settings: dict) -> dict:
    """The settings a game's state keeps: without play by link, which is the page's, so that a game played
    by link is the same game, state for state, as one played on one device (and as before the setting)."""
    return {key: value for key, value in settings.items() if key != BY_LINK.key}
