"""Balance-lab figures for the benchmark: how long the built page takes to
auto-play N games in its Balance lab panel (Chromium), and the longest
main-thread task meanwhile (the page must stay responsive: well under 50 ms
of work between two breaths of the browser).

    python3 bench/lab_bench.py [--games 1000] [--pages SLUG...] [--tasks]
    (builds nothing: run `python3 build.py` first; --tasks lists every task over 50 ms)

`python3 build.py bench` prints these too (bench/benchmark.py).
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from support import CHROMIUM_ARGS  # noqa: E402  (the browser tests' flags)

LAB_PAGES = ("three-dice-dungeon", "three-dice-dungeon-tiles", "tabletop-dungeon")
WATCH_TASKS = """
window.__labTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__labTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""


def lab_seconds(browser, base: str, slug: str, games: int) -> dict:
    """Seconds from Run to the last figure for `games` games, and the longest task meanwhile (ms)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    context.add_init_script(WATCH_TASKS)
    page = context.new_page()
    page.goto(f"{base}{slug}/?seed=lab-bench")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    page.click("#tool-lab summary")
    page.fill('#tool-lab input[name="games"]', str(games))
    started = page.evaluate("() => performance.now()")
    start = time.perf_counter()
    page.click("#tool-lab button[type=submit]")
    page.wait_for_function("() => document.getElementById('tool-lab-progress').hidden && "
                           "document.querySelector('#tool-lab-output h3')", timeout=600_000, polling=100)
    seconds = time.perf_counter() - start
    longest = page.evaluate("(t0) => Math.max(0, ...window.__labTasks.filter(([s]) => s >= t0).map(([, d]) => d))",
                            started)
    heading = page.inner_text("#tool-lab-output h3")
    if "--tasks" in sys.argv:
        print(slug, page.evaluate("(t0) => window.__labTasks.filter(([s]) => s >= t0)", started))
    context.close()
    return {"seconds": seconds, "longest_ms": longest, "heading": heading}


def longest(figures: dict) -> str:
    # the browser reports only tasks over 50 ms
    return f"{figures['longest_ms']:.0f} ms" if figures["longest_ms"] else "none over 50 ms"


def lab_figures(play, launch: dict, base: str, games: int, pages=LAB_PAGES) -> dict:
    print(f"\n## Balance lab: {games} auto-played games in the built page (Chromium)")
    print("| page | seconds | games/s | longest main-thread task during the run |")
    print("|---|---|---|---|")
    browser = play.chromium.launch(**launch)
    out = {}
    try:
        for slug in pages:
            figures = out[slug] = lab_seconds(browser, base, slug, games)
            assert f"{games} games" in figures["heading"], figures["heading"]
            print(f"| {slug} | {figures['seconds']:.1f} s | {games / figures['seconds']:.0f} "
                  f"| {longest(figures)} |", flush=True)
    finally:
        browser.close()
    # 2 cores shared with other work: a task over 50 ms is then often the OS, not the lab
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.1f}" for x in os.getloadavg()))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--tasks", action="store_true", help="list every task over 50 ms")
    parser.add_argument("--pages", nargs="*", default=LAB_PAGES, choices=LAB_PAGES)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from playwright.sync_api import sync_playwright

    from sitebuild.serve import make_server

    server = make_server(ROOT / "dist", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as play:
            lab_figures(play, {"executable_path": "/usr/bin/chromium", "args": CHROMIUM_ARGS, "headless": True},
                        f"http://127.0.0.1:{server.server_port}/", args.games, args.pages)
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
