"""Node-map layout of one level, readable at 100+ rooms by construction.

A tidy tree on a grid: column = depth along the first-discovery tree,
row = leaf order in a preorder walk, a parent on the row of its first child,
so every subtree is a contiguous band of rows. Unexplored passages and
stairs are leaf "slots" of their room, so they get a grid point too.

Why nothing can overlap or cross a node:
* every room and slot has its own grid point (same column -> disjoint bands);
* a tree edge runs parent -> trunk (in the gap right of the parent's column)
  -> down the trunk -> the child's row -> child: its horizontal parts lie
  between two adjacent columns, its vertical part in a gap column;
* a loop-back leaves its room diagonally into the gap square to its lower
  right, runs down a gap column and along a gap row (lanes that hold no node)
  and enters the other room the same way. The lanes are offset per loop so
  parallel loops stay apart, and the loops at one room take different lanes
  (different exit points on its circle). tests/test_dungeon_gen_render.py
  checks it.
* a loop-back between rooms far apart on the grid would be a long run across
  the whole tree, and one between near rooms may still cut a tree edge (a
  lane meets the trunk of a room in between), so either is drawn as two
  connector stubs instead: at each end a
  short line from the room's circle into the gap square to its upper right,
  ending in a tag that names the other room. That square never holds a tree
  edge: a trunk in it would belong to a room above in the same column, whose
  band of rows ends above this room's row. Up to STUBS stubs per room, one
  above the other; a loop whose end has no stub place left keeps its line
  (bench/loop_figures.py counts what is left: none on its 20 big lairs).
"""

from __future__ import annotations

import math

COL_W = 90
ROW_H = 60
PAD = 40
TOP = 30  # room for a heading line above the map
ROOM_R = 15
SLOT_R = 7
TRUNK = 0.4  # where the tree trunk runs in the gap, as a share of COL_W


def children(room: dict) -> list[tuple]:
    """A room's slots in passage order: ("room", n) for a room first found
    through the passage, ("slot", passage) for unexplored passages and stairs.
    Loop-backs are not tree edges."""
    out = []
    for way in room["passages"]:
        if way["kind"] == "room":
            out.append(("room", way["to"], way))
        elif way["kind"] in ("unexplored", "stairs"):
            out.append(("slot", way, way))
    return out


def roots(level: dict) -> list[int]:
    """Where the tree walks start: Room 1, then every known room whose first
    passage is not known yet (reached by a loop-back or from the other side)."""
    return [r["n"] for r in level["rooms"] if r["n"] == 1 or r["from"] is None]


def level_layout(level: dict, top: float = 0) -> dict:
    """Pixel positions and polylines for one level's map (y starts at `top`).
    Each tree of known rooms takes its own band of rows, one under another."""
    rooms = {room["n"]: room for room in level["rooms"]}
    at: dict[int, tuple[float, float]] = {}  # room number -> (x, y)
    slots = []  # {"room", "passage", "x", "y"}
    tree: list[dict] = []  # {"points", "passage", "from", "slot" or "to"}
    cols = 0
    next_row = 0
    stack: list[tuple] = [("room", n, None, 0, None) for n in reversed(roots(level))]
    while stack:
        kind, what, way, depth, parent = stack.pop()
        x, y = PAD + depth * COL_W, top + TOP + PAD + next_row * ROW_H
        cols = max(cols, depth)
        if kind == "room":
            at[what] = (x, y)
            kids = children(rooms[what])
            if not kids:
                next_row += 1
            stack.extend((k, w, p, depth + 1, what) for k, w, p in reversed(kids))
        else:
            slots.append({"room": parent, "passage": what, "x": x, "y": y})
            next_row += 1
        if parent is not None:
            tree.append({"points": elbow(at[parent], (x, y)), "passage": way, "from": parent,
                         "to": what if kind == "room" else None})
    rows = max(next_row, 1)
    loops, stubs = loop_edges(level, at, [seg for edge in tree for seg in zip(edge["points"], edge["points"][1:])])
    return {"rooms": at, "slots": slots, "tree": tree, "loops": loops, "stubs": stubs,
            "width": 2 * PAD + cols * COL_W + COL_W // 2, "height": TOP + 2 * PAD + (rows - 1) * ROW_H}


def elbow(start: tuple, end: tuple) -> list[tuple]:
    """Parent -> trunk in the gap -> child's row -> child."""
    (x1, y1), y2 = start, end[1]
    if y1 == y2:
        return [start, end]
    trunk = x1 + COL_W * TRUNK
    return [start, (trunk, y1), (trunk, y2), end]


LANES = 6  # loop lanes per gap square


def lane(step: int) -> tuple[float, float]:
    """The offset of a loop's corner point from a room: inside the gap square
    to the lower right, at least ROOM_R away from every grid point."""
    return COL_W * (0.47 + 0.06 * step), ROW_H * (0.3 + 0.08 * step)


def exit_point(x: float, y: float, step: int) -> tuple[float, float]:
    """Where lane `step` leaves a room's circle: fanned from just above "east"
    to just past "south", so two loops at one room never share a stretch."""
    angle = math.radians(-10 + 110 * step / (LANES - 1))
    return x + ROOM_R * math.cos(angle), y + ROOM_R * math.sin(angle)


def free_lane(taken: set, first: int) -> int:
    """The first lane from `first` on (cycling) that neither end uses yet."""
    for k in range(LANES):
        step = (first + k) % LANES
        if step not in taken:
            return step
    return first % LANES


def close(a: tuple, b: tuple) -> bool:
    """Rooms near enough on the grid for a loop line: at most one column and two rows apart."""
    return abs(a[0] - b[0]) <= COL_W and abs(a[1] - b[1]) <= 2 * ROW_H


STUBS = 5  # stub places per room, in the gap square to its upper right


def stub_points(x: float, y: float, place: int) -> list[tuple[float, float]]:
    """A stub from the room's circle (exits fanned from east-north-east towards
    north) to its tag point; tags stack upwards, 9 px apart (the tag font's
    digits are 7 px tall), left-aligned clear of the room's "?" mark and above
    the passage labels of its row, so stubs at one room never meet; the fifth
    tag still ends under the row above (where a tree edge may run)."""
    angle = math.radians(-25 - 20 * place)
    return [(x + ROOM_R * math.cos(angle), y + ROOM_R * math.sin(angle)), (x + 24, y - 19 - 9 * place)]


def loop_edges(level: dict, at: dict, tree: list[tuple]) -> tuple[list[dict], list[dict]]:
    """Each loop-back once (drawn from the end with the smaller (room, label)):
    a line when its rooms are close and the line crosses no segment of `tree`
    (the tree edges), else a stub at each end. Lanes rotate from line to line
    so parallel lines stay apart, and a room never has two lines on the same lane."""
    out: list[dict] = []
    stubs: list[dict] = []
    used: dict[int, set] = {}  # room -> lanes of the lines at it
    placed: dict[int, int] = {}  # room -> stubs at it
    for room in level["rooms"]:
        for way in room["passages"]:
            if way["kind"] != "loop" or (room["n"], way["label"]) > (way["to"], way["via"]):
                continue
            a, b = room["n"], way["to"]
            step = free_lane(used.get(a, set()) | used.get(b, set()), len(out))
            points = line_points(at[a], at[b], step)
            tidy = close(at[a], at[b]) and not crosses(points, tree)
            if not tidy and placed.get(a, 0) < STUBS and placed.get(b, 0) < STUBS:
                for here, there, labels in ((a, b, (way["label"], way["via"])), (b, a, (way["via"], way["label"]))):
                    place = placed.get(here, 0)
                    placed[here] = place + 1
                    stubs.append({"points": stub_points(at[here][0], at[here][1], place), "room": here, "to": there,
                                  "labels": labels, "place": place})
                continue
            used.setdefault(a, set()).add(step)
            used.setdefault(b, set()).add(step)
            out.append({"points": points, "from": a, "to": b, "labels": (way["label"], way["via"]),
                        "corners": (points[2], points[4]), "lane": step})
    return out, stubs


def line_points(a: tuple, b: tuple, step: int) -> list[tuple]:
    """A loop line on lane `step`: out of room a's circle into its lower-right gap
    square, down (or up) a gap column, along a gap row, into room b the same way."""
    (xa, ya), (xb, yb) = a, b
    dx, dy = lane(step)
    corner_a, corner_b = (xa + dx, ya + dy), (xb + dx, yb + dy)
    return [a, exit_point(xa, ya, step), corner_a, (corner_a[0], corner_b[1]), corner_b, exit_point(xb, yb, step), b]


def crossing_point(a, b, c, d) -> tuple | None:
    """Where segments ab and cd cross at a point inside both (None at an end,
    along a shared line, or apart); rounded, so edges that share a trunk meet
    a line at one point."""
    def side(p, q, r):
        value = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return (value > 1e-9) - (value < -1e-9)
    if side(a, b, c) * side(a, b, d) >= 0 or side(c, d, a) * side(c, d, b) >= 0:
        return None
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = a, b, c, d
    t = ((cx - ax) * (dy - cy) - (cy - ay) * (dx - cx)) / ((bx - ax) * (dy - cy) - (by - ay) * (dx - cx))
    return round(ax + t * (bx - ax), 1), round(ay + t * (by - ay), 1)


def crosses(points: list, segments: list[tuple]) -> bool:
    return any(crossing_point(a, b, p, q) for a, b in zip(points, points[1:]) for p, q in segments)


def nodes(layout: dict) -> list[tuple]:
    """(x, y, radius, key) of everything drawn as a node, for the geometry tests."""
    out: list[tuple] = [(x, y, ROOM_R, ("room", n)) for n, (x, y) in layout["rooms"].items()]
    out += [(s["x"], s["y"], SLOT_R, ("slot", s["room"], s["passage"]["label"])) for s in layout["slots"]]
    return out
