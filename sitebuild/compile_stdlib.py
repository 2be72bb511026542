"""The standard library the site ships: what its pages import, the boot's part as bytecode; and pyapp's bytecode.

Pyodide ships its whole standard library as Python sources (python_stdlib.zip,
2.5 MB). The build's snapshot maker (make_snapshot.mjs) runs split_imported()
inside the pinned Pyodide once the heap is filled, so the bytecode is that
interpreter's own: the modules the heap imported go to the zip every boot of
a page mounts (stored: the file travels packed with zstd), those Pyodide's
own boot imports compiled (without docstrings), the others as sources, which
pack to half the bytes of their bytecode; every other top-level module is a
zip of its own, fetched only when imported (static/stdlib_on_demand.py, which
the shipped zip holds too). A heap holds zipimport's table of the zip it was
made with, so every heap is made and restored over the same one.

compile_app() is pyapp as the pages load it: compiled by the same
interpreter, so that a first visit imports the page's modules with nothing to
compile (from sources: 450-620 ms of a page's start here, in Node).

bundle() is the format of pyapp's own files (sitebuild/archive.py), which
every plain boot writes out (boot.mjs). In CPython only bundle() and read_bundle()
run, for the build; the rest runs there only in the tests.
"""

from __future__ import annotations

import ast
import importlib.util
import json
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


def bytecode(source: bytes | ast.Module, path: str, optimize: int = -1) -> bytes:
    """A .pyc of `source` (or its tree) with no source beside it: zipimport and a sourceless file's
    loader then check no timestamp."""
    code = compile(source, path, "exec", dont_inherit=True, optimize=optimize)
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)


def copy_entry(archive: zipfile.ZipFile, info: zipfile.ZipInfo, name: str, data: bytes, method: int) -> None:
    entry = zipfile.ZipInfo(name, date_time=info.date_time)
    entry.compress_type = method
    entry.external_attr = info.external_attr
    archive.writestr(entry, data, compresslevel=9 if method == zipfile.ZIP_DEFLATED else None)


def top_level(member: str) -> str:
    """The top-level module or package a member of the standard library belongs to ("email/mime/text.py": "email")."""
    first = member.split("/", 1)[0]
    return first[: -len(".py")] if "/" not in member and first.endswith(".py") else first


def split_members(source: str, target: str, members: list[str], rest: str, extra: dict[str, bytes],
                  compiled: frozenset[str] = frozenset()) -> list[str]:
    """The standard library as a first visit gets it: `members` (the modules the pages import) go
    to the zip `target`, stored, since the whole file travels compressed: as bytecode those in
    `compiled` (what every boot imports before anything else can run), as sources the others (half
    the bytes of their bytecode, packed); `extra` ({name: bytes}) joins them. Every other member
    goes to a zip of its top-level name in the folder `rest` ("email.zip"), fetched only when
    something imports it (static/stdlib_on_demand.py). Returns the top-level names shipped apart.
    Same inputs, same bytes: entries keep their order and dates."""
    wanted = set(members)
    apart: dict[str, list[tuple[zipfile.ZipInfo, bytes]]] = {}
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        for info in old.infolist():
            if info.is_dir():
                continue
            if info.filename in wanted:
                data, name = old.read(info.filename), info.filename
                if name in compiled:
                    # without docstrings (optimize 2: 15% fewer bytes); asserts go too, as under python -OO
                    data, name = bytecode(data, f"{source}/{name}", optimize=2), name[: -len(".py")] + ".pyc"
                copy_entry(new, info, name, data, zipfile.ZIP_STORED)
            else:
                apart.setdefault(top_level(info.filename), []).append((info, old.read(info.filename)))
        for name, data in extra.items():
            copy_entry(new, zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), name, data, zipfile.ZIP_STORED)
    for top, entries in apart.items():
        with zipfile.ZipFile(f"{rest}/{top}.zip", "w") as archive:
            for info, data in entries:
                copy_entry(archive, info, info.filename, data, zipfile.ZIP_DEFLATED)
    return sorted(apart)


def split_imported(target: str, rest: str, finder: str, boot: list[str]) -> int:
    """What make_snapshot.mjs calls: the running interpreter's standard library split by
    split_members() into `target` (every module imported so far, compiled those that Pyodide's
    boot imported, named in `boot`, and the module `finder`, the source of
    static/stdlib_on_demand.py, told which names are shipped apart) and the folder `rest`;
    returns how many modules `target` holds."""
    archive = stdlib_zip()
    members = imported_members(archive)
    tops = {top_level(m) for m in zipfile.ZipFile(archive).namelist() if m not in set(members)}
    told = finder + f"\nSHIPPED_APART = frozenset({sorted(tops)!r})\n"
    at_boot = set(boot)
    compiled = frozenset(m for m in members if module_name(m) in at_boot)
    split_members(archive, target, members, rest, {FINDER: told.encode()}, compiled)
    return len(members)


def without_docstrings(tree: ast.Module) -> ast.Module:
    """`tree` less the docstrings of its module, classes and functions: what optimize=2 drops, the
    asserts kept (those pyapp has are the rules' own checks, as the tests run them)."""
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) or not node.body:
            continue
        first = node.body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            node.body[:1] = [] if len(node.body) > 1 else [ast.copy_location(ast.Pass(), first)]
    return tree


def compile_app(source: str, target: str, home: str) -> int:
    """What make_snapshot.mjs calls: the bundle of pyapp's sources in the file `source` compiled
    into the bundle `target`, each module as a .pyc with no source beside it ("pyapp/engine.pyc",
    named as if its source were at `home`/pyapp/engine.py). Docstrings are dropped (nothing reads
    them); the maker runs this with no column positions (PYTHONNODEBUGRANGES), which tracebacks show
    as carets under a line. Packed, pyapp's bytecode was 583 KB, 525 without docstrings, 363 without
    either (its sources: 248). Returns how many."""
    with open(source, "rb") as file:
        files = read_bundle(file.read())
    compiled = {}
    for name, data in files.items():
        if name.endswith(".py"):
            tree = without_docstrings(ast.parse(data, name))
            compiled[name[: -len(".py")] + ".pyc"] = bytecode(tree, f"{home}/{name}")
        else:
            compiled[name] = data
    with open(target, "wb") as file:
        file.write(bundle(compiled))
    return len(compiled)


def module_name(member: str) -> str:
    """The module a member of the standard library holds ("json/__init__.py": "json")."""
    name = member[: -len(".py")].replace("/", ".")
    return name.removesuffix(".__init__")


FINDER = "stdlib_on_demand.py"  # in the shipped zip: the finder of what is not (static/stdlib_on_demand.py)


def bundle(files: dict[str, bytes]) -> bytes:
    """Files as one blob that a page writes out with no unpacking library (boot.mjs): a 4-byte
    little-endian length, a JSON index {name: [offset, length]}, then the files end to end.
    (Pyodide's unpackArchive took 41 ms here for a small zip: it runs Python's shutil.)"""
    index, offset = {}, 0
    for name, data in files.items():
        index[name] = [offset, len(data)]
        offset += len(data)
    head = json.dumps(index, separators=(",", ":")).encode()
    return len(head).to_bytes(4, "little") + head + b"".join(files.values())


def read_bundle(blob: bytes) -> dict[str, bytes]:
    """The files of a bundle() (what boot.mjs does in JS, for the tests)."""
    size = int.from_bytes(blob[:4], "little")
    index = json.loads(blob[4:4 + size])
    body = blob[4 + size:]
    return {name: body[at:at + length] for name, (at, length) in index.items()}
