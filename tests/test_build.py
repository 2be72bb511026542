"""build.py (through sitebuild) renders a complete, relocatable site into dist/."""

import ast
import json
import os
import re
import shutil
import struct
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
import zstandard
from markupsafe import escape

import build
from pyapp import registry
from sitebuild import paths
from sitebuild.archive import APP_ARCHIVE, NOT_FOR_PAGES, pack_pyapp, unpack_pyapp
from sitebuild.service_worker import content_hash, content_hash_without_worker
from sitebuild.vendor import LOCK, PACKED, PACKED_SUFFIX, PYODIDE_FILES

TEXT_SUFFIXES = {".html", ".css", ".js", ".mjs", ".json", ".py", ".svg", ".webmanifest"}
# XML namespace names look like URLs but are never fetched.
NAMESPACES = re.compile(r"http://www\.w3\.org/(2000/svg|1999/xlink|1999/xhtml|XML/1998/namespace)")
ABSOLUTE_REF = re.compile(r"""(?:src|href|action)\s*=\s*["']?\s*(?:/|[a-z][a-z0-9+.-]*:)(?!#)""", re.I)


@pytest.fixture(scope="module")
def dist(built_site):
    return built_site


def own_text_files(dist):
    """Text files written by this project (vendor/ is third-party code, checked in the browser)."""
    return [p for p in dist.rglob("*") if p.suffix in TEXT_SUFFIXES and "vendor" not in p.parts]


def test_index_and_one_page_per_ruleset(dist):
    index = (dist / "index.html").read_text()
    for slug, ruleset in registry.RULESETS.items():
        page = (dist / slug / "index.html").read_text()
        assert f'href="./{slug}/"' in index
        assert '<script type="py" src="./main.py" config="./pyscript.json">' in page
        # each step is said once, by the announcements' live region; the log beside it says nothing again
        assert 'role="log" aria-live="off"' in page and 'id="board"' in page and 'id="words"' in page
        assert 'id="announce" class="visually-hidden" role="status" aria-live="polite"' in page
        assert f"<h1>{escape(ruleset.title)}</h1>" in page
    for slug, ruleset in registry.EXAMPLES.items():  # tested, never built as a page
        assert not (dist / slug).exists() and f'href="./{slug}/"' not in index and ruleset.title not in index


def test_pyscript_config_points_at_the_local_runtime_and_the_pyapp_archive(dist):
    packed = sorted(unpack_pyapp(dist / APP_ARCHIVE))
    # the package as boot.mjs writes it out, file by file
    sources = sorted("pyapp/" + p.relative_to(paths.PYAPP).as_posix() for p in paths.PYAPP.rglob("*.py"))
    # every module a page may import, compiled by the pinned Pyodide (sitebuild/snapshot.py); not the example
    # ruleset, the figures tools or the benchmark's figures
    assert packed == [name + "c" for name in sources if not name.startswith(NOT_FOR_PAGES)]
    assert "pyapp/webapp/__init__.pyc" in packed and "pyapp/engine.pyc" in packed and len(packed) > 100
    assert not [name for name in packed if "/figures/" in name or "/example/" in name]
    assert not (dist / "pyapp").exists()  # the archive is the only copy the pages load
    for slug in registry.RULESETS:
        config = json.loads((dist / slug / "pyscript.json").read_text())
        assert config["interpreter"] == "../boot.mjs"  # the site's one boot, which PyScript would call
        assert "files" not in config  # boot.mjs writes pyapp (the page's controller with it) out at every boot
    assert 'from "./vendor/pyodide/pyodide.mjs"' in (dist / "boot.mjs").read_text()


def test_no_source_map_reference_that_does_not_resolve(dist):
    """Browsers (and audits) report a sourceMappingURL whose map is not there."""
    for path in dist.rglob("*"):
        if path.suffix not in (".js", ".mjs", ".css"):
            continue
        for ref in re.findall(r"sourceMappingURL=([^\s*]+)", path.read_text(encoding="utf-8", errors="replace")):
            assert ref.startswith("data:") or (path.parent / ref).is_file(), f"{path.relative_to(dist)} names {ref}"


def test_the_pyapp_archive_is_the_same_for_the_same_sources(tmp_path):
    """Same bytes whatever the files' dates (a fresh checkout, a touched file): set every
    source's mtime far apart between two packs of a copy of pyapp/."""
    copy = tmp_path / "src" / "pyapp"
    shutil.copytree(paths.PYAPP, copy, ignore=shutil.ignore_patterns("__pycache__"))
    sources = sorted(copy.rglob("*.py"))
    packs = []
    for name, stamp in (("a", 315_532_800), ("b", 1_900_000_000)):  # 1980 and 2030
        for n, path in enumerate(sources):
            os.utime(path, (stamp + n, stamp + 7 * n))
        (tmp_path / name).mkdir()
        pack_pyapp(copy, tmp_path / name, everything=True)
        packs.append((tmp_path / name / APP_ARCHIVE).read_bytes())
    assert packs[0] == packs[1]
    files = unpack_pyapp(tmp_path / "a" / APP_ARCHIVE)
    assert len(files) == len(sources)
    assert files["pyapp/engine.py"] == (copy / "engine.py").read_bytes()


def test_only_the_needed_runtime_files_are_copied(dist):
    pyodide = sorted(p.name for p in (dist / "vendor" / "pyodide").iterdir())
    assert pyodide == sorted([*PYODIDE_FILES, LOCK, *(name + PACKED_SUFFIX for name in PACKED)])
    for name in PACKED:
        packed_file = dist / "vendor" / "pyodide" / (name + PACKED_SUFFIX)
        packed = zstandard.ZstdDecompressor().decompress(packed_file.read_bytes())
        assert packed == (dist / "vendor" / "pyodide" / name).read_bytes()
    lock = json.loads((dist / "vendor" / "pyodide" / LOCK).read_text())
    assert lock["packages"] == {} and lock["info"]["python"]  # no page loads a package: the 119 KB list stays
    assert (dist / "vendor" / "fzstd.mjs").is_file()
    pyscript = sorted(p.name for p in (dist / "vendor" / "pyscript").iterdir())
    assert "core.js" in pyscript and "core.css" in pyscript
    assert all(name.endswith((".js", ".css")) for name in pyscript)
    shipped = paths.NODE / "@pyscript" / "core" / "dist"
    source = sorted(p.name for p in shipped.iterdir() if p.suffix in (".js", ".css"))
    assert pyscript == source
    stray = [p for p in dist.rglob("*") if p.suffix in (".map", ".ts", ".md", ".pyc") or p.name == "__pycache__"]
    assert stray == []


def test_no_absolute_or_other_host_urls_in_our_files(dist):
    for path in own_text_files(dist):
        text = NAMESPACES.sub("", path.read_text(encoding="utf-8"))
        assert not re.search(r"https?://|//[a-z0-9-]+\.[a-z]", text, re.I), f"other-host URL in {path}"
        assert not ABSOLUTE_REF.search(text), f"absolute reference in {path}"
        assert not re.search(r"url\(\s*['\"]?/", text), f"absolute CSS url in {path}"


class LinkCollector(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src", "config") and value:
                self.links.append(value)


def test_every_link_in_every_page_resolves_inside_dist(dist):
    for page in dist.rglob("index.html"):
        collector = LinkCollector()
        collector.feed(page.read_text())
        base = "http://site.test/sub/" + page.relative_to(dist).as_posix()
        for link in collector.links:
            target = urlsplit(urljoin(base, link))
            assert target.netloc == "site.test" and target.path.startswith("/sub/"), (page, link)
            path = dist / target.path[len("/sub/"):]
            assert (path / "index.html" if target.path.endswith("/") else path).is_file(), (page, link)


def test_pyscript_named_by_page_js_exists(dist):
    for slug in registry.RULESETS:
        page = (dist / slug / "index.html").read_text()
        found = re.search(r"<script defer src=\"\.\./page\.js\" data-pyscript=\"([^\"]+)\"", page)
        assert found and (dist / found.group(1)).is_file()  # resolved against page.js, at the root


def test_manifest_and_icons(dist):
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    for icon in manifest["icons"]:
        assert (dist / icon["src"]).is_file()
    for size in (192, 512):
        data = (dist / "icons" / f"icon-{size}.png").read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", data[16:24]) == (size, size)


def test_service_worker_precaches_the_build_under_its_hash(dist):
    text = (dist / "sw.js").read_text()
    build_id = content_hash_without_worker(dist)
    assert f'const BUILD = "{build_id}";' in text
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text, re.S).group(1))
    for path in precache:
        target = dist / path
        assert (target / "index.html" if path.endswith("/") else target).is_file(), path
    for needed in ("vendor/pyodide/pyodide.asm.wasm.zst", "vendor/pyodide/pyodide.asm.mjs.zst", APP_ARCHIVE,
                   "style.css"):
        assert needed in precache
    # what offline play needs, not the whole site: no other page, no fallback, no part fetched on demand
    for unneeded in ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs", "sw.js", "dice-crawl/"):
        assert unneeded not in precache
    apart = [p for p in precache if p.startswith(("stdlib/", "vendor/pyscript/")) or p.endswith(".bin.gz")]
    assert apart == []


def test_build_id_changes_with_any_file(tmp_path):
    (tmp_path / "a.txt").write_text("one")
    before = content_hash(tmp_path)
    (tmp_path / "a.txt").write_text("two")
    assert content_hash(tmp_path) != before


def test_settings_are_described_on_each_page(dist):
    for slug, ruleset in registry.RULESETS.items():
        page = (dist / slug / "index.html").read_text()
        for setting in ruleset.settings:
            assert f"<dt>{escape(setting.label)}</dt>" in page


def imported_modules(path: Path, on_load_only: bool) -> set[str]:
    """The dotted names a Python file imports: all of them, or only those imported when it loads
    (an import inside a function waits for the call)."""
    found, todo = set(), [ast.parse(path.read_text())]
    while todo:
        node = todo.pop()
        if on_load_only and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            # Relative imports only occur inside sitebuild.
            package = node.module if node.level == 0 else ".".join(filter(None, ("sitebuild", node.module)))
            found |= {package} | {f"{package}.{alias.name}" for alias in node.names}
        todo.extend(ast.iter_child_nodes(node))
    return found


def sitebuild_files(name: str) -> list[Path]:
    """The files of sitebuild that importing `name` loads (the package, then the module)."""
    parts = name.split(".")
    if parts[0] != "sitebuild":
        return []
    files = [paths.ROOT / "sitebuild" / "__init__.py"]
    if len(parts) > 1 and (paths.ROOT / "sitebuild" / f"{parts[1]}.py").is_file():
        files.append(paths.ROOT / "sitebuild" / f"{parts[1]}.py")
    return files


def test_build_script_starts_with_the_standard_library_only():
    """Until it re-runs itself in .venv, build.py has only the standard library: so what it imports
    when it loads, and every import of the sitebuild modules that loads (the set-up steps, run
    before .venv exists), must be standard library; jinja2 and pyapp wait for .venv."""
    checked, others = set(), set()
    todo = [(Path(build.__file__), True)]
    while todo:
        path, on_load_only = todo.pop()
        for name in imported_modules(path, on_load_only):
            if name.split(".")[0] != "sitebuild":
                others.add(name.split(".")[0])
            for file in sitebuild_files(name):
                if file not in checked:
                    checked.add(file)
                    todo.append((file, False))
    assert others <= sys.stdlib_module_names, f"not standard library: {sorted(others - sys.stdlib_module_names)}"
    assert {"__init__.py", "paths.py", "log.py", "setup.py"} <= {file.name for file in checked}
    assert "site.py" not in {file.name for file in checked}  # it imports jinja2: loaded only in .venv


def test_page_python_compiles(dist):
    assert not (dist / "dice_page.py").exists()  # the page's controller travels in pyapp's archive
    for slug in registry.RULESETS:
        source = (dist / slug / "main.py").read_text()
        compile(source, f"{slug}/main.py", "exec")
        assert "controller.start(AGENT.opened(), AGENT.apply)" in source and len(source.splitlines()) < 14


def test_importing_the_page_layer_touches_no_page(monkeypatch):
    """The page's controller is imported into the boot snapshot, made where no page exists, and runs in a
    worker where none exists either: it needs neither Pyodide nor `js`, at import or to start, and each
    page it starts holds its own ruleset (no module global)."""
    import asyncio
    import importlib

    monkeypatch.setitem(sys.modules, "js", None)  # any `import js` now raises ImportError
    monkeypatch.setitem(sys.modules, "pyodide", None)
    monkeypatch.delitem(sys.modules, "pyapp.webapp.controller", raising=False)
    controller = importlib.import_module("pyapp.webapp.controller")
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        pages = []
        for slug in ("three-dice-dungeon", "dice-crawl"):
            opened = {"slug": slug, "href": f"https://example.org/{slug}/?seed=x", "title": "",
                      "storage": {}, "speed": None, "now": 0}
            pages.append(controller.start(json.dumps(opened), [].append))
        assert [page.ruleset.slug for page in pages] == ["three-dice-dungeon", "dice-crawl"]
    finally:
        loop.close()
        asyncio.set_event_loop(None)


def test_each_page_has_its_board_style_once_and_the_site_css_does_not_repeat_it(dist):
    from pyapp import registry

    site_css = (dist / "style.css").read_text(encoding="utf-8")
    for slug, ruleset in registry.RULESETS.items():
        page = (dist / slug / "index.html").read_text(encoding="utf-8")
        assert page.count('<style id="board-style">') == 1 and ruleset.board_css in page
        first_rule = ruleset.board_css.split("}", 1)[0] + "}"
        assert first_rule not in site_css
