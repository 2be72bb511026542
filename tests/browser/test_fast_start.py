"""The fast start: every visit boots from the site's Pyodide snapshot, and every
way that can fail (no worker, no snapshot file, a damaged kept copy, offline) still plays.

A first visit has a Web Worker make the snapshot and restores it (data-boot
"made"), then keeps it in the Cache API (html[data-snapshot-kept]); a return
visit restores the kept copy ("snapshot"); "plain" is the boot without one.
"""

import json
import re
from urllib.parse import urlsplit

import pytest

from pyapp import registry

pytestmark = pytest.mark.first_visit  # these tests start from nothing kept, or keep it themselves

ACTION = "#actions button[data-action]"
KEPT = "html[data-snapshot-kept]"
SNAPSHOT_GLOB = "**/pyodide-snapshot-*.bin.gz"
# A browser whose workers fail. (Routing the worker's own requests is not reliable:
# Playwright intercepted them on a first page but not on a second one.)
NO_WORKERS = "window.Worker = class { constructor() { throw new Error('no workers in this test'); } };"
PLAIN = "window.diceDungeonsBoot = 'plain';"  # the page's own switch to the plain boot (the benchmark's)
# Does the game's thread (game_thread.mjs, with the one boot) run on the page itself, not in its worker?
# (A module worker's static imports show in the page's own resource timing: the page fetches them.)
ON_THE_PAGE = "() => document.documentElement.dataset.gameThread === 'page'"
# PyScript's core (its file, core.js): the pages' Content-Security-Policy refuses the eval it starts with.
PYSCRIPT_LOADED = r"""() => performance.getEntriesByType('resource').some((e) => /\/core\.js$/.test(e.name))"""


def page_python(code: str) -> str:
    """A function for page.evaluate that runs Python `code` where the page's game runs (its worker, or the
    page itself) and returns its last expression's value (page.js: window.diceDungeonsPython)."""
    return f"() => window.diceDungeonsPython({json.dumps(code)})"


# Where the page's interpreter found a module of the heap (json) and one it imports only now (colorsys,
# which the site ships apart: fetched from stdlib/ on this first import).
MODULE_FILES = page_python("import json, colorsys; [json.__file__, colorsys.__file__, colorsys.rgb_to_hsv(1, 0, 0)[2]]")
# A package the pages never import, fetched whole on its first import (email), and a module of a package
# shipped in part (encodings: utf_8 is shipped, cp437 is not).
APART = page_python("import email.mime.text, encodings.cp437; [email.mime.text.__file__, 'x'.encode('cp437').decode()]")
# Where the page's interpreter found pyapp, and whether a traceback through it shows its source.
APP_TRACEBACK = page_python("""
def _shown():
    import traceback
    import pyapp.engine
    from pyapp import registry
    try:
        registry.get("no-such-game")
    except KeyError:
        return [pyapp.engine.__file__, traceback.format_exc()]
_shown()""")


def boot(visit):
    return visit.page.get_attribute("html", "data-boot")


def keep_snapshot(visit):
    visit.page.wait_for_selector(KEPT, state="attached", timeout=60_000)


def again(open_page, visit, path, init_script=None):
    """The same browser profile opening `path` in a new tab: a return visit."""
    return open_page(path, context=visit.context, init_script=init_script)


# A page whose first paint is never reported: page.js then starts a first visit's runtime after its 3 s
# fallback, and a return visit's at once (its heap kept: nothing it downloads can delay the paint).
PAINT_UNSEEN = """window.PerformanceObserver = class { observe() {} disconnect() {} };
const byName = performance.getEntriesByName.bind(performance);
performance.getEntriesByName = (name, ...rest) => name === 'first-contentful-paint' ? [] : byName(name, ...rest);"""
STARTED_AT = "() => performance.getEntriesByName('dice-dungeons:runtime-started')[0].startTime"


def autosaved_state(visit, slug):
    saves = visit.page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.includes(':slot:')).map(k => localStorage.getItem(k))")
    games = [json.loads(text) for text in saves if text and text.startswith("{")]
    (game,) = [g for g in games if g.get("ruleset") == slug]
    return game


def test_the_build_names_the_snapshot_in_every_game_page(built_site):
    (snapshot,) = built_site.glob("pyodide-snapshot-*.bin.gz")
    assert snapshot.read_bytes()[:2] == b"\x1f\x8b"
    for slug in registry.RULESETS:
        page = (built_site / slug / "index.html").read_text()
        assert f'data-snapshot="{snapshot.name}"' in page
        assert json.loads((built_site / slug / "pyscript.json").read_text())["interpreter"] == "../boot.mjs"
    worker = (built_site / "sw.js").read_text()
    assert snapshot.name not in worker  # page.js keeps it unpacked; the worker does not fetch it twice


# Two pages: the heap is the site's (every page's modules), and every other browser test's page already starts
# from a kept heap (the build's copy, conftest.py): these two restore one their own first visit made.
@pytest.mark.parametrize("slug", ["three-dice-dungeon", "dice-crawl"])
def test_a_return_visit_boots_from_the_snapshot_and_plays(open_page, slug):
    first = open_page(f"{slug}/?seed=snap-{slug}")
    assert boot(first) == "made"  # nothing kept yet: the game's worker made it
    keep_snapshot(first)
    second = again(open_page, first, f"{slug}/?seed=snap-{slug}", init_script=PAINT_UNSEEN)
    assert boot(second) == "snapshot"
    assert second.page.evaluate(STARTED_AT) < 2000  # it did not wait for a paint
    # the game runs in its worker: the page itself loads neither PyScript nor Pyodide
    for visit in (first, second):
        assert not visit.page.evaluate(ON_THE_PAGE)
    before = second.page.inner_html("#board-wrap")
    for _ in range(10):
        second.page.locator(ACTION).first.click()
        if second.page.inner_html("#board-wrap") != before:
            break
    assert second.page.inner_html("#board-wrap") != before
    first.assert_clean()
    second.assert_clean()


def test_a_first_visit_plays_first_then_makes_the_heap_from_what_it_fetched(open_page, site):
    visit = open_page(None)
    fetched = []
    visit.context.on("request", lambda request: fetched.append(request.url))
    visit.page.goto(site + "three-dice-dungeon/?seed=made-here")
    visit.wait_ready()
    assert boot(visit) == "made"
    # the game started with its own page's modules: the other pages' are the heap's worker's to import
    assert visit.page.evaluate(
        "() => window.diceDungeonsPython(\"import sys; 'pyapp.dice_crawl.ruleset' in sys.modules\")") is False
    # the heap's worker kept the heap it made (the site's: every page's modules), after the game was up
    keep_snapshot(visit)
    marks = visit.page.evaluate(
        "() => Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))")
    assert "dice-dungeons:worker-booted" in marks
    assert marks["dice-dungeons:ready"] < marks["dice-dungeons:heap-kept"]
    assert not visit.page.evaluate(ON_THE_PAGE)
    assert not [url for url in fetched if url.endswith(".bin.gz")]  # kept from the worker, not downloaded
    # the runtime as the build packs it (zstd), once: the heap's worker boots from what the game's fetched;
    # the standard library the pages import and no more
    for packed in ("/pyodide.asm.wasm.zst", "/pyodide.asm.mjs.zst", ".stdlib.zip.zst"):
        assert len([url for url in fetched if url.endswith(packed)]) == 1, (packed, fetched)
    assert not [url for url in fetched if url.endswith(("/pyodide.asm.wasm", "/pyodide.asm.mjs", "/python_stdlib.zip"))]
    assert not [url for url in fetched if "/stdlib/" in url]  # nothing shipped apart is needed to play
    assert [url for url in fetched if url.endswith(".imports.json.zst")]
    visit.assert_clean()


def test_snapshot_boots_run_over_the_builds_standard_library_and_import_from_it_later(open_page):
    """Every boot runs over the build's copy of the standard library (sitebuild/compile_stdlib.py:
    the modules the pages import, those Pyodide's boot imports as bytecode), a heap is restored
    over the same copy, and a module imported only later is fetched from stdlib/ on demand."""
    path = "dungeon-generator/?seed=stdlib"
    first = open_page(path)
    keep_snapshot(first)
    second = again(open_page, first, path)
    plain = open_page(path, init_script=PLAIN)
    on_page = open_page(path, context=second.context, init_script=NO_WORKERS)  # the page's own boot, restoring
    visits = (first, second, plain, on_page)
    assert [boot(v) for v in visits] == ["made", "snapshot", "plain", "snapshot"]
    for visit in visits:
        heap, later, value = visit.page.evaluate(MODULE_FILES)
        # the build's copy, mounted where Pyodide mounts its own: what Pyodide's boot imports is bytecode
        assert heap == "/lib/python314.zip/json/__init__.pyc"
        assert later == "/lib/stdlib-on-demand/colorsys.zip/colorsys.py"  # shipped apart, fetched now
        assert value == 1.0
    # the boot on the page is the same boot, with no PyScript core (the pages' policy refuses its eval)
    for visit in (plain, on_page):
        assert visit.page.evaluate(ON_THE_PAGE) and not visit.page.evaluate(PYSCRIPT_LOADED)
    for visit in visits:  # pyapp as the build compiled it, imported from the heap or written out by a plain boot
        where, shown = visit.page.evaluate(APP_TRACEBACK)
        assert where == "/home/pyodide/pyapp/engine.pyc"
        # a traceback names the source's file, line and function (the source itself is not shipped)
        assert re.search(r'/home/pyodide/pyapp/registry\.py", line \d+, in get\n', shown), shown
    for visit in visits:
        visit.assert_clean()


def ready_for_offline(open_page, path):
    """A first visit that kept its heap and that the service worker controls, with this page kept too."""
    visit = open_page(path, service_workers="allow")
    keep_snapshot(visit)
    visit.page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    visit.page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=60_000)
    return visit


def test_a_module_the_site_ships_apart_imports_online_then_offline_once_fetched(open_page):
    visit = ready_for_offline(open_page, "three-dice-dungeon/?seed=apart")
    # Playwright's routing (the fixture's check that no other host is asked) fails a synchronous
    # request that a service worker answers, which a browser alone serves (the import's request).
    visit.context.unroute("**/*")
    where, text = visit.page.evaluate(APART)
    assert where.endswith("/stdlib-on-demand/email.zip/email/mime/text.py") and text == "x"
    visit.page.wait_for_timeout(500)  # the page keeps what it fetched (Cache API, asynchronously)
    visit.context.set_offline(True)
    visit.page.reload()
    visit.wait_ready()
    assert boot(visit) == "snapshot"
    where, text = visit.page.evaluate(APART)
    assert where.endswith("/email/mime/text.py") and text == "x"
    visit.context.set_offline(False)
    visit.assert_clean()


def test_without_the_packed_wasm_a_page_fetches_it_unpacked_and_plays(open_page, site):
    visit = open_page(None, init_script=PLAIN)  # the page's own boot: a worker's requests cannot be routed
    visit.context.route("**/pyodide.asm.wasm.zst", lambda route: route.fulfill(status=404, body="gone"))
    visit.page.goto(site + "three-dice-dungeon/?seed=no-packed-wasm")
    visit.wait_ready()
    assert any("packed wasm was not to be had" in line for line in visit.console)
    visit.page.locator(ACTION).first.click()
    visit.errors[:] = [e for e in visit.errors if "404" not in e]  # the refused file itself
    visit.assert_clean()


def test_a_seed_gives_the_same_dungeon_with_and_without_the_snapshot(open_page):
    slug = "tabletop-dungeon"
    path = f"{slug}/?seed=same-either-way"
    plain = open_page(path, init_script=PLAIN)
    assert boot(plain) == "plain"
    plain_state, plain_board = autosaved_state(plain, slug)["state"], plain.page.inner_html("#board-wrap")
    made = open_page(path)
    assert boot(made) == "made"
    assert autosaved_state(made, slug)["state"] == plain_state
    assert made.page.inner_html("#board-wrap") == plain_board
    keep_snapshot(made)
    made.page.evaluate("() => localStorage.clear()")  # so the next visit starts the seed afresh
    restored = again(open_page, made, path)
    assert boot(restored) == "snapshot"
    assert autosaved_state(restored, slug)["state"] == plain_state
    assert restored.page.inner_html("#board-wrap") == plain_board


PYTHON_RANDOM = page_python("import random; random.random()")


def test_each_snapshot_boot_draws_its_own_random_seed(open_page):
    """The heap freezes the random module's state: every boot reseeds it after a restore."""
    first = open_page("three-dice-dungeon/")
    keep_snapshot(first)
    seeds, draws = set(), set()
    for _ in range(2):
        first.page.evaluate("() => localStorage.clear()")
        visit = again(open_page, first, "three-dice-dungeon/")
        assert boot(visit) == "snapshot"
        seeds.add(visit.page.input_value("#share-url"))
        draws.add(visit.page.evaluate(PYTHON_RANDOM))
    assert len(seeds) == 2 and len(draws) == 2


def test_where_no_worker_can_make_it_the_page_boots_plainly_then_keeps_the_builds_copy(open_page, site):
    visit = open_page(None, init_script=NO_WORKERS)
    visit.page.goto(site + "dungeon-generator/?seed=no-worker")
    visit.wait_ready()
    assert boot(visit) == "plain"
    assert any("booting without a snapshot" in line for line in visit.console)
    keep_snapshot(visit)  # downloaded once playable
    second = again(open_page, visit, "dungeon-generator/?seed=no-worker")
    assert boot(second) == "snapshot"
    second.page.locator(ACTION).first.click()
    visit.assert_clean()
    second.assert_clean()


def test_without_any_snapshot_the_page_boots_plainly_and_says_so(open_page, site):
    visit = open_page(None, init_script=NO_WORKERS)
    visit.context.route(SNAPSHOT_GLOB, lambda route: route.fulfill(status=404, body="gone"))
    visit.page.goto(site + "dungeon-generator/?seed=no-snapshot")
    visit.wait_ready()
    assert boot(visit) == "plain"
    visit.page.wait_for_timeout(1500)  # the page tried to keep it, and could not
    assert not visit.page.locator(KEPT).count()
    second = again(open_page, visit, "dungeon-generator/?seed=no-snapshot")
    assert boot(second) == "plain"
    assert any("booting without a snapshot" in line for line in second.console)
    second.page.locator(ACTION).first.click()
    visit.errors[:] = [e for e in visit.errors if "404" not in e]  # the refused file itself
    visit.assert_clean()
    second.assert_clean()


DAMAGE = """async () => {
  const cache = await caches.open('dice-dungeons-snapshots');
  const request = (await cache.keys()).find((r) => r.url.endsWith('.bin.gz'));  // the heap, not the wasm beside it
  await cache.put(request, new Response(new Uint8Array(4096)));  // the right name, the wrong bytes
}"""


def test_a_damaged_kept_snapshot_is_made_again_and_the_page_plays(open_page):
    visit = open_page("three-dice-dungeon/?seed=damaged")
    keep_snapshot(visit)
    visit.page.evaluate(DAMAGE)
    second = again(open_page, visit, "three-dice-dungeon/?seed=damaged")
    assert boot(second) == "made"
    assert any("did not boot" in line for line in second.console)
    second.page.locator(ACTION).first.click()
    second.assert_clean()
    # and on the page's own boot, where no worker runs: the plain boot
    keep_snapshot(second)
    visit.page.evaluate(DAMAGE)
    third = open_page("three-dice-dungeon/?seed=damaged", context=visit.context, init_script=NO_WORKERS)
    assert boot(third) == "plain"
    assert any("did not boot" in line for line in third.console)
    third.page.locator(ACTION).first.click()
    third.assert_clean()


NATIVE = """() => [fetch, WebAssembly.instantiateStreaming].every((f) => String(f).includes('[native code]'))"""


def test_a_heap_noted_as_kept_but_gone_from_the_cache_is_made_again_and_the_page_plays(open_page):
    # A browser may evict the Cache API and keep localStorage's note: the restore, begun at once
    # on the strength of the note, gives way to the worker, and leaves nothing of Pyodide's patched
    visit = open_page("three-dice-dungeon/?seed=evicted")
    keep_snapshot(visit)
    visit.page.evaluate("() => caches.delete('dice-dungeons-snapshots')")
    second = again(open_page, visit, "three-dice-dungeon/?seed=evicted")
    assert boot(second) == "made"
    assert second.page.evaluate(NATIVE)
    keep_snapshot(second)
    third = again(open_page, second, "three-dice-dungeon/?seed=evicted")
    assert boot(third) == "snapshot"
    assert third.page.evaluate(NATIVE)
    third.page.locator(ACTION).first.click()
    for page in (visit, second, third):
        page.assert_clean()


def test_offline_a_page_opened_once_boots_from_the_snapshot(open_page):
    visit = ready_for_offline(open_page, "tabletop-dungeon/?seed=offline-snapshot")
    visit.context.set_offline(True)
    visit.page.reload()
    visit.wait_ready()
    assert boot(visit) == "snapshot"
    visit.page.locator(ACTION).first.click()
    visit.context.set_offline(False)
    visit.assert_clean()


def test_a_cross_origin_embed_refused_storage_makes_its_snapshot_each_time_and_plays(open_page, site, blog):
    """A frame on another site that the browser refuses storage (as this Chromium does:
    saves are off) cannot keep the snapshot, so each showing has a worker make it again,
    and says why in the console. (Where storage is partitioned instead, it is kept.)"""
    url = f"{site}three-dice-dungeon/?seed=embedded-twice&embed=1"
    post = blog(f'<!doctype html><link rel="icon" href="data:,"><h1>My blog</h1>'
                f'<iframe src="{url}" title="game" width="640" height="760" style="border:0"></iframe>')
    visit = open_page(None, width=900, height=1000, also_allow=(urlsplit(post).netloc,))
    for _ in range(2):
        visit.page.goto(post)
        frame = visit.page.frame_locator("iframe")
        frame.locator("html[data-ready]").wait_for(state="attached", timeout=90_000)
        assert frame.locator("html").get_attribute("data-boot") == "made"
        frame.locator(ACTION).first.click()
    assert "Saves are off" in frame.locator("#saves-state").inner_text()
    for _ in range(120):  # said once the heap's worker, which starts after the game, has tried
        if any("not kept for the next visit" in line for line in visit.console):
            break
        visit.page.wait_for_timeout(250)
    assert any("not kept for the next visit" in line for line in visit.console)
    visit.assert_clean()


# Every request with its start and end, and the first paint, on the page's own clock.
TIMELINE = """() => ({
  paint: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime,
  started: (performance.getEntriesByName('dice-dungeons:runtime-started')[0] || {}).startTime,
  requests: performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, e.startTime, e.responseEnd]),
})"""
RUNTIME_SEEN = r"""() => performance.getEntriesByType('resource').some((e) => {
  const path = new URL(e.name).pathname;
  return path.includes('/vendor/') || /\.(zst|mjs|gz|bin|json)$/.test(path);
})"""


HELD_OFF = ("boot.mjs", "game_worker.mjs")  # where Python starts: in the game's worker, or on the page


def hold_python_off(page):
    for name in HELD_OFF:
        page.route(f"**/{name}", lambda route: route.abort())


def held_off(error):
    return any(name in error for name in HELD_OFF) or "net::ERR_FAILED" in error


# pages whose opening actions are the same whatever the seed
@pytest.mark.parametrize("slug", ["tabletop-dungeon", "dice-crawl"])
def test_the_page_paints_before_the_runtime_is_asked_for_and_shows_the_opening_at_once(open_page, site, slug):
    """Paint first: nothing but the page's own CSS blocks it (page.js is deferred, the head preloads
    nothing), and the runtime's downloads start only once it has painted, so on a slow network the
    page's own HTML and CSS never queue behind megabytes of runtime. The opening position the build
    drew is on the page before Python is up (but what differs by seed), and a click on it then is
    refused with a word."""
    visit = open_page(None)
    hold_python_off(visit.page)  # to look at the page before it
    visit.page.goto(site + slug + "/")
    started = "() => performance.getEntriesByName('dice-dungeons:runtime-started').length"
    visit.page.wait_for_function(started, timeout=30_000)
    # a resource's timing entry appears when its response ends: wait for the runtime's first one
    visit.page.wait_for_function(RUNTIME_SEEN, timeout=30_000)
    head = visit.page.request.get(site + slug + "/").text().split("</head>")[0]  # as sent, before scripts add to it
    assert "preload" not in head and 'defer src="../page.js"' in head
    timeline = visit.page.evaluate(TIMELINE)
    assert timeline["paint"] is not None and timeline["started"] >= timeline["paint"]
    own = {path: end for path, _, end in timeline["requests"] if path.endswith("/style.css")}
    runtime = [(path, start) for path, start, _ in timeline["requests"]
               if "/vendor/" in path or path.endswith((".zst", ".mjs", ".gz", ".bin", ".json"))]
    assert own and runtime
    assert all(start >= max(own.values()) and start >= timeline["paint"] for _, start in runtime), runtime
    # the opening, drawn by the build: the board and the first actions, before Python is up
    assert visit.page.locator("#board-wrap svg#board").is_visible()
    hidden = visit.page.evaluate("() => [...document.querySelectorAll('.seed-dependent')].map((e) => e.id)")
    assert all(not visit.page.locator(f"#{part}").is_visible() for part in hidden)
    first = visit.page.locator("#actions button[data-action]").first
    assert first.is_visible()
    first.click()
    assert "still loading" in visit.page.locator("#loading-note").inner_text()
    assert visit.page.get_attribute("html", "data-ready") is None
    visit.errors[:] = [e for e in visit.errors if not held_off(e)]  # the files held off on purpose


LARGEST_PAINTS = """() => new Promise((resolve) => new PerformanceObserver((list) => resolve(
  list.getEntries().map((e) => [e.element ? e.element.className || e.element.id : '', e.startTime])))
  .observe({ type: 'largest-contentful-paint', buffered: true }))"""


SHIFTS = """window.diceDungeonsShifts = 0; new PerformanceObserver((list) => { for (const e of list.getEntries())
  if (!e.hadRecentInput) window.diceDungeonsShifts += e.value; }).observe({ type: 'layout-shift', buffered: true });"""


def test_a_page_whose_opening_differs_by_seed_says_what_it_is_while_python_comes(open_page, site):
    """The Generator's whole opening differs by seed, so before Python draws it the loading card says
    what the page is, in words larger than any the game draws next: the page's largest paint is then
    its first (it was the status Python drew, seconds later on a phone), and the card goes once the
    game is up. Its play area shows nothing before Python draws it either, so nothing there moves when
    the first map is another size than the build's."""
    visit = open_page(None)
    hold_python_off(visit.page)
    visit.page.goto(site + "dungeon-generator/")
    about = visit.page.locator("#loading .loading-about")
    assert about.is_visible() and "node map" in about.inner_text()
    assert not visit.page.locator("#status").is_visible()
    visit.errors[:] = [e for e in visit.errors if not held_off(e)]
    # a phone; a dungeon whose first map is another size than the build's opening (seed "a": 0.12 of shift before)
    page = open_page("dungeon-generator/?seed=a", width=412, height=850, init_script=SHIFTS)
    paints = page.page.evaluate(LARGEST_PAINTS)
    assert page.page.evaluate("() => window.diceDungeonsShifts") < 0.01  # nothing it showed moved
    started = page.page.evaluate("() => performance.getEntriesByName('dice-dungeons:runtime-started')[0].startTime")
    assert paints[-1][0] == "loading-about" and paints[-1][1] < started, paints
    assert not page.page.locator("#loading").is_visible()
    assert page.page.locator("#status").is_visible()
    # a page whose opening is drawn whole needs no such words
    visit.page.goto(site + "three-dice-dungeon/")
    assert visit.page.locator("#loading .loading-about").count() == 0
    visit.errors[:] = [e for e in visit.errors if not held_off(e)]


SILENCE_MS = 6000


def test_a_worker_still_downloading_on_a_slow_network_is_not_a_failed_worker(open_page, site):
    """The worker is given up after a silence, not after a time in all: on a network slower than its
    limit (here a limit of 6 s and a first visit of about 20 s at 2 Mbps) it says how many bytes it
    received, and the page boots from its heap, not the plain way (it did, on slow 4G, before). The limit
    stays above what the worker's busiest silent stretch (compiling, booting) takes on a loaded machine: a 3 s
    limit was passed once, beside other tests."""
    visit = open_page(None, init_script=f"window.diceDungeonsWorkerSilenceMs = {SILENCE_MS};")
    session = visit.context.new_cdp_session(visit.page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 100, "downloadThroughput": 2_000_000 / 8, "uploadThroughput": 1_000_000 / 8})
    visit.page.goto(site + "three-dice-dungeon/?seed=slow-network")
    visit.wait_ready()
    started = visit.page.evaluate("() => performance.getEntriesByName('dice-dungeons:runtime-started')[0].startTime")
    ready = visit.page.evaluate("() => performance.now()")
    assert ready - started > SILENCE_MS  # the download alone outlasted the limit
    assert boot(visit) == "made", visit.page.get_attribute("html", "data-boot-why")
    # the loading bar counted the bytes (its text gave way to the game's own words since)
    value, whole = visit.page.evaluate("() => [document.querySelector('#loading progress').value,"
                                       " document.querySelector('#loading progress').max]")
    assert whole > 3_000_000 and value > whole / 2
    visit.assert_clean()
