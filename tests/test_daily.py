"""Today's dungeon without a browser (pyapp/webapp/daily.py): the day's seed, ?daily= links, the day's result,
streaks, the history's export and import, and a damaged history."""

import json

import pytest

from pyapp import registry, webapp
from pyapp.engine import Game
from pyapp.webapp import daily

TODAY = "2026-11-27"
CLASSIC = registry.get("three-dice-dungeon")


class Refusing(dict):
    """A storage that refuses every write, as a browser's full or blocked storage does."""

    def __setitem__(self, key, value):
        raise RuntimeError("QuotaExceededError")


# -- the day's seed ----------------------------------------------------------


def test_the_same_day_gives_the_same_seed_and_dungeon_and_another_day_another():
    assert daily.daily_seed(TODAY) == daily.daily_seed("2026-11-27") == "daily-2026-11-27"
    assert daily.daily_seed("2026-11-28") != daily.daily_seed(TODAY)
    settings = daily.daily_settings(CLASSIC)
    one, two = Game(CLASSIC, daily.daily_seed(TODAY), settings), Game(CLASSIC, daily.daily_seed(TODAY), settings)
    other = Game(CLASSIC, daily.daily_seed("2026-11-28"), settings)
    assert one.state == two.state and one.state != other.state


@pytest.mark.parametrize("text", ["2026-13-45", "2026-02-30", "27-11-2026", "2026-11-27x", "today", "", " ",
                                  "\uff12\uff10\uff12\uff16-11-27", "2026-1-7", "<b>2026-11-27</b>"])
def test_a_day_that_is_no_date_is_refused_with_a_message(text):
    with pytest.raises(daily.BadDay, match=r"YYYY-MM-DD|does not exist"):
        daily.check_day(text, TODAY)


def test_any_past_day_today_and_tomorrow_open_but_not_the_day_after():
    assert daily.check_day("2024-02-29", TODAY) == "2024-02-29"
    assert daily.check_day(TODAY, TODAY) == TODAY
    assert daily.check_day("2026-11-28", TODAY) == "2026-11-28"  # already today east of UTC
    with pytest.raises(daily.BadDay, match="has not come yet"):
        daily.check_day("2026-11-29", TODAY)
    assert daily.check_day("2027-01-01", "2026-12-31") == "2027-01-01"  # across a year's end


def test_dice_crawls_daily_game_is_seat_1_against_a_normal_bot_under_the_newest_rules():
    ruleset = registry.get("dice-crawl")
    settings = daily.daily_settings(ruleset)
    assert (settings["players"], settings["seat1"], settings["seat2"], settings["by_link"]) == (
        2, "person", "normal", False)
    assert settings["v"] == ruleset.rules_version
    assert daily.daily_settings(registry.get("dungeon-generator"))["mode"] == "explore"  # a dungeon to explore


# -- ?daily= -----------------------------------------------------------------


def test_a_daily_link_opens_the_days_seed_with_the_daily_settings_and_the_newest_rules():
    request = webapp.parse_query(CLASSIC, f"?daily={TODAY}", today=TODAY)
    assert request.problems == [] and request.daily == TODAY
    assert request.seed == "daily-2026-11-27" and request.settings == daily.daily_settings(CLASSIC)
    assert request.settings["v"] == CLASSIC.rules_version
    assert webapp.parse_query(CLASSIC, f"?daily={TODAY}&v=1", today=TODAY).settings["v"] == 1  # a pinned version
    share = webapp.share_query(CLASSIC, request.seed, request.settings)
    assert share == f"?seed=daily-{TODAY}&v={CLASSIC.rules_version}"  # its links carry the seed text and v


@pytest.mark.parametrize("day, said", [("2026-13-45", "does not exist"), ("soon", "YYYY-MM-DD"),
                                       ("2030-01-01", "has not come yet")])
def test_a_tampered_daily_link_says_so_and_the_page_opens_as_usual(day, said):
    request = webapp.parse_query(CLASSIC, f"?daily={day}", today=TODAY)
    assert request.seed is None and request.daily is None
    assert request.settings == webapp.parse_query(CLASSIC, "", today=TODAY).settings
    assert len(request.problems) == 1 and said in request.problems[0] and "opened as usual" in request.problems[0]
    assert daily.game_day(CLASSIC, "daily-2026-13-45", request.settings) is None


def test_a_daily_link_ignores_a_seed_and_settings_of_its_own_and_keeps_a_replay():
    game = Game(CLASSIC, daily.daily_seed(TODAY), daily.daily_settings(CLASSIC))
    for _ in range(3):
        game.auto()
    query = f"?daily={TODAY}&seed=mine&players=3&replay=" + webapp.encode_replay(game.actions)
    request = webapp.parse_query(CLASSIC, query, today=TODAY)
    assert request.seed == game.seed and request.settings["players"] == 1 and request.replay == game.actions
    assert any("own seed and settings" in p for p in request.problems)


def test_a_page_that_cannot_tell_the_date_opens_no_day():
    request = webapp.parse_query(CLASSIC, f"?daily={TODAY}")
    assert request.seed is None and "could not tell today's date" in request.problems[0]


def test_a_daily_game_is_known_by_its_seed_and_settings_under_any_rules_version():
    settings = daily.daily_settings(CLASSIC)
    assert daily.game_day(CLASSIC, "daily-2026-11-27", settings) == TODAY
    assert daily.game_day(CLASSIC, "daily-2026-11-27", {**settings, "v": 1}) == TODAY
    assert daily.game_day(CLASSIC, "daily-2026-11-27", {**settings, "players": 2}) is None
    assert daily.game_day(CLASSIC, "some-seed", settings) is None


# -- the day's result ----------------------------------------------------------


def test_the_first_finish_of_the_day_counts_and_a_replay_does_not():
    storage = {}
    history = daily.History(storage, CLASSIC.slug)
    assert history.record(TODAY, TODAY, "dead", {"points": 27}, 2) == daily.COUNTED
    assert history.record(TODAY, TODAY, "won", {"points": 90}, 2) == daily.REPLAY
    assert history.days == {TODAY: daily.Day("dead", 27, 2)}
    assert daily.History(storage, CLASSIC.slug).days == history.days  # kept in the storage
    # another day's dungeon finished today: an archive game, not counted
    assert history.record("2026-11-20", TODAY, "won", {"points": 5}, 2) == daily.ARCHIVE
    assert "2026-11-20" not in history.days


def test_the_page_says_whether_a_daily_game_counts():
    assert "kept in your day history" in daily.kind_note(daily.COUNTED, TODAY)
    assert "first finish today" in daily.kind_note(daily.COUNTED, TODAY, over=False)
    for kind in (daily.REPLAY, daily.ARCHIVE):
        assert "not counted" in daily.kind_note(kind, TODAY) and "not counted" in daily.kind_note(kind, TODAY, False)


def test_streaks_run_over_consecutive_utc_days_and_a_gap_resets_only_the_current_one():
    days = ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-20", "2026-11-21"]
    assert daily.streaks(days, "2026-11-21") == (2, 5)
    assert daily.streaks(days, "2026-11-22") == (2, 5)  # today still to play: yesterday's run goes on
    assert daily.streaks(days, "2026-11-23") == (0, 5)  # a missed day ends it; the longest is kept
    assert daily.streaks(["2026-12-31", "2027-01-01"], "2027-01-01") == (2, 2)
    assert daily.streaks([], TODAY) == (0, 0)


def test_the_history_line_says_streaks_best_and_days_played():
    history = daily.History({}, CLASSIC.slug)
    assert "No day played yet" in history.summary(TODAY)
    for day, points in (("2026-11-25", 42), ("2026-11-26", 7), (TODAY, 12)):
        history.record(day, day, "dead", {"points": points}, 2)
    assert history.summary(TODAY) == "Day streak 3 · longest 3 · best 42 · 3 days played"
    generator = daily.History({}, "dungeon-generator")
    generator.record(TODAY, TODAY, "closed", None, 3)
    assert generator.summary(TODAY) == "Day streak 1 · longest 1 · 1 day played"  # no score, no best


def test_where_storage_is_refused_the_day_still_counts_and_the_history_says_it_is_not_kept():
    history = daily.History(Refusing(), CLASSIC.slug)
    assert history.record(TODAY, TODAY, "dead", {"points": 3}, 2) == daily.COUNTED
    assert not history.kept and "Not kept" in history.summary(TODAY)
    assert "Not kept" in daily.History({}, CLASSIC.slug, kept=False).summary(TODAY)



def test_where_nothing_can_be_kept_from_the_start_a_daily_game_is_not_counted_and_the_page_says_why():
    history = daily.History({}, CLASSIC.slug, kept=False)  # a blog's sandboxed frame: no storage at all
    assert history.kind(TODAY, TODAY) == daily.UNKEPT
    assert history.record(TODAY, TODAY, "dead", {"points": 3}, 2) == daily.UNKEPT
    assert history.days == {}
    for over in (True, False):
        note = daily.kind_note(daily.UNKEPT, TODAY, over)
        assert "not counted" in note and "nothing can be kept here" in note and "on the site" in note
    card = daily.result_card(CLASSIC, TODAY, "dead", {"points": 3}, "", "https://x/?seed=a", daily.UNKEPT)
    assert card.splitlines()[0].endswith("(not counted)")

# -- export and import -----------------------------------------------------------


def test_the_history_exports_and_imports_whole():
    history = daily.History({}, CLASSIC.slug)
    for day, points in (("2026-11-01", 4), ("2026-11-02", 9), (TODAY, 30)):
        history.record(day, day, "dead", {"points": points}, 2)
    text = history.export_text()
    assert daily.is_history(text) and not daily.is_history(Game(CLASSIC, "x").to_json())
    elsewhere = daily.History({}, CLASSIC.slug)
    assert elsewhere.import_text(text) == 3
    assert elsewhere.days == history.days and elsewhere.export_text() == text
    assert elsewhere.import_text(text) == 0  # nothing new the second time


def test_an_import_adds_missing_days_and_keeps_each_days_first_result():
    here = daily.History({}, CLASSIC.slug)
    here.record(TODAY, TODAY, "dead", {"points": 1}, 2)
    there = daily.History({}, CLASSIC.slug)
    there.record(TODAY, TODAY, "dead", {"points": 99}, 2)
    there.record("2026-11-26", "2026-11-26", "dead", {"points": 5}, 2)
    assert here.import_text(there.export_text()) == 1
    assert here.days[TODAY].points == 1 and here.days["2026-11-26"].points == 5


@pytest.mark.parametrize("text", [
    "{", "[]", '{"kind": "dice-dungeons daily history", "format": 1, "days": {"2026-13-45": {"result": "won"}}}',
    '{"kind": "dice-dungeons daily history", "format": 1, "days": {"2026-11-27": {"result": "won", "points": -4}}}',
    '{"kind": "dice-dungeons daily history", "format": 1, "days": {"2026-11-27": "won"}}',
    '{"kind": "dice-dungeons daily history", "format": 1, "page": "dice-crawl", "days": {}}',
    '{"kind": "dice-dungeons daily history", "format": 9, "days": {}}',
])
def test_an_unreadable_or_foreign_history_file_changes_nothing(text):
    history = daily.History({}, CLASSIC.slug)
    history.record(TODAY, TODAY, "dead", {"points": 1}, 2)
    before = dict(history.days)
    with pytest.raises(ValueError):
        history.import_text(text)
    assert history.days == before


# -- a damaged history -----------------------------------------------------------


@pytest.mark.parametrize("damaged", [
    "not json", "[1, 2]", '{"kind": "dice-dungeons daily history", "format": 1, "days": {"x": 1}}',
    '{"kind": "dice-dungeons daily history", "format": 1, "days": {"2026-11-27": {"result": "<b>", "v": true}}}',
    "[" * 5000,
])
def test_a_damaged_history_is_set_aside_with_a_message_and_nothing_else_is_lost(damaged):
    storage = {}
    store = webapp.SaveStore(storage, CLASSIC.slug)
    slot = store.new_slot(Game(CLASSIC, "kept"), now=1)
    storage[f"dice-dungeons:{CLASSIC.slug}:scores"] = "[]"
    storage[f"dice-dungeons:{CLASSIC.slug}:daily"] = damaged
    others = {k: v for k, v in storage.items() if not k.endswith(":daily")}
    history = daily.History(storage, CLASSIC.slug)
    assert "damaged" in history.notice and "untouched" in history.notice and history.days == {}
    assert storage[f"dice-dungeons:{CLASSIC.slug}:daily.damaged"] == damaged  # kept aside as it was
    assert {k: v for k, v in storage.items() if not k.startswith(f"dice-dungeons:{CLASSIC.slug}:daily")} == others
    assert webapp.SaveStore(storage, CLASSIC.slug).load(slot, CLASSIC).seed == "kept"
    assert history.record(TODAY, TODAY, "dead", {"points": 2}, 2) == daily.COUNTED  # a new one starts
    assert daily.History(storage, CLASSIC.slug).days == {TODAY: daily.Day("dead", 2, 2)}


# -- the result card -------------------------------------------------------------


def finished(ruleset, day=TODAY):
    game = Game(ruleset, daily.daily_seed(day), daily.daily_settings(ruleset))
    while not game.over:
        game.auto()
    return game


def test_the_result_card_names_the_game_day_outcome_score_picture_and_replay_link():
    game = finished(CLASSIC)
    outcome = game.outcome()
    link = "https://x.example/three-dice-dungeon/" + webapp.replay_query(CLASSIC, game.seed, game.settings,
                                                                         game.actions)
    picture = daily.run_picture(CLASSIC, game.state, outcome.result, outcome.score)
    card = daily.result_card(CLASSIC, TODAY, outcome.result, outcome.score, picture, link, daily.COUNTED)
    assert card.splitlines() == ["3 Dice Dungeon · Today's dungeon 2026-11-27", "Dead · 27 points", picture, link]
    assert "\n" not in picture and 0 < len(picture) <= 80
    assert "(replayed)" in daily.result_card(CLASSIC, TODAY, "dead", None, "x", link, daily.REPLAY)
    request = webapp.parse_query(CLASSIC, link.split("/")[-1], today="2030-01-01")  # years later: the same game
    replayed = webapp.open_game(CLASSIC, request, webapp.SaveStore({}, CLASSIC.slug), "unused", 0.0).game
    assert replayed.state == game.state


def test_a_winner_is_named_and_a_game_without_score_shows_its_outcome():
    assert daily.outcome_text("won", {"winner": "Player 1", "points": 18}) == "Player 1 won"
    assert daily.caption(registry.get("dice-crawl"), TODAY, "won", {"winner": "Ann", "points": 18}) == (
        "Dice Crawl · 2026-11-27 · Ann won · 18 points")
    assert daily.generic_picture("closed", None) == "⌂"
    assert daily.outcome_text("closed", None) == "Explored" and daily.outcome_text("dead", {}) == "Dead"


def test_the_generic_picture_is_the_outcome_and_a_bar_of_the_points():
    assert daily.generic_picture("dead", {"points": 27}) == "☠ ▰▰▰▱▱▱▱▱▱▱ 27"
    assert daily.generic_picture("won", {"points": 1000}) == "★ ▰▰▰▰▰▰▰▰▰▰ 1000"
    assert daily.generic_picture("won", {"points": 0}) == "★ ▱▱▱▱▱▱▱▱▱▱ 0"


def test_a_rulesets_own_picture_is_used_and_a_broken_one_falls_back(monkeypatch):
    import dataclasses

    own = dataclasses.replace(CLASSIC, run_picture=lambda state: "▣▣□  ☠")
    assert daily.run_picture(own, {}, "dead", {"points": 3}) == "☠ ▣▣□ ☠"
    broken = dataclasses.replace(CLASSIC, run_picture=lambda state: 1 / 0)
    assert daily.run_picture(broken, {}, "dead", {"points": 3}) == daily.generic_picture("dead", {"points": 3})


def test_3_dice_dungeons_picture_is_a_mark_per_location_and_the_deepest_level():
    game = finished(CLASSIC)
    outcome = game.outcome()
    assert daily.run_picture(CLASSIC, game.state, outcome.result, outcome.score) == "☠ ▫□□ ▼1"  # 2026-11-27's run
    cells = {str(n): {"n": n, "kind": "corridor"} for n in range(1, 41)}
    picture = daily.run_picture(CLASSIC, {"cells": cells, "deepest": 3}, "won", None)
    assert picture == "★ " + "─" * 29 + "… ▼3"


@pytest.mark.parametrize("slug", list(registry.RULESETS))
def test_every_pages_run_has_a_one_line_picture(slug):
    ruleset = registry.get(slug)
    game = Game(ruleset, daily.daily_seed(TODAY), daily.daily_settings(ruleset))
    while not game.over and len(game.actions) < 800:
        game.auto()
    outcome = game.outcome()
    picture = daily.run_picture(ruleset, game.state, outcome.result or "over", outcome.score)
    assert picture and "\n" not in picture and len(picture) <= 80
    json.dumps(picture)
