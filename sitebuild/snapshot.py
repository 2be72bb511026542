"""The site's Pyodide memory snapshot, made at build time.

Pages boot from it on a return visit (static/boot.mjs): restoring a heap
where pyapp and the standard-library modules the pages use are already
imported takes a fraction of a plain boot. The snapshot options of Pyodide
are private, so the version they were measured with is pinned in
package.json alone and checked here; anything off means no snapshot, and
the pages boot the plain way (they always can).

The maker also compiles pyapp (compile_stdlib.py, compile_app): the pages
load its bytecode, made by the pinned Pyodide, and the heap is filled with it.

The file name carries a hash of every input (the Pyodide files, the
standard library, pyapp's sources (the page's controller with them), the import
list, the maker script), so
a new build can never boot an old heap. Made files are kept in a cache
directory by that name: rebuilding unchanged sources costs nothing.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

from sitebuild import build_cache
from sitebuild.archive import unpack_pyapp, write_app
from sitebuild.compile_stdlib import bundle, read_bundle
from sitebuild.log import say
from sitebuild.vendor import pack_file

HERE = Path(__file__).resolve().parent
MAKER = HERE / "make_snapshot.mjs"
COMPILER = HERE / "compile_stdlib.py"  # the standard library the snapshot boots use, partly compiled
RECIPE = HERE.parent / "static" / "snapshot_recipe.mjs"  # what goes in the heap: the build's maker and a browser's
FINDER = HERE.parent / "static" / "stdlib_on_demand.py"  # in the shipped standard library: the finder of the rest
# Every file of the runtime that the heap depends on.
PYODIDE_INPUTS = ("pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip", "pyodide.mjs", "pyodide-lock.json")
# The standard-library modules a game page had imported once it was playable
# (sys.modules of every page, measured in Chromium), less PyScript's own and
# the JS bridges, which bind to the live page and must be imported after a restore.
STDLIB_IMPORTS = (
    "abc", "annotationlib", "ast", "asyncio", "atexit", "base64", "binascii", "bisect", "bz2", "codecs", "codeop",
    "collections", "collections.abc", "compression.zstd", "concurrent.futures", "contextlib", "contextvars", "copy",
    "copyreg", "dataclasses", "dis", "enum", "errno", "fcntl", "fnmatch", "functools", "gc", "glob", "hashlib",
    "heapq", "html", "html.entities", "importlib", "importlib.abc", "importlib.machinery", "importlib.util",
    "inspect", "io", "itertools", "json", "keyword", "linecache", "locale", "logging", "lzma", "marshal", "math",
    "opcode", "operator", "os", "pathlib", "pyodide", "pyodide.code", "pyodide.ffi", "pyodide.webloop", "random",
    "re", "reprlib", "select", "selectors", "shutil", "signal", "socket", "ssl", "stat", "string", "struct",
    "subprocess", "tempfile", "textwrap", "threading", "time", "token", "tokenize", "traceback", "types", "typing",
    "warnings", "weakref", "zipfile", "zipimport", "zlib",
)
PREFIX, SUFFIX = "pyodide-snapshot-", ".bin.gz"
IMPORTS_SUFFIX = ".imports.json"  # beside the snapshot: the list a first visit's worker imports (page.js)
STDLIB_SUFFIX = ".stdlib.zip"  # beside it: the standard library every boot mounts (compile_stdlib.py), packed
REST = "stdlib"  # the folder of the rest of the standard library, a zip per top-level name (stdlib_on_demand.py)


def pinned_version(root: Path) -> str:
    """The one place the Pyodide version is pinned: package.json."""
    return json.loads((root / "package.json").read_text())["dependencies"]["pyodide"]


def problem(root: Path, pyodide: Path) -> str | None:
    """Why this runtime cannot make a snapshot the pages can trust, or None."""
    if not shutil.which("node"):
        return "Node.js is not on PATH"
    installed = json.loads((pyodide / "package.json").read_text())["version"]
    if installed != pinned_version(root):
        return f"node_modules has Pyodide {installed}, package.json pins {pinned_version(root)}: run npm ci"
    if "_loadSnapshot" not in (pyodide / "pyodide.mjs").read_text(encoding="utf-8"):
        return f"Pyodide {installed} has no _loadSnapshot option"
    if "makeMemorySnapshot" not in (pyodide / "pyodide.asm.mjs").read_text(encoding="utf-8"):
        return f"Pyodide {installed} has no makeMemorySnapshot"
    return None


def imports(app_archive: Path) -> list[str]:
    """The standard library the pages use, then every module of pyapp (the page's controller among them)."""
    modules = []
    for name in sorted(unpack_pyapp(app_archive)):
        parts = name[: -len(".py")].split("/")
        if parts[-1] == "__init__":
            parts.pop()
        modules.append(".".join(parts))
    return [*STDLIB_IMPORTS, *modules]


def name_for(pyodide: Path, app_archive: Path, modules: list[str]) -> str:
    hasher = hashlib.sha256()
    for path in [*(pyodide / n for n in PYODIDE_INPUTS), app_archive, MAKER, RECIPE, COMPILER, FINDER]:
        hasher.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    hasher.update(json.dumps(modules).encode())
    return f"{PREFIX}{hasher.hexdigest()[:16]}{SUFFIX}"


def make(root: Path, pyodide: Path, app_archive: Path, out: Path, cache: Path) -> str | None:
    """Put the snapshot for these inputs in `out`, and pyapp compiled in place of `app_archive` (its
    sources, packed: archive.py); returns the snapshot's file name, or None (pages boot plainly, from
    the sources)."""
    why = problem(root, pyodide)
    if why:
        say(f"WARNING: no Pyodide snapshot ({why}); the pages will boot the slow way")
        return None
    modules = imports(app_archive)
    name = name_for(pyodide, app_archive, modules)
    kept, stdlib = cache / name, cache / stdlib_file(name)
    rest = cache / (name.removesuffix(SUFFIX) + ".rest")
    compiled = cache / (name.removesuffix(SUFFIX) + ".pyapp.files")  # its .part: ".pyapp.part"
    if not (kept.exists() and stdlib.exists() and rest.is_dir() and compiled.exists()):
        cache.mkdir(parents=True, exist_ok=True)
        raw, listed = cache / (name + ".raw"), cache / (name + ".imports.json")
        sources = cache / (name + ".sources")
        listed.write_text(json.dumps(modules))
        sources.write_bytes(bundle(unpack_pyapp(app_archive)))
        say(f"making the Pyodide snapshot {name} (Node; once per change of its inputs)")
        try:
            subprocess.run(["node", MAKER, pyodide, sources, listed, raw, stdlib.with_suffix(".part"),
                            FINDER, rest.with_suffix(".part"), compiled.with_suffix(".part")], check=True)
        except subprocess.CalledProcessError as exc:
            sys.exit(f"[build.py] the Pyodide snapshot could not be made (exit {exc.returncode}); see above")
        # mtime 0: the same heap gives the same bytes, and so the same build id.
        kept.with_suffix(".part").write_bytes(gzip.compress(raw.read_bytes(), compresslevel=9, mtime=0))
        kept.with_suffix(".part").rename(kept)
        stdlib.with_suffix(".part").rename(stdlib)
        shutil.rmtree(rest, ignore_errors=True)
        rest.with_suffix(".part").rename(rest)
        compiled.with_suffix(".part").rename(compiled)
        for made in (raw, listed, sources):
            made.unlink()
        for old in cache.glob(f"{PREFIX}*"):  # one kept at a time: they are 6 MB each
            if old not in (kept, stdlib, rest, compiled):
                shutil.rmtree(old) if old.is_dir() else old.unlink()
    shutil.copy2(kept, out / name)
    shutil.copy2(stdlib, out / stdlib_file(name))
    shutil.copytree(rest, out / REST)
    write_app(read_bundle(compiled.read_bytes()), app_archive.parent)
    # the heap's name hashes the app and its import list; this file's text stands for how pages split it
    pages = build_cache.kept(cache / "pages", [name, Path(__file__).read_bytes()],
                 lambda: json.dumps(split_for_pages(root, modules)).encode())
    (out / imports_file(name)).write_bytes(pages)
    for served_packed in (stdlib_file(name), imports_file(name)):  # the worker unpacks them (static/packed.mjs)
        pack_file(out / served_packed).chmod(0o644)
        (out / served_packed).unlink()
    return name


def split_for_pages(root: Path, modules: list[str]) -> dict:
    """The import list as a first visit's worker takes it: {"pages": {slug: [...]}, "all": [...]}.

    A page's list is `modules` less the rulesets that page does not load: the heap the worker
    makes first, so that the page starts sooner. "all" is the site's heap, made next and kept.
    """
    def python(code: str, *args: str):
        run = subprocess.run([sys.executable, "-c", code, *args], cwd=root, capture_output=True, text=True, check=True)
        return json.loads(run.stdout)

    sources = python("import json; from pyapp import registry; print(json.dumps(registry.SOURCES))")
    rulesets = {"pyapp." + module.split(".")[1] for module, _ in sources.values()}
    # A fresh interpreter per page: a ruleset may load another's package (3RD6 draws with 3 Dice Dungeon's).
    loads = ("import json, sys; from pyapp import registry; registry.get(sys.argv[1]); "
             "print(json.dumps([m for m in sys.modules if m.startswith('pyapp.')]))")

    def package(name: str) -> str:
        return ".".join(name.split(".")[:2])

    pages = {}
    for slug in sources:
        own = {package(m) for m in python(loads, slug)} & rulesets
        pages[slug] = [m for m in modules if package(m) not in rulesets or package(m) in own]
    return {"pages": pages, "all": modules}


def imports_file(name: str) -> str:
    """The import list served beside the snapshot `name`, for a browser that makes the same heap itself."""
    return name.removesuffix(SUFFIX) + IMPORTS_SUFFIX


def stdlib_file(name: str) -> str:
    """The standard library served beside the snapshot `name`: the one its heap was made over."""
    return name.removesuffix(SUFFIX) + STDLIB_SUFFIX
