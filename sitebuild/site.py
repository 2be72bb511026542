"""Render the whole site into dist/ (or any folder), swapped in only once it is complete."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from sitebuild import snapshot
from sitebuild.archive import APP_ARCHIVE, pack_pyapp
from sitebuild.icons import write_icons
from sitebuild.log import say
from sitebuild.pages import write_game_page, write_index
from sitebuild.paths import DIST, NODE, PREVIEW_CACHE, PYAPP, ROOT, SNAPSHOT_CACHE, STATIC
from sitebuild.previews import public_base, write_oembed, write_previews
from sitebuild.service_worker import content_hash_without_worker, offline_files, write_service_worker
from sitebuild.vendor import copy_vendor

STATIC_ROOT_FILES = (
    "style.css", "page.js", "boot.mjs", "snapshot_recipe.mjs", "packed.mjs", "protocol.mjs", "game_link.mjs",
    "game_thread.mjs", "manifest.webmanifest", "agent.mjs", "board_view.mjs", "game_worker.mjs", "heap_worker.mjs",
    "runtime_files.mjs",
)


def build(out: Path = DIST, public_url: str | None = None) -> Path:
    """Render the whole site into `out`, replacing it only once the new one is complete.

    A server (or a test run) reading `out` meanwhile never sees a half-built
    site: the build goes to a temporary sibling that is swapped in at the end.
    `public_url` is the address the site is published at (https://host/path/): only with it do the
    pages carry the absolute addresses link previews and oEmbed need (their image, their own URL).
    """
    out = Path(out)
    base = public_base(public_url)
    out.parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(dir=out.parent, prefix=".dist-building-"))
    try:
        build_id = render_site(fresh, base)
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


def render_site(out: Path, base: str | None = None) -> str:
    """Write every file of the site into the empty directory `out`; returns the build id. `base`: the
    site's public address, ending in "/" (None: no absolute address is written anywhere)."""
    sys.path.insert(0, str(ROOT))  # this working tree's pyapp, whatever is installed
    from pyapp import registry

    out.chmod(0o755)  # mkdtemp makes it private; a static server must read it
    env = Environment(
        loader=FileSystemLoader([str(ROOT), str(STATIC)]),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )
    copy_vendor(out)
    pack_pyapp(PYAPP, out)
    snapshot_name = make_snapshot(out)
    if snapshot_name is None:  # then the pages boot over Pyodide's own standard library, whole
        shutil.copy2(NODE / "pyodide" / "python_stdlib.zip", out / "vendor" / "pyodide" / "python_stdlib.zip")
    for name in STATIC_ROOT_FILES:
        shutil.copy2(STATIC / name, out / name)
    write_icons(out)
    rulesets = list(registry.RULESETS.values())
    previews = write_previews(out, rulesets, PREVIEW_CACHE)
    for ruleset in rulesets:
        write_game_page(env, out, ruleset, snapshot_name, previews[ruleset.slug], base)
        if base:
            write_oembed(out, ruleset, base, previews[ruleset.slug])
    write_index(env, out, rulesets, previews[""], base)
    write_host_headers(out)
    build_id = content_hash_without_worker(out)
    write_service_worker(env, out, build_id, offline_files(out))
    return build_id


# Netlify's headers file (GitHub Pages and Cloudflare Pages send this header by themselves): every file may be
# read from any origin, as a page in a sandboxed frame (a WordPress embed) reads all of them. Nothing the site
# serves is private, and no credential goes with such a read.
HOST_HEADERS = "_headers"


def write_host_headers(out: Path) -> None:
    (out / HOST_HEADERS).write_text("/*\n  Access-Control-Allow-Origin: *\n", encoding="utf-8")


def make_snapshot(out: Path) -> str | None:
    """The Pyodide memory snapshot the pages boot from on a return visit (None: they boot plainly)."""
    return snapshot.make(ROOT, NODE / "pyodide", out / APP_ARCHIVE, out, SNAPSHOT_CACHE)
