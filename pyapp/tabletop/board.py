"""The dungeon as squares: tiles, junctions and doors, paths, line of fire,
and where a new tile may go.

Squares are (x, y) tuples (y grows downwards, so "reading order" is
(y, x)); the state stores them as [x, y] lists. Two squares are linked
only inside one tile, or across a junction (a hallway end against a room
side: the edge that carries the Door). Tiles that merely touch have a
wall between them.

Three ways to walk the same links:
- "hero": every junction (a hero opens a closed door as she passes);
- "open": only junctions whose door is gone. Monsters walk this way, and
  "next to" and line of fire use it too (a closed or damaged door is a wall
  for them).
"""

from __future__ import annotations

from collections import deque

from .data import HALL_LENGTH, ROOM_SIZE

SIDES = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
_CACHE: dict = {}


def key(sq) -> tuple:
    """Reading order: top row first, then left to right."""
    return (sq[1], sq[0])


def sq_of(value) -> tuple:
    return (value[0], value[1])


def square_name(sq) -> str:
    """The one name of a square in buttons, log and map: "column,row", as
    numbered in the map's margin and in action codes ("m 3 4" goes to 3,4).
    Counted from the first room's top-left square (0,0), so a name never
    changes as the dungeon grows (left of it and above it count below 0)."""
    return f"{sq[0]},{sq[1]}"


def tile_squares(tile: dict):
    for y in range(tile["y"], tile["y"] + tile["h"]):
        for x in range(tile["x"], tile["x"] + tile["w"]):
            yield (x, y)


class Geometry:
    """Which tile owns each square and which squares are linked (built once
    per tile layout: the layout only changes when the dungeon grows)."""

    def __init__(self, tiles: list, doors: list):
        self.owner = {}
        for index, tile in enumerate(tiles):
            for sq in tile_squares(tile):
                self.owner[sq] = index
        self.links: dict[tuple, list] = {sq: [] for sq in self.owner}
        for sq, index in self.owner.items():
            for dx, dy in SIDES.values():
                nb = (sq[0] + dx, sq[1] + dy)
                if self.owner.get(nb) == index:
                    self.links[sq].append((nb, -1))
        for d, door in enumerate(doors):
            a, b = sq_of(door["a"]), sq_of(door["b"])
            self.links[a].append((b, d))
            self.links[b].append((a, d))
        for sq in self.links:
            self.links[sq].sort(key=lambda link: key(link[0]))


def geometry(state: dict) -> Geometry:
    """The cached Geometry of this state's layout. Tiles and doors are only
    ever appended, so the lists' identity and lengths name the layout; the
    cache keeps the lists alive, so their ids cannot be reused meanwhile."""
    tiles, doors = state["tiles"], state["doors"]
    hit = _CACHE.get(id(tiles))
    if hit and hit[0] is tiles and hit[1] is doors and hit[2] == len(tiles) and hit[3] == len(doors):
        return hit[4]
    if len(_CACHE) > 64:
        _CACHE.clear()
    geo = Geometry(tiles, doors)
    _CACHE[id(tiles)] = (tiles, doors, len(tiles), len(doors), geo)
    return geo


def passable(state: dict, door: int, mode: str) -> bool:
    return door < 0 or mode == "hero" or state["doors"][door]["state"] == "open"


def neighbours(state: dict, sq: tuple, mode: str = "open") -> list:
    return [nb for nb, door in geometry(state).links.get(sq, ()) if passable(state, door, mode)]


def next_to(state: dict, a, b) -> bool:
    """Orthogonally adjacent and linked (no wall, no closed or damaged door between)."""
    return sq_of(b) in neighbours(state, sq_of(a), "open")


def tile_at(state: dict, sq) -> int | None:
    return geometry(state).owner.get(sq_of(sq))


def distances(state: dict, starts, mode: str = "open", limit: int | None = None) -> dict:
    """Shortest orthogonal path length from the nearest of `starts` to every square reached."""
    dist: dict[tuple, int] = {}
    queue: deque[tuple] = deque()
    for start in starts:
        start = sq_of(start)
        if start not in dist:
            dist[start] = 0
            queue.append(start)
    links = geometry(state).links
    doors = state["doors"]
    while queue:
        sq = queue.popleft()
        here = dist[sq]
        if limit is not None and here >= limit:
            continue
        for nb, door in links[sq]:
            if nb in dist:
                continue
            if door >= 0 and mode != "hero" and doors[door]["state"] != "open":
                continue
            dist[nb] = here + 1
            queue.append(nb)
    return dist


def step_path(state: dict, start, goal_dist: dict, mode: str = "open") -> list:
    """The shortest path from `start` down `goal_dist` (distances from the goal):
    at each step the linked square one nearer, lowest in reading order."""
    sq = sq_of(start)
    path = [sq]
    while goal_dist.get(sq, 0) > 0:
        here = goal_dist[sq]
        sq = min((nb for nb in neighbours(state, sq, mode) if goal_dist.get(nb) == here - 1), key=key)
        path.append(sq)
    return path


def hero_routes(state: dict, start, limit: int) -> dict:
    """Squares a hero can reach within `limit` steps: square -> (steps, doors
    opened, path). Among routes of equal length the one opening fewest closed
    doors wins (then reading order), so a hero never opens a door by accident."""
    start = sq_of(start)
    best = {start: (0, 0, [start])}
    frontier = [start]
    links = geometry(state).links
    doors = state["doors"]
    for steps in range(1, limit + 1):
        fresh: dict[tuple, tuple] = {}
        for sq in frontier:
            _, opened, path = best[sq]
            for nb, door in links[sq]:
                if nb in best:
                    continue
                cost = opened + (1 if door >= 0 and doors[door]["state"] != "open" else 0)
                old = fresh.get(nb)
                if old is None or cost < old[1]:
                    fresh[nb] = (steps, cost, path + [nb])
        if not fresh:
            break
        best.update(fresh)
        frontier = sorted(fresh, key=key)
    return best


def crossed(state: dict, path: list) -> list:
    """Indexes of closed or damaged doors a path goes through."""
    out = []
    for a, b in zip(path, path[1:]):
        for nb, door in geometry(state).links[a]:
            if nb == b and door >= 0 and state["doors"][door]["state"] != "open":
                out.append(door)
    return out


def line_of_fire(state: dict, a, b) -> bool:
    """A straight line from centre to centre that crosses only linked square
    edges (dungeon squares, no wall, no closed door). Through an exact corner
    it needs one open way round on either side (both edges linked)."""
    a, b = sq_of(a), sq_of(b)
    geo = geometry(state)
    if a not in geo.owner or b not in geo.owner:
        return False
    dx, dy = b[0] - a[0], b[1] - a[1]
    nx, ny = abs(dx), abs(dy)
    sx, sy = (1 if dx > 0 else -1), (1 if dy > 0 else -1)
    x, y = a
    i = j = 0
    while i < nx or j < ny:
        # compare the next vertical crossing (i + 1/2)/nx with the next horizontal (j + 1/2)/ny
        lhs, rhs = (2 * i + 1) * ny, (2 * j + 1) * nx
        if i < nx and (j >= ny or lhs < rhs):
            nxt = (x + sx, y)
            if not linked(state, (x, y), nxt):
                return False
            x, i = x + sx, i + 1
        elif j < ny and (i >= nx or lhs > rhs):
            nxt = (x, y + sy)
            if not linked(state, (x, y), nxt):
                return False
            y, j = y + sy, j + 1
        else:  # exactly through a corner
            side1, side2, corner = (x + sx, y), (x, y + sy), (x + sx, y + sy)
            way1 = linked(state, (x, y), side1) and linked(state, side1, corner)
            way2 = linked(state, (x, y), side2) and linked(state, side2, corner)
            if not (way1 or way2):
                return False
            x, y, i, j = x + sx, y + sy, i + 1, j + 1
    return True


def linked(state: dict, a: tuple, b: tuple) -> bool:
    return b in neighbours(state, a, "open")


# ---------------------------------------------------------------- new tiles
def tile_fits(owner: dict, x: int, y: int, w: int, h: int) -> bool:
    return all((i, j) not in owner for j in range(y, y + h) for i in range(x, x + w))


def hall_spots(state: dict, room: int, owner: dict | None = None) -> list:
    """Hallways perpendicular to a side of `room`, one end against one of the
    side's 3 squares, not overlapping any tile."""
    owner = geometry(state).owner if owner is None else owner
    t = state["tiles"][room]
    out = []
    for side in "NESW":
        for i in range(3):
            if side == "N":
                b = (t["x"] + i, t["y"])
                a = (b[0], b[1] - 1)
                spot = (a[0], a[1] - HALL_LENGTH + 1, 1, HALL_LENGTH)
            elif side == "S":
                b = (t["x"] + i, t["y"] + t["h"] - 1)
                a = (b[0], b[1] + 1)
                spot = (a[0], a[1], 1, HALL_LENGTH)
            elif side == "W":
                b = (t["x"], t["y"] + i)
                a = (b[0] - 1, b[1])
                spot = (a[0] - HALL_LENGTH + 1, a[1], HALL_LENGTH, 1)
            else:
                b = (t["x"] + t["w"] - 1, t["y"] + i)
                a = (b[0] + 1, b[1])
                spot = (a[0], a[1], HALL_LENGTH, 1)
            if tile_fits(owner, *spot):
                out.append({"kind": "hall", "x": spot[0], "y": spot[1], "w": spot[2], "h": spot[3],
                            "a": list(a), "b": list(b), "to": room, "side": side})
    return out


def free_end(state: dict, hall: int) -> tuple[tuple, tuple]:
    """(free end square, outward step) of a hallway: the end with no door."""
    t = state["tiles"][hall]
    used = {sq_of(d["a"]) for d in state["doors"]} | {sq_of(d["b"]) for d in state["doors"]}
    if t["w"] == 1:
        ends = [((t["x"], t["y"]), (0, -1)), ((t["x"], t["y"] + t["h"] - 1), (0, 1))]
    else:
        ends = [((t["x"], t["y"]), (-1, 0)), ((t["x"] + t["w"] - 1, t["y"]), (1, 0))]
    for end, out in ends:
        if end not in used:
            return end, out
    return ends[1]


def room_spots_at(owner: dict, end: tuple, out: tuple, hall: int) -> list:
    """Rooms against a hallway end: the end square touches one of the room's
    three side squares (3 offsets)."""
    w, h = ROOM_SIZE
    b = (end[0] + out[0], end[1] + out[1])
    spots = []
    for offset in (1, 0, 2):  # middle first
        if out[0] == 0:
            x, y = b[0] - offset, (b[1] if out[1] > 0 else b[1] - h + 1)
        else:
            x, y = (b[0] if out[0] > 0 else b[0] - w + 1), b[1] - offset
        if tile_fits(owner, x, y, w, h):
            spots.append({"kind": "room", "x": x, "y": y, "w": w, "h": h, "a": list(end), "b": list(b), "to": hall})
    return spots


def room_spots(state: dict, hall: int) -> list:
    end, out = free_end(state, hall)
    return room_spots_at(geometry(state).owner, end, out, hall)


def hall_leaves_room(state: dict, spot: dict) -> bool:
    """A hallway is only offered where a room can still be placed at its free
    end, so the next growth (a room at the last hallway) always fits."""
    owner = dict(geometry(state).owner)
    for sq in tile_squares(spot):
        owner[sq] = -1
    a = sq_of(spot["a"])
    if spot["w"] == 1:
        top, bottom = (spot["x"], spot["y"]), (spot["x"], spot["y"] + spot["h"] - 1)
        end, out = (bottom, (0, 1)) if a == top else (top, (0, -1))
    else:
        left, right = (spot["x"], spot["y"]), (spot["x"] + spot["w"] - 1, spot["y"])
        end, out = (right, (1, 0)) if a == left else (left, (-1, 0))
    return bool(room_spots_at(owner, end, out, -1))


def compact_choice(state: dict, spots: list) -> int:
    """The automatic placement: the spot that keeps the dungeon's bounding box
    smallest (the map stays readable); ties go to the first in the list."""
    xs0 = [t["x"] for t in state["tiles"]]
    ys0 = [t["y"] for t in state["tiles"]]
    xs1 = [t["x"] + t["w"] for t in state["tiles"]]
    ys1 = [t["y"] + t["h"] for t in state["tiles"]]

    def area(spot):
        w = max(max(xs1), spot["x"] + spot["w"]) - min(min(xs0), spot["x"])
        h = max(max(ys1), spot["y"] + spot["h"]) - min(min(ys0), spot["y"])
        return (w * h, max(w, h))

    return min(range(len(spots)), key=lambda i: (area(spots[i]), i))


def furthest_from(tile: dict, door_square) -> list:
    """A room's squares, furthest from its door first (ties: reading order)."""
    d = sq_of(door_square)
    return sorted(tile_squares(tile), key=lambda sq: (-(abs(sq[0] - d[0]) + abs(sq[1] - d[1])), key(sq)))


def bounds(state: dict) -> tuple[int, int, int, int]:
    tiles = state["tiles"] + [c for c in (state.get("place") or {}).get("spots", [])]
    x0 = min(t["x"] for t in tiles)
    y0 = min(t["y"] for t in tiles)
    x1 = max(t["x"] + t["w"] for t in tiles)
    y1 = max(t["y"] + t["h"] for t in tiles)
    return x0, y0, x1, y1
