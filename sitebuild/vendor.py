"""The runtime the pages load (Pyodide and PyScript from node_modules), copied into vendor/."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

from sitebuild.build_cache import CACHE, kept
from sitebuild.paths import NODE

# The plain wasm and JavaScript stay beside their packed copies, for a page that cannot unpack them
# (static/packed.mjs); Pyodide's own python_stdlib.zip is not served: the pages boot over the build's
# (sitebuild/compile_stdlib.py, split_members).
PYODIDE_FILES = ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs")
LOCK = "pyodide-lock.json"  # written trimmed: no page loads a package, and the whole list is 119 KB
PYSCRIPT_SUFFIXES = (".js", ".css")  # its chunks load each other, so all of dist/ but the maps
# Exact edits to the pinned runtime, each with its reason. A runtime whose text no longer
# holds the old bytes exactly once stops the build: look at the edit again before upgrading.
PATCHES = {
    "pyodide.asm.mjs": [(
        b"var io=new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer);",
        b"var io=new Int32Array(new WebAssembly.Memory({shared:!!globalThis.crossOriginIsolated,initial:1,maximum:1})"
        b".buffer);",
        # Pyodide makes a shared memory at load only for Atomics.wait in syncSleep, which it
        # already wraps in try/catch; outside cross-origin isolation (every page here) that
        # wait throws anyway, and the shared memory is what Chrome reports as a deprecated use.
    )],
}
# Served packed with zstd beside the originals, for hosts that send files as they are (static/packed.mjs).
PACKED = ("pyodide.asm.wasm", "pyodide.asm.mjs")
PACKED_SUFFIX = ".zst"
PACK_LEVEL = 19  # about 4.5 CPU-seconds for the wasm: packed once per change (build_cache)
FZSTD = Path("fzstd", "esm", "index.mjs")  # under node_modules: the unpacker, served as vendor/fzstd.mjs
SOURCE_MAP_COMMENT = re.compile(rb"\n?(?://# sourceMappingURL=[^\n]*|/\*# sourceMappingURL=[^*]*\*/)\s*$")


def copy_vendor(out: Path) -> None:
    pyodide = NODE / "pyodide"
    pyscript = NODE / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not pyscript.is_dir():
        sys.exit("[build.py] node_modules lacks pyodide or @pyscript/core; run `npm ci` (build.py serve/test do it).")
    (out / "vendor" / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        copy_without_source_map(pyodide / name, out / "vendor" / "pyodide" / name)
    for name in PACKED:
        pack_file(out / "vendor" / "pyodide" / name)
    lock = json.loads((pyodide / LOCK).read_text())
    (out / "vendor" / "pyodide" / LOCK).write_text(json.dumps({"info": lock["info"], "packages": {}}))
    shutil.copy2(NODE / FZSTD, out / "vendor" / "fzstd.mjs")
    (out / "vendor" / "pyscript").mkdir(parents=True)
    for path in sorted(pyscript.iterdir()):
        if path.suffix in PYSCRIPT_SUFFIXES:
            copy_without_source_map(path, out / "vendor" / "pyscript" / path.name)


def copy_without_source_map(source: Path, target: Path) -> None:
    """Copy a runtime file; a script's closing source-map comment goes, since
    the .map files are not shipped (browsers report a map that does not load),
    and the PATCHES for it are applied."""
    if source.suffix not in (".js", ".mjs", ".css"):
        shutil.copy2(source, target)
        return
    text = SOURCE_MAP_COMMENT.sub(b"\n", source.read_bytes())
    for old, new in PATCHES.get(source.name, ()):
        if text.count(old) != 1:
            sys.exit(f"[build.py] {source}: the runtime changed; the edit of {old[:60]!r}... "
                     "no longer fits (sitebuild/vendor.py)")
        text = text.replace(old, new)
    target.write_bytes(text)
    shutil.copystat(source, target)


def pack_file(path: Path) -> Path:
    """Write `path`.zst beside `path`: the same bytes give the same file, and so the same build id."""
    import zstandard  # imported here: only a build packs, and only .venv has it

    packed = path.with_name(path.name + PACKED_SUFFIX)
    data = path.read_bytes()
    packer = zstandard.ZstdCompressor(level=PACK_LEVEL)
    packed.write_bytes(kept(CACHE / "packed", [data, f"zstd {zstandard.__version__} level {PACK_LEVEL}"],
                            lambda: packer.compress(data)))
    return packed

