"""How long a browser test's page takes to start: from nothing kept (a first visit, which makes the heap)
against from the build's heap put in the context first (tests/browser/support.keep_the_builds_heap, what the
browser tests do unless marked first_visit). Interleaved rounds, a fresh Chromium context each; medians and
spread, seconds.

    .venv/bin/python bench/browser_test_start.py [--rounds 3]     (after python3 build.py build)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from sitebuild.paths import DIST  # noqa: E402
from sitebuild.serve import make_server  # noqa: E402
from support import CHROMIUM, CHROMIUM_ARGS, keep_the_builds_heap  # noqa: E402

PAGES = ("three-dice-dungeon", "tabletop-dungeon", "dice-crawl")


def ready_after(browser, site: str, slug: str, warm: bool) -> tuple[float, float, str]:
    """(seconds keeping the heap, seconds from goto to html[data-ready], how it booted) in a new context."""
    context = browser.new_context(service_workers="block")
    try:
        start = time.monotonic()
        if warm:
            keep_the_builds_heap(context, site)
        kept = time.monotonic() - start
        page = context.new_page()
        start = time.monotonic()
        page.goto(f"{site}{slug}/?seed=bench")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
        return kept, time.monotonic() - start, page.get_attribute("html", "data-boot") or ""
    finally:
        context.close()


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):5.2f} ({min(values):.2f}-{max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server = make_server(DIST, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_port}/"
    rows: dict[tuple[str, bool], list[tuple[float, float, str]]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(args.rounds):
            for slug in PAGES:
                for warm in (False, True):  # interleaved: the machine's noise falls on both alike
                    rows.setdefault((slug, warm), []).append(ready_after(browser, site, slug, warm))
        browser.close()
    server.shutdown()
    print(f"{'page':20} {'start':8} {'heap kept':18} {'to ready':18} {'total':18} boot")
    for (slug, warm), runs in rows.items():
        kept, ready = [r[0] for r in runs], [r[1] for r in runs]
        total = [a + b for a, b in zip(kept, ready)]
        print(f"{slug:20} {'warm' if warm else 'nothing':8} {spread(kept):18} {spread(ready):18} {spread(total):18} "
              f"{sorted({r[2] for r in runs})}")


if __name__ == "__main__":
    main()
