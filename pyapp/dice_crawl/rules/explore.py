"""Exploring: revealing a face-down tile, orienting it, moving the marker.

Explore (once a turn, before the Crawl, only from a conquered tile): reveal
one face-down tile next to yours through one of your tile's corridors, then
orient it; then move your marker to a face-up tile next to yours joined to
it by a corridor on both sides (the new tile or another). Revealing the
Dragon ends the game at once.
"""

from __future__ import annotations

from ... import dice
from ...engine import say
from ..core import board
from ..core.board import cell_at, connected, conquered, exits, is_dragon, name, neighbours
from ..core.state import me, who
from ..data import TILES
from ..vaults.tiles import vault_words
from . import scoring


def reveal_targets(state: dict) -> list:
    """Face-down tiles your corridors lead to, when you may still reveal this turn."""
    here = tuple(me(state)["at"])
    if state["revealed"] or state["moved"] or not conquered(cell_at(state, here)):
        return []
    mine = exits(cell_at(state, here))
    return [other for bit, _, other in neighbours(state, here)
            if mine & bit and cell_at(state, other)["t"] is None]


def move_targets(state: dict) -> list:
    here = tuple(me(state)["at"])
    if state["moved"] or not conquered(cell_at(state, here)):
        return []
    return [other for _, _, other in neighbours(state, here) if connected(state, here, other)]


def reveal(state: dict, cell, why: str) -> None:
    """Turn a face-down tile up: the Dragon ends the game; any other tile is drawn from the
    face-down stack (a die picks it) and waits to be oriented."""
    c = cell_at(state, cell)
    player = state["turn"]
    if c.get("exit"):
        me(state)["dragon"] = True
        say(state, f"{who(state, player)} escapes the dungeon at {name(cell)}!")
        scoring.finish(state, f"{who(state, player)} reached an exit")
        return
    if is_dragon(c):
        c["t"], c["units"] = 0, [None] * len(TILES[0]["spaces"])
        me(state)["dragon"] = True
        say(state, f"{who(state, player)} explores the Dragon's lair at {name(cell)}!")
        scoring.finish(state, f"{who(state, player)} explored the Dragon tile")
        return
    deck = state["deck"]
    pick = dice.roll(state["dice"], len(deck)) - 1 if len(deck) > 1 else 0
    c["t"], c["rot"] = deck.pop(pick), 0
    c["units"] = [None] * len(TILES[c["t"]]["spaces"])
    say(state, f"{who(state, player)} reveals {name(cell)}: {describe(c['t'])}.")
    state["pending"].append({"kind": "orient", "cell": list(cell), "why": why, "was": -1})


def describe(tile_id: int) -> str:
    tile = TILES[tile_id]
    icons = ", ".join(str(s["v"]) for s in tile["spaces"] if s["kind"] == "icon")
    hoards = sum(1 for s in tile["spaces"] if s["kind"] == "hoard" and "dwarf" not in s)
    extra = f", {hoards} Hoard{'s' if hoards > 1 else ''}" if hoards else ""
    extra += vault_words(tile)
    power = f", Power: {tile['power'].capitalize()}" if tile["power"] else ""
    article = "an" if tile["shape"][0] in "e" else "a"
    return f"tile {tile_id}, {article} {tile['shape']} with icons {icons}, worth {tile['points']}{extra}{power}"


def facing_choices(state: dict, step: dict) -> list[int]:
    """Rotations to offer: every distinct facing; a Rotate must give a new one."""
    c = cell_at(state, step["cell"])
    return [t for t in board.facings(c["t"]) if board.rotate_mask(TILES[c["t"]]["exits"], t) != step["was"]]


SIDE_WORDS = {1: "N", 2: "E", 4: "S", 8: "W"}


def exit_words(mask: int) -> str:
    return "".join(letter for bit, letter in SIDE_WORDS.items() if mask & bit) or "none"


def orient(state: dict, step: dict, turns: int) -> None:
    cell = tuple(step["cell"])
    c = cell_at(state, cell)
    c["rot"] = turns
    say(state, f"{name(cell)} faces {exit_words(exits(c))}.")
    if step["why"] == "explore":
        state["revealed"] = True


def dead_ends(state: dict, cell, mask: int) -> str:
    """A warning for a facing whose corridors run off the grid (the text allows it; it may strand you)."""
    inside = sum(bit for bit, _, _ in neighbours(state, tuple(cell)))
    off = mask & ~inside
    if not off:
        return ""
    return "every corridor leads off the grid" if not mask & inside else f"{exit_words(off)} leads off the grid"
