"""The Tabletop Dungeon page in Chromium: a hero moves and attacks by
clicks on the map, the monsters' phase plays itself step by step at the
chosen speed, a reload restores the game, and a share link reproduces it."""


from pyapp.engine import Game
from pyapp.tabletop.ruleset import RULESET
from support import BOARD_DRAWN_AGAIN, MARK_BOARD, WALKED, played_codes, settle

SLUG = RULESET.slug
SEED = "clicks-and-monsters"


def settings(**raw):
    return RULESET.parse_settings(raw)[0]


def log_entries(visit):
    # textContent: innerText is empty for lines the browser skips drawing (content-visibility, out of view)
    return visit.page.evaluate("() => [...document.querySelectorAll('#log-list li')].map(li => li.textContent)")


def board_state(visit):
    return visit.page.evaluate(
        "() => { const b = document.getElementById('board'); return [b.dataset.turn, b.dataset.phase]; }")


def click_and_wait(visit, selector):
    """Click once the figures are in place (a walking one may pass over the target), then wait for the board
    to be drawn anew."""
    visit.page.wait_for_function(WALKED, timeout=10_000)
    visit.page.evaluate(MARK_BOARD)
    visit.page.locator(selector).first.click()
    visit.page.wait_for_function(BOARD_DRAWN_AGAIN, timeout=15_000)


def move_that_brings_a_target(game):
    """A move of the selected hero after which she can attack (found by the engine)."""
    for action in game.legal():
        if action.code.startswith("m "):
            trial = Game.replay(RULESET, game.seed, game.settings, game.actions + [action.code])
            attacks = [a.code for a in trial.legal() if a.code.startswith("a ")]
            if attacks:
                return action.code, attacks[0]
    raise AssertionError("no move of the selected hero brings a monster within reach")


def test_a_hero_moves_and_attacks_by_clicks_then_the_monsters_move(open_page):
    chosen = settings(heroes=2, placement="auto")
    visit = open_page(f"{SLUG}/?seed={SEED}&heroes=2&placement=auto")
    game = Game(RULESET, SEED, chosen)
    move, attack = move_that_brings_a_target(game)
    visit.page.select_option("#speed", "0.12")  # fast: the test watches every step, quickly
    click_and_wait(visit, f'#board [data-action="{move}"]')
    click_and_wait(visit, f'[data-action="{attack}"]')
    assert visit.page.locator(".dice .die, .dice figure").count() > 0  # the attack roll is shown
    click_and_wait(visit, '[data-action="end"]')
    visit.page.wait_for_function(
        "() => document.getElementById('board').dataset.phase === 'heroes'"
        " && document.getElementById('board').dataset.turn === '2'", timeout=60_000)
    codes = played_codes(visit, SLUG)
    assert codes[:3] == [move, attack, "end"] and "step" in codes  # the phase went step by step
    engine = Game.replay(RULESET, SEED, chosen, codes)
    assert log_entries(visit) == engine.state["log"][-len(log_entries(visit)):]
    visit.shot("tabletop-turn-2")
    visit.assert_clean()


def test_slow_speed_shows_the_monsters_phase_step_by_step(open_page):
    visit = open_page(f"{SLUG}/?seed=slow-steps&heroes=1&placement=auto")
    visit.page.select_option("#speed", "1.0")
    click_and_wait(visit, '[data-action="end"]')
    visit.page.wait_for_timeout(1500)
    assert board_state(visit)[1] != "heroes"  # a second and a half in, the monsters are still moving
    visit.shot("tabletop-monsters-phase")
    visit.page.select_option("#speed", "0")  # instant: the rest at once
    visit.page.wait_for_function("() => document.getElementById('board').dataset.phase === 'heroes'",
                                 timeout=30_000)
    assert board_state(visit)[0] == "2"
    visit.assert_clean()


def test_reload_restores_mid_game_and_a_share_link_reproduces_the_start(open_page):
    visit = open_page(f"{SLUG}/?seed=reload-me&heroes=3&placement=auto")
    start_board = visit.page.inner_html("#board-wrap")
    game = Game(RULESET, "reload-me", settings(heroes=3, placement="auto"))
    move, _ = move_that_brings_a_target(game)
    click_and_wait(visit, f'#board [data-action="{move}"]')
    board, log = visit.page.inner_html("#board-wrap"), log_entries(visit)
    visit.page.reload()
    visit.wait_ready()
    assert visit.page.inner_html("#board-wrap") == board and log_entries(visit) == log
    link = visit.page.input_value("#share-url")
    fresh = open_page(None)
    fresh.page.goto(link)
    fresh.wait_ready()
    assert fresh.page.inner_html("#board-wrap") == start_board
    visit.assert_clean()
    fresh.assert_clean()


def test_the_chosen_speed_survives_a_reload(open_page):
    visit = open_page(f"{SLUG}/?seed=speed-kept&heroes=1&placement=auto")
    assert visit.page.input_value("#speed") == "0.4"  # the page's default
    visit.page.select_option("#speed", "0.12")
    visit.page.reload()
    visit.wait_ready()
    assert visit.page.input_value("#speed") == "0.12"
    visit.assert_clean()


def test_a_finished_game_shows_its_panel_in_the_board_every_log_line_and_starts_anew(open_page):
    from pyapp import webapp
    from pyapp.webapp.logview import LOG_PAGE

    game = Game(RULESET, "over-3", settings(heroes=2, placement="auto"))
    while not game.over:
        game.auto()
    log = game.state["log"]
    assert len(log) > LOG_PAGE  # a long game: the page shows its latest page of lines first
    visit = open_page(SLUG + "/" + webapp.replay_query(RULESET, game.seed, game.settings, game.actions))
    # the numbers the list draws: its start, then one more per line
    numbers = "() => [...document.getElementById('log-list').children].map((li, i) => li.parentNode.start + i)"
    assert log_entries(visit) == log[-LOG_PAGE:]
    assert visit.page.evaluate(numbers)[-1] == len(log)  # numbered from the game's first line
    visit.page.click("#log-earlier")
    assert log_entries(visit) == log and visit.page.evaluate(numbers)[:2] == [1, 2]  # every line, once
    assert visit.page.locator("#log-earlier").is_hidden()
    over = visit.page.locator("#board .tt-over")
    assert over.count() == 1 and "Score" in over.text_content()
    visit.page.locator("#board [data-control='slot-new']").scroll_into_view_if_needed()
    visit.shot("tabletop-game-over")
    visit.page.evaluate(MARK_BOARD)
    visit.page.locator("#board [data-control='slot-new']").focus()
    visit.page.keyboard.press("Enter")  # the board's New game button, by keyboard
    settle(visit.page)
    visit.page.wait_for_function(BOARD_DRAWN_AGAIN, timeout=15_000)
    assert visit.page.locator("#board .tt-over").count() == 0 and board_state(visit) == ["1", "heroes"]
    assert "seed=over-3" not in visit.page.input_value("#share-url")  # a new dungeon
    assert len(log_entries(visit)) == 2 and visit.page.evaluate(numbers) == [1, 2]  # its own log only
    visit.assert_clean()


def test_heroes_are_handed_over_by_link_between_two_devices(open_page, site):
    """Play by link (issue 46): Ann's device plays Ann's hero; selecting Bo's hero hands the turn to Bo, whose
    device opens the hand-over link to the same game and plays it."""
    query = "?seed=relay&heroes=2&name1=Ann&name2=Bo&by_link=1"
    ann = open_page(f"{SLUG}/{query}")
    handover = "() => document.querySelector('#handover .handover').dataset.handover"
    assert ann.page.evaluate(handover) == "yours" and "seat 1, Ann" in ann.page.inner_text("#handover")
    click_and_wait(ann, '#actions button[data-action="hero 2"]')
    assert ann.page.evaluate(handover) == "hand-over" and "Hand over to Bo" in ann.page.inner_text("#handover")
    assert ann.page.locator("#actions button[data-action], #board [data-action]").count() == 0
    link = ann.page.input_value("#handover-url")
    assert link.startswith(site + SLUG + "/?seed=relay") and link.endswith("&hand=2")
    bo = open_page(link[len(site):])  # another browser context: another device
    assert bo.page.evaluate(handover) == "yours" and "seat 2, Bo" in bo.page.inner_text("#handover")
    assert log_entries(bo) == log_entries(ann) and bo.page.locator("#undo").is_disabled()
    assert bo.page.locator("#actions button[data-action]").count() > 0
    ann.assert_clean()
    bo.assert_clean()
