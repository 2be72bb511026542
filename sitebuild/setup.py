"""Set up what a command needs (.venv, node_modules, test browsers), then go on in .venv's Python.

Standard library only: this runs before the virtual environment exists. Each
step is skipped when its inputs (pyproject, package-lock) have not changed
since the last run.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

from sitebuild.log import say
from sitebuild.paths import NODE, ROOT, VENV, VENV_PYTHON

# Debian package -> the file it gives; installed by `test` when missing.
BROWSER_PACKAGES = {
    "chromium": "/usr/bin/chromium",
    "firefox-esr": "/usr/bin/firefox-esr",
    "webkit2gtk-driver": "/usr/bin/WebKitWebDriver",
    "xvfb": "/usr/bin/Xvfb",
    # the font the link previews' titles are drawn in (sitebuild/previews.py; without it, the system's)
    "fonts-dejavu-core": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
}


def run(command: list, **kwargs) -> None:
    say("$ " + " ".join(str(part) for part in command))
    subprocess.run([str(part) for part in command], check=True, **kwargs)


def digest(*paths: Path) -> str:
    hasher = hashlib.sha256()
    for path in paths:
        hasher.update(path.read_bytes())
    return hasher.hexdigest()[:16]


def ensure_venv(with_tests: bool) -> None:
    """Create .venv and install the project (and its test extra) when needed."""
    if not VENV_PYTHON.exists():
        run([sys.executable, "-m", "venv", VENV])
    marker = VENV / ".dice-dungeons-installed"
    wanted = digest(ROOT / "pyproject.toml") + ("+test" if with_tests else "")
    have = marker.read_text() if marker.exists() else ""
    if have == wanted or (not with_tests and have == wanted + "+test"):
        return
    target = ".[test]" if with_tests else "."
    run([VENV_PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", target], cwd=ROOT)
    marker.write_text(wanted)


def ensure_node_modules() -> None:
    """`npm ci` when node_modules is missing or older than package-lock.json."""
    marker = NODE / ".dice-dungeons-lock"
    wanted = digest(ROOT / "package-lock.json")
    if marker.exists() and marker.read_text() == wanted:
        return
    if not shutil.which("npm"):
        sys.exit("[build.py] npm is needed (Node 18+) to fetch Pyodide and PyScript; install Node.js first.")
    run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT)
    marker.write_text(wanted)


def ensure_browsers() -> None:
    """apt-get install the test browsers that are missing (root only)."""
    missing = [pkg for pkg, path in BROWSER_PACKAGES.items() if not Path(path).exists()]
    if not missing:
        return
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or not shutil.which("apt-get"):
        say(f"missing {', '.join(missing)}; not root or no apt-get, so their browser tests will skip")
        return
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(["apt-get", "update"], env=env)
    run(["apt-get", "install", "-y", *missing], env=env)


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def bootstrap(command: str, script: Path) -> None:
    """Set up what `command` needs, then run `script` again (same arguments) in .venv's Python."""
    ensure_venv(with_tests=command in ("test", "bench"))
    ensure_node_modules()
    if command in ("test", "bench"):
        ensure_browsers()
    if not in_venv():
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), str(Path(script).resolve()), *sys.argv[1:]])
