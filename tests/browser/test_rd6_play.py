"""3RD6 Dungeon played by a person's clicks in Chromium: foes and walking arrows on
the map, spell and roll buttons, and the auto-play button finishing a game."""

from pyapp.engine import Game
from pyapp.registry import RULESETS
from support import played_codes

RD6 = RULESETS["three-rd6-dungeon"]
ACTION = "#actions button[data-action]"
FOE = "#board .foe[data-action]"
ARROW = "#board .go[data-action]"


def click_and_wait(visit, locator):
    count = visit.page.locator("#log-list li").count()
    locator.click()
    visit.page.wait_for_function("(n) => document.querySelectorAll('#log-list li').length > n", arg=count,
                                 timeout=15_000)


def test_foes_and_arrows_on_the_map_play_like_the_buttons(open_page):
    seed = "rd6-clicks"
    visit = open_page(f"{RD6.slug}/?seed={seed}&class=rogue")
    foes = arrows = 0
    for _ in range(60):
        if visit.page.locator(".status.over").count():
            break
        if visit.page.locator(FOE).count():
            click_and_wait(visit, visit.page.locator(FOE).first)
            foes += 1
        elif visit.page.locator(ARROW).count():
            click_and_wait(visit, visit.page.locator(ARROW).first)
            arrows += 1
        else:
            click_and_wait(visit, visit.page.locator(ACTION).first)
    assert foes and arrows
    codes = played_codes(visit, RD6.slug)
    game = Game.replay(RD6, seed, {**RD6.defaults(), "class": "rogue"}, codes)  # every click was a legal move
    assert visit.page.locator("#log-list li").count() >= min(len(game.state["log"]), 60)
    visit.shot("three-rd6-dungeon-clicks")
    visit.assert_clean()


def test_auto_play_finishes_a_game(open_page):
    visit = open_page(f"{RD6.slug}/?seed=rd6-auto-11&class=wizard")  # 27 auto steps to the end, in CPython
    visit.page.click("#auto-play")
    visit.page.wait_for_selector(".status.over", timeout=120_000)
    assert visit.page.locator(ACTION).count() == 0
    visit.shot("three-rd6-dungeon-auto-over")
    visit.assert_clean()
