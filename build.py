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
from pathlib import Path

from sitebuild import setup
from sitebuild.log import say
from sitebuild.paths import DIST, ROOT

CACHE = ROOT / ".pytest_cache" / "v" / "dice-dungeons"  # tests/conftest.py and tests/browser/conftest.py write it
TESTS_FAILED = 1  # pytest's exit code when tests ran and some failed (not a collection or usage error)
BROWSER_WORKERS = min(4, os.cpu_count() or 1)


def test(pytest_args: list[str]) -> int:
    """Every test; with no arguments the CPython tests run beside the browser tests, in a process of their own
    (their output follows the browser tests'), and the browser tests in BROWSER_WORKERS processes (pytest-xdist),
    a test file each at a time: one Chromium left a core a fifth idle, waiting on its pages."""
    if pytest_args:
        return run_pytest([str(ROOT / "tests"), *pytest_args])
    log = ROOT / ".pytest_cache" / "cpython-tests.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    cpython = [sys.executable, "-m", "pytest", str(ROOT / "tests"), "--ignore", str(ROOT / "tests" / "browser"),
               "-p", "no:cacheprovider"]
    say("$ " + " ".join(cpython) + f"  (beside the browser tests; its output: {log.relative_to(ROOT)})")
    with log.open("w") as out:
        # niced: the browser tests' timings (a die's tumble, a figure's walk) keep the machine's first call
        beside = subprocess.Popen(cpython, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                  preexec_fn=lambda: os.nice(10))
        try:
            browser = run_pytest([str(ROOT / "tests" / "browser"), "-n", str(BROWSER_WORKERS), "--dist", "loadfile"])
        finally:
            cpython_code = beside.wait()
    say("The CPython tests, run beside the browser tests:")
    print(log.read_text(), flush=True)
    return browser or cpython_code


def run_pytest(args: list[str]) -> int:
    command = [sys.executable, "-m", "pytest", *args]
    say("$ " + " ".join(command))
    for kept in ("failed", "crashed"):
        (CACHE / kept).unlink(missing_ok=True)
    code = subprocess.run(command, cwd=ROOT).returncode
    failed, crashed = ([] if not (CACHE / kept).exists() else json.loads((CACHE / kept).read_text())
                       for kept in ("failed", "crashed"))
    if code != TESTS_FAILED or not crashed or set(failed) != set(crashed):
        return code
    # Every failure was a browser page that crashed (the machine's state is printed with
    # each): run those tests once more. Any other failure, or a second crash, fails the run.
    say(f"{len(crashed)} test(s) failed only because the browser page crashed; running them once more:")
    return subprocess.run([sys.executable, "-m", "pytest", *crashed], cwd=ROOT).returncode


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
