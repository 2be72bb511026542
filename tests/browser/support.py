"""What the browser tests share: where the browsers are and how to skip without them."""

import json
import os
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
# Chromium keeps only the last --disable-features it is given, and Playwright gives its own first (its
# chromiumSwitches: third-party storage partitioning and paint holding off, among others), so a list of ours
# repeats Playwright's (test_launch_flags.py holds it to the installed Playwright's).
PLAYWRIGHT_DISABLES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin", "OptimizationHints",
    "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch", "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)
# Chromium 156 preloads two WebUI omnibox popups (a renderer of their own, lit components) in every window it
# opens, and each Playwright page is a window: five contexts with a page each cost 10.2 CPU-seconds of Chromium
# here, 2.5 without them. No page of the site sees them.
OUR_DISABLES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLES + OUR_DISABLES),
]
BOOT_TIMEOUT_MS = 90_000  # a cold boot is ~5-14 s here; a loaded CI machine is slower
SHOTS = Path("/tmp/shots")


# Chromium checks every page in every test. Firefox and WebKit check each page once between their two tests of
# a page (it plays and reloads: test_engines.py; it plays in a WordPress post: test_wordpress_embed.py) and the
# Dice Crawl game handed over between them (test_engines.py): every page runs the same boot, agent and protocol,
# and a second check of a page in the same engine costs about 10 s of a run that must stay under 20 minutes.
# Firefox also plays every page's whole game blind, by keys (test_engines.py, issue 48): its "plays" pages are
# then reloaded there.
OTHER_ENGINES_CHECK = {
    "firefox": {"plays": ("three-dice-dungeon", "tabletop-dungeon", "dungeon-generator"),
                "wordpress": ("three-dice-dungeon-tiles", "three-rd6-dungeon")},
    "webkit": {"plays": ("three-dice-dungeon-tiles", "three-rd6-dungeon"),
               "wordpress": ("three-dice-dungeon", "tabletop-dungeon", "dungeon-generator")},
}
HANDED_OVER = "dice-crawl"  # the page of the hand-over between Firefox and WebKit


def missing(what: str, how: str):
    """Skip on a developer's machine without `what`; under CI a missing browser is a failure."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is missing under CI ({how})")
    pytest.skip(f"{what} is not installed ({how}); browser test skipped")


# The heap a game page names (its script's data-snapshot) and the runtime, unpacked, kept by boot.mjs as a visit
# keeps them. The wasm and Pyodide's JavaScript come from the build's unpacked copies (unpacking the packed wasm
# in JavaScript would take most of a second).
KEEP_THE_BUILDS_HEAP = """async (site) => {
  const html = await (await fetch(site + "three-dice-dungeon/")).text();
  const heapURL = new URL(html.match(/data-snapshot="([^"]+)"/)[1], site).href;
  const packed = await import(site + "packed.mjs");
  const body = async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(url + ": HTTP " + response.status);
    return response.arrayBuffer();
  };
  const [heap, wasm, asm, stdlib] = await Promise.all([
    body(heapURL).then(packed.gunzipped),
    body(site + "vendor/pyodide/pyodide.asm.wasm"),
    body(site + "vendor/pyodide/pyodide.asm.mjs"),
    packed.fetchPacked(heapURL.replace(/[.]bin[.]gz$/, ".stdlib.zip")),
  ]);
  await (await import(site + "boot.mjs")).keepHeap({ snapshotURL: heapURL }, { heap, wasm, asm, stdlib });
}"""


def keep_the_builds_heap(context, site: str) -> None:
    """Put the build's copy of the Python heap in `context`'s Cache API, so that its game pages start as a
    return visit does (about 1.5 s here) rather than make the heap as a first visit does (about 5 s). The tests
    of first visits (marked `first_visit`) and frames of other origins start as a first visit would."""
    page = context.new_page()
    try:
        page.goto(site + "manifest.webmanifest")
        page.evaluate(KEEP_THE_BUILDS_HEAP, site)
    finally:
        page.close()


# Contexts that kept the build's heap, lent to one test at a time: keeping it costs a new context 1.1-1.4 s
# (31 MB of heap unpacked and 45 MB put in the Cache API, measured here), about 4 minutes of a run's 150 or so
# return visits, and a context kept warm also boots its pages sooner (the wasm's machine code is cached beside
# it). A context comes back with its pages closed and every storage of the site's origin emptied but the Cache
# API (localStorage, IndexedDB, cookies, service workers), as a browser that kept only the heap would have it.
# Only a context its test did not change itself comes back (Visit.context marks one that was asked for: its
# routes, offline switch, permissions or init scripts are the test's): the rest are closed.
EMPTIED = "cookies,local_storage,indexeddb,websql,file_systems,service_workers,shader_cache"
IDLE_MOST = 3


class Lender:
    """lend() -> (context, page): a page, blank, in a context with the build's heap kept; give_back(context)."""

    def __init__(self, browser, site: str):
        self.browser, self.site, self.idle, self.routed = browser, site, [], {}

    def lend(self, *, width=1280, height=900, color_scheme=None, reduced_motion=None, route=None):
        """`route(route)`: how the page's requests are answered (else they go through)."""
        if self.idle:
            context = self.idle.pop()
        else:
            context = self.browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block",
                                               accept_downloads=True)
            keep_the_builds_heap(context, self.site)
            context.route("**/*", self.router(context))
        self.routed[context] = route or (lambda answered: answered.continue_())
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Storage.clearDataForOrigin", {"origin": self.site.rstrip("/"), "storageTypes": EMPTIED})
        session.detach()
        page.set_viewport_size({"width": width, "height": height})
        if color_scheme or reduced_motion:
            page.emulate_media(color_scheme=color_scheme, reduced_motion=reduced_motion)
        return context, page

    def router(self, context):
        return lambda route: self.routed[context](route)

    def give_back(self, context, *, changed=False):
        """The context to lend again, unless its test `changed` it (then closed), or enough wait already."""
        try:
            for page in context.pages:
                page.close()
        except Exception:
            changed = True  # a crashed or closed context
        if changed or len(self.idle) >= IDLE_MOST:
            self.routed.pop(context, None)
            try:
                context.close()
            except Exception:
                pass
            return
        self.idle.append(context)


LENDERS: dict = {}


def lender(browser, site: str) -> Lender:
    """The session's lender of contexts for this browser and site."""
    key = (id(browser), site)
    if key not in LENDERS:
        LENDERS[key] = Lender(browser, site)
    return LENDERS[key]


def played_codes(visit, slug: str) -> list[str]:
    """The action codes of the longest game of `slug` the page has autosaved."""
    saves = visit.page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.includes(':slot:')).map(k => localStorage.getItem(k))")
    games = [json.loads(text) for text in saves if text and text.startswith("{")]
    games = [g for g in games if g.get("ruleset") == slug]
    return max(games, key=lambda g: len(g["actions"]))["actions"] if games else []


# The board is patched, not replaced, by a redraw (static/agent.mjs): #board-wrap[data-drawn] counts its redraws.
# MARK_BOARD before an input, then wait for BOARD_DRAWN_AGAIN.
MARK_BOARD = "() => { window.__drawn = document.getElementById('board-wrap').getAttribute('data-drawn'); }"
BOARD_DRAWN_AGAIN = "() => document.getElementById('board-wrap').getAttribute('data-drawn') !== window.__drawn"


# Python runs in a Web Worker (static/game_worker.mjs): a click's effect comes a moment after the click,
# once the worker has answered. The page's agent marks html[data-busy] while any event it sent is unanswered;
# a board whose map grew glides to its new view (static/board_view.mjs) with #board-wrap[data-moving].
SETTLED = "() => !document.documentElement.hasAttribute('data-busy') && !document.querySelector('[data-moving]')"


# A figure that moved walks to its place (static/agent.mjs): a click aimed at a figure waits for it to arrive, as a
# player's would (a walking figure may pass over the target between the browser's hit test and the click).
WALKED = ("() => !document.getAnimations().some(a => a.playState === 'running' && a.effect && a.effect.target"
          " && a.effect.target.hasAttribute && a.effect.target.hasAttribute('data-figure'))")


def settle(page, timeout_ms: int = 30_000) -> None:
    """Wait until the game page has drawn what the last input changed (a page that went away is settled)."""
    try:
        page.wait_for_function(SETTLED, timeout=timeout_ms)
    except Exception as error:
        if "closed" in str(error) or "destroyed" in str(error) or "navigat" in str(error):
            return
        raise


def watched_page(browser, site: str, path: str, watch: str, *, reduced: bool = False):
    """A 1280 px page of its own context (no service worker), `watch` run before the page's scripts, ready to
    play: (context, page, the page's uncaught errors). The caller gives the context back (lender(...).give_back)."""
    context, page = lender(browser, site).lend(reduced_motion="reduce" if reduced else "no-preference")
    page.add_init_script(watch)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{site}{path}")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    return context, page, errors
