"""Browser fixtures: dist/ served on 127.0.0.1, Debian's chromium driven by Playwright.

One browser per session (Pyodide boots in ~4-5 s per page load, so tests
keep their page loads few); each page has storage of its own: a context lent for one test and emptied
before the next but for the kept heap (support.Lender), or a new context.
"""

import os
import shutil
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from failed_lists import FailedList
from sitebuild.serve import make_server
from support import BOOT_TIMEOUT_MS, CHROMIUM, CHROMIUM_ARGS, SHOTS, keep_the_builds_heap, lender, missing, settle


def machine_state() -> str:
    """Memory, disk and the biggest processes: what a renderer crash is usually short of."""
    lines = [f"load average: {os.getloadavg()}"]
    for path in ("/", "/tmp", "/dev/shm"):
        usage = shutil.disk_usage(path)
        lines.append(f"{path}: {usage.free // 2**20} MiB free of {usage.total // 2**20} MiB")
    for command in (["free", "-m"], ["ps", "-eo", "pid,rss,etime,comm", "--sort=-rss"]):
        try:
            lines += subprocess.run(command, capture_output=True, text=True, timeout=10).stdout.splitlines()[:12]
        except (OSError, subprocess.SubprocessError) as error:
            lines.append(f"{command[0]}: {error}")
    return "\n".join(lines)


CRASHED_KEY = "dice-dungeons/crashed"  # build.py reads it: the tests whose browser page crashed or hung
# WebKit's engine fault "Out of bounds memory access" in a heap's first Python call (seen once in two
# full runs on 2026-11-28, in the game's worker; the page then boots on its own and plays) counts too.
PAGE_FAILED = ("Target crashed", "never became ready", "Out of bounds memory access")
MACHINE_STATE = "machine state at the crash"  # the report's section that marks such a failure


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A crashed page (11 tests under one CI run, never here) or one that never became ready
    (one test under one CI run, 24 of 24 here) reports the machine's state with the failure,
    and is listed for build.py, which runs such tests once more."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.call_failed = report.failed  # open_page lends again only what a test that passed gave back
    if call.excinfo is not None and any(sign in str(call.excinfo.value) for sign in PAGE_FAILED):
        report.sections.append((MACHINE_STATE, machine_state()))


def pytest_configure(config):
    FailedList.register(config, CRASHED_KEY, lambda report: any(name == MACHINE_STATE for name, _ in report.sections))


@pytest.fixture(scope="session")
def site(built_site):
    """The base URL of a private build of the site, served from a local thread."""
    server = make_server(built_site, 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def public_site(tmp_path_factory):
    """A build that knows its public address (build.py --public-url), served there: as a site is published
    for WordPress to discover its oEmbed. The server starts first, so the build knows its port."""
    from sitebuild.site import build

    out = tmp_path_factory.mktemp("public") / "dist"
    server = make_server(out, 0, quiet=True)
    address = f"http://127.0.0.1:{server.server_port}/"
    build(out, public_url=address)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield address
    server.shutdown()
    server.server_close()


INPUTS = ("click", "dblclick", "tap", "press", "check", "uncheck", "select_option", "set_input_files", "fill")


@pytest.fixture(scope="session", autouse=True)
def inputs_wait_for_the_game():
    """Every input a test makes waits until the game has answered it (support.settle), as a player would:
    with Python in a worker, the redraw a click causes comes after the click returns."""
    from playwright.sync_api import Locator, Page

    kept = []
    for cls, page_of in ((Page, lambda page: page), (Locator, lambda locator: locator.page)):
        for name in INPUTS:
            own = getattr(cls, name)

            def waiting(self, *args, _own=own, _page_of=page_of, **kwargs):
                result = _own(self, *args, **kwargs)
                settle(_page_of(self))
                return result

            kept.append((cls, name, own))
            setattr(cls, name, waiting)
    yield
    for cls, name, own in kept:
        setattr(cls, name, own)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        missing("Debian chromium (/usr/bin/chromium)", "apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@dataclass
class Visit:
    """One page in its own context, with what went wrong while it ran."""

    page: object
    own_context: object
    errors: list = field(default_factory=list)
    foreign: list = field(default_factory=list)
    console: list = field(default_factory=list)
    context_changed: bool = False

    lent_back: object = None  # set where the context was lent: gives it back at once

    def close(self):
        """Done with this page: its context, if lent and unchanged, is lent again from now (else closed at the
        test's end)."""
        if self.lent_back is not None and not self.context_changed:
            self.lent_back()
        else:
            self.page.close()

    @property
    def context(self):
        """The page's context, for the test to change (offline, routes, permissions, a second page): a lent
        context so asked for is not lent again (support.Lender)."""
        self.context_changed = True
        return self.own_context

    def wait_ready(self):
        try:
            self.page.wait_for_selector("html[data-ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        except Exception:
            loading = self.page.evaluate("() => document.body ? document.body.innerText.slice(0, 600) : ''")
            step = self.page.evaluate("() => [document.documentElement.getAttribute('data-boot-step'), "
                                      "document.documentElement.getAttribute('data-boot')]")
            pytest.fail(f"{self.page.url} never became ready (boot step, boot: {step}).\nPage text: {loading}\n"
                        f"Console: {self.console[-30:]}")

    def assert_clean(self):
        assert self.errors == [], f"console errors: {self.errors}"
        assert self.foreign == [], f"requests to other hosts: {self.foreign}"

    def shot(self, name: str):
        SHOTS.mkdir(parents=True, exist_ok=True)
        # Two animation frames, so the picture shows the last render.
        self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        self.page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.fixture
def blog(tmp_path):
    """blog(html) -> the URL of a page with that HTML on another origin (localhost, not 127.0.0.1)."""
    servers = []

    def publish(html):
        (tmp_path / "post.html").write_text(html)
        server = make_server(tmp_path, 0, host="localhost", quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://localhost:{server.server_port}/post.html"

    yield publish
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture
def open_page(browser, site, request):
    """open_page(path, width=, ready=, init_script=, service_workers=, also_allow=) -> Visit. A page starts
    as a return visit, in a context lent with the build's heap kept (support.Lender), unless the test is marked
    `first_visit` or asks for service workers or other hosts: then in a new context of its own, with nothing
    kept for a first visit."""
    made, lent, visits, scripts = [], [], [], {}
    host = urlsplit(site).netloc
    first_visit = request.node.get_closest_marker("first_visit") is not None
    lending = lender(browser, site)

    def opener(path="", *, width=1280, height=900, ready=True, init_script=None, service_workers="block",
               context=None, also_allow=()):
        allowed = (host, *also_allow)
        visit = None

        def only_this_host(route):
            if urlsplit(route.request.url).netloc in allowed:
                route.continue_()
            else:  # nothing may come from anywhere else
                visit.foreign.append(route.request.url)
                route.abort()

        if context is None and not first_visit and service_workers == "block" and not also_allow:
            context, page = lending.lend(width=width, height=height, route=only_this_host)
            lent.append(context)
        else:
            if context is None:
                context = browser.new_context(viewport={"width": width, "height": height},
                                              service_workers=service_workers, accept_downloads=True)
                made.append(context)
                if not first_visit:
                    keep_the_builds_heap(context, site)
            context.route("**/*", only_this_host)
            page = context.new_page()
        visit = Visit(page=page, own_context=context)
        visits.append(visit)
        if context in lent:
            def lent_back(lent_context=context):
                lent.remove(lent_context)
                lending.give_back(lent_context)
            visit.lent_back = lent_back
        visit.page.on("console", lambda m: visit.console.append(f"{m.type}: {m.text[:300]}"))
        visit.page.on("console", lambda m: m.type == "error" and visit.errors.append(m.text))
        visit.page.on("pageerror", lambda e: visit.errors.append(str(e)))
        # a context's init scripts: each page it opens here runs those of the pages before it (page-level, as a
        # lent context keeps none of a test's once given back)
        scripts.setdefault(id(context), []).extend([init_script] if init_script else [])
        for script in scripts[id(context)]:
            visit.page.add_init_script(script)
        if path is not None:  # None: a blank page the test fills itself
            visit.page.goto(site + path)
        if ready and path is not None:
            visit.wait_ready()
        return visit

    yield opener
    changed = {id(visit.own_context) for visit in visits if visit.context_changed}
    failed = getattr(request.node, "call_failed", True)  # a test that failed may have left anything behind
    for context in lent:
        lending.give_back(context, changed=failed or id(context) in changed)
    for context in made:
        context.close()
