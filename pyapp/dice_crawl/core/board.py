"""The dungeon grid: cells, corridors, units, conquest and control.

A cell is a dict in state["grid"] (row-major, SIZE x SIZE):
{"t": tile id or None while face down, "dragon": bool, "rot": quarter
turns clockwise, "units": one [player, value] or None per space of the
tile (icons first, then Hoards)}. Face-down cells hold no tile yet: a tile
is drawn from the deck when it is revealed (the same as a shuffled face-down
stack, and it keeps hidden tiles out of the state).
"""

from __future__ import annotations

from ..data import DRAGON_ID, SIDES, TILES

COLUMNS = "ABCDEFG"


def cell_at(state: dict, cell) -> dict:
    return state["grid"][cell[1] * state["size"] + cell[0]]


def cells(state: dict):
    """Every (x, y) of the grid, row by row (one tuple per grid size, made once: the bots ask often)."""
    size = state["size"]
    if size not in _CELLS:
        _CELLS[size] = tuple((x, y) for y in range(size) for x in range(size))
    return _CELLS[size]


_CELLS: dict = {}


def name(cell) -> str:
    """'B3': column letter, row number from the top."""
    return f"{COLUMNS[cell[0]]}{cell[1] + 1}"


def rotate_mask(mask: int, turns: int) -> int:
    turns %= 4
    return ((mask << turns) | (mask >> (4 - turns))) & 15


def exits(c: dict) -> int:
    """The cell's open sides as exit bits (0 while face down)."""
    if c["t"] is None:
        return 0
    return rotate_mask(TILES[c["t"]]["exits"], c["rot"])


def facings(tile_id: int) -> list[int]:
    """The rotations that give different corridors (a cross has one, a straight two)."""
    seen, out = set(), []
    for turns in range(4):
        mask = rotate_mask(TILES[tile_id]["exits"], turns)
        if mask not in seen:
            seen.add(mask)
            out.append(turns)
    return out


def neighbours(state: dict, cell):
    """(side bit, opposite bit, neighbour cell) for each side with a cell beyond it."""
    size = state["size"]
    for bit, _, dx, dy in SIDES:
        x, y = cell[0] + dx, cell[1] + dy
        if 0 <= x < size and 0 <= y < size:
            yield bit, opposite(bit), (x, y)


def opposite(bit: int) -> int:
    return rotate_mask(bit, 2)


def spaces(c: dict) -> list:
    return TILES[c["t"]]["spaces"] if c["t"] is not None else []


def conquered(c: dict) -> bool:
    """Every dice icon covered (Hoards do not count)."""
    tile = c["t"]
    if tile is None:
        return False
    units = c["units"]
    for s in _ICONS.get(tile) or icon_spaces(tile):  # a loop, not all(): the bots ask this half a million times a game
        if units[s] is None:
            return False
    return True


def icon_spaces(tile_id: int) -> tuple:
    """Indexes of the tile's dice icons among its spaces (made once per tile: conquest is asked often)."""
    if tile_id not in _ICONS:
        _ICONS[tile_id] = tuple(s for s, space in enumerate(TILES[tile_id]["spaces"]) if space["kind"] == "icon")
    return _ICONS[tile_id]


_ICONS: dict = {}


def counts(c: dict) -> dict:
    """Units on the cell by player."""
    out: dict = {}
    for unit in c["units"]:
        if unit is not None:
            out[unit[0]] = out.get(unit[0], 0) + 1
    return out


def controller(c: dict) -> int | None:
    """The player with strictly the most units on the tile (icons and Hoards), or None."""
    tally = counts(c)
    if len(tally) < 2:
        return next(iter(tally), None)
    best = max(tally.values())
    leaders = [p for p, n in tally.items() if n == best]
    return leaders[0] if len(leaders) == 1 else None


def marker_cells(state: dict) -> set:
    return {tuple(p["at"]) for p in state["players"]}


def connected(state: dict, a, b) -> bool:
    """Both tiles face up and each has a corridor toward the other."""
    ca, cb = cell_at(state, a), cell_at(state, b)
    for bit, back, other in neighbours(state, a):
        if other == tuple(b):
            return bool(exits(ca) & bit) and bool(exits(cb) & back)
    return False


def units_in_play(state: dict, player: int) -> int:
    return sum(1 for c in state["grid"] for u in c["units"] if u is not None and u[0] == player)


def unit_spots(state: dict):
    """(cell, space index, unit) for every unit on the board."""
    for cell in cells(state):
        for s, unit in enumerate(cell_at(state, cell)["units"]):
            if unit is not None:
                yield cell, s, unit


def is_dragon(c: dict) -> bool:
    """The Dragon, or in Escape an exit corner: the tiles only the Explore rule may turn up."""
    return c["dragon"] or c["t"] == DRAGON_ID or c.get("exit", False)
