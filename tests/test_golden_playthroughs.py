"""Golden playthroughs: for a fixed seed and settings, the legal actions, the
action the auto-play policy takes and the new log lines at every step, then
the final state, compared with the files in tests/golden/. A rules change
shows up here as a readable diff; so does an action code that changed.

Every registered ruleset has at least one case with its default settings and
one with other settings. Rewriting the files is explicit (see golden_files.py):

    GOLDEN_WRITE=1 python3 tests/test_golden_playthroughs.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import golden_files  # noqa: E402
from pyapp.engine import Game  # noqa: E402
from pyapp.registry import RULESETS  # noqa: E402

# golden file name -> (ruleset slug, settings, most steps); the seed is "golden"
CASES = {
    "three-dice-dungeon": ("three-dice-dungeon", {"players": 2, "name1": "Ann", "name2": "Bo"}, 120),
    "three-dice-dungeon-tiles": ("three-dice-dungeon-tiles", {"difficulty": "easy", "first_theme": "undead"}, 120),
    "three-dice-dungeon-defaults": ("three-dice-dungeon", {}, 120),
    "three-dice-dungeon-tiles-defaults": ("three-dice-dungeon-tiles", {}, 120),
    "three-rd6-dungeon": ("three-rd6-dungeon", {}, 300),
    "three-rd6-dungeon-wizard": ("three-rd6-dungeon", {"class": "wizard", "name": "Mira", "mind_use": "reroll",
                                                       "locks": "roll", "bosses": "first"}, 300),
    # a new game's rules (version 2, issue 31); the cases above keep version 1, what links without v open
    "three-dice-dungeon-v2": ("three-dice-dungeon", {"v": 2, "players": 2, "name1": "Ann", "name2": "Bo"}, 120),
    "three-rd6-dungeon-v2": ("three-rd6-dungeon", {"v": 2}, 300),
    "tabletop-dungeon": ("tabletop-dungeon", {}, 400),
    "tabletop-dungeon-2-heroes-auto": (
        "tabletop-dungeon",
        {"heroes": 2, "class1": "wizard", "class2": "archer", "name1": "Ann", "placement": "auto",
         "search_again": True},
        400,
    ),
    "dungeon-generator": ("dungeon-generator", {}, 400),
    "dungeon-generator-large-lair": (
        "dungeon-generator", {"size": "large", "type": "lair", "int": 5, "dungeoneering": 2, "name": "Golden Lair"}, 60,
    ),
    "dungeon-generator-whole-crypt": ("dungeon-generator", {"mode": "whole", "size": "medium", "type": "crypt"}, 10),
    "dice-crawl": ("dice-crawl", {}, 400),
    "dice-crawl-4-seats": (
        "dice-crawl", {"players": 4, "seat1": "easy", "seat3": "easy", "name1": "Ann", "easier": True}, 600,
    ),
}


def all_cases() -> dict:
    """CASES, and for each ruleset that has none there yet (a new one), a case with its defaults and one
    with other settings: GOLDEN_WRITE=1 writes their files with no list to edit."""
    cases = dict(CASES)
    for slug in RULESETS:
        if not any(case[0] == slug for case in CASES.values()):
            cases[f"{slug}-defaults"] = (slug, {}, 400)
            if RULESETS[slug].settings:
                cases[f"{slug}-other"] = (slug, golden_files.other_settings(RULESETS[slug]), 400)
    return cases


ALL_CASES = all_cases()


def new_lines(before: list[str], after: list[str]) -> list[str]:
    """The log lines added by one step; a ruleset keeps only its latest lines, so the front may be trimmed."""
    for drop in range(len(before)):
        kept = before[drop:]
        if after[: len(kept)] == kept:
            return after[len(kept):]
    return list(after)


def final_state(state: dict) -> list[str]:
    """The final state as sorted JSON (its log is the transcript above) and a digest of all of it."""
    shown = {key: value for key, value in state.items() if key != "log"}
    return [
        f"final state digest: {golden_files.state_digest(state)}",
        "final state (without its log):",
        json.dumps(shown, indent=1, sort_keys=True, ensure_ascii=False),
    ]


def transcript(case: str) -> str:
    slug, settings, steps = ALL_CASES[case]
    game = Game(RULESETS[slug], "golden", settings)
    lines = [f"# {slug} seed=golden settings={settings}"]
    lines.extend(f"      {line}" for line in game.state["log"])
    for step in range(steps):
        if game.over:
            break
        legal = " | ".join(a.code for a in game.legal())
        code = game.ruleset.auto_action(game.state)
        before = list(game.state["log"])
        game.play(code)
        lines.append(f"{step:03d} legal: {legal}")
        lines.append(f"{step:03d} play:  {code}")
        lines.extend(f"      {line}" for line in new_lines(before, game.state["log"]))
    lines.append(f"after {len(game.actions)} steps: {'over' if game.over else 'not over'}")
    lines.extend(final_state(game.state))
    return "\n".join(lines) + "\n"


def test_every_ruleset_has_goldens_with_default_and_other_settings():
    for slug in RULESETS:
        settings = [case[1] for case in ALL_CASES.values() if case[0] == slug]
        assert {} in settings, f"{slug}: no golden with default settings"
        if RULESETS[slug].settings:  # a ruleset with no settings has no other ones
            assert any(settings), f"{slug}: no golden with other settings"


@pytest.mark.parametrize("case", sorted(ALL_CASES))
def test_playthrough_matches_golden(case):
    golden_files.check(golden_files.GOLDEN / f"{case}.txt", transcript(case))


if __name__ == "__main__":
    if not golden_files.writing():
        sys.exit(f"Nothing written. {golden_files.HOW_TO_WRITE}")
    for name in ALL_CASES:
        (golden_files.GOLDEN / f"{name}.txt").write_text(transcript(name), encoding="utf-8")
        print("wrote", golden_files.GOLDEN / f"{name}.txt")
