"""The high-score table of finished games, kept beside the saves."""

from __future__ import annotations

import json
from collections.abc import MutableMapping

MAX_SCORES = 10


def rank_value(score: dict) -> float:
    """The number a score ranks by: its "points", else its first number."""
    if isinstance(score.get("points"), (int, float)):
        return float(score["points"])
    for value in score.values():
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    return 0.0


class HighScores:
    """The best finished games of one ruleset, in the same storage as the saves."""

    def __init__(self, storage: MutableMapping[str, str], slug: str):
        self.storage = storage
        self.key = f"dice-dungeons:{slug}:scores"
        self.rows: list[dict] = []
        text = storage.get(self.key)
        if text is None:
            return
        try:
            rows = json.loads(text)
            if not isinstance(rows, list) or not all(
                    isinstance(r, dict) and isinstance(r.get("score"), dict) for r in rows):
                raise ValueError("not a score list")
            self.rows = rows
        except ValueError:
            storage[self.key + ".damaged"] = text  # kept aside, never lost

    def record(self, game_id: str, seed: str, score: dict, now: float) -> bool:
        """Keep a finished game's result (one row per game: its slot and seed).

        The same result again changes nothing. A different result for the same
        game replaces its row, better or worse, so the table never keeps a
        stale score. True if the game's (new) row made the table.
        """
        if any(row.get("game") == game_id and row.get("score") == score for row in self.rows):
            return False
        others = [row for row in self.rows if row.get("game") != game_id]
        row = {"game": game_id, "seed": seed, "score": score, "when": now}
        self.rows = sorted(others + [row], key=lambda r: -rank_value(r["score"]))[:MAX_SCORES]
        self.storage[self.key] = json.dumps(self.rows, separators=(",", ":"))
        return row in self.rows
