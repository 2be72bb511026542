"""Golden playthroughs: for a fixed seed, the legal actions, the action the
auto-play policy takes, and the log at every step, compared with the files
in tests/golden/. A rules change shows up here as a readable diff.

Regenerate after an intended change:  python3 tests/test_golden_playthroughs.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyapp.engine import Game  # noqa: E402
from pyapp.registry import RULESETS  # noqa: E402

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "three-dice-dungeon": {"players": 2, "name1": "Ann", "name2": "Bo"},
    "three-dice-dungeon-tiles": {"difficulty": "easy", "first_theme": "undead"},
}
STEPS = 120


def transcript(slug: str) -> str:
    game = Game(RULESETS[slug], "golden", CASES[slug])
    lines = [f"# {slug} seed=golden settings={CASES[slug]}"]
    seen = 0
    for step in range(STEPS):
        if game.over:
            break
        legal = " | ".join(a.code for a in game.legal())
        code = game.ruleset.auto_action(game.state)
        game.play(code)
        lines.append(f"{step:03d} legal: {legal}")
        lines.append(f"{step:03d} play:  {code}")
        log = game.state["log"]
        lines.extend(f"      {line}" for line in log[seen:])
        seen = len(log)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("slug", sorted(CASES))
def test_playthrough_matches_golden(slug):
    expected = (GOLDEN / f"{slug}.txt").read_text()
    assert transcript(slug) == expected


if __name__ == "__main__":
    for slug in CASES:
        (GOLDEN / f"{slug}.txt").write_text(transcript(slug))
        print("wrote", GOLDEN / f"{slug}.txt")
