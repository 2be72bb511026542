"""When the page's dice tumble (issue 34, "Dice that roll").

The engine decides first: a ruleset's renderer draws the faces rolled and marks the dice its state's latest
action rolled (`data-rolled`, pyapp/dice_faces.py). A redraw shows them tumbling only when the game's dice
have been rolled since the page last drew it: not on opening a game or a saved one, not after Undo (which
never goes back past a roll), not when a setting is redrawn. Comparing the seeded generator's state
(`state["dice"]`) tells that without consuming any randomness. Figures a board marks with their place
(data-figure, data-at, and data-path for the way they came: Tabletop) move from where the page last drew
them, in the same game only, at the page's speed. How it looks, and the player's and the device's wish for
less motion, are the page's (static/agent.mjs, style.css)."""

from __future__ import annotations

import json


class RollWatch:
    """The dice generator's state when the page last drew the game."""

    def __init__(self) -> None:
        self.seen: str | None = None

    def forget(self) -> None:
        """Another game (new, loaded, imported) is drawn next: nothing of it was just rolled."""
        self.seen = None

    @property
    def same_game(self) -> bool:
        """Was this game drawn before? Then its figures may move from where they were drawn."""
        return self.seen is not None

    def drawn(self, state: dict) -> bool:
        """The page draws `state` now: were its dice rolled since the last drawing of the same game?"""
        now = json.dumps(state["dice"], sort_keys=True, separators=(",", ":"))
        before, self.seen = self.seen, now
        return before is not None and before != now
