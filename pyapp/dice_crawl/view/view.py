"""What the Dice Crawl page shows: the board and panels of render.py, and pictures in the action buttons.

An orient button (a revealed tile, or Rotate) shows the tile drawn in the facing it gives, so a player sees
the corridors before choosing; its label names the facing in words (N, E, S, W) for screen readers.
"""

from __future__ import annotations

from dataclasses import replace

from ...engine import Action, View
from ..core.board import cell_at
from ..core.codes import numbers
from ..data import TILES
from .components import tile_svg
from .render import render as board_view

PICTURE_PX = 44


def render(state: dict, legal: list[Action]) -> View:
    return replace(board_view(state, legal), pictures=orient_pictures(state, legal))


def orient_pictures(state: dict, legal: list[Action]) -> dict[str, str]:
    step = state["pending"][-1] if state["pending"] and not state["over"] else None
    if not step or step["kind"] != "orient":
        return {}
    tile = TILES[cell_at(state, step["cell"])["t"]]
    return {a.code: tile_svg(tile, rot=numbers(a.code)[1][0], named=False, width=PICTURE_PX, height=PICTURE_PX)
            for a in legal if a.code.startswith("o ")}
