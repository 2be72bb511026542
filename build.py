#!/usr/bin/env python3
"""Build, serve and test the Dice Dungeons site.

    python3 build.py            render dist/ (same as `build`)
    python3 build.py serve      set up, build, serve dist/ on localhost
    python3 build.py test       set up (browsers too), build, run every test
    python3 build.py bench      set up like test, build, print the benchmark figures

Starts with the standard library only: it creates .venv, installs the
project there and re-runs itself with .venv/bin/python, the only place
jinja2 is imported. Set-up steps are skipped when their inputs (pyproject,
package-lock) have not changed since the last run.
"""

from __future__ import annotations

import argparse
import hashlib
import http.server
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
import zlib
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
DIST = ROOT / "dist"
STATIC = ROOT / "static"
NODE = ROOT / "node_modules"

PYODIDE_FILES = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs", "pyodide-lock.json", "pyodide.mjs")
PYSCRIPT_SUFFIXES = (".js", ".css")  # its chunks load each other, so all of dist/ but the maps
STATIC_ROOT_FILES = ("style.css", "page.js", "boot.mjs", "manifest.webmanifest", "dice_page.py")
SNAPSHOT_CACHE = ROOT / ".cache" / "snapshots"
# Debian package -> the file it gives; installed by `test` when missing.
BROWSER_PACKAGES = {
    "chromium": "/usr/bin/chromium",
    "firefox-esr": "/usr/bin/firefox-esr",
    "webkit2gtk-driver": "/usr/bin/WebKitWebDriver",
    "xvfb": "/usr/bin/Xvfb",
}
CONTENT_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".py": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
}


def say(text: str) -> None:
    print(f"[build.py] {text}", flush=True)


def run(command: list, **kwargs) -> None:
    say("$ " + " ".join(str(part) for part in command))
    subprocess.run([str(part) for part in command], check=True, **kwargs)


# -- set-up --------------------------------------------------------------


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


def bootstrap(command: str) -> None:
    """Set up what `command` needs, then continue in .venv's Python."""
    ensure_venv(with_tests=command in ("test", "bench"))
    ensure_node_modules()
    if command in ("test", "bench"):
        ensure_browsers()
    if not in_venv():
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), str(Path(__file__).resolve()), *sys.argv[1:]])


# -- build ---------------------------------------------------------------


def build(out: Path = DIST) -> Path:
    """Render the whole site into `out`, replacing it only once the new one is complete.

    A server (or a test run) reading `out` meanwhile never sees a half-built
    site: the build goes to a temporary sibling that is swapped in at the end.
    """
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(dir=out.parent, prefix=".dist-building-"))
    try:
        build_id = render_site(fresh)
        swap_in(fresh, out)
    finally:
        shutil.rmtree(fresh, ignore_errors=True)
    say(f"built {out} (build {build_id})")
    return out


def swap_in(fresh: Path, out: Path) -> None:
    old = out.parent / f".dist-old-{os.getpid()}"
    if out.exists():
        out.rename(old)
    fresh.rename(out)
    shutil.rmtree(old, ignore_errors=True)


def render_site(out: Path) -> str:
    """Write every file of the site into the empty directory `out`; returns the build id."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

    sys.path.insert(0, str(ROOT))
    from pyapp import registry

    out.chmod(0o755)  # mkdtemp makes it private; a static server must read it
    env = Environment(
        loader=FileSystemLoader([str(ROOT), str(STATIC)]),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )
    copy_vendor(out)
    pack_pyapp(out)
    snapshot = make_snapshot(out)
    for name in STATIC_ROOT_FILES:
        shutil.copy2(STATIC / name, out / name)
    write_icons(out)
    for ruleset in registry.RULESETS.values():
        write_game_page(env, out, ruleset, snapshot)
    write_text(out / "index.html", env.get_template("index.html").render(
        rulesets=list(registry.RULESETS.values()), planned=registry.PLANNED))
    build_id = content_hash_without_worker(out)
    write_service_worker(env, out, registry.RULESETS, build_id, skip=(snapshot,))
    return build_id


def make_snapshot(out: Path) -> str | None:
    """The Pyodide memory snapshot the pages boot from on a return visit (None: they boot plainly)."""
    from sitebuild import snapshot

    return snapshot.make(ROOT, NODE / "pyodide", out / APP_ARCHIVE, STATIC / "dice_page.py", out, SNAPSHOT_CACHE)


def write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


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


SOURCE_MAP_COMMENT = re.compile(rb"\n?(?://# sourceMappingURL=[^\n]*|/\*# sourceMappingURL=[^*]*\*/)\s*$")


def copy_without_source_map(source: Path, target: Path) -> None:
    """Copy a runtime file; a script's closing source-map comment goes, since
    the .map files are not shipped (browsers report a map that does not load)."""
    if source.suffix not in (".js", ".mjs", ".css"):
        shutil.copy2(source, target)
        return
    target.write_bytes(SOURCE_MAP_COMMENT.sub(b"\n", source.read_bytes()))
    shutil.copystat(source, target)


APP_ARCHIVE = "pyapp.zip"


def pack_pyapp(out: Path) -> None:
    """Pack the pyapp package's .py files into one zip (one fetch at boot, not
    one per module). Fixed dates and order keep the bytes, and so the build
    id, the same for the same sources."""
    with zipfile.ZipFile(out / APP_ARCHIVE, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted((ROOT / "pyapp").rglob("*.py")):
            relative = path.relative_to(ROOT / "pyapp").as_posix()
            entry = zipfile.ZipInfo(relative, date_time=(2000, 1, 1, 0, 0, 0))
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, path.read_bytes(), zipfile.ZIP_DEFLATED)


def describe_setting(setting) -> str:
    """A setting's range and default in words, for the in-page rules."""
    if isinstance(setting.default, bool):
        return f"On or off; default {'on' if setting.default else 'off'}."
    if isinstance(setting.default, int):
        if setting.minimum is None or setting.maximum is None:
            return f"A whole number; default {setting.default}."
        return f"{setting.minimum} to {setting.maximum}; default {setting.default}."
    if setting.choices:
        return f"One of {', '.join(setting.choices)}; default {setting.default}."
    return f"Text; default {setting.default!r}."


def write_game_page(env, out: Path, ruleset, snapshot: str | None) -> None:
    from pyapp import webapp

    page_dir = out / ruleset.slug
    html = env.get_template("game.html").render(
        ruleset=ruleset, root="../", describe=describe_setting, snapshot=snapshot, chunks=pyscript_chunks(out),
        automatic=ruleset.automatic is not None,  # a Speed control for the rules' own steps
        downloads_html=webapp.downloads_html, tools_html=webapp.tools_html,
    )
    write_text(page_dir / "index.html", html)
    shutil.copy2(STATIC / "main.py", page_dir / "main.py")
    config = {
        "interpreter": "../boot.mjs",  # Pyodide's loadPyodide, from the snapshot when one is kept
        # PyScript unpacks a zip named so; the browser layer sits beside it (both are in the snapshot too)
        "files": {f"../{APP_ARCHIVE}": "./pyapp/*", "../dice_page.py": "./dice_page.py"},
    }
    write_text(page_dir / "pyscript.json", json.dumps(config, indent=1) + "\n")


# PyScript's chunks that every boot loads (core and its plugins); the page preloads them.
PYSCRIPT_BOOT_CHUNKS = ("core-", "deprecations-manager-", "donkey-", "error-", "py-editor-", "py-game-", "py-terminal-")


def pyscript_chunks(out: Path) -> list[str]:
    folder = out / "vendor" / "pyscript"
    return sorted(p.name for p in folder.glob("*.js") if p.name.startswith(PYSCRIPT_BOOT_CHUNKS))


def content_hash(out: Path, skip: tuple[str, ...] = ()) -> str:
    """A hash of every file in `out`: the build id and the service worker's cache name."""
    hasher = hashlib.sha256()
    for path in sorted(p for p in out.rglob("*") if p.is_file() and p.relative_to(out).as_posix() not in skip):
        hasher.update(path.relative_to(out).as_posix().encode() + b"\0")
        hasher.update(hashlib.sha256(path.read_bytes()).digest())
    return hasher.hexdigest()[:16]


def content_hash_without_worker(out: Path) -> str:
    """The build id of a finished dist/: everything but the worker that carries it."""
    return content_hash(out, skip=("sw.js",))


def write_service_worker(env, out: Path, rulesets: dict, build_id: str, skip: tuple = ()) -> None:
    """The worker precaches the whole site but `skip` (the snapshot: page.js keeps it, unpacked)."""
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and p.name not in skip)
    precache = ["./"] + [f"{slug}/" for slug in rulesets] + files
    text = env.get_template("sw.js").render(build_id=build_id, precache=precache)
    write_text(out / "sw.js", text)


# -- icons: PNGs drawn here so the repo holds no binaries ------------------

ICON_BACKGROUND = (0x2B, 0x21, 0x40)
ICON_DIE = (0xF4, 0xEA, 0xD5)
ICON_PIPS = ((0.34375, 0.34375, ICON_BACKGROUND), (0.5, 0.5, (0xB3, 0x26, 0x1E)), (0.65625, 0.65625, ICON_BACKGROUND))


def icon_pixel(x: float, y: float) -> tuple[int, int, int]:
    """The icon's colour at (x, y) in 0..1: a die showing three, on a dark square (as icon.svg)."""
    for cx, cy, colour in ICON_PIPS:
        if (x - cx) ** 2 + (y - cy) ** 2 <= 0.0703 ** 2:
            return colour
    inset, radius = 0.1875, 0.125
    nx, ny = min(max(x, inset + radius), 1 - inset - radius), min(max(y, inset + radius), 1 - inset - radius)
    inside = inset <= x <= 1 - inset and inset <= y <= 1 - inset and (x - nx) ** 2 + (y - ny) ** 2 <= radius**2
    return ICON_DIE if inside else ICON_BACKGROUND


def png_bytes(size: int) -> bytes:
    rows = bytearray()
    for row in range(size):
        rows.append(0)  # filter: none
        for column in range(size):
            rows.extend(icon_pixel((column + 0.5) / size, (row + 0.5) / size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")


def write_icons(out: Path) -> None:
    icons = out / "icons"
    icons.mkdir()
    shutil.copy2(STATIC / "icon.svg", icons / "icon.svg")
    for size in (192, 512):
        (icons / f"icon-{size}.png").write_bytes(png_bytes(size))


# -- serve ---------------------------------------------------------------


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types Pyodide needs; asks browsers to revalidate."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}
    quiet = False

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


def make_server(directory: Path, port: int, host: str = "127.0.0.1", quiet: bool = False):
    handler = type("Handler", (SiteHandler,), {"quiet": quiet})
    return http.server.ThreadingHTTPServer((host, port), partial(handler, directory=str(directory)))


def serve(port: int) -> None:
    server = make_server(DIST, port)
    say(f"serving {DIST} at http://127.0.0.1:{server.server_port}/  (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# -- test ----------------------------------------------------------------


def test(pytest_args: list[str]) -> int:
    command = [sys.executable, "-m", "pytest", str(ROOT / "tests"), *pytest_args]
    say("$ " + " ".join(command))
    return subprocess.run(command, cwd=ROOT).returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="build", choices=("build", "serve", "test", "bench"))
    parser.add_argument("--port", type=int, default=8000, help="port for `serve` (default 8000)")
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)  # `test -- ARGS`: ARGS go to pytest
    args, extra = parser.parse_args(argv[:split]), argv[split + 1:]
    if extra and args.command not in ("test", "bench"):
        parser.error("only `test` and `bench` take arguments after --")
    bootstrap(args.command)
    build()
    if args.command == "serve":
        serve(args.port)
    elif args.command == "test":
        sys.exit(test(extra))
    elif args.command == "bench":
        sys.exit(subprocess.run([sys.executable, str(ROOT / "tests" / "benchmark.py"), *extra], cwd=ROOT).returncode)


if __name__ == "__main__":
    main()
