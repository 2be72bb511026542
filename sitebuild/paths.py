"""Where the project's files and folders are."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
DIST = ROOT / "dist"
STATIC = ROOT / "static"
NODE = ROOT / "node_modules"
PYAPP = ROOT / "pyapp"
SNAPSHOT_CACHE = ROOT / ".cache" / "snapshots"
PREVIEW_CACHE = ROOT / ".cache" / "previews"
