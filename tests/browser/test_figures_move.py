"""Figures that move (issue 34), in Chromium, on Tabletop Dungeon: in the monsters' phase the monster that
moved walks along the squares it went by, and a hero that moves walks the route her move offered (the
board's data-route on each move target), at the page's speed and done before the next step; under
prefers-reduced-motion, with the Motion switch off or at the "instant" speed, nothing walks. Screenshots
mid-walk under /tmp/shots/motion/."""

import pytest

from pyapp.webapp.driver import AUTO_DELAY_S
from support import SHOTS, lender, watched_page

SLUG = "tabletop-dungeon"
MOTION_SHOTS = SHOTS / "motion"
# each running animation: its name (a CSS animation's or transition's) and the element it moves
RUNNING_ANIMATIONS = """() => document.getAnimations().filter(a => a.playState === 'running').map(a => {
  const el = a.effect && a.effect.target;
  const name = a.animationName || a.transitionProperty || a.id || a.constructor.name;
  const where = el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + '.' + el.getAttribute('class') : '?';
  return `${name} on ${where}`;
})"""

# Every animation a figure is given, recorded as it is made: who, the keyframes' count, the length.
WATCH = """
window.__walks = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  const who = this.getAttribute && this.getAttribute("data-figure");
  if (who) window.__walks.push({ who, frames: frames.length, ms: options.duration,
    first: frames[0].transform, at: performance.now() });
  return animate.call(this, frames, options);
};
"""


def walks(page):
    return page.evaluate("() => window.__walks")


def play_until(page, done, most=60):
    for _ in range(most):
        if done():
            return
        if page.is_disabled("#auto-step"):
            break
        page.click("#auto-step")
        page.wait_for_timeout(150)
    pytest.fail("did not happen within the steps allowed")


def open_tabletop(browser, site, *, reduced=False, speed="0.4"):
    context, page, errors = watched_page(browser, site, f"{SLUG}/?seed=motion-walk", WATCH, reduced=reduced)
    page.select_option("#speed", speed)
    return context, page, errors


def test_monsters_walk_their_path_and_heroes_move_at_the_pages_speed(browser, site):
    context, page, errors = open_tabletop(browser, site, speed="1.0")
    try:
        # a hero walks the route her move offered, square by square (more than two frames: not a slide)
        play_until(page, lambda: any(w["who"].startswith("hero-") and w["frames"] > 2 for w in walks(page)))
        hero = next(w for w in walks(page) if w["who"].startswith("hero-") and w["frames"] > 2)
        assert hero["ms"] == min(250 * (hero["frames"] - 1), 850), hero  # slow: 250 ms a square, 0.85 s at most
        play_until(page, lambda: any(w["who"].startswith("monster-") and w["frames"] > 2 for w in walks(page)))
        monster = next(w for w in walks(page) if w["who"].startswith("monster-") and w["frames"] > 2)
        assert monster["ms"] <= 850 and monster["ms"] == min(250 * (monster["frames"] - 1), 850), monster
        # a walk caught on the way (slow speed, a long one), then where it ended
        page.evaluate("() => { window.__walks = []; }")
        MOTION_SHOTS.mkdir(parents=True, exist_ok=True)
        for _ in range(60):
            if page.is_disabled("#auto-step"):
                break
            page.click("#auto-step")
            if page.evaluate("() => document.getAnimations().some(a => a.effect && a.effect.target"
                             " && a.effect.target.hasAttribute('data-figure') && a.playState === 'running')"):
                page.locator("#board-wrap").screenshot(path=str(MOTION_SHOTS / f"{SLUG}-1280-mid-walk.png"))
                break
        page.wait_for_timeout(900)
        page.locator("#board-wrap").screenshot(path=str(MOTION_SHOTS / f"{SLUG}-1280-walked.png"))
        assert errors == []
    finally:
        lender(browser, site).give_back(context)


def test_a_click_ends_a_walk_at_once(browser, site):
    context, page, errors = open_tabletop(browser, site, speed="1.0")
    try:
        running = ("() => document.getAnimations().filter(a => a.effect && a.effect.target"
                   " && a.effect.target.hasAttribute('data-figure') && a.playState === 'running').length")
        for _ in range(80):
            page.click("#auto-step")
            if page.evaluate(running):
                break
        else:
            pytest.fail("no walk seen running")
        page.mouse.click(2, 2)
        assert page.evaluate(running) == 0
        assert errors == []
    finally:
        lender(browser, site).give_back(context)


@pytest.mark.parametrize("how", ["reduced", "switch", "instant"])
def test_no_walk_under_reduced_motion_the_switch_off_or_instant_speed(browser, site, how):
    context, page, errors = open_tabletop(browser, site, reduced=how == "reduced",
                                          speed="0" if how == "instant" else "0.4")
    try:
        if how == "switch":
            page.select_option("#motion", "off")
        places = ("() => Object.fromEntries(Array.from(document.querySelectorAll('#board-wrap [data-figure]'),"
                  " (f) => [f.dataset.figure, f.dataset.at]))")
        seen = [page.evaluate(places)]

        def a_monster_moved():  # for the engine: a monster drawn in one place, then in another
            now = page.evaluate(places)
            moved = any(k.startswith("monster-") and k in seen[0] and seen[0][k] != v for k, v in now.items())
            seen[0] = now
            return moved

        play_until(page, a_monster_moved, most=80)
        page.wait_for_timeout(500)
        assert walks(page) == []
        if how != "instant":  # motion off: not even the board's own (the selected square's pulse)
            running = page.evaluate(RUNNING_ANIMATIONS)
            assert running == [], running
        assert errors == []
    finally:
        lender(browser, site).give_back(context)


def test_the_3_dice_hero_goes_from_room_to_room(browser, site):
    context, page, errors = watched_page(browser, site, "three-dice-dungeon/?seed=motion-walk", WATCH)
    try:
        play_until(page, lambda: any(w["who"].startswith("hero-") for w in walks(page)), most=40)
        walk = next(w for w in walks(page) if w["who"].startswith("hero-"))
        # a room to the next: a straight step, three squares' time at the page's pace (no Speed setting here)
        assert walk["frames"] == 2 and walk["ms"] == pytest.approx(min(3 * 250, 850) * AUTO_DELAY_S), walk
        assert errors == []
    finally:
        lender(browser, site).give_back(context)
