"""Benchmark (not a test): prints every figure in one run.

    python3 build.py bench            # builds dist/ first, then runs this
    python3 build.py bench -- --games 2000 --loads 2   # a quicker run

Figures: start-up of each page (time to the first working button, blocking
time, longest task and bytes on the wire, for a first visit, a plain return
visit and a return visit from the kept snapshot: see startup_bench.py; and
three-dice-dungeon's first visit under Chromium's fast-4G and slow-4G network
emulation, --network-loads rounds), and
for a bare page that only boots Pyodide (the floor); click to redrawn board; bytes of
each page beyond the runtime; auto-played games per second in CPython and
in Pyodide; and, from N auto-played games per edition and setting, the
share of characters dead within their first two locations and the median
number of locations survived; and the seconds each page's Balance lab
takes for --lab-games games in Chromium (lab_bench.py).

A "game" is auto-played in Endless mode until the party dies, has made
CAP locations or has gone below LEVEL_CAP dungeon levels (a strong
character can live forever, and the page's auto play pauses at each new
level; the caps keep runs finite, and "survived" is then reported as >= CAP).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from lab_bench import lab_figures  # noqa: E402
from pyapp import bench_figures  # noqa: E402
from pyapp.registry import RULESETS  # noqa: E402
from pyapp.simulate import games_per_second, play_out, summarise  # noqa: E402
from sitebuild.archive import APP_ARCHIVE, pack_pyapp  # noqa: E402
from sitebuild.paths import NODE  # noqa: E402
from startup_bench import network_figures, startup_figures  # noqa: E402
from support import CHROMIUM_ARGS  # noqa: E402  (the browser tests' flags)

CAP = 100
LEVEL_CAP = 3  # a game stops on reaching dungeon level LEVEL_CAP + 1
SETTINGS = {
    "three-dice-dungeon": [("training wheels on", {}), ("training wheels off", {"training_wheels": False}),
                           ("deeper monsters", {"deeper_monsters": True})],
    "three-dice-dungeon-tiles": [("easy (1d6+6 HP)", {}), ("hard (1d6 HP)", {"difficulty": "hard"})],
}
LAUNCH = {"executable_path": "/usr/bin/chromium", "args": CHROMIUM_ARGS, "headless": True}


def capped(state: dict) -> bool:
    return state["made"] > CAP or state["level"] > LEVEL_CAP


def never(_state: dict) -> bool:
    return False


# 3 Dice Dungeon in Endless mode can go on forever: its games stop at CAP locations or LEVEL_CAP levels.
STOPS = {"three-dice-dungeon": capped, "three-dice-dungeon-tiles": capped}


def one_game(job: tuple[str, dict, int]) -> tuple[bool, int, bool]:
    """(died within the first two locations, locations survived, alive at a cap) for one seed."""
    slug, settings, seed = job
    state = play_out(RULESETS[slug], f"bench-{seed}", settings, stop=capped)
    died = state["over"] == "dead"
    survived = min(CAP, state["made"] - (1 if died else 0))
    return died and state["made"] <= 2, survived, not died


def swinginess(games: int) -> None:
    print(f"\n## Swinginess: {games} auto-played games per edition and setting "
          f"(cap {CAP} locations or {LEVEL_CAP} dungeon levels)")
    print("| page | setting | dead within 2 locations | median locations survived "
          "| alive at a cap | games/s (2 processes) |")
    print("|---|---|---|---|---|---|")
    with multiprocessing.Pool(2) as pool:
        for slug, variants in SETTINGS.items():
            for name, settings in variants:
                start = time.perf_counter()
                results = pool.map(one_game, [(slug, settings, i) for i in range(games)], chunksize=50)
                rate = games / (time.perf_counter() - start)
                early = sum(r[0] for r in results) / games
                median = statistics.median(r[1] for r in results)
                shown = f">= {CAP}" if median >= CAP else f"{median:g}"
                alive = sum(r[2] for r in results) / games
                print(f"| {slug} | {name} | {100 * early:.1f}% | {shown} | {100 * alive:.1f}% | {rate:.0f} |")


def cpython_speed() -> dict:
    print("\n## Whole auto-played games per second, CPython " + sys.version.split()[0]
          + f" (3 Dice Dungeon: cap {CAP} locations or {LEVEL_CAP} dungeon levels)")
    out = {}
    for slug, ruleset in RULESETS.items():
        out[slug] = games_per_second(ruleset, {}, seconds=3.0, stop=STOPS.get(slug, never))
        print(f"- {slug}: {out[slug]:.1f} games/s")
    return out


# ---------------------------------------------------------------- in the browser
BARE_PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>bare Pyodide</title></head><body><p>bare</p>
<script type="module">
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
window.pyodide = await loadPyodide({ indexURL: "../vendor/pyodide/", stdLibURL: "./python_stdlib.zip" });
document.documentElement.setAttribute("data-ready", "");
</script></body></html>"""

PYODIDE_GAMES = """
import sys
sys.path.insert(0, "/bench")
from pyapp.registry import RULESETS
from pyapp.simulate import games_per_second
import json
def stop(slug):
    return (lambda s: s["made"] > %d or s["level"] > %d) if slug.startswith("three-dice") else (lambda s: False)
json.dumps({slug: games_per_second(r, {}, seconds=3.0, stop=stop(slug)) for slug, r in RULESETS.items()})
""" % (CAP, LEVEL_CAP)


def ready_ms(page, url: str) -> float:
    page.goto(url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    return page.evaluate("performance.now()")


def floor_times(play, base: str, loads: int) -> None:
    """A page that only boots Pyodide: what every plain boot costs at least."""
    cold, warm = [], []
    for _ in range(loads):
        with tempfile.TemporaryDirectory() as profile:
            context = play.chromium.launch_persistent_context(profile, **LAUNCH)
            page = context.new_page()
            cold.append(ready_ms(page, base + "_bench/"))
            page.close()
            page = context.new_page()
            warm.append(ready_ms(page, base + "_bench/"))
            context.close()
    print(f"\n## Bare Pyodide (the plain boot's floor): cold {statistics.median(cold):.0f} ms,"
          f" warm {statistics.median(warm):.0f} ms (median of {loads})")


CLICK_JS = """async () => {
  const button = document.querySelector('#actions button[data-action]');
  if (!button) return null;
  const wrap = document.getElementById('board-wrap') || document.getElementById('app');
  const t0 = performance.now();
  const changed = new Promise(resolve => {
    const seen = new MutationObserver(() => { seen.disconnect(); resolve(performance.now()); });
    seen.observe(wrap, {subtree: true, childList: true, attributes: true, characterData: true});
  });
  button.click();
  const t1 = await Promise.race([changed, new Promise(r => setTimeout(() => r(null), 5000))]);
  await new Promise(r => requestAnimationFrame(() => r()));
  return t1 === null ? null : t1 - t0;
}"""


# Settings a page is clicked under: Dice Crawl with every seat a person, so that each click is a person's
# action (against its default bot seat, the clicks ran out at the bot's first turn: 5 of 10 measured).
CLICK_SETTINGS = {"dice-crawl": "&seat2=person"}


def click_times(browser, base: str, clicks: int, rounds: int = 2) -> None:
    """Each page clicked `clicks` times a round, the pages in turn round after round (a noisy machine's
    slow spell then falls on every page, not on one): median and p95 of all clicks, and each round's median."""
    print(f"\n## Click to redrawn board (ms, {clicks} clicks per page and round, {rounds} rounds interleaved)")
    times: dict[str, list[list[float]]] = {slug: [] for slug in RULESETS}
    for _ in range(rounds):
        for slug in RULESETS:
            page = browser.new_page()
            page.goto(base + f"{slug}/?seed=bench-clicks" + CLICK_SETTINGS.get(slug, ""))
            page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
            clicked = (page.evaluate(CLICK_JS) for _ in range(clicks))
            times[slug].append([ms for ms in clicked if ms is not None])
            page.close()
    for slug, per_round in times.items():
        every = [ms for one in per_round for ms in one]
        figures = summarise(every) if every else {"median": float("nan"), "p95": float("nan"), "n": 0}
        spread = ", ".join(f"{statistics.median(one):.1f}" for one in per_round if one)
        print(f"- {slug}: median {figures['median']:.1f}, p95 {figures['p95']:.1f} (n={figures['n']};"
              f" round medians {spread})")


PYODIDE_FIGURES = """
import sys, json
sys.path.insert(0, "/bench")
from pyapp import bench_figures
json.dumps(bench_figures.all_figures())
"""

# Time to put a map's SVG on a page and lay it out (the DOM part of a redraw).
INSERT_JS = """(boards) => {
  const out = {};
  for (const [rooms, svg] of Object.entries(boards)) {
    const times = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const box = document.createElement('div');
      box.style.width = '700px';
      box.innerHTML = svg;
      document.body.appendChild(box);
      box.getBoundingClientRect();
      times.push(performance.now() - t0);
      box.remove();
    }
    out[rooms] = times.sort((a, b) => a - b)[2];
  }
  return out;
}"""


def other_figures(cpython: dict, pyodide: dict | None) -> None:
    """Tabletop Dungeon and Dungeon Generator figures, CPython beside Pyodide."""
    print("\n## Dungeon Generator: whole dungeons generated per second, by Size")
    print("| Size | CPython | Pyodide |")
    print("|---|---|---|")
    for size in bench_figures.SIZES:
        in_pyodide = f"{pyodide['dungeons_per_second'][size]:.0f}" if pyodide else "-"
        print(f"| {size} | {cpython['dungeons_per_second'][size]:.0f} | {in_pyodide} |")
    print("\n## Dungeon Generator: time to redraw the map (ms; render = the page's whole view in Python,"
          " insert = putting the SVG on a page and laying it out)")
    print("| rooms on the level | render, CPython | render, Pyodide | insert, Chromium |")
    print("|---|---|---|---|")
    for rooms, (shown, ms) in cpython["map_render_ms"].items():
        in_pyodide = f"{pyodide['map_render_ms'][str(rooms)][1]:.1f}" if pyodide else "-"
        insert = f"{pyodide['insert_ms'][str(rooms)]:.1f}" if pyodide else "-"
        print(f"| {shown} | {ms:.1f} | {in_pyodide} | {insert} |")
    in_pyodide = f"{pyodide['monsters_phase_ms']:.1f} ms in Pyodide" if pyodide else "not measured in Pyodide"
    print(f"\n## Tabletop Dungeon: one monsters' phase with 30 monsters on the board: "
          f"{cpython['monsters_phase_ms']:.1f} ms in CPython, {in_pyodide}")
    crawl_bots(cpython["dice_crawl_bots"], pyodide["dice_crawl_bots"] if pyodide else None)


def crawl_bots(cpython: dict, pyodide: dict | None) -> None:
    """Dice Crawl's bots: easy and normal in whole 2-player games with that bot in every seat; hard on the
    positions of normal bots' games (bot_speed.hard_speed)."""
    print("\n## Dice Crawl bots, 2 players: decisions per second, decision time (median / p95 ms), whole games "
          "per second (hard: timed on normal games' positions, no whole games)")
    print("| level | decisions/s, CPython | decisions/s, Pyodide | ms, CPython | ms, Pyodide "
          "| games/s, CPython | games/s, Pyodide |")
    print("|---|---|---|---|---|---|---|")
    for level, c in cpython.items():
        p = pyodide[level] if pyodide else None
        rate = [f"{x['decisions_per_s']:.0f}" if x else "-" for x in (c, p)]
        times = [f"{x['median_ms']:.2f} / {x['p95_ms']:.2f}" if x else "-" for x in (c, p)]
        games = [f"{x['games_per_s']:.2f}" if x and "games_per_s" in x else "-" for x in (c, p)]
        print(f"| {level} | {rate[0]} | {rate[1]} | {times[0]} | {times[1]} | {games[0]} | {games[1]} |")


def pyodide_speed(browser, base: str, cpython: dict) -> dict:
    print("\n## Whole auto-played games per second inside Pyodide (same games as above)")
    page = browser.new_page()
    page.goto(base + "_bench/")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    page.evaluate("""async () => {
      const { fetchPacked } = await import('../packed.mjs');
      const { writeBundle } = await import('../snapshot_recipe.mjs');
      writeBundle(pyodide, await fetchPacked('./pyapp.files'), '/bench');
    }""")
    result = json.loads(page.evaluate(f"() => pyodide.runPython({json.dumps(PYODIDE_GAMES)})"))
    version = page.evaluate("() => pyodide.version")
    for slug, rate in result.items():
        print(f"- {slug}: {rate:.1f} games/s in Pyodide {version} ({rate / cpython[slug]:.2f}x CPython)")
    figures = json.loads(page.evaluate(f"() => pyodide.runPython({json.dumps(PYODIDE_FIGURES)})"))
    figures["insert_ms"] = page.evaluate(INSERT_JS, figures.pop("boards"))
    page.close()
    return figures


def page_bytes(dist: Path) -> None:
    print("\n## Bytes beyond the runtime (everything in dist/ but vendor/)")
    shared = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file()
                 and p.relative_to(dist).parts[0] not in ("vendor", "_bench") and len(p.relative_to(dist).parts) == 1)
    app = (dist / APP_ARCHIVE).stat().st_size
    icons_dir = dist / "icons"
    icons = sum(p.stat().st_size for p in icons_dir.rglob("*") if p.is_file()) if icons_dir.exists() else 0
    runtime = sum(p.stat().st_size for p in (dist / "vendor").rglob("*") if p.is_file())
    print(f"- runtime (vendor/): {runtime:,} B")
    print(f"- shared by every page: site files {shared:,} B ({APP_ARCHIVE} {app:,} B of them) + icons {icons:,} B")
    for slug in RULESETS:
        own = sum(p.stat().st_size for p in (dist / slug).rglob("*") if p.is_file())
        print(f"- {slug}: page files {own:,} B; with shared: {own + shared:,} B")


def browser_figures(loads: int, clicks: int, lab_games: int, network_loads: int = 0) -> dict:
    from playwright.sync_api import sync_playwright

    from sitebuild.serve import make_server  # the site's own static server

    dist = ROOT / "dist"
    bare = dist / "_bench"
    bare.mkdir(exist_ok=True)
    (bare / "index.html").write_text(BARE_PAGE)
    # The bare page's own: Pyodide's whole standard library (the site ships only what its pages
    # import) and every module of pyapp (the figures modules too, which no page loads).
    shutil.copy2(NODE / "pyodide" / "python_stdlib.zip", bare / "python_stdlib.zip")
    pack_pyapp(ROOT / "pyapp", bare, everything=True)
    server = make_server(dist, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/"
    try:
        page_bytes(dist)
        with sync_playwright() as play:
            startup_figures(play, LAUNCH, base, list(RULESETS), loads)
            if network_loads:
                network_figures(play, LAUNCH, base, "three-dice-dungeon", network_loads, dist)
            floor_times(play, base, loads)
            browser = play.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            click_times(browser, base, clicks)
            cpython = {slug: games_per_second(r, {}, seconds=3.0, stop=STOPS.get(slug, never))
                       for slug, r in RULESETS.items()}
            figures = pyodide_speed(browser, base, cpython)
            browser.close()
            if lab_games:
                lab_figures(play, LAUNCH, base, lab_games)
    finally:
        server.shutdown()
        shutil.rmtree(bare)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per edition and setting (0: skip)")
    parser.add_argument("--loads", type=int, default=3, help="page loads per figure")
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--network-loads", type=int, default=2,
                        help="first visits per boot and network profile, under emulation (0: skip)")
    parser.add_argument("--lab-games", type=int, default=1000, help="games of each page's balance lab (0: skip)")
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    print(f"# Dice Dungeons benchmark, {time.strftime('%Y-%m-%d %H:%M')}, {multiprocessing.cpu_count()} cores")
    cpython_speed()
    cpython = bench_figures.all_figures()
    pyodide = None if args.no_browser else browser_figures(args.loads, args.clicks, args.lab_games, args.network_loads)
    other_figures(cpython, pyodide)
    if args.games:
        swinginess(args.games)


if __name__ == "__main__":
    main()
