"""Embeds in Chromium: every page framed cross-origin with README's embed
code reports its height, and the frame sized from it shows the whole page
with no inner scrollbar, growing and shrinking with the content."""

from urllib.parse import urlsplit

import pytest

from pyapp import registry, webapp

# the blog keeps every height message it receives, whoever sent it
LISTEN = """<script>window.heights = [];
addEventListener("message", function (event) {
  if (event.data && event.data.type === "dice-dungeons:height") window.heights.push(event.data);
});</script>"""
SETTLED = """() => {
  const frame = document.querySelector("iframe"), last = window.heights[window.heights.length - 1];
  return last && Math.abs(frame.getBoundingClientRect().height - last.height) < 1;
}"""
NO_INNER_SCROLL = "() => document.documentElement.scrollHeight <= window.innerHeight"


def framed(open_page, blog, site, slug):
    url = f"{site}{slug}/?seed=embed-height&embed=1"
    post = blog('<!doctype html><link rel="icon" href="data:,"><h1>My blog</h1>' + LISTEN
                + webapp.embed_snippet(url, "game") + "<p>After the game.</p>")
    visit = open_page(None, width=900, height=2400, also_allow=(urlsplit(post).netloc,))
    visit.page.goto(post)
    frame = visit.page.frame_locator("iframe")
    frame.locator("html[data-ready]").wait_for(state="attached", timeout=90_000)
    return visit, frame


def settle(visit):
    visit.page.wait_for_function(SETTLED, timeout=10_000)
    visit.page.wait_for_timeout(300)  # a last resize would arrive by now
    visit.page.wait_for_function(SETTLED, timeout=10_000)


@pytest.mark.parametrize("slug", list(registry.RULESETS))
def test_a_framed_page_reports_its_height_and_the_frame_shows_it_all(open_page, blog, site, slug):
    visit, frame = framed(open_page, blog, site, slug)
    settle(visit)
    heights = visit.page.evaluate("() => window.heights")
    assert heights and {h["page"] for h in heights} == {slug}
    inner = visit.page.frames[1]
    assert inner.evaluate(NO_INNER_SCROLL)
    # as tall as its content and no taller: the frame's height is the page's own
    content = inner.evaluate("() => Math.ceil(document.body.getBoundingClientRect().height)")
    assert content == heights[-1]["height"] == inner.evaluate("() => window.innerHeight")
    # compact: no site chrome, of the tools only the rules, collapsed
    assert not frame.locator(".site-link").is_visible() and not frame.locator(".site-footer").is_visible()
    assert frame.locator("#rules > summary").is_visible() and not frame.locator("#rules .rules").is_visible()
    assert not frame.locator("#new-game").is_visible() and not frame.locator("#share").is_visible()
    # the viewport holds it all: a full-page shot leaves a cross-origin frame half painted
    visit.page.screenshot(path=f"/tmp/shots/{slug}-embed-sized.png")
    # opening the rules makes the page taller, and the frame follows
    before = heights[-1]["height"]
    frame.locator("#rules > summary").click()
    settle(visit)
    assert visit.page.evaluate("() => window.heights[window.heights.length - 1].height") > before
    assert inner.evaluate(NO_INNER_SCROLL)
    frame.locator("#rules > summary").click()
    settle(visit)
    assert visit.page.evaluate("() => window.heights[window.heights.length - 1].height") == before
    visit.assert_clean()


def test_the_embed_code_ignores_height_messages_from_anything_but_its_frame(open_page, blog, site):
    visit, _ = framed(open_page, blog, site, "three-dice-dungeon")
    settle(visit)
    height = visit.page.evaluate("() => document.querySelector('iframe').getBoundingClientRect().height")
    visit.page.evaluate("() => window.postMessage({type: 'dice-dungeons:height', height: 50, page: 'x'}, '*')")
    visit.page.wait_for_function("() => window.heights.some(h => h.height === 50)")
    assert visit.page.evaluate("() => document.querySelector('iframe').getBoundingClientRect().height") == height
    visit.assert_clean()
