"""What a build makes from inputs that seldom change (packed runtime files, preview crops, icons, the pages'
import lists), kept under .cache/ by a hash of every input: a build of the same inputs takes it from here.
`build.py test` builds the site several times (its own dist/, and a private copy in each test process), and the
zstd packing alone cost each build about 18 of its 40 CPU-seconds here.

A kept file is written whole under another name and renamed into place, so builds running side by side (the
test processes) never read one half written."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path

from sitebuild.paths import ROOT

CACHE = ROOT / ".cache"
KEEP = 32  # kept files in a folder, the most recently used: older inputs' are removed


def kept(folder: Path, inputs: Iterable[bytes | str], make: Callable[[], bytes]) -> bytes:
    """make()'s bytes for these `inputs` (everything its result depends on), from `folder` (in CACHE) when a
    build already made them."""
    hasher = hashlib.sha256()
    for part in inputs:
        data = part.encode() if isinstance(part, str) else part
        hasher.update(len(data).to_bytes(8, "big") + data)
    path = folder / hasher.hexdigest()[:32]
    try:
        data = path.read_bytes()
        os.utime(path)  # recently used: pruned last
        return data
    except FileNotFoundError:
        pass
    data = make()
    folder.mkdir(parents=True, exist_ok=True)
    writing = folder / f".{path.name}.{os.getpid()}.part"
    writing.write_bytes(data)
    os.replace(writing, path)
    prune(folder)
    return data


def prune(folder: Path) -> None:
    files = sorted((p for p in folder.iterdir() if not p.name.startswith(".")), key=mtime, reverse=True)
    for old in files[KEEP:]:
        old.unlink(missing_ok=True)


def mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except FileNotFoundError:  # pruned meanwhile by a build beside this one
        return 0.0
