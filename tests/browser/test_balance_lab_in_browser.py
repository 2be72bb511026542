"""The Balance lab of the 3 Dice Dungeon, Tiles & HP and Tabletop pages in
Chromium: its progress bar moves, Cancel stops a run and keeps the figures
so far, and the game still answers clicks while a run goes on."""

import pytest

ACTION = "#actions button[data-action]"
LAB_PAGES = ("three-dice-dungeon", "three-dice-dungeon-tiles", "three-rd6-dungeon", "tabletop-dungeon")
# every value the progress bar takes, read each animation frame
WATCH_BAR = """() => {
  window.__bar = [];
  const bar = document.querySelector('#tool-lab-progress progress');
  (function look() { window.__bar.push(bar.value); requestAnimationFrame(look); })();
}"""


def start_lab(visit, games: int):
    visit.page.click("#tool-lab summary")
    visit.page.fill('#tool-lab input[name="games"]', str(games))
    visit.page.evaluate(WATCH_BAR)
    visit.page.click("#tool-lab button[type=submit]")


@pytest.mark.parametrize("slug", LAB_PAGES)
def test_a_small_lab_runs_to_the_end_with_a_moving_progress_bar(open_page, slug):
    visit = open_page(f"{slug}/?seed=lab-browser")
    start_lab(visit, 30)
    visit.page.wait_for_function("() => document.getElementById('tool-lab-progress').hidden && "
                                 "/Auto-played: 30 games/.test(document.getElementById('tool-lab-output').textContent)",
                                 timeout=120_000)
    seen = visit.page.evaluate("() => window.__bar")
    assert any(0 < value < 1 for value in seen), seen[:20]
    assert visit.page.locator("#tool-lab-output svg").count() >= 2
    assert not visit.page.locator('[data-control="tool-cancel"]').is_visible()
    visit.page.locator("#tool-lab").screenshot(path=f"/tmp/shots/{slug}-lab.png")
    visit.assert_clean()


def test_the_game_answers_clicks_during_a_run_and_cancel_keeps_the_figures_so_far(open_page):
    visit = open_page("three-dice-dungeon/?seed=lab-cancel")
    start_lab(visit, 20_000)
    page = visit.page
    page.wait_for_function("() => /Auto-played: \\d+ of 20000/.test("
                           "document.getElementById('tool-lab-output').textContent)", timeout=60_000)
    before = page.locator("#log-list li").count()
    page.locator(ACTION).first.click()
    page.wait_for_function(f"() => document.querySelectorAll('#log-list li').length > {before}", timeout=30_000)
    assert page.locator("#tool-lab-output").get_attribute("aria-busy") == "true"  # the lab was running all along
    page.click('[data-control="tool-cancel"]')
    page.wait_for_function("() => !document.getElementById('tool-lab-output').hasAttribute('aria-busy')")
    count = page.inner_text("#tool-lab-progress .tool-count")
    assert "stopped" in count and not page.locator('[data-control="tool-cancel"]').is_visible()
    done = int(count.split(" of ")[0])
    heading = page.inner_text("#tool-lab-output h3")
    assert heading == f"Auto-played: {done} of 20000 games so far" and done > 0
    page.wait_for_timeout(500)
    assert page.inner_text("#tool-lab-progress .tool-count") == count  # stopped means stopped
    assert page.locator("#tool-lab-output svg").count() == 3
    page.locator("#tool-lab").screenshot(path="/tmp/shots/three-dice-dungeon-lab-cancelled.png")
    visit.assert_clean()
