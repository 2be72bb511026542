"""The Dice Crawl page in Chromium: a person plays a whole base game against a normal bot by clicks
(tiles, dice icons, card buttons, action buttons), the bot's turns play themselves, and the page's
saved game replays in the engine to the very game shown."""

import pytest

from pyapp import webapp
from pyapp.dice_crawl.bots.bot import normal
from pyapp.dice_crawl.ruleset import RULESET
from pyapp.engine import Game
from support import BOARD_DRAWN_AGAIN, MARK_BOARD, played_codes

SLUG = RULESET.slug
SEED = "whole-game"


def board_data(visit) -> dict:
    return visit.page.evaluate("() => ({...document.getElementById('board').dataset})")


def wait_for_the_person(visit) -> None:
    visit.page.wait_for_function(
        "() => { const b = document.getElementById('board');"
        " return b && (b.dataset.phase === 'over' || b.dataset.seat === 'person'); }", timeout=60_000)


def test_a_person_plays_a_whole_game_against_a_bot_by_clicks(open_page):
    chosen = RULESET.parse_settings({"players": 2, "seat1": "person", "seat2": "normal", "name1": "Ann"})[0]
    visit = open_page(f"{SLUG}/?seed={SEED}&players=2&seat1=person&seat2=normal&name1=Ann")
    visit.page.select_option("#speed", "0")  # the bot's steps at once
    clicks, shot = 0, False
    game = Game(RULESET, SEED, chosen)  # the page's game, followed here one new action at a time
    for _ in range(400):
        wait_for_the_person(visit)
        if board_data(visit)["phase"] == "over":
            break
        codes = played_codes(visit, SLUG)
        assert codes[:len(game.actions)] == game.actions
        for played in codes[len(game.actions):]:
            game.play(played)
        code = normal(game.state)  # what a sensible player clicks next
        visit.page.evaluate(MARK_BOARD)
        visit.page.locator(f'[data-action="{code}"]').first.click()
        visit.page.wait_for_function(BOARD_DRAWN_AGAIN, timeout=15_000)
        clicks += 1
        if code == "roll" and clicks > 8 and not shot:
            visit.shot("dice-crawl-crawl")  # the rolled dice, the icons to click, the cards' unlock buttons
            shot = True
    wait_for_the_person(visit)
    assert board_data(visit)["phase"] == "over" and clicks > 10
    codes = played_codes(visit, SLUG)
    engine = Game.replay(RULESET, SEED, chosen, codes)
    assert engine.over and visit.page.locator(".dc-final").count() == 1  # the scoring breakdown
    assert "Game over" in visit.page.locator("#status").inner_text()
    visit.shot("dice-crawl-over")
    visit.assert_clean()


def test_a_bots_turn_offers_no_buttons_and_says_the_computer_plays(open_page):
    visit = open_page(f"{SLUG}/?seed=bot-first&players=2&seat1=normal&seat2=person&name2=Bo")
    visit.page.select_option("#speed", "1.0")  # slow: the bot's turn lasts several seconds
    assert board_data(visit)["seat"] == "normal"
    assert "The computer is playing" in visit.page.inner_text("#actions")
    assert visit.page.locator("#actions button, #board [data-action], #panel [data-action]").count() == 0
    visit.page.select_option("#speed", "0")
    wait_for_the_person(visit)
    assert visit.page.locator("#actions button[data-action]").count() > 0  # Bo's turn: buttons again
    visit.assert_clean()


def replay_link(settings: dict, seed: str, until) -> str:
    """A replay link of bots playing these settings until `until(game)` holds."""
    chosen = RULESET.parse_settings({"v": str(RULESET.rules_version), **settings})[0]  # a new game's rules
    game = Game(RULESET, seed, chosen)
    while not until(game):
        game.auto()
    return f"{SLUG}/" + webapp.replay_query(RULESET, seed, chosen, game.actions)


def test_variant_pages_show_what_they_add(open_page):
    """Solo (expedition count, best total, the goal), the Slough (7x7) and a campaign between its games (the
    game 1 table, the carried scores, the "Begin game 2" step)."""
    solo = replay_link({"players": 1, "seat1": "person"}, "solo-shot", lambda g: len(g.actions) >= 12)
    visit = open_page(solo)
    status = visit.page.locator("#status").inner_text()
    assert "expedition 1 of 3" in status and "reach the Dragon at C1 with 15 points" in status
    assert visit.page.locator("#board .dc-cell").count() == 9
    visit.shot("dice-crawl-solo")
    visit.assert_clean()

    visit = open_page(f"{SLUG}/?seed=slough-shot&players=4&slough=1&seat1=person&seat2=easy&seat3=easy&seat4=easy")
    assert visit.page.locator("#board .dc-cell").count() == 49
    assert "The Slough" in visit.page.locator("#status").inner_text()
    visit.shot("dice-crawl-slough")
    visit.assert_clean()

    settings = {"players": 2, "campaign": "one", "escape": True, "seat1": "person", "seat2": "normal"}
    campaign = replay_link(settings, "campaign-shot", lambda g: g.state["phase"] == "between")
    visit = open_page(campaign)
    assert "Begin game 2" in visit.page.locator("#actions").inner_text()
    assert visit.page.locator(".dc-final").count() == 1 and "Campaign total" in visit.page.inner_text("#panel")
    visit.shot("dice-crawl-campaign-between")
    visit.page.evaluate(MARK_BOARD)
    visit.page.locator('[data-action="next"]').first.click()
    visit.page.wait_for_function(BOARD_DRAWN_AGAIN, timeout=15_000)
    assert "game 2 of 2; carried from game 1" in visit.page.locator("#status").inner_text()
    visit.shot("dice-crawl-campaign-game2")


VAULT_GAMES = {  # set: (settings, bot steps played into the link at least, words the board must show)
    "crypt": ({"vaults": "crypt", "vault_cards": "first", "seat1": "normal"}, 30, "UNDYING"),
    "goblins": ({"vaults": "goblins", "vault_cards": "first", "seat1": "normal"}, 30, "SWARM"),
    "dwarves": ({"vaults": "dwarves", "vault_cards": "first", "seat1": "normal"}, 30, "Dwarven Hoard"),
    "traps": ({"vaults": "traps", "players": 4, "seat1": "normal"}, 30, "TRAP:"),
}


@pytest.mark.parametrize("vault", list(VAULT_GAMES))
def test_a_forbidden_vaults_game_draws_its_tiles(open_page, vault):
    """Each set's game opens from a replay link, its tiles showing their feature in words and shapes."""
    chosen, steps, words = VAULT_GAMES[vault]
    seed = f"vaults-look-{vault}"
    settings = RULESET.parse_settings({**chosen, "seat2": "person"})[0]
    game = Game(RULESET, seed, settings)
    while not game.over and (len(game.actions) < steps or words not in RULESET.render(game.state, []).board):
        game.auto()  # on to a board that shows the set's feature
    assert not game.over
    visit = open_page(f"{SLUG}/{webapp.replay_query(RULESET, seed, settings, game.actions)}")
    visit.page.select_option("#speed", "0")
    assert words in visit.page.evaluate("() => document.getElementById('board').textContent")
    visit.shot(f"dice-crawl-vaults-{vault}")
    visit.assert_clean()
