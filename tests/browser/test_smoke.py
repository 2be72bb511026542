"""The built pages in Chromium: boot, play, reload, links, saves, phone width, offline.

Screenshots of every page (desktop and 375 px) go to /tmp/shots/.
"""

import json
from urllib.parse import urlsplit

import pytest

from pyapp import registry, webapp
from pyapp.engine import Game
from support import played_codes, settle

SLUGS = list(registry.RULESETS)
FIRST = SLUGS[0]
ACTION = "#actions button[data-action]"
MAX_CLICKS = 15


def board(visit):
    return visit.page.inner_html("#board-wrap")


def log_entries(visit):
    return visit.page.locator("#log-list li").all_inner_texts()


def messages(visit):
    return visit.page.inner_text("#messages")


def play_until_board_changes(visit):
    """Click the first action button until the board changes; returns the clicks made."""
    before = board(visit)
    for clicks in range(1, MAX_CLICKS + 1):
        visit.page.locator(ACTION).first.click()
        if board(visit) != before:
            return clicks
    pytest.fail(f"the board did not change in {MAX_CLICKS} clicks")


def horizontal_overflow(visit):
    return visit.page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")


def nearly_over(slug, players=2, tries=60, most=600):
    """(seed, settings, moves) of a game that auto play ends with one more step."""
    ruleset = registry.get(slug)
    settings = {**ruleset.defaults(), "players": players}
    for i in range(tries):
        game = Game(ruleset, f"nearly-over-{i}", settings)
        while not game.over and len(game.actions) < most:
            game.auto()
        if game.over:
            return game.seed, settings, game.actions[:-1]
    pytest.fail(f"no {players}-player game of {slug} ended within {most} auto steps in {tries} seeds")


def too_long_for_a_link(slug, tries=20):
    """A save of a game with more moves than a replay link may carry."""
    ruleset = registry.get(slug)
    for i in range(tries):
        game = Game(ruleset, f"long-{i}")
        while not game.over and len(game.actions) <= webapp.MAX_REPLAY_STEPS:
            game.auto()
        if not game.over:
            return game
    pytest.fail(f"every auto-played game of {slug} ended within {webapp.MAX_REPLAY_STEPS} moves")


SHEET_LOOK = "e => { const c = getComputedStyle(e); return [c.backgroundColor, c.borderLeftColor, c.borderLeftWidth]; }"


def test_index_lists_every_game(open_page):
    visit = open_page("", ready=False)
    visit.page.wait_for_load_state("load")
    cards = visit.page.locator(".card a")
    assert cards.count() == len(SLUGS)
    visit.shot("index-desktop")
    visit.page.set_viewport_size({"width": 375, "height": 812})
    assert horizontal_overflow(visit) <= 0
    visit.shot("index-phone")
    visit.assert_clean()


@pytest.mark.parametrize("slug", SLUGS)
def test_game_page_boots_plays_and_reload_continues(open_page, slug):
    visit = open_page(f"{slug}/")
    assert "seed=" in visit.page.url  # the address bar names the dungeon
    # the person's buttons, once a bot that goes first has played its turn (Dice Crawl rolls who starts)
    visit.page.wait_for_selector(ACTION, timeout=60_000)
    clicks = play_until_board_changes(visit)
    assert len(played_codes(visit, slug)) >= clicks  # every click played, and was saved
    visit.shot(f"{slug}-desktop")
    played_board, played_log, url = board(visit), log_entries(visit), visit.page.url
    visit.page.reload()
    visit.wait_ready()
    assert visit.page.url == url
    assert board(visit) == played_board and log_entries(visit) == played_log
    visit.assert_clean()


@pytest.mark.parametrize("slug", SLUGS)
def test_game_page_fits_a_phone(open_page, slug):
    # the longest names a page accepts (unknown keys are ignored by the other pages)
    long = "ABCDEFGHIJKLMNOPQRSTUVWX"
    visit = open_page(f"{slug}/?name={long}&name1={long}&name2={long}&name4={long}&players=2", width=375, height=812)
    visit.page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
    assert horizontal_overflow(visit) <= 0
    visit.shot(f"{slug}-phone")
    visit.assert_clean()


def test_embed_in_a_cross_origin_iframe_shows_only_the_game(open_page, site, blog):
    url = f"{site}{FIRST}/?seed=embedded&embed=1"
    post = blog(f'<!doctype html><link rel="icon" href="data:,"><h1>My blog</h1>'
                f'<iframe src="{url}" title="game" width="640" height="760" style="border:0"></iframe>')
    visit = open_page(None, width=900, height=1000, also_allow=(urlsplit(post).netloc,))
    visit.page.goto(post)
    frame = visit.page.frame_locator("iframe")
    frame.locator("html[data-ready]").wait_for(state="attached", timeout=90_000)
    # of the tools only the rules, collapsed (test_embed.py)
    assert not frame.locator("#new-game").is_visible() and not frame.locator("#rules .rules").is_visible()
    assert frame.locator("#board-wrap").is_visible() and frame.locator(ACTION).first.is_visible()
    assert frame.locator("#full-page").is_visible()
    assert "embed=1" not in frame.locator("#full-page").get_attribute("href")
    frame.locator(ACTION).first.click()
    widths = frame.locator("html").evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert widths <= 0
    visit.shot("embed")
    visit.assert_clean()


def test_keys_share_link_and_replay_link(open_page):
    visit = open_page(f"{FIRST}/?seed=sharing")
    visit.page.locator("body").focus()
    for _ in range(3):
        visit.page.keyboard.press("1")
        settle(visit.page)
    played = log_entries(visit)
    replay_url = visit.page.input_value("#replay-url")
    assert "seed=sharing" in replay_url and "replay=" in replay_url
    assert "embed=1" in visit.page.input_value("#embed-code")
    elsewhere = open_page(replay_url.split("/", 3)[3])  # fresh storage: the link alone rebuilds it
    assert log_entries(elsewhere) == played and board(elsewhere) == board(visit)
    visit.assert_clean()
    elsewhere.assert_clean()


def test_a_long_games_link_brings_its_moves_after_the_hash(open_page):
    """A game too long for a host's query carries its moves after "#" (webapp.replay_query): the page reads
    them from its address (agent.mjs hands Python location.href) and then drops them from it."""
    ruleset = registry.get(FIRST)
    game = Game(ruleset, "behind", ruleset.newest())
    for _ in range(20):
        game.auto()
    query = webapp.game_replay_query(game).replace("&replay=", "#replay=")
    visit = open_page(f"{FIRST}/{query}")
    visit.page.wait_for_function("() => location.hash === ''")
    assert "?" + urlsplit(visit.page.url).query == query.partition("#")[0]
    assert played_codes(visit, FIRST) == game.actions
    visit.assert_clean()


# a share sheet, as a phone's browser has one: what it was handed is kept to look at
SHARE_SHEET = """Object.defineProperty(Navigator.prototype, 'share', { configurable: true,
  value: function (data) { window.diceDungeonsShared = data; return Promise.resolve(); } });"""


def test_share_uses_the_devices_share_sheet_where_there_is_one(open_page):
    visit = open_page(f"{FIRST}/?seed=sheet", init_script=SHARE_SHEET)
    visit.page.click("#share summary")
    share = visit.page.locator('[data-control="share"][data-share="share-url"]')
    assert share.is_visible()
    share.click()
    visit.page.wait_for_function("() => window.diceDungeonsShared")
    shared = visit.page.evaluate("() => window.diceDungeonsShared")
    assert shared["url"] == visit.page.input_value("#share-url") and "seed=sheet" in shared["url"]
    assert "Dice Dungeons" in shared["title"] and shared["text"]
    visit.assert_clean()


def test_without_a_share_sheet_the_link_is_copied_and_the_button_says_so(open_page):
    visit = open_page(f"{FIRST}/?seed=no-sheet")
    visit.context.grant_permissions(["clipboard-read", "clipboard-write"])
    visit.page.click("#share summary")
    assert visit.page.locator('[data-control="share"]').first.is_hidden()  # no sheet here to offer
    copy = visit.page.locator('[data-control="copy"][data-copy="share-url"]')
    copy.click()
    words = "() => document.querySelector('[data-copy=\"share-url\"]').textContent"
    visit.page.wait_for_function(f"() => ({words})().includes('Copied')")
    assert visit.page.evaluate("() => navigator.clipboard.readText()") == visit.page.input_value("#share-url")
    visit.page.wait_for_function(f"() => ({words})() === 'Copy link'")  # and then its own words again
    visit.assert_clean()


def test_bad_url_parameters_give_a_message_and_a_normal_start(open_page):
    visit = open_page(f"{FIRST}/?seed=%00&replay=b:%21%21&mode=" + "%3Cb%3Ebold%3C%2Fb%3E")
    text = messages(visit)
    assert "control characters" in text and "replay" in text
    assert visit.page.locator("#messages b").count() == 0  # shown as text
    visit.page.locator(ACTION).first.click()
    visit.assert_clean()


BLOCK_STORAGE = """
Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); }
});
"""


def test_blocked_storage_turns_saves_off_and_the_game_plays(open_page):
    visit = open_page(f"{FIRST}/", init_script=BLOCK_STORAGE)
    # said once, in the line under the header, with this game on the site (its link)
    assert visit.page.is_visible("#keep-note") and "Not saved" in visit.page.inner_text("#keep-note")
    assert "Saves are off" not in messages(visit)
    before = len(log_entries(visit))
    visit.page.locator(ACTION).first.click()
    assert len(log_entries(visit)) > before
    visit.assert_clean()


def corrupt_storage(slug):
    """localStorage with a good save and a corrupt current one, as written by the page."""
    storage = {}
    store = webapp.SaveStore(storage, slug)
    ruleset = registry.get(slug)
    good = store.new_slot(Game(ruleset, "good-one"), now=1)
    bad = store.new_slot(Game(ruleset, "bad-one"), now=2)
    storage[f"dice-dungeons:{slug}:slot:{bad}"] = '{"format": 1, "ruleset": "' + slug + '", "seed": 5'
    return storage, good, bad


def test_corrupt_save_gives_a_message_and_keeps_every_save(open_page):
    storage, good, bad = corrupt_storage(FIRST)
    fill = ("if (!localStorage.length) { const s = %s; for (const k in s) localStorage.setItem(k, s[k]); }"
            % json.dumps(storage))
    visit = open_page(f"{FIRST}/", init_script=fill)
    assert "could not be continued" in messages(visit)
    kept = visit.page.evaluate("(k) => localStorage.getItem(k)", f"dice-dungeons:{FIRST}:slot:{bad}")
    assert kept == storage[f"dice-dungeons:{FIRST}:slot:{bad}"]
    visit.page.click("#saves summary")
    assert visit.page.locator(".slot.has-problem").count() == 1
    visit.page.click(f'[data-control="slot-continue"][data-slot="{good}"]')
    assert "seed=good-one" in visit.page.url
    visit.assert_clean()


def test_hot_seat_turn_stands_out_and_auto_play_stops_at_game_over(open_page):
    ruleset = registry.get(FIRST)
    seed, settings, moves = nearly_over(FIRST)
    visit = open_page(f"{FIRST}/" + webapp.replay_query(ruleset, seed, settings, moves))
    page = visit.page
    assert len(log_entries(visit)) > 1 and page.locator("#panel .sheet").count() == 2
    active = page.locator("#panel .sheet.active").evaluate(SHEET_LOOK)
    other = page.locator("#panel .sheet:not(.active)").evaluate(SHEET_LOOK)
    assert [a != o for a, o in zip(active, other)] == [True, True, True], (active, other)  # tint, border, bar
    visit.shot(f"{FIRST}-hot-seat")

    page.click("#auto-play")
    page.wait_for_function("() => document.querySelector('#auto-play').getAttribute('aria-pressed') === 'false'",
                           timeout=20_000)
    assert page.locator("#actions .no-actions").count() == 1  # the game is over
    assert page.is_disabled("#auto-play") and page.is_disabled("#auto-step")
    visit.assert_clean()


def test_export_and_import_saves(open_page, tmp_path):
    visit = open_page(f"{FIRST}/?seed=exported")
    visit.page.locator(ACTION).first.click()
    visit.page.click("#saves summary")
    with visit.page.expect_download() as download:
        visit.page.click('[data-control="export"]')
    saved = tmp_path / "save.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text())["seed"] == "exported"
    foreign = tmp_path / "foreign.json"
    foreign.write_text(saved.read_text().replace(FIRST, "some-other-game"))
    visit.page.set_input_files("#import-file", str(foreign))
    visit.page.wait_for_function("() => document.querySelector('#messages').textContent.includes('Import failed')")
    assert "another game" in messages(visit)
    slots = visit.page.locator(".slot").count()
    visit.page.set_input_files("#import-file", str(saved))
    visit.page.wait_for_function("() => document.querySelector('#messages').textContent.includes('Imported')")
    assert visit.page.locator(".slot").count() == slots + 1

    # A game longer than a link can carry: no replay link the page would refuse, a note instead.
    long_save = tmp_path / "long.json"
    long_save.write_text(too_long_for_a_link(FIRST).to_json())
    visit.page.set_input_files("#import-file", str(long_save))
    visit.page.wait_for_function("() => document.querySelector('#messages').textContent.includes('seed long-')")
    visit.page.click("#share summary")
    assert visit.page.input_value("#replay-url") == ""
    assert visit.page.is_visible("#replay-note")
    assert "too long for a replay link" in visit.page.inner_text("#replay-note")
    assert visit.page.is_disabled("#copy-replay")
    assert "seed=long-" in visit.page.input_value("#share-url")  # the dungeon itself still shares
    visit.assert_clean()


def test_service_worker_makes_the_page_work_offline(open_page):
    visit = open_page(f"{FIRST}/?seed=offline", service_workers="allow")
    visit.page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    visit.page.wait_for_selector("html[data-offline-ready]", state="attached", timeout=60_000)  # this page kept too
    visit.page.reload()  # online, every file through the worker
    visit.wait_ready()
    assert visit.page.evaluate("() => navigator.serviceWorker.controller !== null")
    visit.context.set_offline(True)
    visit.page.reload()
    visit.wait_ready()
    visit.page.locator(ACTION).first.click()
    visit.context.set_offline(False)
    visit.assert_clean()


def replay_moves(visit) -> list[str]:
    """The moves of the replay link the page offers (a compact link says each by its place: the engine reads it)."""
    link = visit.page.input_value("#replay-url")
    return webapp.parse_query(registry.get(FIRST), link[link.index("?"):]).replay or []


def test_new_game_form_auto_play_undo_copy_and_delete(open_page):
    visit = open_page(f"{FIRST}/?seed=first-game")
    page = visit.page
    page.click("#new-game summary")
    page.fill('input[name="seed"]', "form-seed")
    page.locator("#new-game-form button[type=submit]").scroll_into_view_if_needed()
    game_top = "() => document.querySelector('main.game').getBoundingClientRect().top"
    assert page.evaluate(game_top) < 0  # the form is further down than the game
    page.click("#new-game-form button[type=submit]")
    page.wait_for_url("**seed=form-seed**")
    assert page.locator("#log-list li").count() >= 1
    # The new game comes into view, with the focus on its first action.
    assert abs(page.evaluate(game_top)) <= 2
    assert page.evaluate("() => document.activeElement === document.querySelector('#actions button')")

    before = len(log_entries(visit))
    page.click("#auto-play")
    assert page.get_attribute("#auto-play", "aria-pressed") == "true"
    page.wait_for_function(f"() => document.querySelectorAll('#log-list li').length > {before + 2}", timeout=20_000)
    page.click("#auto-play")
    assert page.get_attribute("#auto-play", "aria-pressed") == "false"

    if page.is_enabled("#undo"):
        steps = replay_moves(visit)
        page.click("#undo")
        assert len(replay_moves(visit)) == len(steps) - 1

    page.click("#share summary")
    page.click('[data-control="copy"][data-copy="share-url"]')
    page.wait_for_function("() => /Copied|selected/.test(document.querySelector('#messages').textContent)")

    page.click("#saves summary")
    assert page.locator(".slot").count() == 2
    delete = page.locator('.slot:not(:has(.current)) [data-control="slot-delete"]')
    delete.click()
    assert delete.inner_text() == "Really delete?"
    delete.click()
    assert page.locator(".slot").count() == 1
    assert page.is_disabled('.slot [data-control="slot-delete"]')  # the game being played

    # End the game the rules' own way (retiring) and see it in the high scores.
    retire = page.locator('#actions [data-action^="retire"]')
    for _ in range(MAX_CLICKS):
        if retire.count() or page.is_disabled("#auto-step"):
            break
        page.click("#auto-step")
    if retire.count():
        retire.first.click()
    page.click("#scores summary")
    assert page.locator("table.scores tbody tr").count() == 1
    visit.assert_clean()
