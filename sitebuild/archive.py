"""pyapp.files.gz: the pyapp package as the one file the pages load.

A bundle (sitebuild/compile_stdlib.py's bundle(): a JSON index, then the files
end to end), gzipped. A page, a first visit's worker and the build's snapshot
maker unpack it with the platform's own gzip and write its files out one by
one (static/snapshot_recipe.mjs): no Python runs to unpack it, and Python
imports pyapp from plain files, which here is about twice as fast as from a
zip (zipimport: 607-762 ms against 326-397 ms for pyapp's 134 modules in Node).
"""

from __future__ import annotations

import gzip
from pathlib import Path

from sitebuild.compile_stdlib import bundle, read_bundle

APP_ARCHIVE = "pyapp.files.gz"
# What no page imports: the example ruleset (tests only), the figures tools and the benchmark's
# figures (run in CPython, or given to the benchmark's own page by bench/benchmark.py).
NOT_FOR_PAGES = ("pyapp/example/", "pyapp/dice_crawl/figures/", "pyapp/dungeon_gen/figures/", "pyapp/bench_figures.py")


def pack_pyapp(source: Path, out: Path, everything: bool = False) -> None:
    """Pack the .py files under `source` (the pyapp folder) that pages import (all of them if
    `everything`) into `out`/pyapp.files.gz, as the package `pyapp/`. Fixed order and no date keep
    the bytes, and so the build id, the same for the same sources."""
    files = {"pyapp/" + p.relative_to(source).as_posix(): p.read_bytes() for p in sorted(source.rglob("*.py"))}
    if not everything:
        files = {name: data for name, data in files.items() if not name.startswith(NOT_FOR_PAGES)}
    (out / APP_ARCHIVE).write_bytes(gzip.compress(bundle(files), compresslevel=9, mtime=0))


def unpack_pyapp(path: Path) -> dict[str, bytes]:
    """The files of a packed pyapp, by their path ("pyapp/engine.py")."""
    return read_bundle(gzip.decompress(path.read_bytes()))
