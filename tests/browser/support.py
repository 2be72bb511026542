"""What the browser tests share: where the browsers are and how to skip without them."""

import json
import os
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
BOOT_TIMEOUT_MS = 90_000  # a cold boot is ~5-14 s here; a loaded CI machine is slower
SHOTS = Path("/tmp/shots")


def missing(what: str, how: str):
    """Skip on a developer's machine without `what`; under CI a missing browser is a failure."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is missing under CI ({how})")
    pytest.skip(f"{what} is not installed ({how}); browser test skipped")


def played_codes(visit, slug: str) -> list[str]:
    """The action codes of the longest game of `slug` the page has autosaved."""
    saves = visit.page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.includes(':slot:')).map(k => localStorage.getItem(k))")
    games = [json.loads(text) for text in saves if text and text.startswith("{")]
    games = [g for g in games if g.get("ruleset") == slug]
    return max(games, key=lambda g: len(g["actions"]))["actions"] if games else []


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
    play: (context, page, the page's uncaught errors). The caller closes the context."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block",
                                  reduced_motion="reduce" if reduced else "no-preference")
    context.add_init_script(watch)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{site}{path}")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    return context, page, errors
