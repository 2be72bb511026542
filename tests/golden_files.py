"""Golden files: compared by diff, written only when asked for.

A golden file is rewritten only with GOLDEN_WRITE=1 in the environment,
e.g. ``GOLDEN_WRITE=1 python3 build.py test -- tests/test_golden_playthroughs.py``
(or ``GOLDEN_WRITE=1 python3 tests/test_golden_playthroughs.py``). A test
run never writes one by itself: a golden that differs fails with the diff.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parent / "golden"
WRITE_ENV = "GOLDEN_WRITE"
HOW_TO_WRITE = (
    f"If the change is intended, rewrite the golden files with {WRITE_ENV}=1 "
    f"(e.g. {WRITE_ENV}=1 python3 build.py test -- tests/test_golden_playthroughs.py tests/test_golden_links.py) "
    "and review `git diff tests/golden` before committing. A rules change that alters a golden link "
    "must bump the ruleset's rules version instead (docs/links-and-versions.md)."
)


def writing() -> bool:
    """True when the run was asked to rewrite golden files."""
    return os.environ.get(WRITE_ENV, "") == "1"


def state_digest(state: dict) -> str:
    """A short digest of a game state's canonical JSON."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def check(path: Path, actual: str) -> None:
    """Fail with a readable diff unless `path` holds `actual`; write it only when asked."""
    if writing():
        path.write_text(actual, encoding="utf-8")
        pytest.skip(f"wrote {path.name} ({WRITE_ENV}=1): review git diff tests/golden")
    if not path.exists():
        pytest.fail(f"no golden file {path}. {HOW_TO_WRITE}", pytrace=False)
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(), str(path), "now", lineterm="", n=2)
        shown = "\n".join(list(diff)[:80])
        pytest.fail(f"{path.name} differs from what the code gives now:\n{shown}\n\n{HOW_TO_WRITE}", pytrace=False)


def other_settings(ruleset) -> dict:
    """Settings unlike the defaults, each valid: a new ruleset's golden case with other settings, which
    nobody has to write by hand (the rules version stays the default, what a link without v opens)."""
    from pyapp.engine import RULES_KEY

    other = {}
    for setting in ruleset.settings:
        if setting.key == RULES_KEY:
            continue
        if isinstance(setting.default, bool):
            other[setting.key] = not setting.default
        elif setting.choices:
            other[setting.key] = next((c for c in setting.choices if c != setting.default), setting.default)
        elif isinstance(setting.default, int):
            high = setting.maximum if setting.maximum is not None else setting.default + 1
            other[setting.key] = setting.default + 1 if setting.default < high else (setting.minimum or 0)
        else:
            other[setting.key] = "Golden"
    return other
