"""Dark and light schemes (issue 34): every page follows the device's `prefers-color-scheme`, its switch
(device / light / dark) is remembered, or kept for the visit where storage is refused, and axe finds no
contrast violation in either scheme, nor does the project's own check of the text drawn inside the boards'
SVGs (board_text_contrast.js: axe reads CSS `color`, not an SVG text's fill). Every page is photographed in
both schemes at 1280 and 390 px wide, under /tmp/shots/themes/ (looked at by hand; not compared by the
test)."""

from pathlib import Path

import pytest

from pyapp import registry
from support import SHOTS, lender
from test_audit import AXE

THEMES_SHOTS = SHOTS / "themes"
PAGES = ["", *registry.RULESETS]  # "" is the index
THEME_KEY = "dice-dungeons:theme"

# axe's colour rules only: the rest of the audit is test_audit.py's, in the light scheme
AXE_CONTRAST = """async () => {
  const rules = ['color-contrast', 'link-in-text-block'];
  const result = await axe.run(document, { runOnly: { type: 'rule', values: rules } });
  return result.violations.map(v => `${v.id}: ${v.nodes.length} × ` + v.nodes.slice(0, 3)
    .map(n => n.html.slice(0, 120) + ' ' + (n.any[0] ? n.any[0].message.slice(0, 140) : '')).join(' | '));
}"""

BOARD_TEXT = (Path(__file__).parent / "board_text_contrast.js").read_text()
PAGE_BACKGROUND = "() => getComputedStyle(document.documentElement).backgroundColor"
STEP = ("() => { const b = document.getElementById('auto-step');"
        " if (!b || b.disabled) return false; b.click(); return true; }")
REFUSE_STORAGE = """Object.defineProperty(window, 'localStorage',
  { get() { throw new DOMException('refused', 'SecurityError'); } });"""


def luminance(css_rgb: str) -> float:
    """A rough lightness (0-255) of a computed `rgb(r, g, b)` colour: enough to tell dark from light."""
    r, g, b = (float(v) for v in css_rgb[css_rgb.index("(") + 1:css_rgb.index(")")].split(",")[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def themed(browser, site, path, scheme, *, width=1280, init_script=None):
    """(context, page, the page's uncaught errors): the caller gives the context back (lender(...).give_back)."""
    context, page = lender(browser, site).lend(width=width, color_scheme=scheme)
    if init_script:
        page.add_init_script(init_script)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site + path)
    return context, page, errors


def settle(page, path):
    if path:
        page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
        for _ in range(4):  # a game under way: monsters, sheets, dice, a grown map
            if page.is_disabled("#auto-step"):
                break
            page.click("#auto-step")
    page.wait_for_timeout(300)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


DETAILS_OPEN = "() => Array.from(document.querySelectorAll('details'), d => d.open)"
DETAILS_AS = "(open) => document.querySelectorAll('details').forEach((d, i) => { d.open = open[i]; })"


@pytest.mark.parametrize("path", PAGES)
def test_each_page_in_each_scheme_has_no_contrast_violation(browser, site, path):
    """One page a path, light then dark: the page follows the device's scheme as it changes (see
    test_without_a_choice_the_page_follows_the_device_as_it_changes), so one load and one game under way
    serve both schemes (a page load and its steps a scheme saved: about 40 s of a run)."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: npm ci installs it (package.json devDependencies)")
    context, page, errors = themed(browser, site, f"{path}/?seed=themes" if path else "", "light")
    try:
        settle(page, path)
        page.evaluate(AXE.read_text())  # devtools' evaluation: no inline script tag the page's CSP would refuse
        shut = page.evaluate(DETAILS_OPEN)
        name = path or "index"
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.wait_for_function(f"() => document.documentElement.dataset.theme === '{scheme}'")
            page.evaluate(DETAILS_AS, shut)
            page.set_viewport_size({"width": 1280, "height": 900})
            page.wait_for_timeout(200)
            shade = luminance(page.evaluate(PAGE_BACKGROUND))
            assert (shade < 60) if scheme == "dark" else (shade > 200), f"{name} {scheme}: body {shade}"
            THEMES_SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(THEMES_SHOTS / f"{name}-{scheme}-1280.png"), full_page=True)
            page.set_viewport_size({"width": 390, "height": 844})
            page.wait_for_timeout(200)
            page.screenshot(path=str(THEMES_SHOTS / f"{name}-{scheme}-390.png"), full_page=True)
            page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
            page.wait_for_timeout(200)
            assert page.evaluate(AXE_CONTRAST) == [], f"{name} at 390 px, {scheme}"
            page.set_viewport_size({"width": 1280, "height": 900})
            page.wait_for_timeout(200)
            assert page.evaluate(AXE_CONTRAST) == [], f"{name} at 1280 px, {scheme}"
            assert page.evaluate(BOARD_TEXT) == [], f"{name}'s board text at 1280 px, {scheme}"
            # the tools opened (settings, saves, share, scores, rules, the Balance lab's form): their first 2400 px
            top = page.evaluate("() => { const t = document.querySelector('.tools') || document.querySelector('main');"
                                " return t.getBoundingClientRect().top + scrollY; }")
            page.screenshot(path=str(THEMES_SHOTS / f"{name}-{scheme}-1280-tools.png"), full_page=True,
                            clip={"x": 0, "y": top, "width": 1280, "height": 2400})
        assert errors == []
    finally:
        lender(browser, site).give_back(context)


@pytest.mark.parametrize("slug", registry.RULESETS)
def test_board_text_keeps_its_contrast_through_a_game(browser, site, slug):
    """What a game grows (searched rooms, monsters on sheets, hoards, a long map), checked every few steps."""
    context, page, errors = themed(browser, site, f"{slug}/?seed=board-text", "light")
    try:
        page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
        short = set()
        for step in range(48):
            if step % 8 == 0:
                page.wait_for_timeout(400)  # a figure's walk or a glide ended
                short.update(page.evaluate(BOARD_TEXT))
            if not page.evaluate(STEP):
                break
            page.wait_for_timeout(60)
        short.update(page.evaluate(BOARD_TEXT))
        assert sorted(short) == [], slug
        assert errors == []
    finally:
        lender(browser, site).give_back(context)


@pytest.mark.parametrize("path", ["", "three-dice-dungeon/"])
def test_the_switch_overrides_the_device_and_is_remembered(browser, site, path):
    context, page, errors = themed(browser, site, path, "light")
    try:
        assert page.input_value("#theme") == "device"
        assert luminance(page.evaluate(PAGE_BACKGROUND)) > 200
        page.select_option("#theme", "dark")
        assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
        assert luminance(page.evaluate(PAGE_BACKGROUND)) < 60
        assert page.evaluate(f"() => localStorage.getItem('{THEME_KEY}')") == "dark"
        page.reload()
        # the head's own line sets the scheme before the first paint: already there when the DOM is
        assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
        assert page.input_value("#theme") == "dark"
        assert luminance(page.evaluate(PAGE_BACKGROUND)) < 60
        page.select_option("#theme", "device")
        assert page.evaluate("() => document.documentElement.dataset.theme") == "light"  # the device's
        assert page.evaluate("() => document.documentElement.dataset.themeChoice || ''") == ""
        assert page.evaluate(f"() => localStorage.getItem('{THEME_KEY}')") is None
        assert luminance(page.evaluate(PAGE_BACKGROUND)) > 200
        assert errors == []
    finally:
        lender(browser, site).give_back(context)


def test_without_a_choice_the_page_follows_the_device_as_it_changes(browser, site):
    context, page, errors = themed(browser, site, "", "light")
    try:
        assert luminance(page.evaluate(PAGE_BACKGROUND)) > 200
        page.emulate_media(color_scheme="dark")  # the phone goes dark at sunset, the page open
        page.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
        assert luminance(page.evaluate(PAGE_BACKGROUND)) < 60
        page.select_option("#theme", "light")  # a choice outlasts the device's changes
        page.emulate_media(color_scheme="light")
        page.emulate_media(color_scheme="dark")
        assert page.evaluate("() => document.documentElement.dataset.theme") == "light"
        assert errors == []
    finally:
        lender(browser, site).give_back(context)


def test_a_choice_in_one_tab_reaches_the_others_at_once(browser, site):
    context, page, errors = themed(browser, site, "three-dice-dungeon/?seed=tab-one", "light")
    try:
        other = context.new_page()
        other.goto(site + "three-dice-dungeon/?seed=tab-two")
        other.wait_for_selector("#theme")
        page.select_option("#theme", "dark")
        page.select_option("#motion", "off")
        other.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
        assert other.input_value("#theme") == "dark"
        assert luminance(other.evaluate(PAGE_BACKGROUND)) < 60
        other.wait_for_function("() => document.documentElement.dataset.motion === 'off'")
        assert other.input_value("#motion") == "off"
        other.select_option("#theme", "device")  # and back the other way
        page.wait_for_function("() => document.documentElement.dataset.theme === 'light'")
        assert page.input_value("#theme") == "device"
        assert errors == []
    finally:
        lender(browser, site).give_back(context)


def test_a_dark_device_can_choose_light_and_the_switch_works_without_storage(browser, site):
    context, page, errors = themed(browser, site, "", "dark", init_script=REFUSE_STORAGE)
    try:
        assert luminance(page.evaluate(PAGE_BACKGROUND)) < 60
        page.select_option("#theme", "light")
        assert luminance(page.evaluate(PAGE_BACKGROUND)) > 200
        assert page.evaluate("() => getComputedStyle(document.documentElement).colorScheme") == "light"
        assert errors == []
    finally:
        lender(browser, site).give_back(context)


def test_the_balance_labs_charts_keep_their_light_card_in_the_dark(browser, site):
    context, page, errors = themed(browser, site, "three-dice-dungeon/?seed=themes-lab", "dark")
    try:
        page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
        page.click("#tool-lab summary")
        page.fill('#tool-lab input[name="games"]', "30")
        page.click("#tool-lab button[type=submit]")
        page.wait_for_function("() => /Auto-played: 30 games/.test(document.getElementById('tool-lab-output')"
                               ".textContent) && document.getElementById('tool-lab-progress').hidden",
                               timeout=120_000)
        chart = page.locator("#tool-lab-output .dg-chart svg").first
        assert luminance(chart.evaluate("e => getComputedStyle(e).backgroundColor")) > 200
        THEMES_SHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("#tool-lab").screenshot(path=str(THEMES_SHOTS / "three-dice-dungeon-dark-lab.png"))
        page.evaluate(AXE.read_text())  # devtools' evaluation: no inline script tag the page's CSP would refuse
        assert page.evaluate(AXE_CONTRAST) == []
        assert errors == []
    finally:
        lender(browser, site).give_back(context)


def test_an_embedded_game_follows_the_device_and_shows_its_switch(browser, site):
    context, page, errors = themed(browser, site, "three-dice-dungeon/?embed=1&seed=themes", "dark", width=600)
    try:
        page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
        assert luminance(page.evaluate(PAGE_BACKGROUND)) < 60
        assert page.is_visible("#theme")
        THEMES_SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(THEMES_SHOTS / "three-dice-dungeon-dark-embed.png"), full_page=True)
        page.evaluate(AXE.read_text())  # devtools' evaluation: no inline script tag the page's CSP would refuse
        assert page.evaluate(AXE_CONTRAST) == []
        assert errors == []
    finally:
        lender(browser, site).give_back(context)
