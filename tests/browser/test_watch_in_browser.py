"""Watching a replay move by move in Chromium (issue 46, item 1): the buttons, the arrow keys and the slider
step the board, the dice tumble onto a move's roll, a link opens at its move, and playing on from a move is a
new game."""

from pyapp import registry
from pyapp.engine import Game
from pyapp.webapp import replay_query
from support import played_codes, settle

SLUG = "three-dice-dungeon"
POSITION = "() => document.querySelector('#watch .watch-position').textContent"


def test_a_game_is_watched_move_by_move_and_played_on_from_a_move(open_page):
    visit = open_page(f"{SLUG}/?seed=watched")
    page = visit.page
    for _ in range(8):
        page.keyboard.press("a")
        settle(page)
    moves = played_codes(visit, SLUG)
    page.click("#watch-start")
    settle(page)
    assert page.evaluate(POSITION).startswith(f"Move 0 of {len(moves)}")
    assert page.locator("#actions [data-action]").count() == 0 and page.is_disabled("#undo")
    page.keyboard.press("ArrowRight")
    settle(page)
    page.keyboard.press("ArrowRight")
    settle(page)
    assert page.evaluate(POSITION).startswith(f"Move 2 of {len(moves)}")
    ruleset = registry.get(SLUG)
    game = Game.replay(ruleset, "watched", ruleset.defaults(), moves[:2])
    last_line = page.evaluate("() => [...document.querySelectorAll('#log-list li')].pop().textContent")
    assert last_line == game.state["log"][-1]  # the log shows the moves watched, not the game's last
    page.evaluate("() => { const s = document.querySelector('[data-control=\"watch-to\"]'); s.value = '5';"
                  " s.dispatchEvent(new Event('change', {bubbles: true})); }")
    settle(page)
    assert page.evaluate(POSITION).startswith(f"Move 5 of {len(moves)}")
    link = page.input_value("#watch-url")
    assert link.endswith("&at=5")
    page.click('[data-control="watch-take-over"]')
    settle(page)
    assert page.locator("#watch").is_hidden() and page.locator("#actions button[data-action]").count() > 0
    assert played_codes(visit, SLUG)[:5] == moves[:5]
    visit.assert_clean()


def test_a_replay_link_opens_at_the_move_it_names(open_page):
    ruleset = registry.get(SLUG)
    game = Game(ruleset, "opens-at", ruleset.defaults())
    for _ in range(6):
        game.auto()
    visit = open_page(f"{SLUG}/" + replay_query(ruleset, game.seed, game.settings, game.actions) + "&at=3")
    assert visit.page.evaluate(POSITION).startswith(f"Move 3 of {len(game.actions)}")
    visit.page.click('[data-control="watch-last"]')
    settle(visit.page)
    assert visit.page.evaluate(POSITION).startswith(f"Move {len(game.actions)} of")
    visit.shot("watch-a-replay")
    visit.assert_clean()
