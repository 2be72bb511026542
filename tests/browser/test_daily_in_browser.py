"""Today's dungeon in Chromium: ?daily=, the button, the result card, the day history and the board's PNG.

The page's clock is set to 2026-11-27 12:00 UTC (an init script shifts JS's Date), so these tests mean the
same on any day they run. Screenshots: /tmp/shots/daily-1280.png and daily-390.png.
"""

import json
import struct

SLUG = "three-dice-dungeon"  # its daily game of 2026-11-27 ends in 33 auto-played steps
DAY = "2026-11-27"

# JS's Date moved to noon UTC of DAY (timers and everything else run as they do)
CLOCK = """(() => { const Real = Date, shift = Real.parse("%sT12:00:00Z") - Real.now();
  class Shifted extends Real {
    constructor(...a) { if (a.length) super(...a); else super(Real.now() + shift); }
    static now() { return Real.now() + shift; }
  }
  window.Date = Shifted; })();""" % DAY

# a share sheet, as a phone's browser has one: what it was handed is kept to look at
SHARE_SHEET = """Object.defineProperty(Navigator.prototype, 'share', { configurable: true,
  value: function (data) { window.diceDungeonsShared = data; return Promise.resolve(); } });"""


BLOCK_STORAGE = """
Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); }
});
"""


def auto_play_to_the_end(page):
    page.click("#auto-play")
    page.wait_for_function("() => document.querySelector('#auto-play').getAttribute('aria-pressed') === 'false'",
                           timeout=90_000)
    assert page.locator("#actions .no-actions").count() == 1  # the game is over


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_todays_dungeon_ends_with_a_result_card_a_history_and_a_png(open_page, tmp_path):
    visit = open_page(f"{SLUG}/?daily={DAY}", init_script=CLOCK + SHARE_SHEET)
    page = visit.page
    assert f"seed=daily-{DAY}" in page.url and "v=2" in page.url  # the address names the seed and the rules
    assert "No day played yet" in page.inner_text("#daily-history")
    page.locator("#daily").screenshot(path="/tmp/shots/daily-1280-playing.png")
    assert DAY in page.inner_text("#daily-note") and page.is_hidden("#daily-card")
    auto_play_to_the_end(page)

    page.wait_for_selector("#daily-card", state="visible")
    card = page.input_value("#daily-text")
    lines = card.splitlines()
    assert lines[0] == f"3 Dice Dungeon · Today's dungeon {DAY}", card
    assert lines[1] == "Dead · 27 points", card
    link = lines[-1]
    assert f"seed=daily-{DAY}" in link and "v=2" in link and "replay=" in link, card
    assert page.inner_text("#daily-history") == "Day streak 1 · longest 1 · best 27 · 1 day played"
    assert "kept in your day history" in page.inner_text("#daily-note")
    kept = json.loads(page.evaluate(f"() => localStorage.getItem('dice-dungeons:{SLUG}:daily')"))
    assert kept["days"] == {DAY: {"result": "dead", "points": 27, "v": 2}}

    # the card through the share sheet: its words as text, its replay link as the URL
    page.click('[data-control="share"][data-share="daily-text"]')
    page.wait_for_function("() => window.diceDungeonsShared")
    shared = page.evaluate("() => window.diceDungeonsShared")
    assert shared["url"] == link and DAY in shared["text"] and link not in shared["text"]

    # the board as a PNG, with a band for the score under it
    with page.expect_download() as download:
        page.click('[data-control="daily-png"]')
    assert download.value.suggested_filename == f"{SLUG}-daily-{DAY}.png"
    saved = tmp_path / "board.png"
    download.value.save_as(saved)
    download.value.save_as("/tmp/shots/daily-board.png")  # to look at
    width, height = png_size(saved.read_bytes())
    box = page.evaluate("() => { const b = document.querySelector('#board').viewBox.baseVal; "
                        "return [b.width, b.height]; }")
    assert height > width * box[1] / box[0] + 30, (width, height, box)  # taller than the board alone: the band

    page.set_viewport_size({"width": 1280, "height": 900})
    page.locator("#daily").scroll_into_view_if_needed()
    visit.shot("daily-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth") <= 0
    page.locator("#daily").screenshot(path="/tmp/shots/daily-390-panel.png")
    visit.shot("daily-390")

    # the history goes out and comes back with the saves (Saved games: export, import)
    page.click("#saves summary")
    with page.expect_download() as exported:
        page.click('[data-control="daily-export"]')
    history_file = tmp_path / "history.json"
    exported.value.save_as(history_file)
    assert json.loads(history_file.read_text())["days"] == kept["days"]
    broken = tmp_path / "broken.json"
    broken.write_text(history_file.read_text().replace('"points":27', '"points":-1'))
    page.set_input_files("#import-file", str(broken))
    page.wait_for_function("() => document.querySelector('#messages').textContent.includes('Import failed')")
    page.set_input_files("#import-file", str(history_file))
    page.wait_for_function("() => document.querySelector('#messages').textContent.includes('0 day(s) added')")

    # played again: allowed, said to be a replay, and not counted
    page.click('[data-control="daily-again"]')
    assert "not counted" in page.inner_text("#daily-note")
    auto_play_to_the_end(page)
    page.wait_for_selector("#daily-card", state="visible")
    assert "(replayed)" in page.input_value("#daily-text")
    assert "A replay" in page.inner_text("#daily-note") and "not counted" in page.inner_text("#daily-note")
    assert page.inner_text("#daily-history") == "Day streak 1 · longest 1 · best 27 · 1 day played"
    visit.assert_clean()


def test_a_days_dungeon_is_the_same_in_two_fresh_browsers_and_another_the_next_day(open_page):
    by_link = open_page(f"{SLUG}/?daily={DAY}", init_script=CLOCK)
    # a tampered day: a message, and the page opens as usual; then the button opens today's dungeon
    by_button = open_page(f"{SLUG}/?daily=2026-13-45", init_script=CLOCK)
    assert "does not exist" in by_button.page.inner_text("#messages")
    assert "daily-" not in by_button.page.url
    by_button.page.click("#daily-button")
    by_button.page.wait_for_function(f"() => location.search.includes('seed=daily-{DAY}')")
    assert by_button.page.inner_html("#board-wrap") == by_link.page.inner_html("#board-wrap")
    assert by_button.page.locator("#log-list li").all_inner_texts() == by_link.page.locator(
        "#log-list li").all_inner_texts()
    # tomorrow (already today east of UTC), where the browser refuses storage: it plays, its history is not kept
    next_day = open_page(f"{SLUG}/?daily=2026-11-28", init_script=CLOCK + BLOCK_STORAGE)
    assert "seed=daily-2026-11-28" in next_day.page.url
    assert "Not kept" in next_day.page.inner_text("#daily-history")
    next_day.page.locator("#actions button[data-action]").first.click()
    seen = [(v.page.inner_html("#board-wrap"), v.page.locator("#log-list li").all_inner_texts())
            for v in (by_link, next_day)]
    assert seen[0] != seen[1]
    for visit in (by_link, by_button, next_day):
        visit.assert_clean()


def test_a_past_days_dungeon_opens_offline(open_page):
    visit = open_page(f"{SLUG}/?daily={DAY}", init_script=CLOCK, service_workers="allow")
    visit.page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    visit.page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=60_000)
    visit.context.set_offline(True)
    visit.page.goto(visit.page.url.split("?")[0] + "?daily=2026-11-20")
    visit.wait_ready()
    assert "seed=daily-2026-11-20" in visit.page.url
    assert "another day's" in visit.page.inner_text("#daily-note")  # an archive day: played, not counted
    visit.context.set_offline(False)
    visit.assert_clean()
