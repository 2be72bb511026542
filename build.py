#!/usr/bin/env python3
"""Build, serve and test the Dice Dungeons site.

    python3 build.py            render dist/ (same as `build`)
    python3 build.py serve      set up, build, serve dist/ on localhost
    python3 build.py test       set up (browsers too), build, run every test
    python3 build.py bench      set up like test, build, print the benchmark figures

    --public-url https://host/path/   (any command) the site's public address, for the link previews'
                                      and oEmbed's absolute URLs; without it they are left out

Starts with the standard library only: it creates .venv, installs the
project there and re-runs itself with .venv/bin/python, the only place
jinja2 is imported. Set-up steps are skipped when their inputs (pyproject,
package-lock) have not changed since the last run. The work is done by the
sitebuild package, one job per module; this file reads the command line.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

from sitebuild import setup
from sitebuild.log import say
from sitebuild.paths import DIST, ROOT

CACHE = ROOT / ".pytest_cache"  # tests/conftest.py and tests/browser/conftest.py write under it (pytest's cache)
KEYS = Path("v") / "dice-dungeons"  # where in a pytest cache those keys are
TESTS_FAILED = 1  # pytest's exit code when tests ran and some failed (not a collection or usage error)
# The browser tests run in two processes side by side: these files in one (pages that start from nothing kept,
# in every engine, framed, or in both schemes), the rest in the other. A browser test spends most of its time
# waiting on its browser: one process alone left the machine's two cores half idle (a quiet run: 22 min 41 s
# of browser tests for about 10 min of CPU).
BESIDE = ("test_fast_start.py", "test_engines.py", "test_wordpress_embed.py", "test_embed_in_browser.py",
          "test_themes.py")


def test(pytest_args: list[str]) -> int:
    """Every test; with no arguments in three processes side by side: the CPython tests (niced), the browser
    tests of BESIDE and the other browser tests. Their output follows one after another."""
    if pytest_args:
        return run_pytest([str(ROOT / "tests"), *pytest_args])
    browser = ROOT / "tests" / "browser"
    CACHE.mkdir(parents=True, exist_ok=True)
    cpython_log, beside_log = CACHE / "cpython-tests.log", CACHE / "browser-beside.log"
    cpython = [sys.executable, "-m", "pytest", str(ROOT / "tests"), "--ignore", str(browser), "-p", "no:cacheprovider"]
    say("$ " + " ".join(cpython) + f"  (beside the browser tests; its output: {cpython_log.relative_to(ROOT)})")
    codes = {}
    with cpython_log.open("w") as out, beside_log.open("w") as beside_out:
        # niced: the browser tests' timings (a die's tumble, a figure's walk) keep the machine's first call
        cpython_run = subprocess.Popen(cpython, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                       preexec_fn=lambda: os.nice(10))
        beside = threading.Thread(target=lambda: codes.update(beside=run_pytest(
            [str(browser / name) for name in BESIDE], cache=CACHE / "beside", out=beside_out)))
        say(f"(the browser tests of {', '.join(BESIDE)} run beside; their output: {beside_log.relative_to(ROOT)})")
        beside.start()
        try:
            codes["browser"] = run_pytest([str(browser), *(f"--ignore={browser / name}" for name in BESIDE)])
        finally:
            beside.join()
            codes["cpython"] = cpython_run.wait()
    for what, log in (("The browser tests run beside", beside_log), ("The CPython tests, run beside", cpython_log)):
        say(f"{what}:")
        print(log.read_text(), flush=True)
    return codes["browser"] or codes.get("beside", TESTS_FAILED) or codes["cpython"]


def run_pytest(args: list[str], cache: Path = CACHE, out=None) -> int:
    """pytest with `args`, its cache at `cache` and its output to `out` (default: this one's)."""
    command = [sys.executable, "-m", "pytest", *args, "-o", f"cache_dir={cache}"]
    if out is None:
        say("$ " + " ".join(command))
    keys = cache / KEYS
    for kept in ("failed", "crashed"):
        (keys / kept).unlink(missing_ok=True)
    code = subprocess.run(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT if out else None).returncode
    failed, crashed = ([] if not (keys / kept).exists() else json.loads((keys / kept).read_text())
                       for kept in ("failed", "crashed"))
    if code != TESTS_FAILED or not crashed or set(failed) != set(crashed):
        return code
    # Every failure was a browser page that crashed (the machine's state is printed with
    # each): run those tests once more. Any other failure, or a second crash, fails the run.
    print(f"{len(crashed)} test(s) failed only because the browser page crashed; running them once more:",
          file=out or sys.stdout, flush=True)
    return subprocess.run([sys.executable, "-m", "pytest", *crashed, "-o", f"cache_dir={cache}"], cwd=ROOT,
                          stdout=out, stderr=subprocess.STDOUT if out else None).returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="build", choices=("build", "serve", "test", "bench"))
    parser.add_argument("--port", type=int, default=8000, help="port for `serve` (default 8000)")
    parser.add_argument("--public-url", metavar="URL", help="the address the site is published at "
                        "(https://host/path/): link previews and oEmbed need it, for absolute URLs")
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)  # `test -- ARGS`: ARGS go to pytest
    args, extra = parser.parse_args(argv[:split]), argv[split + 1:]
    if extra and args.command not in ("test", "bench"):
        parser.error("only `test` and `bench` take arguments after --")
    setup.bootstrap(args.command, Path(__file__))
    # From here on this is .venv's Python: jinja2 (imported by sitebuild.site) is there.
    from sitebuild.previews import public_base
    from sitebuild.serve import serve
    from sitebuild.site import build

    try:
        public_url = public_base(args.public_url)
    except ValueError as error:
        parser.error(str(error))
    build(public_url=public_url)
    if args.command == "serve":
        serve(DIST, args.port)
    elif args.command == "test":
        sys.exit(test(extra))
    elif args.command == "bench":
        sys.exit(subprocess.run([sys.executable, str(ROOT / "bench" / "benchmark.py"), *extra], cwd=ROOT).returncode)


if __name__ == "__main__":
    main()
