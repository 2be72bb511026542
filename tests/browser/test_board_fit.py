"""Boards that fill their frame (issue 34), measured in Chromium on every page at 1280 and 390 px wide,
at the start and after 30 and 150 auto-played steps (or the game's end, where it ends sooner): the drawn
content covers at least half of the board's frame (by area, or 80% of its width or height for a long thin
map) and none of it lies outside the frame unless the player zoomed. Then zoom and pan: buttons, keys,
drag and pinch, kept across a redraw, and back to "fit".

"Drawn content" is every shape and text of the board but its backdrops (`data-backdrop`: the rock or paper
the map lies on, which the renderer sizes to the view); "the frame" is #board-wrap's inner box. Figures go to
/tmp/shots/boards/coverage.txt and screenshots, with the board in view, beside them."""

import pytest

from pyapp import registry
from pyapp.engine import Game
from pyapp.webapp.links import share_query
from support import SHOTS, keep_the_builds_heap

BOARD_SHOTS = SHOTS / "boards"
SLUGS = list(registry.RULESETS)
STEPS = (0, 30, 150)
WIDTHS = ((1280, 900), (390, 844))
FIGURES = BOARD_SHOTS / "coverage.txt"

# The drawn content's box and the frame's, in CSS pixels of the page.
MEASURE = """() => {
  const wrap = document.getElementById('board-wrap');
  const board = document.getElementById('board');
  const style = getComputedStyle(wrap);
  const px = (name) => parseFloat(style[name]) || 0;
  const box = wrap.getBoundingClientRect();
  const frame = {
    left: box.left + px('borderLeftWidth') + px('paddingLeft'), top: box.top + px('borderTopWidth') + px('paddingTop'),
    right: box.right - px('borderRightWidth') - px('paddingRight'),
    bottom: box.bottom - px('borderBottomWidth') - px('paddingBottom'),
  };
  const drawn = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  const shapes = board.querySelectorAll('rect, circle, ellipse, line, polyline, polygon, path, text, image, use');
  for (const shape of shapes) {
    if (shape.closest('[data-backdrop], defs, clipPath, mask, pattern, marker, symbol')) continue;
    const look = getComputedStyle(shape);
    if (look.display === 'none' || look.visibility === 'hidden') continue;
    const r = shape.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    drawn.left = Math.min(drawn.left, r.left); drawn.top = Math.min(drawn.top, r.top);
    drawn.right = Math.max(drawn.right, r.right); drawn.bottom = Math.max(drawn.bottom, r.bottom);
  }
  return { frame, drawn, zoomed: wrap.hasAttribute('data-zoomed'), view: board.getAttribute('viewBox') };
}"""

# Two frames after the last change of the view (a map that grew glides to its new view: data-moving meanwhile).
STILL = """() => new Promise((done) => {
  const wait = () => document.getElementById('board-wrap').hasAttribute('data-moving')
    ? setTimeout(wait, 20) : requestAnimationFrame(() => requestAnimationFrame(done));
  wait();
})"""


def coverage(measured: dict) -> dict:
    """What share of the frame the drawn content covers (by area, across, down) and how far it runs past it."""
    frame, drawn = measured["frame"], measured["drawn"]
    fw, fh = frame["right"] - frame["left"], frame["bottom"] - frame["top"]
    cut = [max(drawn["left"], frame["left"]), max(drawn["top"], frame["top"]),
           min(drawn["right"], frame["right"]), min(drawn["bottom"], frame["bottom"])]
    across, down = max(0.0, cut[2] - cut[0]) / fw, max(0.0, cut[3] - cut[1]) / fh
    past = max(frame["left"] - drawn["left"], drawn["right"] - frame["right"],
               frame["top"] - drawn["top"], drawn["bottom"] - frame["bottom"], 0.0)
    return {"area": across * down, "across": across, "down": down, "past": past, "frame": (round(fw), round(fh))}


def fills(c: dict) -> bool:
    return c["area"] >= 0.5 or c["across"] >= 0.8 or c["down"] >= 0.8


def long_game(slug: str) -> tuple[str, list[str]]:
    """A seed whose auto-played game lasts 150 steps (the longest of a few if none does), and its moves."""
    ruleset, longest = registry.get(slug), ("", [])
    for i in range(8):
        game = Game(ruleset, f"boards-{i}")
        while not game.over and len(game.actions) < max(STEPS):
            game.auto()
        if len(game.actions) > len(longest[1]):
            longest = (game.seed, list(game.actions))
        if not game.over:
            break
    return longest


def still(page) -> None:
    page.evaluate(STILL)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_board_fills_its_frame_and_never_runs_past_it(open_page, slug):
    seed, moves = long_game(slug)
    ruleset, rows, failures = registry.get(slug), [], []
    BOARD_SHOTS.mkdir(parents=True, exist_ok=True)
    for steps in STEPS:
        played = moves[:steps]
        visit = open_page(f"{slug}/" + share_query(ruleset, seed, {}, replay=played or None), width=WIDTHS[0][0],
                          height=WIDTHS[0][1])
        for width, height in WIDTHS:
            visit.page.set_viewport_size({"width": width, "height": height})
            still(visit.page)
            c = coverage(visit.page.evaluate(MEASURE))
            rows.append(f"{slug:26} {width:5} px {len(played):4} steps: area {c['area']:.0%}, "
                        f"across {c['across']:.0%}, down {c['down']:.0%}, past the frame {c['past']:.0f} px, "
                        f"frame {c['frame'][0]}x{c['frame'][1]}")
            if not fills(c) or c["past"] > 1:
                failures.append(rows[-1])
            visit.page.evaluate("() => document.querySelector('main.game').scrollIntoView()")
            visit.page.screenshot(path=str(BOARD_SHOTS / f"{slug}-{width}-{len(played)}.png"))
        visit.assert_clean()
        visit.close()  # its context is lent again (support.Lender)
    with FIGURES.open("a") as figures:
        figures.write("\n".join(rows) + "\n")
    print("\n" + "\n".join(rows))
    assert failures == [], "\n".join(failures)


VIEW = "() => document.getElementById('board').getAttribute('viewBox').split(/[ ,]+/).map(Number)"
ZOOMED = "() => document.getElementById('board-wrap').hasAttribute('data-zoomed')"
SCALE = "() => document.getElementById('board').getScreenCTM().a"  # CSS px a unit of the map
LOG_LENGTH = "() => document.querySelectorAll('#log-list li').length"
TOUCH = """([kind, id, x, y]) => document.getElementById('board').dispatchEvent(new PointerEvent(kind,
  { pointerId: id, clientX: x, clientY: y, bubbles: true, cancelable: true, pointerType: 'touch',
    isPrimary: id === 1 }))"""


def centre(page) -> tuple[float, float]:
    box = page.locator("#board").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_zoom_and_pan_by_buttons_keys_drag_and_pinch_survive_a_redraw_and_fit_comes_back(open_page):
    slug = "three-dice-dungeon-tiles"
    seed, moves = long_game(slug)
    visit = open_page(f"{slug}/" + share_query(registry.get(slug), seed, {}, replay=moves[:30]))
    page = visit.page
    still(page)
    fit = page.evaluate(SCALE)
    assert not page.evaluate(ZOOMED)
    assert page.is_disabled('[data-zoom="fit"]') and page.is_disabled('[data-zoom="out"]')

    page.click('[data-zoom="in"]')  # buttons
    zoomed = page.evaluate(VIEW)
    assert page.evaluate(ZOOMED) and page.evaluate(SCALE) > fit * 1.4
    assert not page.is_disabled('[data-zoom="fit"]')

    page.click("#auto-step")  # the worker redraws the board: the player's zoom stays
    still(page)
    assert page.evaluate(ZOOMED) and page.evaluate(VIEW)[2:] == zoomed[2:]

    page.focus("#board-wrap")  # keys while the map has the focus
    page.keyboard.press("+")
    closer = page.evaluate(VIEW)
    assert closer[2] < zoomed[2] / 1.4
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(VIEW)[0] < closer[0]
    page.keyboard.press("0")
    assert not page.evaluate(ZOOMED)
    still(page)
    c = coverage(page.evaluate(MEASURE))
    assert fills(c) and c["past"] <= 1, c

    page.keyboard.press("+")  # a mouse drag pans a zoomed map and plays nothing
    before, played = page.evaluate(VIEW), page.evaluate(LOG_LENGTH)
    x, y = centre(page)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 40, y + 30, steps=4)
    page.mouse.move(x + 80, y + 60, steps=4)
    page.mouse.up()
    page.wait_for_timeout(300)
    after = page.evaluate(VIEW)
    assert after[0] < before[0] and after[1] < before[1] and after[2:] == before[2:]
    assert page.evaluate(LOG_LENGTH) == played

    page.click('[data-zoom="fit"]')
    assert not page.evaluate(ZOOMED)
    x, y = centre(page)  # a pinch: two fingers moving apart zoom in about their middle
    page.evaluate(TOUCH, ["pointerdown", 1, x - 20, y])
    page.evaluate(TOUCH, ["pointerdown", 2, x + 20, y])
    page.evaluate(TOUCH, ["pointermove", 2, x + 60, y])
    page.evaluate(TOUCH, ["pointerup", 2, x + 60, y])
    page.evaluate(TOUCH, ["pointerup", 1, x - 20, y])
    assert page.evaluate(ZOOMED) and page.evaluate(SCALE) > fit * 1.8  # 40 px apart, then 80
    page.click('[data-zoom="fit"]')
    assert not page.evaluate(ZOOMED)
    page.screenshot(path=str(BOARD_SHOTS / f"{slug}-zoom-fit-again.png"))
    visit.assert_clean()


# Each glide: whether it moves the board by a transform while its viewBox is already the new fit (no layout in
# its frames, issue 47), seen two frames after it starts; and the board itself is patched, not replaced.
GLIDES = """() => { window.glides = []; window.firstBoard = document.querySelector('svg#board');
new MutationObserver(() => {
  const wrap = document.getElementById('board-wrap');
  if (!wrap.hasAttribute('data-moving')) return;
  const svg = wrap.querySelector('svg#board');
  const viewBox = svg.getAttribute('viewBox');
  requestAnimationFrame(() => requestAnimationFrame(() => window.glides.push({
    transform: svg.getAnimations().some((a) => a.effect.getKeyframes().some((k) => k.transform !== 'none')),
    fixed: svg.getAttribute('viewBox') === viewBox,
  })));
}).observe(document.getElementById('board-wrap'), { attributes: true, attributeFilter: ['data-moving'] }); }"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce", "switch"])
def test_the_view_glides_to_a_grown_map_unless_motion_is_reduced(open_page, motion):
    """Unless the device asks for reduced motion or the page's Motion switch is off ("switch": the glide ran
    with it off, seen once as a running animation after a move, test_figures_move.py)."""
    slug = "three-dice-dungeon-tiles"
    seed, moves = long_game(slug)
    visit = open_page(f"{slug}/" + share_query(registry.get(slug), seed, {}, replay=moves[:10]))
    page = visit.page
    if motion == "switch":
        page.select_option("#motion", "off")
    else:
        page.emulate_media(reduced_motion=motion)
    page.evaluate(GLIDES)
    grew = 0
    for _ in range(40):
        before = page.evaluate(VIEW)
        page.click("#auto-step")
        still(page)
        grew += page.evaluate(VIEW) != before
        if grew >= 2:
            break
    assert grew >= 2, "the map never grew"
    glides = page.evaluate("() => window.glides")
    assert (len(glides) >= 1) if motion == "no-preference" else (glides == []), glides
    assert all(g == {"transform": True, "fixed": True} for g in glides), glides
    assert page.evaluate("() => document.querySelector('svg#board') === window.firstBoard"), "the board was replaced"
    visit.assert_clean()


def finger_pinch(page, x: float, y: float, *, scrolled_first: bool) -> None:
    """Real touches (the browser's own input, so touch-action and scrolling apply): two fingers that spread
    apart about (x, y); with `scrolled_first`, the first finger has begun to scroll the page before the
    second lands (a slow second finger)."""
    cdp = page.context.new_cdp_session(page)

    def touch(kind, points):
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": px, "y": py, "id": n} for n, (px, py) in enumerate(points)]})

    first = (x - 30, y)
    touch("touchStart", [first])
    if scrolled_first:
        for k in range(1, 8):
            first = (x - 30, y - 4 * k)
            touch("touchMove", [first])
            page.wait_for_timeout(16)
    touch("touchStart", [first, (x + 30, y)])
    for k in range(1, 15):
        touch("touchMove", [(first[0] - 5 * k, first[1] + 3 * k), (x + 30 + 5 * k, y + 3 * k)])
        page.wait_for_timeout(16)
    touch("touchEnd", [])
    page.wait_for_timeout(300)
    cdp.detach()


@pytest.mark.parametrize("second_finger", ["together", "late"])
def test_a_pinch_at_fit_on_a_phone_zooms_the_board_not_the_page(browser, site, second_finger):
    """At fit one finger scrolls the page (the board lets it); two fingers are the board's: landing together
    they zoom it and the page stays still; a second finger landing after the first began to scroll still zooms
    the board (the scroll begun goes on: the browser no longer lets a page refuse it)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  device_scale_factor=2, service_workers="block")
    try:
        keep_the_builds_heap(context, site)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(site + "three-dice-dungeon-tiles/?seed=pinch")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
        for _ in range(20):
            page.click("#auto-step")
        still(page)
        page.evaluate("() => document.getElementById('board-wrap').scrollIntoView({block: 'center'})")
        page.wait_for_timeout(200)
        fit, scrolled = page.evaluate(SCALE), page.evaluate("() => scrollY")
        x, y = centre(page)
        finger_pinch(page, x, y, scrolled_first=second_finger == "late")
        assert page.evaluate(ZOOMED) and page.evaluate(SCALE) > fit * 1.8
        if second_finger == "together":
            assert page.evaluate("() => scrollY") == scrolled
        assert page.evaluate("() => visualViewport.scale") == 1  # the page itself was never pinch-zoomed
        assert errors == []
    finally:
        context.close()
