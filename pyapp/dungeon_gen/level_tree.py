"""The level tree: which level the stairs of which room lead to, as a small
SVG drawn beside the node map (levels numbered by depth: a column per depth)."""

from __future__ import annotations

from .. import svg

COL_W, ROW_H, BOX_W, BOX_H, PAD = 110, 34, 70, 22, 8


def depths(levels: list[dict]) -> dict[int, int]:
    """Level number -> depth (Level 1 is 1); parents come first (numbered by depth)."""
    out: dict[int, int] = {}
    for level in levels:
        out[level["level"]] = 1 if not level["from"] else out[level["from"][0]] + 1
    return out


def tree_svg(levels: list[dict], here: int | None) -> str:
    """`levels`: the known ones (view.visible_levels); `here`: the explorer's level (None: none marked)."""
    depth = depths(levels)
    rows: dict[int, int] = {}
    at = {}
    for level in levels:
        column = depth[level["level"]]
        at[level["level"]] = (PAD + (column - 1) * COL_W, PAD + rows.get(column, 0) * ROW_H)
        rows[column] = rows.get(column, 0) + 1
    width = PAD * 2 + (max(depth.values()) - 1) * COL_W + BOX_W
    height = PAD * 2 + (max(rows.values()) - 1) * ROW_H + BOX_H
    parts = []
    for level in levels:
        if level["from"]:
            (x1, y1), (x2, y2) = at[level["from"][0]], at[level["level"]]
            parts.append(svg.el("path", class_="dg-tree-edge",
                                d=f"M{x1 + BOX_W} {y1 + BOX_H / 2} H{x1 + BOX_W + 12} V{y2 + BOX_H / 2} H{x2}"))
            parts.append(svg.text(f"R{level['from'][1]}", class_="dg-tree-label", x=x1 + BOX_W + 14,
                                  y=y2 + BOX_H / 2 - 3))
    for level in levels:
        x, y = at[level["level"]]
        current = " dg-tree-here" if level["level"] == here else ""
        where = f"from Level {level['from'][0]} Room {level['from'][1]}" if level["from"] else "the entrance level"
        parts.append(svg.el("g", svg.title(f"Level {level['level']}: {len(level['rooms'])} rooms known, {where}"),
                            svg.el("rect", x=x, y=y, width=BOX_W, height=BOX_H, rx=4),
                            svg.text(f"Level {level['level']}", x=x + BOX_W / 2, y=y + 15),
                            class_=f"dg-tree-node{current}", data_level=level["level"]))
    return svg.root(*parts, class_="dg-tree", width=width, height=height, viewBox=f"0 0 {width} {height}",
                    role="img", aria_label=tree_label(levels))


def tree_label(levels: list[dict]) -> str:
    links = [f"Level {lv['from'][0]} Room {lv['from'][1]} to Level {lv['level']}" for lv in levels if lv["from"]]
    return "Level tree: " + ("; ".join(links) if links else "one level")
