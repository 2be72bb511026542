"""A player who cannot see plays a whole game on every page, in Chromium here and in Firefox in
tests/browser/test_engines.py (with the other engines' tests, and their Firefox) (issue 48).

It has what a screen reader gives: the keys it presses, the role and name of the element that has the focus
(Chromium's accessibility node of it through the DevTools protocol; Firefox's through WebDriver's computed role
and label) and the two live regions, found by their role and name. No CSS selector reaches into the board. Each
step it presses X ("what can I do"), chooses from those words (tests/blind_bot.py: each page's preferences,
nothing at random), and plays a numbered button by its key or walks the board in words to the place (C, Home,
the arrows, Page Down) and plays it with Enter (and Tab among a place's actions). The game ends when the
assertive region says so. A transcript of each game lands in /tmp/shots/blind/ (its first position in words,
and each step: what X said, the choice, what was announced)."""

from __future__ import annotations

import time
from typing import ClassVar

import pytest

from blind_bot import PLAYS, SPEED, choose, heard
from support import SHOTS, keep_the_builds_heap, settle

MOST_STEPS = 70  # the player's own steps; tests/test_blind_bot.py holds the same games to 60 in CPython
WAIT_S = 20  # at most, for the rules' own steps between two of the player's
TRANSCRIPTS = SHOTS / "blind"
POLITE, ENDED = ("status", "Announcements"), ("alert", "Game over")


def prefs_script(slug: str) -> str:
    """The page's own choices a player would have made once (kept in the browser): instant rules' steps, no
    motion. Setup, not play."""
    return (f"try {{ localStorage.setItem('dice-dungeons:{slug}:pref:speed', '{SPEED}');"
            " localStorage.setItem('dice-dungeons:motion', 'off'); } catch (e) {}")


class Chromium:
    """A screen reader's view of a Playwright page: keys, the focused node of the accessibility tree, and the
    live regions by role and name."""

    def __init__(self, page):
        self.page = page
        self.devtools = page.context.new_cdp_session(page)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        settle(self.page)

    def focused(self) -> tuple[str, str]:
        """The accessibility node of the element with the focus (WebDriver's "active element", as Firefox's
        below): its role and name as the browser computes them for assistive technology."""
        active = self.devtools.send("Runtime.evaluate", {"expression": "document.activeElement"})["result"]
        nodes = self.devtools.send("Accessibility.getPartialAXTree",
                                   {"objectId": active["objectId"], "fetchRelatives": False})["nodes"]
        node = next((n for n in nodes if not n.get("ignored")), {})
        return node.get("role", {}).get("value", ""), node.get("name", {}).get("value", "")

    def region(self, role_name: tuple[str, str]) -> str:
        role, name = role_name
        return (self.page.get_by_role(role, name=name).text_content() or "").strip()


class Firefox:
    """The same through Selenium: WebDriver's computed role and label of the active element (the browser's
    own accessibility engine), and the live regions by their role and name."""

    KEYS: ClassVar[dict[str, str]] = {
        "ArrowUp": "\ue013", "ArrowDown": "\ue015", "ArrowLeft": "\ue012", "ArrowRight": "\ue014",
        "Home": "\ue011", "End": "\ue010", "PageDown": "\ue00f", "PageUp": "\ue00e", "Enter": "\ue007",
        "Tab": "\ue004"}

    def __init__(self, driver):
        self.driver = driver

    def press(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.support.ui import WebDriverWait

        ActionChains(self.driver).send_keys(self.KEYS.get(key, key)).perform()
        WebDriverWait(self.driver, 30, poll_frequency=0.02).until(lambda d: d.execute_script(
            "return !document.documentElement.hasAttribute('data-busy')"))

    def focused(self) -> tuple[str, str]:
        element = self.driver.switch_to.active_element
        return element.aria_role, element.accessible_name

    def region(self, role_name: tuple[str, str]) -> str:
        from selenium.webdriver.common.by import By

        role, name = role_name
        found = self.driver.find_element(By.XPATH, f"//*[@role='{role}' and @aria-label='{name}']")
        return (found.get_attribute("textContent") or "").strip()


def named(name: str, place: str) -> bool:
    """Is a place button's name (its words, then what Enter does) that of `place`?"""
    return name == place or name.startswith((place + ": ", place + " ("))


def walk_to(ears, place: str, label: str, notes: list[str]) -> None:
    """The board in words: C to the current place, then an arrow from it, then place by place in the list's
    order, until the place; Enter plays its one action, or goes to its actions, where Tab finds the one."""
    ears.press("c")
    found = named(ears.focused()[1], place)
    for arrow in ("ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft"):
        if found:
            break
        ears.press("Home")
        ears.press(arrow)
        found = named(ears.focused()[1], place)
        if found:
            notes.append(f"walked: {arrow}")
    if not found:
        ears.press("Home")
        for _ in range(80):
            ears.press("PageDown")
            if named(ears.focused()[1], place):
                notes.append("walked: Page Down")
                break
        else:
            raise AssertionError(f"the place {place!r} was not found in the board in words")
    role, name = ears.focused()
    assert role == "button", (role, name)
    notes.append(f"at: {name}")
    ears.press("Enter")
    if name.endswith(f"({label}: Enter)"):
        return  # its one action, played
    for _ in range(12):
        role, name = ears.focused()
        if name == label:
            ears.press("Enter")
            return
        ears.press("Tab")
    raise AssertionError(f"{place!r} offers no action {label!r}")


def play_blind(ears, slug: str) -> list[str]:
    """Play the page's game to its end by the words: the transcript."""
    ears.press("c")
    notes = ["position:", *first_position(ears), ""]
    walked = False
    steps = 0
    deadline = time.monotonic() + WAIT_S
    while not ears.region(ENDED):
        ears.press("x")
        said = ears.region(POLITE)
        if not said.startswith(("Keys:", "On the board")):  # "Nothing to play now", or not yet answered
            assert time.monotonic() < deadline, f"{slug}: nothing to play for {WAIT_S} s: {said!r}"
            time.sleep(0.05)  # the rules' own steps, on the page's timer
            continue
        deadline = time.monotonic() + WAIT_S
        assert steps < MOST_STEPS, f"{slug}: not over after {steps} steps"
        choice = choose(slug, heard(said), walked)
        notes += [f"X: {said}", f"chose: {choice}"]
        if choice[0] == "key":
            ears.press(str(choice[1]))
        else:
            walk_to(ears, choice[1], choice[2], notes)
            walked = True
        notes.append(f"heard: {ears.region(POLITE)}")
        steps += 1
    notes.append(f"game over: {ears.region(ENDED)}")
    assert walked, f"{slug}: the game ended with nothing played on the board"
    return notes


def first_position(ears, most: int = 8) -> list[str]:
    """The board in words as the walk reads it: its first places from the current one, by Page Down."""
    ears.press("Home")
    out = [ears.focused()[1]]
    for _ in range(most - 1):
        ears.press("PageDown")
        name = ears.focused()[1]
        if name == out[-1]:
            break
        out.append(name)
    return out


def keep(slug: str, engine: str, notes: list[str]) -> None:
    TRANSCRIPTS.mkdir(parents=True, exist_ok=True)
    (TRANSCRIPTS / f"{slug}-{engine}.txt").write_text("\n".join(notes) + "\n")


@pytest.fixture(scope="module")
def chromium_context(browser, site):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    keep_the_builds_heap(context, site)
    yield context
    context.close()


@pytest.mark.parametrize("slug", list(PLAYS))
def test_a_blind_player_plays_a_whole_game_in_chromium(chromium_context, site, slug):
    page = chromium_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.add_init_script(prefs_script(slug))
        page.goto(f"{site}{slug}/{PLAYS[slug][0]}")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
        keep(slug, "chromium", play_blind(Chromium(page), slug))
        assert errors == []
    finally:
        page.close()
