"""The Dice Crawl page's print-and-play sheets printed by Chromium (pages, paper sizes, every component), and a
game played by link: handed over between two browser contexts, two turns each way, the same dice on both sides."""

import re
from pathlib import Path

import pytest

from pyapp.dice_crawl.bots.bot import normal
from pyapp.dice_crawl.data import CLASSES, RACES
from pyapp.dice_crawl.ruleset import RULESET
from pyapp.dice_crawl.view import pnp
from pyapp.dice_crawl.view.components import BASE
from pyapp.engine import Game
from pyapp.webapp.handover import hand_query
from support import BOARD_DRAWN_AGAIN, MARK_BOARD, SHOTS, played_codes

SLUG = RULESET.slug
POINTS_PER_MM = 72 / 25.4


@pytest.mark.parametrize("paper, size_mm, pages", [("a4", (210, 297), 15), ("letter", (215.9, 279.4), 13)])
def test_the_print_and_play_sheets_print_every_component_at_true_size(open_page, paper, size_mm, pages):
    visit = open_page(f"{SLUG}/?seed=paper")
    visit.page.locator("#downloads summary").click()
    assert visit.page.locator("#downloads summary").inner_text() == "Print and play"
    visit.context.set_offline(True)  # the sheets are made in the page: no network needed
    with visit.page.expect_download() as caught:
        visit.page.locator(f'[data-download="pnp-{paper}"]').click()
    download = caught.value
    visit.context.set_offline(False)
    assert download.suggested_filename == f"dice-crawl-print-and-play-{paper}.html"
    html = Path(download.path()).read_text(encoding="utf-8")
    sheet = open_page(None, context=visit.context).page
    sheet.set_content(html)
    for tile in BASE.tiles:
        assert sheet.locator(f'[data-component="tile-{tile["id"]}"]').count() == 1
    for name, _ in RACES + CLASSES:
        assert sheet.locator(f'[data-component="card-{name}"]').count() == 1
    sheet.emulate_media(media="print")
    widths = sheet.evaluate("() => [...document.querySelectorAll('.sheet')].map(s => s.getBoundingClientRect().width)")
    assert len(widths) == pages and all(abs(w - size_mm[0] / 25.4 * 96) < 1 for w in widths)
    cut = sheet.evaluate("() => [...document.querySelectorAll('.sheet[data-kind=tiles] rect.edge, "
                         ".sheet[data-kind=cards] rect.edge')].map(r => r.getBoundingClientRect())"
                         ".map(b => [Math.round(b.width * 10) / 10, Math.round(b.height * 10) / 10])")
    mm = 96 / 25.4  # CSS pixels per millimetre
    assert {tuple(size) for size in cut} == {(round(50 * mm, 1),) * 2, (round(63 * mm, 1), round(88 * mm, 1))}
    pdf = sheet.pdf(prefer_css_page_size=True, print_background=True)
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)
    assert len(boxes) == pages
    for w, h in boxes:
        assert abs(float(w) - size_mm[0] * POINTS_PER_MM) < 1 and abs(float(h) - size_mm[1] * POINTS_PER_MM) < 1
    assert sheet.evaluate(NO_OVERFLOW)
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"dice-crawl-pnp-{paper}.pdf").write_bytes(pdf)
    sheet.emulate_media(media="screen")
    for n in (0, 2, pages - 1):  # the rules, a tile sheet, a card sheet
        sheet.locator("section.sheet").nth(n).screenshot(path=str(SHOTS / f"dice-crawl-pnp-{paper}-{n}.png"))
    visit.assert_clean()


NO_OVERFLOW = "() => [...document.querySelectorAll('.text-sheet')].every(s => s.scrollHeight <= s.clientHeight)"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_longer_rules_summary_takes_more_sheets_and_never_overflows(open_page, monkeypatch, paper):
    """Rules, Powers and rulings three times as long (an expansion's, the variants'): packed on more sheets,
    an even count of them, none cut off at the bottom."""
    monkeypatch.setattr(pnp, "CLAUSES", pnp.CLAUSES * 3)
    monkeypatch.setattr(pnp, "RULINGS", pnp.RULINGS * 3)
    monkeypatch.setattr(pnp, "POWERS", {f"{k}{n}": v for n in range(3) for k, v in pnp.POWERS.items()})
    html = pnp.sheets_html(paper)
    sheet = open_page(None).page
    sheet.set_content(html)
    sheet.emulate_media(media="print")
    rules = sheet.locator('.sheet[data-kind="rules"]').count()
    assert rules > 2 and rules % 2 == 0 and sheet.evaluate(NO_OVERFLOW)


def handover_state(visit) -> str:
    return visit.page.evaluate("() => { const h = document.querySelector('#handover .handover');"
                               " return h ? h.dataset.handover : ''; }")


def log_text(visit) -> str:
    return visit.page.locator("#log-list").inner_text()


def play_my_turn(visit, chosen: dict, seed: str) -> str:
    """Click the moves of this device's turn (a sensible player's) until the page offers the hand-over link."""
    visit.page.select_option("#speed", "0")  # any bot steps at once
    for _ in range(80):
        visit.page.wait_for_function("() => { const h = document.querySelector('#handover .handover');"
                                     " return h && h.dataset.handover !== 'bots'; }", timeout=30_000)
        if handover_state(visit) in ("hand-over", "over"):
            return visit.page.locator("#handover-url").input_value()
        game = Game.replay(RULESET, seed, chosen, played_codes(visit, SLUG))
        visit.page.evaluate(MARK_BOARD)
        visit.page.locator(f'[data-action="{normal(game.state)}"]').first.click()
        visit.page.wait_for_function(BOARD_DRAWN_AGAIN, timeout=15_000)
    raise AssertionError("the turn never ended")


def test_a_game_is_handed_over_by_link_between_two_devices(open_page, site):
    seed = "relay"
    query = f"?seed={seed}&players=2&seat2=person&name1=Ann&name2=Bo&by_link=1"
    chosen = RULESET.parse_settings(dict(pair.split("=") for pair in query[1:].split("&")))[0]
    ann = open_page(f"{SLUG}/{query}")
    assert handover_state(ann) == "yours" and "seat 1, Ann" in ann.page.inner_text("#handover")
    bo = None
    for turn in range(4):  # Ann, Bo, Ann, Bo
        here, seat = (ann, 0) if turn % 2 == 0 else (bo, 1)
        link = play_my_turn(here, chosen, seed)
        assert link.startswith(site + SLUG + "/?seed=relay") and link.endswith(f"&hand={2 - seat}")
        # the device that handed over waits: nothing to click, and it says whose turn it is
        assert here.page.locator("#actions button[data-action], #board [data-action]").count() == 0
        assert ("Bo's turn" if seat == 0 else "Ann's turn") in here.page.inner_text("#actions")
        if turn == 1:
            here.shot("dice-crawl-hand-over")
        if bo is None:
            bo = open_page(link[len(site):])  # another browser context: another device
            there = bo
        else:
            there = bo if seat == 0 else ann
            there.page.goto(link)
            there.wait_ready()
        assert handover_state(there) == "yours" and f"seat {2 - seat}" in there.page.inner_text("#handover")
        assert log_text(there) == log_text(here)  # the same rolls, the same moves
        mine, theirs = (Game.replay(RULESET, seed, chosen, played_codes(v, SLUG)) for v in (here, there))
        assert mine.state == theirs.state and mine.state["turn"] == 1 - seat
        assert there.page.evaluate("() => document.getElementById('board').dataset.turn") == str(1 - seat)
        assert there.page.locator("#undo").is_disabled()  # the moves the link brought stay
    ann.assert_clean()
    bo.assert_clean()


def test_orient_buttons_show_the_tile_in_each_facing(open_page):
    visit = open_page(f"{SLUG}/?seed=facing&players=2&seat2=normal")
    visit.page.locator('#actions [data-action="x 0 4"]').click()
    buttons = visit.page.locator('#actions button[data-action^="o "]')
    visit.page.wait_for_function("() => document.querySelectorAll('#actions button[data-action^=\"o \"]').length > 0")
    assert buttons.count() > 1
    for n in range(buttons.count()):
        assert buttons.nth(n).locator(".picture svg .dc-corridor").count() >= 1
        assert buttons.nth(n).get_attribute("aria-label") is None  # the name is the visible label, in words
        assert "to face " in buttons.nth(n).locator(".label").inner_text()
    visit.page.locator("#actions").screenshot(path=str(SHOTS / "dice-crawl-orient-buttons.png"))
    buttons.nth(1).click()
    visit.page.wait_for_function("() => !document.querySelector('#actions button[data-action^=\"o \"]')")
    visit.assert_clean()


def test_a_hand_over_link_opens_offline_on_a_device_that_had_the_page(open_page):
    chosen = RULESET.parse_settings({"players": 2, "seat2": "person", "name2": "Bo", "by_link": True})[0]
    game = Game(RULESET, "offline relay", chosen)
    while game.state["turn"] == 0:  # Ann's turn, played on her device
        game.auto()
    bo = open_page(f"{SLUG}/?seed=earlier-visit", service_workers="allow")
    bo.page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    bo.page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=60_000)  # this page kept too
    bo.context.set_offline(True)
    bo.page.goto(bo.page.url.split("?")[0] + hand_query(game, 1))
    bo.wait_ready()
    assert handover_state(bo) == "yours" and played_codes(bo, SLUG) == game.actions
    assert bo.page.locator("#actions button[data-action]").count() > 0  # Bo plays his turn, offline
    bo.context.set_offline(False)
    bo.assert_clean()


def test_a_components_box_fetches_its_drawings_the_first_time_it_opens(open_page):
    visit = open_page(f"{SLUG}/?seed=components")
    assert visit.page.locator("details[data-part] figure").count() == 0  # not in the page as sent
    visit.page.locator("#rules > summary").click()
    box = visit.page.locator('details[data-part="components-1"]')
    box.locator("summary").click()
    visit.page.wait_for_selector('details[data-part="components-1"][data-part-loaded]', state="attached")
    assert box.locator("figure .dc-tile-art").count() == len(BASE.tiles)
    assert box.locator("figure .dc-card-art").count() == len(BASE.races) + len(BASE.classes)
    box.locator("figure").nth(3).scroll_into_view_if_needed()
    visit.shot("dice-crawl-components")
    box.locator("summary").click()
    box.locator("summary").click()  # opened again: drawn once, not twice
    assert box.locator("figure .dc-tile-art").count() == len(BASE.tiles)
    visit.assert_clean()
