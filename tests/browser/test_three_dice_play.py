"""3 Dice Dungeon played by a person's clicks in Chromium: a whole game to its
end, and a seed-only share link giving the same dungeon in a fresh browser."""

from pyapp.engine import Game
from pyapp.three_dice.ruleset import CLASSIC, TILES
from pyapp.webapp.links import share_query
from support import played_codes

ACTION = "#actions button[data-action]"
ARROW = "#board .go[data-action]"


def log_entries(visit):
    return visit.page.locator("#log-list li").all_inner_texts()


def click_and_wait(visit, locator):
    """Click, then wait until the log grows (every action logs a line; these
    games stay short of the trimmed length)."""
    count = visit.page.locator("#log-list li").count()
    locator.click()
    visit.page.wait_for_function("(n) => document.querySelectorAll('#log-list li').length > n", arg=count,
                                 timeout=15_000)
    return True


def test_a_whole_game_through_clicks_on_buttons_and_map_arrows(open_page):
    """Tiles edition on Hard (1d6 HP): play until the hero dies, preferring the
    board's arrows to move; every click must play, and the end must show."""
    seed = "clicks-to-the-end"
    visit = open_page(f"{TILES.slug}/?seed={seed}&difficulty=hard")
    moved_by_map = 0
    for _ in range(400):
        if visit.page.locator(".status.over").count():
            break
        arrows = visit.page.locator(ARROW)
        if arrows.count():
            assert click_and_wait(visit, arrows.first)
            moved_by_map += 1
        else:
            assert click_and_wait(visit, visit.page.locator(ACTION).first)
    assert visit.page.locator(".status.over").count() == 1, "the game should end within 400 clicks"
    assert moved_by_map > 0
    assert visit.page.locator(ACTION).count() == 0
    assert "Score" in " ".join(log_entries(visit))
    visit.shot("three-dice-tiles-game-over")
    visit.assert_clean()


def test_seed_share_link_gives_the_same_dungeon_in_a_fresh_browser(open_page):
    first = open_page(f"{CLASSIC.slug}/?seed=same-dungeon&players=2")
    share = first.page.input_value("#share-url")
    assert "seed=same-dungeon" in share and "players=2" in share
    for _ in range(8):
        click_and_wait(first, first.page.locator(ACTION).first)
    second = open_page(share.split("/", 3)[3])  # a new context: no saves, only the link
    for _ in range(8):
        click_and_wait(second, second.page.locator(ACTION).first)
    assert log_entries(second) == log_entries(first)
    assert second.page.inner_html("#board-wrap") == first.page.inner_html("#board-wrap")
    # and the engine in CPython agrees with both browsers
    game = Game(CLASSIC, "same-dungeon", {"players": 2})
    for _ in range(8):
        game.play(game.legal()[0].code)
    assert log_entries(first)[-1] == game.state["log"][-1]
    first.assert_clean()
    second.assert_clean()


def test_endless_auto_play_pauses_at_a_new_dungeon_level_and_goes_on(open_page):
    """A replay link three moves short of a descent (found by auto playing in
    CPython): Auto play must stop right after the descent, say why, leave the
    game running, and play on when pressed again."""
    seed = "pause-3"
    game = Game(CLASSIC, seed, {})
    while game.state["level"] == 1:
        before = list(game.actions)
        game.auto()
    descent = len(before) + 1  # `before` holds the actions up to the descent
    visit = open_page(f"{CLASSIC.slug}/" + share_query(CLASSIC, seed, {}, replay=before[:-3]))
    visit.page.click("#auto-play")
    visit.page.wait_for_function("() => document.querySelector('#auto-play').getAttribute('aria-pressed') === 'false'",
                                 timeout=20_000)
    assert "Auto play pauses on reaching dungeon level 2" in visit.page.inner_text("#messages")
    assert visit.page.locator(".status.over").count() == 0
    assert len(played_codes(visit, CLASSIC.slug)) == descent, "auto play should stop right after the descent"
    visit.page.click("#auto-play")
    visit.page.wait_for_function("(n) => document.querySelectorAll('#log-list li').length > n",
                                 arg=len(log_entries(visit)), timeout=15_000)
    visit.page.click("#auto-play")
    assert len(played_codes(visit, CLASSIC.slug)) > descent
    visit.assert_clean()
