"""Watching a replay move by move in Chromium (issue 46, item 1): the buttons, the arrow keys and the slider
step the board, the dice tumble onto a move's roll, a link opens at its move, and playing on from a move is a
new game."""

from pyapp import registry
from pyapp.engine import Game
from pyapp.webapp import replay_query
from support import played_codes, settle

SLUG = "three-dice-dungeon"
POSITION = "() => document.querySelector('#watch .watch-position').textContent"


LOG = "() => [...document.querySelectorAll('#log-list li')].map((li) => li.textContent)"
SAVES = ("() => Object.keys(localStorage).filter(k => k.includes(':slot:'))"
         ".map(k => JSON.parse(localStorage.getItem(k))).filter(g => g && g.actions).map(g => g.actions)")


def test_a_game_is_watched_move_by_move_and_played_on_from_a_move(open_page):
    visit = open_page(f"{SLUG}/?seed=watched")
    page = visit.page
    for _ in range(8):
        page.keyboard.press("a")
        settle(page)
    moves = played_codes(visit, SLUG)
    ruleset = registry.get(SLUG)
    page.click("#watch-start")
    settle(page)
    assert page.evaluate(POSITION).startswith(f"Move 0 of {len(moves)}")
    assert page.locator("#actions [data-action]").count() == 0 and page.is_disabled("#undo")
    # forward by the arrow key, back by the button: each move shows the engine's log of that move
    for at, how in [(1, "ArrowRight"), (2, "ArrowRight"), (3, "ArrowRight"), (2, "back"), (1, "back")]:
        if how == "back":
            page.click('[data-control="watch-back"]')
        else:
            page.keyboard.press(how)
        settle(page)
        assert page.evaluate(POSITION).startswith(f"Move {at} of {len(moves)}")
        game = Game.replay(ruleset, "watched", ruleset.defaults(), moves[:at])
        assert page.evaluate(LOG)[-len(game.state["log"][-3:]):] == game.state["log"][-3:], at
    page.evaluate("() => { const s = document.querySelector('[data-control=\"watch-to\"]'); s.value = '5';"
                  " s.dispatchEvent(new Event('change', {bubbles: true})); }")
    settle(page)
    assert page.evaluate(POSITION).startswith(f"Move 5 of {len(moves)}")
    assert page.input_value("#watch-url").endswith("&at=5")
    page.click('[data-control="watch-take-over"]')
    settle(page)
    assert page.locator("#watch").is_hidden() and page.locator("#actions button[data-action]").count() > 0
    saved = page.evaluate(SAVES)
    assert moves in saved and moves[:5] in saved  # the game watched is kept beside the new one
    taken = Game.replay(ruleset, "watched", ruleset.defaults(), moves[:5])
    assert page.is_disabled("#undo") == (not taken.can_undo())  # Undo's rule: never past a roll
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
