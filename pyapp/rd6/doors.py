"""Opening a locked door, whichever way it is opened (a pick, the Key, the Unlock spell, blows)."""

from __future__ import annotations

from ..three_dice.grid import edge
from ..three_dice.records import say


def open_door(state: dict, side: str, how: str) -> None:
    door = edge(state["pos"], side)
    state["locked"].remove(door)
    state["doors"].pop(door, None)
    if door in state["jammed"]:
        state["jammed"].remove(door)
    say(state, f"The door {side} opens ({how}).")
