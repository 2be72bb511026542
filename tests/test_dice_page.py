"""The page's logic (pyapp/webapp/controller.py) as the game's worker runs it: events in, operations out.

It touches no DOM, so CPython runs it as it is: the DOM agent (static/agent.mjs) is replaced here by a
list that collects what it would be asked to do, and localStorage by the dict the agent would send.
"""

import json

import pytest

from page_agent import Agent, opened


def event(kind, **data):
    return json.dumps({"kind": kind, **data})


def test_the_page_opens_draws_everything_and_says_it_is_ready(dice_page):
    agent = Agent()
    page = dice_page.start(opened(query=""), agent)  # no seed in the link: a fresh one
    names = [op[0] for op in agent.ops()]
    assert names[-1] != "failed" and "ready" in names
    for part in ("#board-wrap", "#status", "#dice", "#panel", "#actions", "#log-list", "#slot-list"):
        assert agent.html(part) is not None, part
    assert "data-action" in agent.html("#actions")
    # the address names the dungeon, so a reload continues it; the game is saved as it opens
    (address,) = [op[1] for op in agent.ops("address")]
    assert address.startswith(f"?seed={page.game.seed}")
    assert any(key.startswith("dice-dungeons:three-dice-dungeon:") for key in agent.stored())
    assert page.saving


def test_an_action_is_played_saved_and_drawn_in_one_batch(dice_page):
    agent = Agent()
    page = dice_page.start(opened(), agent)
    code = page.game.legal()[0].code
    before = len(page.game.actions)
    agent.batches.clear()
    page.handle(event("action", code=code))
    assert len(agent.batches) == 1  # one message, one layout
    assert len(page.game.actions) == before + 1
    assert agent.html("#board-wrap") and agent.stored()  # drawn and autosaved
    # what the agent wrote is what Python keeps: a reload would find the same save
    assert all(page.storage[key] == value for key, value in agent.stored().items() if value is not None)


def test_an_illegal_action_is_refused_with_a_message_and_changes_nothing(dice_page):
    agent = Agent()
    page = dice_page.start(opened(), agent)
    state = json.dumps(page.game.state, sort_keys=True)
    agent.batches.clear()
    page.handle(event("action", code="no-such-action"))
    assert json.dumps(page.game.state, sort_keys=True) == state
    assert agent.html("#messages").strip() and not agent.stored()


def test_keys_undo_and_auto_step_go_through_the_same_list(dice_page):
    agent = Agent()
    page = dice_page.start(opened(), agent)
    page.handle(event("key", key="1"))
    played = len(page.game.actions)
    assert played >= 1
    page.handle(event("key", key="a"))
    assert len(page.game.actions) > played or page.game.over


def test_where_storage_is_refused_the_game_plays_and_says_saves_are_off(dice_page):
    agent = Agent()
    raw = json.loads(opened())
    raw["storage"] = None
    page = dice_page.start(json.dumps(raw), agent)
    assert not page.saving
    assert dice_page.SAVES_OFF not in agent.html("#messages")  # said once, by the keep note
    assert agent.prop("#keep-note", "hidden") is False
    continued = agent.prop("#continue-link", "href")
    page.handle(event("key", key="1"))
    # the note's link carries this very game, moves and all, to the site (its replay link)
    assert agent.prop("#continue-link", "href") != continued and "replay=" in agent.prop("#continue-link", "href")
    page.handle(event("key", key="1"))
    assert not agent.stored()


def test_another_tabs_write_and_a_refused_write_reach_pythons_copy(dice_page):
    agent = Agent()
    page = dice_page.start(opened(), agent)
    page.handle(event("stored", key="dice-dungeons:elsewhere", value="1"))
    assert page.storage["dice-dungeons:elsewhere"] == "1"
    page.handle(event("stored", key="dice-dungeons:elsewhere", value=None, refused="QuotaExceededError"))
    assert "dice-dungeons:elsewhere" not in page.storage
    assert "QuotaExceededError" in agent.html("#messages")
    page.handle(event("stored", key="another-site:key", value="x"))  # not the site's: ignored
    assert "another-site:key" not in page.storage


def test_a_save_kept_by_an_earlier_visit_is_continued(dice_page):
    first = Agent()
    page = dice_page.start(opened(), first)
    page.handle(event("key", key="1"))
    kept = {k: v for k, v in first.stored().items() if v is not None}
    again = dice_page.start(opened(storage=kept), Agent())
    assert again.game.actions == page.game.actions


def test_a_tampered_link_gets_a_clear_message(dice_page):
    agent = Agent()
    dice_page.start(opened(query="?seed=x&v=99999"), agent)
    assert "ready" in [op[0] for op in agent.ops()]
    assert agent.html("#messages").strip()


def test_the_speed_chosen_on_an_earlier_visit_comes_back(dice_page):
    slug = "tabletop-dungeon"
    speed = {"options": ["1.0", "0.4", "0.12", "0"], "value": "0.4"}
    agent = Agent()
    page = dice_page.start(opened(slug, speed=speed), agent)
    page.handle(event("speed", value="0.12"))
    assert page.step_delay() == pytest.approx(0.12)
    kept = {k: v for k, v in agent.stored().items() if v is not None}
    later = Agent()
    dice_page.start(opened(slug, storage=kept, speed=speed), later)
    assert ["prop", "#speed", "value", "0.12"] in later.ops("prop")


def test_the_page_clock_decides_todays_dungeon(dice_page):
    dice_page.start(opened(), Agent())
    dice_page.page_clock(1_790_000_000_000)  # 2026-09-21 (UTC)
    assert dice_page.utc_today() == "2026-09-21"


def test_the_share_panel_shows_the_embed_code_the_oembed_answer_is_held_to(dice_page):
    """tests/test_previews.py holds the oEmbed html to webapp.embed_snippet: the Share panel shows the same."""
    from pyapp import registry, webapp

    agent = Agent()
    page = dice_page.start(opened("dice-crawl", query="?seed=embed-me"), agent)
    ruleset = registry.get("dice-crawl")
    share = webapp.share_query(ruleset, page.game.seed, page.game.settings)
    expected = webapp.embed_snippet(f"https://example.org/dice-crawl/{share}&embed=1", ruleset.title)
    assert ["prop", "#embed-code", "value", expected] in agent.ops("prop")
