"""The Dungeon Generator page in Chromium: explored by clicks, reloaded,
shared, exported, printed, and its statistics panel run in the page."""

import json
import xml.etree.ElementTree as ET

from pyapp.dungeon_gen.ruleset import RULESET
from pyapp.engine import Game
from support import BOARD_DRAWN_AGAIN, MARK_BOARD, played_codes

SLUG = RULESET.slug
TAKE = '#actions button[data-action^="take "]'
ROOM_ON_MAP = '#board [data-action^="go "]'


def log_entries(visit):
    return visit.page.locator("#log-list li").all_inner_texts()


def click_and_wait(visit, locator):
    """Click, then wait for the map to be drawn anew (walking back logs nothing)."""
    visit.page.evaluate(MARK_BOARD)
    locator.click()
    visit.page.wait_for_function(BOARD_DRAWN_AGAIN, timeout=15_000)


def explore(visit, rooms):
    """Take `rooms` passages by their buttons; walk back on the map when a room has none."""
    for _ in range(rooms):
        if visit.page.locator(TAKE).count() == 0:
            if visit.page.locator(ROOM_ON_MAP).count() == 0:
                break
            click_and_wait(visit, visit.page.locator(ROOM_ON_MAP).first)
            continue
        click_and_wait(visit, visit.page.locator(TAKE).first)


def test_explore_by_clicks_matches_the_engine_and_reload_restores(open_page):
    visit = open_page(f"{SLUG}/?seed=explore-by-clicks&size=large")
    explore(visit, 12)
    codes = played_codes(visit, SLUG)
    assert any(code.startswith("take ") for code in codes)
    game = Game.replay(RULESET, "explore-by-clicks", RULESET.parse_settings({"size": "large"})[0], codes)
    assert log_entries(visit) == game.state["log"]
    board = visit.page.inner_html("#board-wrap")
    visit.shot("dungeon-generator-explored")
    visit.page.reload()
    visit.wait_ready()
    assert log_entries(visit) == game.state["log"]
    assert visit.page.inner_html("#board-wrap") == board
    visit.assert_clean()


def test_a_share_link_gives_the_same_dungeon_in_a_fresh_browser(open_page):
    first = open_page(f"{SLUG}/?seed=shared-dungeon&size=medium")
    explore(first, 4)
    link = first.page.input_value("#share-url")
    codes = played_codes(first, SLUG)
    second = open_page(None)
    second.page.goto(link)
    second.wait_ready()
    for code in codes:  # the same choices on the shared link give the same rooms
        click_and_wait(second, second.page.locator(f'[data-action="{code}"]').first)
    assert log_entries(second) == log_entries(first)
    second.assert_clean()


def test_export_files_download_and_parse(open_page, tmp_path):
    visit = open_page(f"{SLUG}/?seed=exports&size=medium&mode=whole")
    visit.page.click("#downloads summary")
    files = {}
    for key in ("svg", "png", "json", "md"):
        with visit.page.expect_download() as info:
            visit.page.click(f'[data-control="download"][data-download="{key}"]')
        path = tmp_path / info.value.suggested_filename
        info.value.save_as(path)
        files[key] = path
    assert ET.fromstring(files["svg"].read_text()).tag.endswith("svg")
    assert files["png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and files["png"].stat().st_size > 2000
    data = json.loads(files["json"].read_text())
    assert data["format"] == "dice-dungeons/dungeon-map" and data["levels"][0]["rooms"]
    rooms = sum(len(level["rooms"]) for level in data["levels"])
    key = files["md"].read_text()
    assert key.lstrip().startswith("#") and key.count("Room") >= rooms
    visit.assert_clean()


def test_statistics_panel_shows_histograms(open_page):
    visit = open_page(f"{SLUG}/?seed=stats-panel")
    visit.page.click("#tool-stats summary")
    visit.page.fill('#tool-stats input[name="n"]', "60")
    visit.page.click("#tool-stats button[type=submit]")
    visit.page.wait_for_function(
        "() => { const o = document.getElementById('tool-stats-output');"
        " return o && !o.hasAttribute('aria-busy') && /Large/.test(o.textContent); }", timeout=60_000)
    text = visit.page.inner_text("#tool-stats-output")
    for word in ("Small", "Medium", "Large", "median"):
        assert word.lower() in text.lower()
    assert visit.page.locator("#tool-stats-output svg, #tool-stats-output .bar, #tool-stats-output table").count() > 0
    visit.page.locator("#tool-stats").screenshot(path="/tmp/shots/dungeon-generator-stats.png")
    visit.assert_clean()


def test_print_shows_the_map_and_key_only(open_page):
    visit = open_page(f"{SLUG}/?seed=print-me&mode=whole")
    visit.page.emulate_media(media="print")
    assert visit.page.locator("#board").is_visible() and visit.page.locator("#panel").is_visible()
    for hidden in ("#actions", ".controls", ".tools", "#log"):
        assert not visit.page.locator(hidden).first.is_visible(), hidden
    visit.shot("dungeon-generator-print")


def test_print_and_png_mid_exploration_show_every_level_found(open_page, tmp_path):
    """On Level 2 of an exploration, the page shows Level 2 and the level tree;
    paper and the PNG download get every level found so far."""
    from pyapp import webapp
    settings = RULESET.parse_settings({"size": "large", "type": "crypt"})[0]
    game = Game(RULESET, "w1", settings)
    while game.state["at"][0] < 2:
        game.auto()
    visit = open_page(f"{SLUG}/" + webapp.replay_query(RULESET, "w1", settings, game.actions))
    assert visit.page.locator("#panel .dg-tree").is_visible()
    assert "Level 1</text>" not in visit.page.inner_html("#board-wrap")
    visit.page.emulate_media(media="print")
    assert not visit.page.locator("#board").is_visible() and visit.page.locator("#board-print").is_visible()
    printed = visit.page.inner_html("#panel .dg-print")
    assert "Level 1</text>" in printed and "Level 2</text>" in printed
    visit.shot("dungeon-generator-print-levels")
    visit.page.emulate_media(media="screen")
    visit.page.click("#downloads summary")
    with visit.page.expect_download() as info:
        visit.page.click('[data-control="download"][data-download="png"]')
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    png = path.read_bytes()
    height = int.from_bytes(png[20:24], "big")  # IHDR: the image is the all-levels copy, taller than one level
    board_height = float(visit.page.get_attribute("#board", "height"))
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and height > board_height
    visit.assert_clean()
