"""Start-up figures for the benchmark: how soon a page can be played.

For each page and each round, in a new browser profile:
  cold     the first visit (nothing cached: always the plain boot),
  warm     a return visit booting plainly (the kept snapshot deleted first),
  snapshot a return visit booting from the kept snapshot,
the two warm kinds in alternating order, every page in turn, so the noise of
this shared machine falls on both sides alike. Each visit reports the time to
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
  return { ready: b.ready, blocking, longest, wire, shift: b.shift, boot };
}"""

FORGET_SNAPSHOT = "() => caches.delete('dice-dungeons-snapshots')"


def visit(context, url: str, wait_kept: bool = False) -> dict:
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => window.__bench && window.__bench.ready !== null", timeout=120_000)
    page.wait_for_timeout(1000)  # the longest task counts up to a second after the button works
    figures = page.evaluate(VISIT_FIGURES)
    if wait_kept:
        # what the first visit fetched after it was playable (the snapshot) counts too
        page.wait_for_selector("html[data-snapshot-kept]", state="attached", timeout=120_000)
        figures["wire_after"] = page.evaluate(
            "() => performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation'))"
            ".reduce((s, e) => s + (e.transferSize || 0), 0)")
    page.close()
    return figures


def one_round(play, launch: dict, base: str, slug: str, snapshot_first: bool) -> dict:
    url = f"{base}{slug}/?seed=bench-start"
    with tempfile.TemporaryDirectory() as profile:
        context = play.chromium.launch_persistent_context(profile, **launch)
        context.add_init_script(ROUND_INIT)
        out = {"cold": visit(context, url, wait_kept=True)}
        order = ("snapshot", "warm") if snapshot_first else ("warm", "snapshot")
        for kind in order:
            if kind == "warm":
                page = context.new_page()
                page.goto(base)  # any page of the site, to reach its Cache API
                page.evaluate(FORGET_SNAPSHOT)
                page.close()
                out["warm"] = visit(context, url, wait_kept=True)  # keeps it again for the next visit
            else:
                out["snapshot"] = visit(context, url)
        context.close()
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
    print(f"\n## Start-up: time to the first working button (ms; median (min-max) of {rounds} rounds, interleaved)")
    print("cold = first visit in a new profile; warm = return visit, plain boot; snapshot = return visit booting"
          " from the kept snapshot; ratio = snapshot / warm, per round")
    print("| page | cold | warm | snapshot | ratio snapshot/warm | boots seen (snapshot visits) |")
    print("|---|---|---|---|---|---|")
    for slug, rows in runs.items():
        boots = ",".join(sorted({r["snapshot"]["boot"] for r in rows}))
        print(f"| {slug} | {spread([r['cold']['ready'] for r in rows])} | {spread([r['warm']['ready'] for r in rows])}"
              f" | {spread([r['snapshot']['ready'] for r in rows])}"
              f" | {ratio_spread([(r['snapshot']['ready'], r['warm']['ready']) for r in rows])} | {boots} |")
    print("\n## Start-up: main thread (ms; total blocking time from first paint to the first working button;"
          " longest task up to 1 s after it)")
    print("| page | TBT cold | TBT warm | TBT snapshot | longest cold | longest warm | longest snapshot |")
    print("|---|---|---|---|---|---|---|")
    for slug, rows in runs.items():
        cells = [spread([r[k]["blocking"] for r in rows]) for k in ("cold", "warm", "snapshot")]
        cells += [spread([r[k]["longest"] for r in rows]) for k in ("cold", "warm", "snapshot")]
        print(f"| {slug} | " + " | ".join(cells) + " |")
    print("\n## Start-up: layout shift (cumulative, up to 1 s after the first working button; median)")
    print("| page | cold | warm | snapshot |")
    print("|---|---|---|---|")
    for slug, rows in runs.items():
        print(f"| {slug} | " + " | ".join(f"{statistics.median(r[k]['shift'] for r in rows):.3f}"
                                         for k in ("cold", "warm", "snapshot")) + " |")
    print("\n## Start-up: bytes on the wire (median; this server revalidates every file, a 304 costs its headers)")
    print("| page | first visit, to the first button | first visit, with the snapshot kept after |"
          " return visit, plain | return visit, snapshot |")
    print("|---|---|---|---|---|")
    for slug, rows in runs.items():
        cells = [statistics.median(r[visit][key] for r in rows)
                 for visit, key in (("cold", "wire"), ("cold", "wire_after"), ("warm", "wire"), ("snapshot", "wire"))]
        print(f"| {slug} | " + " | ".join(f"{c:,.0f} B" for c in cells) + " |")
