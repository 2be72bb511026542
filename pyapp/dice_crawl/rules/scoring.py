"""The end of the game: the score of every player by rule, and the winner with both tie-breaks."""

from __future__ import annotations

from ...engine import say
from ..core import board
from ..core.board import conquered, controller
from ..core.state import has_power, unlocked
from ..data import POINTS
from ..variants import rules as variants, series
from ..vaults.tiles import dwarven_points, is_trap


def breakdown(state: dict) -> list[dict]:
    """Per player: printed value of the conquered tiles they control, 1 per unit on others' conquered
    tiles (not Hoard units), 2 per Hoard space held (3 with Hoarder), 3 for exploring the Dragon."""
    rows = [{"tiles": 0, "allies": 0, "hoards": 0, "dragon": 0} for _ in state["players"]]
    hoard_points: dict = {}  # per player, asked once: the bots score every board they weigh
    for c in state["grid"]:
        if c["t"] is None:
            continue
        done, owner = conquered(c), controller(c)
        allies = done and not is_trap(c) and variants.allies_score(state, owner)  # a trap's icons score nothing
        dwarven = False
        for space, unit in zip(board.spaces(c), c["units"]):
            if unit is None:
                continue
            if "dwarf" in space:
                dwarven = True  # a Dwarven Hoard scores by its two halves together (vaults.tiles.dwarven_points)
            elif space["kind"] == "hoard":
                if unit[0] not in hoard_points:
                    hoarder = has_power(state["players"][unit[0]], "hoarder")
                    hoard_points[unit[0]] = POINTS["hoarder"] if hoarder else POINTS["hoard"]
                rows[unit[0]]["hoards"] += hoard_points[unit[0]]
            elif allies and unit[0] != owner:
                rows[unit[0]]["allies"] += POINTS["ally"]
        if done and owner is not None:
            rows[owner]["tiles"] += variants.tile_points(state, c, owner)
        if dwarven:
            dwarven_points(state, c, rows)
    for n, p in enumerate(state["players"]):
        if p["dragon"]:
            rows[n]["dragon"] = POINTS["dragon"]
        rows[n]["total"] = sum(rows[n].values())
        rows[n]["powers"] = len(unlocked(p))
    return rows


def ranking_key(state: dict, rows: list, n: int) -> tuple:
    """Most points; then most unlocked Powers; then whoever explored the Dragon."""
    return rows[n]["total"], rows[n]["powers"], int(state["players"][n]["dragon"])


def winners(state: dict, rows: list) -> list[int]:
    keys = [ranking_key(state, rows, n) for n in range(len(rows))]
    best = max(keys)
    return [n for n, key in enumerate(keys) if key == best]


def finish(state: dict, why: str) -> None:
    """End the game now: score it, name the winner (or the draw)."""
    state["over"], state["pending"], state["pool"] = True, [], []
    rows = breakdown(state)
    won = winners(state, rows)
    state["final"] = rows
    say(state, f"The game ends: {why}.")
    for n, row in enumerate(rows):
        say(state, f"{state['players'][n]['name']}: {row['total']} points (tiles {row['tiles']}, allies "
                   f"{row['allies']}, Hoards {row['hoards']}, Dragon {row['dragon']}; {row['powers']} Powers).")
    if len(won) == 1:
        state["result"] = "won"
        winner = state["players"][won[0]]["name"]
        if series.win_line(state, winner):
            say(state, series.win_line(state, winner))
    else:
        state["result"] = "draw"
        winner = "draw"
        say(state, "A draw: " + " and ".join(state["players"][n]["name"] for n in won) + " tie on every count.")
    state["score"] = {"points": max(row["total"] for row in rows), "winner": winner,
                      "players": len(rows), "rounds": state["round"]}
    series.after_game(state, rows)
