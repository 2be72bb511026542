"""The normal bot's rules of thumb for the variants with a goal to reach alone (solo, Escape): keep dice in
the small solo army, and walk back along explored corridors to where the crawl can go on, which a greedy
one-step look never does (tests/test_dice_crawl_variants.py: the bots finish every variant)."""

from __future__ import annotations

from ..core.board import cell_at, connected, exits, neighbours
from ..core.state import me
from .rules import on

SOLO_RESERVE = 0.15  # a die kept in the solo army: fifteen dice must last the expedition
WALK = 0.15  # per step still to walk to a tile where the crawl can go on
CLOSED = 3.0  # no corridor left to a face-down tile: the goal is out of reach


def extra(state: dict, player: int) -> float:
    if not (on(state, "solo") or on(state, "escape")):
        return 0.0
    value = 0.0
    if on(state, "solo"):
        value += SOLO_RESERVE * (state["players"][player]["army"] + len(state["pool"]))
    if not state["over"] and state["turn"] == player and state["phase"] in ("explore", "crawl"):
        steps = steps_to_work(state, tuple(me(state)["at"]))
        value -= CLOSED if steps is None else WALK * steps
    return value


def open_ended(state: dict, cell) -> bool:
    """A face-up tile with a corridor to a face-down one: once conquered, the crawl goes on from there."""
    c = cell_at(state, cell)
    return c["t"] is not None and any(exits(c) & bit and cell_at(state, other)["t"] is None
                                      for bit, _, other in neighbours(state, cell))


def steps_to_work(state: dict, here) -> int | None:
    """Moves along corridors between face-up tiles to the nearest open-ended tile (None: there is none)."""
    seen, frontier, steps = {here}, [here], 0
    while frontier:
        if any(open_ended(state, cell) for cell in frontier):
            return steps
        steps += 1
        reached = []
        for cell in frontier:
            for _, _, other in neighbours(state, cell):
                if other not in seen and connected(state, cell, other):
                    seen.add(other)
                    reached.append(other)
        frontier = reached
    return None
