"""The static checks, configured in pyproject.toml, are clean over the repository:

- ruff ([tool.ruff]: line length 120; rules E4/E7/E9/F/E501 plus B, I, UP, SIM, RUF and ARG, less the
  ignores listed there with their reasons) over every Python file;
- mypy ([tool.mypy]: pyapp, sitebuild and build.py, function bodies checked even when unannotated).

By hand: `.venv/bin/ruff check .` and `.venv/bin/mypy` from the repository's root."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_check_is_clean():
    done = run("ruff", "check", "--no-cache", str(ROOT))
    assert done.returncode == 0, f"ruff check found problems:\n{done.stdout}{done.stderr}"


def test_mypy_is_clean():
    # the files come from [tool.mypy]; no cache is written into the tree
    done = run("mypy", "--cache-dir", "/dev/null")
    assert done.returncode == 0, f"mypy found problems:\n{done.stdout}{done.stderr}"
