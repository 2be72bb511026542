"""The runtime the pages load (Pyodide and PyScript from node_modules), copied into vendor/."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

from sitebuild.paths import NODE

PYODIDE_FILES = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs", "pyodide-lock.json", "pyodide.mjs")
PYSCRIPT_SUFFIXES = (".js", ".css")  # its chunks load each other, so all of dist/ but the maps
# PyScript's chunks that every boot loads (core and its plugins); the page preloads them.
PYSCRIPT_BOOT_CHUNKS = ("core-", "deprecations-manager-", "donkey-", "error-", "py-editor-", "py-game-", "py-terminal-")
SOURCE_MAP_COMMENT = re.compile(rb"\n?(?://# sourceMappingURL=[^\n]*|/\*# sourceMappingURL=[^*]*\*/)\s*$")


def copy_vendor(out: Path) -> None:
    pyodide = NODE / "pyodide"
    pyscript = NODE / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        sys.exit("[build.py] node_modules lacks pyodide or @pyscript/core; run `npm ci` (build.py serve/test do it).")
    (out / "vendor" / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        copy_without_source_map(pyodide / name, out / "vendor" / "pyodide" / name)
    (out / "vendor" / "pyscript").mkdir(parents=True)
    for path in sorted(pyscript.iterdir()):
        if path.suffix in PYSCRIPT_SUFFIXES:
            copy_without_source_map(path, out / "vendor" / "pyscript" / path.name)


def copy_without_source_map(source: Path, target: Path) -> None:
    """Copy a runtime file; a script's closing source-map comment goes, since
    the .map files are not shipped (browsers report a map that does not load)."""
    if source.suffix not in (".js", ".mjs", ".css"):
        shutil.copy2(source, target)
        return
    target.write_bytes(SOURCE_MAP_COMMENT.sub(b"\n", source.read_bytes()))
    shutil.copystat(source, target)


def pyscript_chunks(out: Path) -> list[str]:
    """The boot chunks among the PyScript files copied into `out`."""
    folder = out / "vendor" / "pyscript"
    return sorted(p.name for p in folder.glob("*.js") if p.name.startswith(PYSCRIPT_BOOT_CHUNKS))
