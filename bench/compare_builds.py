"""Benchmark (not a test): two builds of the site side by side, interleaved.

    .venv/bin/python bench/compare_builds.py OLD_DIST NEW_DIST [--rounds N] [--clicks N] [--network N]
                                             [--slow-clicks N] [--slow-returns N]

Serves both dist/ folders and, round after round and page after page, runs the
start-up visits of bench/startup_bench.py (cold, warm, snapshot) on the old
build then the new one (the order swapping each round), so the noise of this
shared machine falls on both alike. Prints the medians with their spread and
the new/old ratios per round, then the click-to-redraw figures of each build.
--network N adds N first visits a build under each of Chromium's network
profiles (startup_bench.NETWORKS), interleaved, beside the time their bytes
alone take at that rate. --slow-clicks N clicks each page N times a round at 4x
CPU slowdown (issue 47: no task over 50 ms), old and new interleaved: the
longest main-thread task each click caused, and the time over 50 ms summed.
--slow-returns N makes N return visits a page and build at 4x CPU slowdown (a
slow phone's return visit, where its first paint comes late), interleaved: the
time to the first working button, the runtime's start, and the longest task.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmark import CHROMIUM_ARGS, LAUNCH, click_times
from sitebuild.serve import make_server
from startup_bench import (
    NETWORKS,
    RETURN_STEPS,
    ROUND_INIT,
    bytes_ms,
    first_visit_bytes,
    network_visit,
    one_round,
    ratio_spread,
    spread,
    visit,
)

SLUGS = ("three-dice-dungeon", "three-dice-dungeon-tiles", "three-rd6-dungeon", "tabletop-dungeon", "dungeon-generator",
         "dice-crawl")
KINDS = ("cold plain", "cold", "warm", "snapshot")


def serve(dist: Path) -> str:
    server = make_server(dist, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}/"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=10)
    parser.add_argument("--slugs", default=",".join(SLUGS), help="pages to compare, comma-separated")
    parser.add_argument("--network", type=int, default=0, help="first visits a build and network profile (0: none)")
    parser.add_argument("--slow-clicks", type=int, default=0, help="clicks a page and round at 4x CPU slowdown")
    parser.add_argument("--slow-returns", type=int, default=0, help="return visits a page and build at 4x CPU slowdown")
    args = parser.parse_args()
    slugs = args.slugs.split(",")
    bases = {"old": serve(args.old), "new": serve(args.new)}
    runs = {(build, slug): [] for build in bases for slug in slugs}
    from playwright.sync_api import sync_playwright

    with sync_playwright() as play:
        for index in range(args.rounds):
            order = ("old", "new") if index % 2 == 0 else ("new", "old")
            for slug in slugs:
                for build in order:
                    runs[build, slug].append(one_round(play, LAUNCH, bases[build], slug, snapshot_first=index % 2 == 1))
        if args.rounds:  # 0: only the comparisons asked for below
            print(f"## Start-up, old {args.old} vs new {args.new}: time to the first working button "
                  f"(ms; median (min-max) of {args.rounds} rounds, interleaved); ratio = new / old per round")
            print("| page | visit | old | new | ratio new/old |")
            print("|---|---|---|---|---|")
            for slug in slugs:
                old, new = runs["old", slug], runs["new", slug]
                for kind in KINDS:
                    pairs = [(n[kind]["ready"], o[kind]["ready"]) for o, n in zip(old, new)]
                    print(f"| {slug} | {kind} | {spread([o[kind]['ready'] for o in old])} "
                          f"| {spread([n[kind]['ready'] for n in new])} | {ratio_spread(pairs)} |")
            print("\n## Where a return visit's time goes (ms from the navigation to each mark, snapshot visits; median"
                  " (min-max); '-': the build leaves no such mark)")
            print("| page | mark | old | new |")
            print("|---|---|---|---|")
            for slug in slugs:
                for step in RETURN_STEPS:
                    cells = []
                    for build in ("old", "new"):
                        seen = [r["snapshot"]["marks"][step] for r in runs[build, slug]
                                if step in r["snapshot"].get("marks", {})]
                        cells.append(spread(seen) if seen else "-")
                    print(f"| {slug} | {step} | {cells[0]} | {cells[1]} |")
            print("\n## Total blocking time (ms; median (min-max))")
            print("| page | visit | old | new |")
            print("|---|---|---|---|")
            for slug in slugs:
                for kind in KINDS:
                    print(f"| {slug} | {kind} | {spread([o[kind]['blocking'] for o in runs['old', slug]])} "
                          f"| {spread([n[kind]['blocking'] for n in runs['new', slug]])} |")
        if args.network:
            network_compare(play, bases, {"old": args.old, "new": args.new}, slugs, args.network)
        if args.slow_clicks:
            slow_click_compare(play, bases, slugs, args.slow_clicks, max(args.rounds, 1))
        if args.slow_returns:
            slow_return_compare(play, bases, slugs, args.slow_returns)
        if args.clicks:
            browser = play.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            for build in ("old", "new"):
                print(f"\n## Click to redraw, {build} build")
                click_times(browser, bases[build], args.clicks)
            browser.close()


# Each click's long tasks (Long Tasks API): from the click to a second after it, when the redraw, the dice's
# tumble and the board's glide are over.
SLOW_CLICK_JS = """async () => {
  const button = document.querySelector('#actions button[data-action]:not([disabled])');
  if (!button) return null;
  const tasks = [];
  const seen = new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push(e.duration); });
  seen.observe({ type: "longtask" });
  button.click();
  await new Promise((r) => setTimeout(r, 1000));
  seen.disconnect();
  return tasks;
}"""


def slow_click_compare(play, bases: dict[str, str], slugs: list[str], clicks: int, rounds: int) -> None:
    """Each page of each build clicked at 4x CPU slowdown, from a kept heap (a return visit), old and new in
    turn; per page the longest task of any click and the clicks' time over 50 ms, median (min-max) of rounds."""
    from benchmark import CLICK_SETTINGS
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))
    from support import keep_the_builds_heap

    print(f"\n## Long tasks of a click at 4x CPU slowdown ({clicks} clicks a page and round, {rounds} rounds"
          " interleaved; ms: the longest task, and the blocking time, over 50 ms, of all clicks)")
    print("| page | longest old | longest new | blocking old | blocking new | clicks with a long task old / new |")
    print("|---|---|---|---|---|---|")
    browser = play.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
    for slug in slugs:
        out = {build: [] for build in bases}
        for index in range(rounds):
            for build in ("old", "new") if index % 2 == 0 else ("new", "old"):
                context = browser.new_context()
                keep_the_builds_heap(context, bases[build])
                page = context.new_page()
                page.goto(f"{bases[build]}{slug}/?seed=bench-slow-clicks" + CLICK_SETTINGS.get(slug, ""))
                page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
                page.wait_for_timeout(1000)
                context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
                each = [page.evaluate(SLOW_CLICK_JS) for _ in range(clicks)]
                out[build].append([tasks for tasks in each if tasks is not None])
                context.close()
        longest = {b: [max((max(t, default=0) for t in r), default=0) for r in out[b]] for b in out}
        blocking = {b: [sum(max(0, d - 50) for t in r for d in t) for r in out[b]] for b in out}
        long_clicks = {b: sum(1 for r in out[b] for t in r if t) for b in out}
        every = {b: sum(len(r) for r in out[b]) for b in out}
        print(f"| {slug} | {spread(longest['old'])} | {spread(longest['new'])} | {spread(blocking['old'])} "
              f"| {spread(blocking['new'])} | {long_clicks['old']} of {every['old']} / {long_clicks['new']} of "
              f"{every['new']} |")
    browser.close()


def slow_return_compare(play, bases: dict[str, str], slugs: list[str], visits: int) -> None:
    """Return visits at 4x CPU slowdown (the throttle set before the navigation), each build in a profile of its
    own with the build's heap kept and its files cached by a first visit, old and new in turn."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))
    from support import keep_the_builds_heap

    print(f"\n## Return visits at 4x CPU slowdown (ms; median (min-max) of {visits} a page and build, interleaved;"
          " ratio = new / old per pair)")
    print("| page | figure | old | new | ratio new/old |")
    print("|---|---|---|---|---|")
    for slug in slugs:
        out = {build: [] for build in bases}
        with tempfile.TemporaryDirectory() as old_profile, tempfile.TemporaryDirectory() as new_profile:
            contexts = {}
            for build, profile in (("old", old_profile), ("new", new_profile)):
                contexts[build] = play.chromium.launch_persistent_context(profile, **LAUNCH)
                contexts[build].add_init_script(ROUND_INIT)
                keep_the_builds_heap(contexts[build], bases[build])
                visit(contexts[build], f"{bases[build]}{slug}/?seed=bench-slow-warm")  # its files in the HTTP cache
            for index in range(visits):
                for build in ("old", "new") if index % 2 == 0 else ("new", "old"):
                    out[build].append(visit(contexts[build], f"{bases[build]}{slug}/?seed=bench-slow-return",
                                            cpu_slowdown=4))
            for context in contexts.values():
                context.close()
        for name, pick in (("first working button", lambda f: f["ready"]),
                           ("runtime started", lambda f: f["marks"].get("runtime-started", 0)),
                           ("longest task", lambda f: f["longest"])):
            old, new = [pick(f) for f in out["old"]], [pick(f) for f in out["new"]]
            print(f"| {slug} | {name} | {spread(old)} | {spread(new)} | {ratio_spread(list(zip(new, old)))} |")


def network_compare(play, bases: dict[str, str], dists: dict[str, Path], slugs: list[str], rounds: int) -> None:
    print(f"\n## First visit under network emulation (ms to the first working button; median (min-max) of {rounds},"
          " interleaved); files alone = the time the new build's files to the button take at that rate")
    print("| page | network | old | new | ratio new/old | files alone (new) | ratio new / files alone |")
    print("|---|---|---|---|---|---|---|")
    for slug in slugs:
        for name, network in NETWORKS.items():
            rows = []
            for index in range(rounds):
                order = ("old", "new") if index % 2 == 0 else ("new", "old")
                rows.append({build: network_visit(play, LAUNCH, f"{bases[build]}{slug}/?seed=bench-network", network,
                                                  plain=False) for build in order})
            old = [r["old"]["ready"] for r in rows]
            new = [r["new"]["ready"] for r in rows]
            alone = bytes_ms(first_visit_bytes(dists["new"], slug), network)
            print(f"| {slug} | {name} | {spread(old)} | {spread(new)} | {ratio_spread(list(zip(new, old)))}"
                  f" | {alone:.0f} | {ratio_spread([(n, alone) for n in new])} |")


if __name__ == "__main__":
    main()
