"""The one-line picture of a run for Today's dungeon's result card (Ruleset.run_picture): one symbol per
location of the level the run ended on, in the order they were made, then the deepest level reached."""

from __future__ import annotations

KIND_MARKS = {
    "entrance": "⌂", "corridor": "─", "small": "▫", "large": "□", "room": "□", "vault": "◆", "temple": "✚",
    "hall": "▦", "pit": "▼",
}
MOST = 30  # symbols; a longer level ends with "…"


def run_picture(state: dict) -> str:
    cells = sorted(state.get("cells", {}).values(), key=lambda cell: cell.get("n", 0))
    marks = "".join(KIND_MARKS.get(cell.get("kind"), "·") for cell in cells)
    if len(marks) > MOST:
        marks = marks[:MOST - 1] + "…"
    return f"{marks} ▼{state.get('deepest', 1)}"
