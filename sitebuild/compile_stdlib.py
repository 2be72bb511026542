"""The standard library the snapshot boots use, with its imported modules as bytecode.

Pyodide ships its standard library as Python sources in python_stdlib.zip, so
every boot compiles each module it imports: about two thirds of a first
visit's boot on this machine. The build's snapshot maker (make_snapshot.mjs)
runs this inside the pinned Pyodide once the heap is filled, so the bytecode
is that interpreter's own, and writes a copy of the zip where every module the
heap imported is a .pyc instead of its source; the rest stay sources, so the
archive grows by the bytecode of the modules that save time and no more.

A first visit's worker boots with that copy (page.js, boot.mjs), and so does
every restore of a heap: the heap holds zipimport's table of the zip it was
made with, so it must be restored over the same one. The plain boot keeps
Pyodide's own zip. Nothing here runs in CPython but the tests.
"""

from __future__ import annotations

import importlib.util
import marshal
import sys
import zipfile


def stdlib_zip() -> str:
    """The standard library's zip on sys.path (Pyodide: /lib/python3XY.zip)."""
    return next(p for p in sys.path if p.endswith(".zip") and "python3" in p)


def imported_members(archive: str) -> list[str]:
    """The members of `archive` whose modules are imported now (as "json/__init__.py")."""
    prefix = archive + "/"
    members = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(prefix) and origin.endswith(".py"):
            members.add(origin[len(prefix):])
    return sorted(members)


def bytecode(source: bytes, path: str) -> bytes:
    """A .pyc of `source` for a zip with no source beside it (zipimport then checks no timestamp)."""
    code = compile(source, path, "exec", dont_inherit=True)
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)


def compile_members(source: str, target: str, members: list[str], shown_as: str) -> int:
    """Copy the zip `source` to `target` with `members` compiled; `shown_as` is the zip's path in
    tracebacks. Entries keep their order and dates, so the same inputs give the same archive."""
    wanted = set(members)
    compiled = 0
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        for info in old.infolist():
            data = old.read(info.filename)
            name = info.filename
            if name in wanted:
                data = bytecode(data, f"{shown_as}/{name}")
                name = name[: -len(".py")] + ".pyc"
                compiled += 1
            entry = zipfile.ZipInfo(name, date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = info.external_attr
            new.writestr(entry, data, compresslevel=9)
    return compiled


def compile_imported(target: str) -> int:
    """What make_snapshot.mjs calls: the running interpreter's standard library zip, with every
    module imported so far compiled, written to `target`; returns how many were compiled."""
    archive = stdlib_zip()
    return compile_members(archive, target, imported_members(archive), archive)
