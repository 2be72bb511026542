"""The failed and crashed lists build.py reads after a test run (tests/failed_lists.py): every failure listed
once, in one process and across pytest-xdist's workers, and only the failures the list counts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent

CONFTEST = f"""
import sys
sys.path.insert(0, {str(TESTS)!r})
from failed_lists import FailedList

def pytest_configure(config):
    FailedList.register(config, "mine/failed")
    FailedList.register(config, "mine/crashed", lambda report: "crash" in report.nodeid)
"""

TESTS_FILE = """
import pytest

def test_passes():
    pass

def test_fails():
    assert False

def test_fails_by_a_crash():
    assert False

@pytest.fixture
def broken():
    raise RuntimeError("set-up failed")

def test_set_up_fails(broken):
    pass

@pytest.mark.parametrize("n", range(6))
def test_many(n):
    assert n % 2
"""

FAILED = ["test_fails", "test_fails_by_a_crash", "test_set_up_fails", "test_many[0]", "test_many[2]", "test_many[4]"]


def run(folder: Path, *options: str) -> dict:
    for name, text in (("conftest.py", CONFTEST), ("test_some.py", TESTS_FILE)):
        (folder / name).write_text(text, encoding="utf-8")
    # only the plugins these tests need: the installed ones (Playwright's, Hypothesis's...) take seconds to load
    alone = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "xdist.plugin", *options, "test_some.py"],
                          cwd=folder, capture_output=True, text=True, env=alone)
    assert done.returncode == 1, done.stdout + done.stderr  # some tests failed, and nothing else went wrong
    kept = folder / ".pytest_cache" / "v" / "mine"
    return {name: json.loads((kept / name).read_text()) for name in ("failed", "crashed")}


@pytest.mark.parametrize("options", [(), ("-n", "2")], ids=["one process", "two workers"])
def test_every_failure_is_listed_once_and_the_crashed_list_only_counts_crashes(tmp_path, options):
    kept = run(tmp_path, *options)
    assert sorted(kept["failed"]) == sorted(f"test_some.py::{name}" for name in FAILED)
    assert kept["crashed"] == ["test_some.py::test_fails_by_a_crash"]
