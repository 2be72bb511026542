"""Embed figures (issue 43, item 5): a game page in a WordPress post's sandboxed frame beside the same page
opened directly, a first visit (nothing cached) and a second one (the same profile: the HTTP cache, and the
Cache API where the page may use it), under Chromium's network emulation, interleaved.

    .venv/bin/python bench/embed_bench.py [--rounds 3] [--slug three-dice-dungeon]

Builds dist/ with --public-url naming the local server's address (as a site WordPress discovers is built),
serves it on 127.0.0.1 and the post on localhost (another site). Time to the first working button is counted
from the navigation's start of the tab (the post's, for the frame). The network is paced by the site's server
(PacedHandler: each response waits a round trip, and all of them share one link of the profile's throughput):
Chromium's own emulation, set on the tab, was seen not to pace a sandboxed frame's worker (a framed first visit
on "slow 4G" ready in 13 s, less than its 4 MB take at 1.6 Mbps), so it would favour the frame. A second
visit comes once the first has kept what it keeps (the direct page its heap; the frame nothing).
"""

from __future__ import annotations

import argparse
import socket
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from startup_bench import NETWORKS, ROUND_INIT, ratio_spread, spread  # noqa: E402
from support import CHROMIUM_ARGS  # noqa: E402
from wordpress_frame import wordpress_post  # noqa: E402

LAUNCH = {"executable_path": "/usr/bin/chromium", "headless": True, "args": CHROMIUM_ARGS}
PACE = {"bits": 0, "rtt": 0.0, "free_at": 0.0, "lock": threading.Lock()}  # the link the site's server shares out
CHUNK = 16 * 1024
# When the game's first working button came, on the clock shared by the tab and its frames.
READY_AT = "() => window.__bench && window.__bench.ready !== null && window.__bench.ready + performance.timeOrigin"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def paced_handler():
    from sitebuild.serve import SiteHandler

    class PacedHandler(SiteHandler):
        quiet = True

        def send_head(self):
            time.sleep(PACE["rtt"])  # the request's round trip, a 304's too
            return super().send_head()

        def copyfile(self, source, outputfile):
            while chunk := source.read(CHUNK):
                with PACE["lock"]:  # one link: each chunk takes its turn at the profile's throughput
                    start = max(time.monotonic(), PACE["free_at"])
                    PACE["free_at"] = start + len(chunk) * 8 / PACE["bits"]
                    due = PACE["free_at"]
                time.sleep(max(0.0, due - time.monotonic()))
                outputfile.write(chunk)

    return PacedHandler


def visit(context, url: str, wait_kept: bool) -> float:
    page = context.new_page()
    page.goto(url)
    game = page.frames[1] if len(page.frames) > 1 else page.main_frame  # the post's frame, or the page itself
    game.wait_for_function(READY_AT, timeout=300_000, polling=100)
    ready = game.evaluate(READY_AT) - page.evaluate("() => performance.timeOrigin")
    if wait_kept:
        game.wait_for_selector("html[data-snapshot-kept]", state="attached", timeout=300_000)
    else:
        page.wait_for_timeout(2000)
    page.close()
    return ready


def pair(play, url: str, network, framed: bool) -> tuple[float, float]:
    """A first visit and a second one, in one new profile."""
    PACE["bits"], PACE["rtt"] = network[0], network[1] / 1000
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        context = play.chromium.launch_persistent_context(profile, **LAUNCH)
        context.add_init_script(ROUND_INIT)
        first = visit(context, url, wait_kept=not framed)
        second = visit(context, url, wait_kept=False)
        context.close()
    return first, second


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--slug", default="three-dice-dungeon")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from sitebuild.serve import QuietServer, make_server
    from sitebuild.site import build

    port = free_port()
    site = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryDirectory() as folder:
        out = build(Path(folder) / "dist", public_url=site)
        (Path(folder) / "blog").mkdir()
        (Path(folder) / "blog" / "post.html").write_text(wordpress_post(site, args.slug))
        paced = QuietServer(("127.0.0.1", port), partial(paced_handler(), directory=str(out)))
        servers = [paced, make_server(Path(folder) / "blog", 0, host="localhost", quiet=True)]
        for server in servers:
            threading.Thread(target=server.serve_forever, daemon=True).start()
        post = f"http://localhost:{servers[1].server_port}/post.html"
        direct = f"{site}{args.slug}/?embed=1"  # the frame's own address, opened as a tab
        print(f"\n## {args.slug} in a WordPress post's sandboxed frame beside the page opened directly"
              f" (ms to the first working button; median (min-max) of {args.rounds} rounds, interleaved)")
        print("| network | direct, first | framed, first | ratio framed / direct | direct, second"
              " | framed, second | ratio |")
        print("|---|---|---|---|---|---|---|")
        with sync_playwright() as play:
            for name, network in NETWORKS.items():
                rows = []
                for index in range(args.rounds):
                    order = ("direct", "framed") if index % 2 == 0 else ("framed", "direct")
                    row = {kind: pair(play, direct if kind == "direct" else post, network, kind == "framed")
                           for kind in order}
                    rows.append(row)
                firsts = {k: [r[k][0] for r in rows] for k in ("direct", "framed")}
                seconds = {k: [r[k][1] for r in rows] for k in ("direct", "framed")}
                print(f"| {name} | {spread(firsts['direct'])} | {spread(firsts['framed'])}"
                      f" | {ratio_spread(list(zip(firsts['framed'], firsts['direct'])))}"
                      f" | {spread(seconds['direct'])} | {spread(seconds['framed'])}"
                      f" | {ratio_spread(list(zip(seconds['framed'], seconds['direct'])))} |", flush=True)
        for server in servers:
            server.shutdown()


if __name__ == "__main__":
    main()
