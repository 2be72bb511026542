"""ruff (configured in pyproject.toml: line length 120, rules E4/E7/E9/F/E501) is clean over the repository."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_check_is_clean():
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", str(ROOT)],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, f"ruff check found problems:\n{done.stdout}{done.stderr}"
