"""pyapp.files.zst: the pyapp package as the one file the pages load.

A bundle (sitebuild/compile_stdlib.py's bundle(): a JSON index, then the files
end to end), packed with zstd (sitebuild/vendor.py's pack_file, unpacked by
static/packed.mjs as the runtime is). The build packs pyapp's sources here;
where it makes the Pyodide snapshot, the snapshot maker compiles them with the
pinned Pyodide and the bytecode replaces them (sitebuild/snapshot.py): a
first visit then imports its modules with nothing to compile. A page, a first
visit's worker and the build's snapshot maker write the bundle's files out one
by one (static/snapshot_recipe.mjs): no Python runs to unpack it, and Python
imports pyapp from plain files, which here is about twice as fast as from a
zip (zipimport: 607-762 ms against 326-397 ms for pyapp's 134 modules in Node).
"""

from __future__ import annotations

from pathlib import Path

from sitebuild.compile_stdlib import bundle, read_bundle
from sitebuild.vendor import pack_file

APP_BUNDLE = "pyapp.files"  # what the pages ask for, as APP_BUNDLE + ".zst" (packed.mjs, fetchPacked)
APP_ARCHIVE = APP_BUNDLE + ".zst"
# What no page imports: the example ruleset (tests only), the figures tools and the benchmark's
# figures (run in CPython, or given to the benchmark's own page by bench/benchmark.py).
NOT_FOR_PAGES = ("pyapp/example/", "pyapp/dice_crawl/figures/", "pyapp/dungeon_gen/figures/", "pyapp/bench_figures.py")


def pyapp_sources(source: Path, everything: bool = False) -> dict[str, bytes]:
    """The .py files under `source` (the pyapp folder) that pages import (all of them if
    `everything`), by their path in the package ("pyapp/engine.py"), in a fixed order."""
    files = {"pyapp/" + p.relative_to(source).as_posix(): p.read_bytes() for p in sorted(source.rglob("*.py"))}
    if not everything:
        files = {name: data for name, data in files.items() if not name.startswith(NOT_FOR_PAGES)}
    return files


def write_app(files: dict[str, bytes], out: Path) -> Path:
    """`files` as `out`/pyapp.files.zst. Fixed order and no date keep the bytes, and so the build
    id, the same for the same files."""
    raw = out / APP_BUNDLE
    raw.write_bytes(bundle(files))
    packed = pack_file(raw)
    raw.unlink()
    return packed


def pack_pyapp(source: Path, out: Path, everything: bool = False) -> None:
    """pyapp's sources (pyapp_sources) as `out`/pyapp.files.zst."""
    write_app(pyapp_sources(source, everything), out)


def unpack_pyapp(path: Path) -> dict[str, bytes]:
    """The files of a packed pyapp, by their path ("pyapp/engine.py", or "pyapp/engine.pyc" once compiled)."""
    import zstandard  # imported here: only .venv has it

    return read_bundle(zstandard.ZstdDecompressor().decompress(path.read_bytes()))
