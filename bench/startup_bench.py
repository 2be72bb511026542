"""Start-up figures for the benchmark: how soon a page can be played. No command of its own: benchmark.py
(`python3 build.py bench`), compare_builds.py and embed_bench.py run it.

For each page and each round, in new browser profiles:
  cold plain  a first visit booting the plain way (today's boot before the
              worker; the page is asked for it with window.diceDungeonsBoot),
  cold        a first visit (nothing cached: a worker makes the snapshot),
  warm        a return visit booting the plain way (asked for, as above),
  snapshot    a return visit booting from the kept snapshot,
the kinds in alternating order, every page in turn, so the noise of this
shared machine falls on both sides alike. Each visit reports the time to
the first working button (data-ready, set once the board and its buttons are
bound), the total blocking time (the part over 50 ms of every main-thread task
between the first paint and that moment, as Lighthouse counts it), the longest
task and the layout shift up to a second after it, and the bytes on the wire.
"""

from __future__ import annotations

import statistics
import tempfile

ROUND_INIT = """
window.__bench = { ready: null, tasks: [], shift: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__bench.shift += e.value;
}).observe({ type: "layout-shift", buffered: true });
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__bench.tasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
// The document, not its root element, which may not exist yet when this runs.
new MutationObserver(() => {
  if (window.__bench.ready === null && document.documentElement && document.documentElement.hasAttribute("data-ready"))
    window.__bench.ready = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""

VISIT_FIGURES = """() => {
  const b = window.__bench;
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const fcp = paint ? paint.startTime : 0;
  const blocking = b.tasks.filter(([start]) => start >= fcp && start < b.ready)
    .reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
  const longest = b.tasks.filter(([start]) => start < b.ready + 1000).reduce((m, [, d]) => Math.max(m, d), 0);
  const wire = performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource"))
    .filter((e) => e.startTime < b.ready).reduce((sum, e) => sum + (e.transferSize || 0), 0);
  const boot = document.documentElement.getAttribute("data-boot");
  // where a boot's time went: the page's and the worker's marks (boot.mjs), ms from the navigation
  const marks = Object.fromEntries(performance.getEntriesByType("mark")
    .filter((m) => m.name.startsWith("dice-dungeons:")).map((m) => [m.name.slice(14), m.startTime]));
  // the game's worker fetches outside this page's timeline, and says what it fetched
  return { ready: b.ready, blocking, longest, wire: wire + (window.diceDungeonsWorkerWire || 0), shift: b.shift, boot,
           marks };
}"""

PLAIN = "window.diceDungeonsBoot = 'plain';"
# The marks a return visit leaves, in order (page.js, boot.mjs, agent.mjs): where its time goes.
RETURN_STEPS = ("runtime-started", "worker-created", "worker-heap-read", "worker-runtime-imported", "worker-restored",
                "ready")


def visit(context, url: str, wait_kept: bool = False, plain: bool = False, cpu_slowdown: float = 1) -> dict:
    page = context.new_page()
    if cpu_slowdown != 1:  # set before the navigation: a slow phone's whole visit
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu_slowdown})
    if plain:
        page.add_init_script(PLAIN)
    page.goto(url)
    page.wait_for_function("() => window.__bench && window.__bench.ready !== null", timeout=120_000)
    page.wait_for_timeout(1000)  # the longest task counts up to a second after the button works
    figures = page.evaluate(VISIT_FIGURES)
    if wait_kept:
        # what the first visit fetched after it was playable (the snapshot) counts too
        page.wait_for_selector("html[data-snapshot-kept]", state="attached", timeout=120_000)
        figures["wire_after"] = page.evaluate(
            "() => performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation'))"
            ".reduce((s, e) => s + (e.transferSize || 0), 0)"
            " + (window.diceDungeonsWorkerWire || 0)")
    page.close()
    return figures


def one_round(play, launch: dict, base: str, slug: str, snapshot_first: bool) -> dict:
    url = f"{base}{slug}/?seed=bench-start"
    out = {}

    def first_visits(plain: bool):
        with tempfile.TemporaryDirectory() as profile:
            context = play.chromium.launch_persistent_context(profile, **launch)
            context.add_init_script(ROUND_INIT)
            if plain:
                out["cold plain"] = visit(context, url, wait_kept=True, plain=True)
            else:
                out["cold"] = visit(context, url, wait_kept=True)
                for kind in ("snapshot", "warm") if snapshot_first else ("warm", "snapshot"):
                    out[kind] = visit(context, url, plain=kind == "warm")
            context.close()

    for plain in (True, False) if snapshot_first else (False, True):
        try:
            first_visits(plain)
        except Exception as error:  # a renderer crash (seen about once in 150 visits here): that browser again
            if "crashed" not in str(error):
                raise
            print(f"[bench] {slug}: a page crashed ({str(error).splitlines()[0]}); its visits are made again")
            first_visits(plain)
    return out


def spread(values: list[float]) -> str:
    """Median with the lowest and highest, e.g. '812 (790-905)'."""
    return f"{statistics.median(values):.0f} ({min(values):.0f}-{max(values):.0f})"


def ratio_spread(pairs: list[tuple[float, float]]) -> str:
    ratios = [a / b for a, b in pairs if b]
    return f"{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"


def startup_figures(play, launch: dict, base: str, slugs: list[str], rounds: int) -> None:
    runs: dict[str, list[dict]] = {slug: [] for slug in slugs}
    for index in range(rounds):
        for slug in slugs:
            runs[slug].append(one_round(play, launch, base, slug, snapshot_first=index % 2 == 1))
    kinds = ("cold plain", "cold", "warm", "snapshot")
    print(f"\n## Start-up: time to the first working button (ms; median (min-max) of {rounds} rounds, interleaved)")
    print("cold plain = a first visit booting the plain way (the boot before first visits made their own"
          " snapshot); cold = a first visit, a worker making the snapshot; warm = a return visit booting the plain"
          " way; snapshot = a return visit booting from the kept snapshot. Ratios per round.")
    print("| page | cold plain | cold | ratio cold / cold plain | warm | snapshot | ratio snapshot / warm"
          " | boots seen (cold, snapshot) |")
    print("|---|---|---|---|---|---|---|---|")
    for slug, rows in runs.items():
        ready = {k: [r[k]["ready"] for r in rows] for k in kinds}
        boots = "; ".join(",".join(sorted({r[k]["boot"] for r in rows})) for k in ("cold", "snapshot"))
        print(f"| {slug} | {spread(ready['cold plain'])} | {spread(ready['cold'])}"
              f" | {ratio_spread(list(zip(ready['cold'], ready['cold plain'])))}"
              f" | {spread(ready['warm'])} | {spread(ready['snapshot'])}"
              f" | {ratio_spread(list(zip(ready['snapshot'], ready['warm'])))} | {boots} |")
    print("\n## Start-up: main thread (ms; total blocking time from first paint to the first working button;"
          " longest task up to 1 s after it)")
    heads = [f"TBT {k}" for k in kinds] + [f"longest {k}" for k in kinds]
    print("| page | " + " | ".join(heads) + " |")
    print("|---|" + "---|" * (2 * len(kinds)))
    for slug, rows in runs.items():
        cells = [spread([r[k]["blocking"] for r in rows]) for k in kinds]
        cells += [spread([r[k]["longest"] for r in rows]) for k in kinds]
        print(f"| {slug} | " + " | ".join(cells) + " |")
    print("\n## Start-up: where a return visit's time goes (ms from the navigation to each mark, snapshot visits;"
          " median (min-max))")
    steps = RETURN_STEPS
    print("| page | " + " | ".join(steps) + " |")
    print("|---|" + "---|" * len(steps))
    for slug, rows in runs.items():
        cells = []
        for step in steps:
            seen = [r["snapshot"]["marks"][step] for r in rows if step in r["snapshot"].get("marks", {})]
            cells.append(spread(seen) if seen else "-")
        print(f"| {slug} | " + " | ".join(cells) + " |")
    print("\n## Start-up: layout shift (cumulative, up to 1 s after the first working button; median)")
    print("| page | " + " | ".join(kinds) + " |")
    print("|---|" + "---|" * len(kinds))
    for slug, rows in runs.items():
        print(f"| {slug} | " + " | ".join(f"{statistics.median(r[k]['shift'] for r in rows):.3f}" for k in kinds)
              + " |")
    print("\n## Start-up: bytes on the wire (median; this server revalidates every file, a 304 costs its headers;"
          " a first visit's worker counts its own requests)")
    columns = (("cold plain", "wire"), ("cold plain", "wire_after"), ("cold", "wire"), ("cold", "wire_after"),
               ("warm", "wire"), ("snapshot", "wire"))
    print("| page | first visit plain, to the first button | first visit plain, with the snapshot kept after"
          " | first visit, to the first button | first visit, with the snapshot kept after"
          " | return visit, plain | return visit, snapshot |")
    print("|---|" + "---|" * len(columns))
    for slug, rows in runs.items():
        cells = [statistics.median(r[visit][key] for r in rows) for visit, key in columns]
        print(f"| {slug} | " + " | ".join(f"{c:,.0f} B" for c in cells) + " |")


# Chromium's network emulation profiles of a first visit's goals: throughput in bits per second, round trip in ms.
NETWORKS = {"fast 4G (9 Mbps, 60 ms)": (9_000_000, 60), "slow 4G (1.6 Mbps, 150 ms)": (1_600_000, 150)}


def network_visit(play, launch: dict, url: str, network: tuple[int, int], plain: bool) -> dict:
    """One first visit in a new profile under Chromium's network emulation (the page and its worker)."""
    bits, rtt = network
    with tempfile.TemporaryDirectory() as profile:
        context = play.chromium.launch_persistent_context(profile, **launch)
        context.add_init_script(ROUND_INIT)
        page = context.new_page()
        if plain:
            page.add_init_script(PLAIN)
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": rtt, "downloadThroughput": bits / 8, "uploadThroughput": bits / 16})
        page.goto(url)
        page.wait_for_function("() => window.__bench && window.__bench.ready !== null", timeout=300_000)
        figures = page.evaluate(VISIT_FIGURES)
        figures["paint"] = page.evaluate(
            "() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime")
        context.close()
    return figures


def bytes_ms(wire: float, network: tuple[int, int]) -> float:
    """The anchor of a first visit under a profile: the time its bytes alone take at that throughput (ms)."""
    return wire * 8 / network[0] * 1000


def first_visit_bytes(dist, slug: str) -> int:
    """The bytes a first visit of `slug` needs before its first button, from the built files (the page, its
    scripts and style, the runtime packed, pyapp): the anchor's bytes. (A worker's requests are not in the
    page's resource timing, and the worker's own count once missed its wasm.)"""
    files = [dist / slug / "index.html", *dist.glob("*.mjs"), dist / "page.js", dist / "style.css",
             *dist.glob("pyapp.files.*"), *dist.glob("*.stdlib.zip.zst"), *(dist / "vendor").glob("*.mjs"),
             *(dist / "vendor" / "pyodide").glob("*.zst"), dist / "vendor" / "pyodide" / "pyodide.mjs",
             dist / "vendor" / "pyodide" / "pyodide-lock.json"]
    return sum(f.stat().st_size for f in files if f.name != "heap_worker.mjs")


def network_figures(play, launch: dict, base: str, slug: str, rounds: int, dist) -> None:
    """A first visit's time to the first working button under each network profile, the snapshot worker's
    boot (cold) and the plain boot (cold plain) in alternating order."""
    print(f"\n## First visit under network emulation: {slug} (ms; median (min-max) of {rounds} rounds, interleaved)")
    print("| network | first paint | cold plain | cold | ratio cold / cold plain | bytes to the button (cold)"
          " | the page's files alone at that rate | ratio cold / files alone |")
    print("|---|---|---|---|---|---|---|---|")
    url = f"{base}{slug}/?seed=bench-network"
    for name, network in NETWORKS.items():
        rows = []
        for index in range(rounds):
            order = (True, False) if index % 2 else (False, True)
            row = {plain: network_visit(play, launch, url, network, plain) for plain in order}
            rows.append(row)
        cold = [r[False]["ready"] for r in rows]
        plain = [r[True]["ready"] for r in rows]
        paint = [r[False]["paint"] for r in rows]
        wire = statistics.median(r[False]["wire"] for r in rows)
        alone = bytes_ms(first_visit_bytes(dist, slug), network)
        print(f"| {name} | {spread(paint)} | {spread(plain)} | {spread(cold)}"
              f" | {ratio_spread(list(zip(cold, plain)))} | {wire:,.0f} B | {alone:.0f}"
              f" | {ratio_spread([(c, alone) for c in cold])} |")
