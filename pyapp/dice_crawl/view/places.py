"""Dice Crawl's board in words (pyapp/places.py): every tile of the grid, face down or explored, with its
corridors, the units on its dice icons and Hoards, its controller and the players' markers on it; the dice to
spend and the Power cards are places beside the board, as the page draws them beside it."""

from __future__ import annotations

from ...engine import Action, rolls
from ...places import BoardWords, Place, actions_at, listing, plain, roll_words, sides_words
from ..core.board import cell_at, cells, exits, name, spaces
from ..core.state import TRAY, me
from ..rules.explore import SIDE_WORDS
from .render import cell_title, space_title, status_html

CARDS = "cards"
DICE = "dice"


def words(state: dict, legal: list[Action]) -> BoardWords:
    offered = actions_at(legal, target_place)
    here = tuple(me(state)["at"]) if not state["over"] else None
    out = [tile_place(state, cell, offered, cell == here) for cell in cells(state)]
    size = state["size"]
    if state["pool"] and not state["over"]:
        out.append(Place(DICE, "Dice to spend", listing(str(v) for v in state["pool"]) + ".",
                         (size + 0.5, 0.0), offered.get(DICE, ())))
    player = me(state)
    if CARDS in offered:
        out.append(Place(CARDS, f"{player['name']}'s Power cards", "the Powers to unlock and use.",
                         (size + 0.5, size - 1.0), offered[CARDS]))
    out.sort(key=lambda p: p.id != (name(here) if here else ""))
    scores = plain(status_html(state)).split("Scores now: ")[-1] if not state["over"] else ""
    score = f"Scores now: {scores}" if scores else plain(status_html(state)).split("</p>")[0]
    latest = rolls(state, TRAY)
    return BoardWords(places=tuple(out), turn=plain(status_html(state)), score=score, rolls=roll_words(latest),
                      title="Tiles")


def target_place(target: tuple) -> str | None:
    kind = target[0]
    if kind in ("cell", "space"):
        return name(target[1:3])
    if kind in ("unlock", "use"):
        return CARDS
    if kind == "die":
        return DICE
    return None


def tile_place(state: dict, cell, offered: dict, current: bool) -> Place:
    c = cell_at(state, cell)
    about = cell_title(state, cell, c).split(": ", 1)[1]
    bits = [about]
    if c["t"] is not None:
        sides = "".join(SIDE_WORDS[bit] for bit in SIDE_WORDS if exits(c) & bit)
        bits.append(f"corridors {sides_words(sides)}" if sides else "no corridors")
        bits += [f"space {s + 1}, {space_title(state, space, unit)}"
                 for s, (space, unit) in enumerate(zip(spaces(c), c["units"]))]
    you = f" (where {me(state)['name']}, to move, is)" if current else ""
    return Place(name(cell), f"{name(cell)}{you}", "; ".join(bits) + ".", (float(cell[0]), float(cell[1])),
                 offered.get(name(cell), ()))
