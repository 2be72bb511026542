"""The page's pure logic (pyapp.webapp) under CPython: links, saves, scores, HTML."""

import dataclasses
import json
import random
import re
import string

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from pyapp import webapp
from pyapp.engine import BadSave, Game, is_code
from pyapp.markup import encode_query
from toy import LONG, OTHER, TOY

HOSTILE = "<img src=x onerror=alert(1)>"


def when(stamp):
    return f"t{stamp:.0f}"


def toy_game(seed="abc", steps=("move N", "attack BODY"), **settings):
    return Game.replay(TOY, seed, {**TOY.defaults(), **settings}, list(steps))


class FailingStorage(dict):
    """Storage that refuses writes, like a full or blocked localStorage."""

    def __setitem__(self, key, value):
        raise RuntimeError("QuotaExceededError")


# -- URL parsing --------------------------------------------------------------


def test_empty_query_means_no_particular_dungeon():
    request = webapp.parse_query(TOY, "")
    assert request.seed is None and request.replay is None and not request.problems
    assert request.settings == TOY.defaults() and not request.embed


def test_seed_settings_and_embed_are_read():
    request = webapp.parse_query(TOY, "?seed=cave&players=3&mode=quest&hard=1&embed=1&utm_source=x")
    assert request.seed == "cave" and request.embed
    assert request.settings == {**TOY.defaults(), "players": 3, "mode": "quest", "hard": True}
    assert request.problems == []


@pytest.mark.parametrize(
    "query, fragment",
    [
        ("seed=" + "x" * 65, "too long"),
        ("seed=a%00b", "control characters"),
        ("seed=a%0Ab", "control characters"),
        ("seed=%20%20", "empty"),
    ],
)
def test_bad_seed_gives_a_message_and_a_random_start(query, fragment):
    request = webapp.parse_query(TOY, query)
    assert request.seed is None
    assert fragment in request.problems[0] and "new dungeon" in request.problems[0]


@pytest.mark.parametrize(
    "query, fragment",
    [
        ("players=9", "Players: must be from 1 to 4"),
        ("players=-1e9", "whole number"),
        ("players=%3Cscript%3E", "whole number"),
        ("mode=" + HOSTILE, "Mode: must be one of endless, quest"),
        ("hard=maybe", "expected on or off"),
    ],
)
def test_bad_settings_fall_back_to_defaults_with_a_message(query, fragment):
    request = webapp.parse_query(TOY, "seed=s&" + query)
    assert request.seed == "s" and request.settings == TOY.defaults()
    assert len(request.problems) == 1 and fragment in request.problems[0]
    assert "default was used" in request.problems[0]


def test_hostile_name_is_cleaned_not_refused():
    request = webapp.parse_query(TOY, "name1=" + HOSTILE.replace(" ", "%20") + "%0A")
    assert request.settings["name1"] == HOSTILE[:24]  # kept as text (cut to the limit); escaped where shown
    assert not request.problems


@pytest.mark.parametrize(
    "replay, fragment",
    [
        ("b:!!!notbase64", "damaged"),
        ("b:" + "e30", "not a list"),  # {}
        ("roll:x", "unknown format"),
        ("~".join(["roll"] * (webapp.MAX_REPLAY_STEPS + 1)), "too long"),
        ("b:WyIiXQ", "not an action"),  # [""]
    ],
)
def test_tampered_replay_is_refused_with_a_message(replay, fragment):
    request = webapp.parse_query(TOY, "seed=s&replay=" + replay)
    assert request.replay is None and request.seed == "s"
    assert fragment in request.problems[0]


def test_replay_without_seed_is_ignored():
    request = webapp.parse_query(TOY, "replay=roll~roll")
    assert request.replay is None and "needs its seed" in request.problems[0]


def test_a_link_without_a_rules_version_means_version_1():
    assert webapp.parse_query(TOY, "seed=s").rules_version == 1 == webapp.LINK_RULES_VERSION
    request = webapp.parse_query(TOY, "seed=s&v=1")
    assert request.rules_version == 1 and request.problems == [] and request.settings == TOY.defaults()
    assert "v=" not in webapp.share_query(TOY, "s", TOY.defaults(), replay=["roll"])  # version 1 links: unchanged


@pytest.mark.parametrize("query, fragment", [("v=2", "newer rules (version 2"), ("v=0", "rules version 0 does not"),
                                             ("v=two", "not a number")])
def test_a_link_of_other_rules_opens_with_a_message(query, fragment):
    request = webapp.parse_query(TOY, "seed=s&replay=roll&" + query)
    assert request.seed == "s" and request.replay == ["roll"] and request.settings == TOY.defaults()
    assert len(request.problems) == 1 and fragment in request.problems[0]


def test_links_of_a_later_rules_version_carry_it_and_load_back():
    newer = dataclasses.replace(TOY, rules_version=2)
    query = webapp.share_query(newer, "s", {**TOY.defaults(), "players": 2}, replay=["roll"])
    assert query.startswith("?seed=s&players=2&v=2&replay=~1")
    request = webapp.parse_query(newer, query)
    assert request.problems == [] and request.rules_version == 2 and request.replay == ["roll"]
    assert "newer rules" in webapp.parse_query(TOY, query).problems[0]  # opened by an older page


def test_huge_query_is_ignored():
    request = webapp.parse_query(TOY, "seed=" + "a" * (webapp.MAX_QUERY_CHARS + 1))
    assert request.seed is None and "too long" in request.problems[0]


# -- share and replay links ------------------------------------------------------


def code_form(query: str, codes: list[str], embed=False) -> str:
    """A replay link as pages wrote it before issue 46: the moves' codes."""
    moves = f"&{encode_query([('replay', webapp.encode_replay(codes))])}" if codes else ""
    return query + moves + ("&embed=1" if embed else "")


def test_links_in_the_code_form_of_before_still_read():
    assert webapp.encode_replay(["attack BODY", "exits N, E", "roll"]) == "attack_BODY~exits_N._E~roll"
    request = webapp.parse_query(TOY, "?seed=s&replay=attack_BODY~move_N")
    assert request.replay == ["attack BODY", "move N"] and not request.problems


def test_the_page_writes_each_move_as_its_place_among_the_legal_actions():
    query = webapp.share_query(TOY, "s", TOY.defaults(), replay=["attack BODY", "move N"])
    assert query.startswith("?seed=s&replay=~1") and "attack" not in query
    assert webapp.parse_query(TOY, query).replay == ["attack BODY", "move N"]


def test_share_link_names_only_changed_settings():
    query = webapp.share_query(TOY, "deep cave", {**TOY.defaults(), "players": 2})
    assert query == "?seed=deep+cave&players=2"


seeds = st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=64).filter(
    lambda s: s.strip() == s and s.isprintable() and s
)
codes = st.lists(st.text(alphabet=string.printable.strip() + " ", min_size=1, max_size=30).filter(
    is_code), max_size=40)  # what a page accepts as an action code (a verb, printable)
names = st.text(min_size=1, max_size=24).filter(lambda s: s.isprintable() and s.strip() == s and s)


@hsettings(max_examples=150, deadline=None)
@given(seed=seeds, players=st.integers(1, 4), mode=st.sampled_from(["endless", "quest"]), hard=st.booleans(),
       name=names, replay=codes)
def test_share_and_code_form_replay_links_round_trip(seed, players, mode, hard, name, replay):
    chosen = {"players": players, "mode": mode, "hard": hard, "name1": name}
    query = code_form(webapp.share_query(TOY, seed, chosen), replay, embed=True)
    request = webapp.parse_query(TOY, query)
    assert request.problems == []
    assert request.seed == seed and request.settings == chosen and request.embed
    assert request.replay == (replay if replay else None)


@given(codes)
def test_replay_encoding_round_trips(replay):
    text = webapp.encode_replay(replay)
    assert all(ch.isalnum() or ch in "-._~:" for ch in text)  # nothing a URL must escape but ":"
    assert webapp.decode_replay(text) == replay


def test_replay_link_is_offered_up_to_the_step_limit_and_loads_back():
    most = ["roll"] * webapp.MAX_REPLAY_STEPS
    query = webapp.replay_query(LONG, "s", LONG.defaults(), most)
    request = webapp.parse_query(LONG, query)
    assert request.problems == [] and request.replay == most
    assert len(query) < 40  # the same move every time: a few characters for them all
    assert webapp.replay_query(LONG, "s", LONG.defaults(), []) == "?seed=s"  # no moves: the share link


@pytest.mark.parametrize(
    "actions",
    [
        ["roll"] * (webapp.MAX_REPLAY_STEPS + 1),  # too many steps
        ["roll", "fly away"],  # moves the rules refuse
        ["roll", "\x00"],  # a code no link may hold
    ],
    ids=["steps", "refused", "code"],
)
def test_no_replay_link_when_the_page_would_refuse_it(actions):
    assert webapp.replay_query(LONG, "s", LONG.defaults(), actions) is None
    assert "too long for a replay link" in webapp.REPLAY_TOO_LONG and "export" in webapp.REPLAY_TOO_LONG
    assert f"{webapp.MAX_REPLAY_STEPS:,} moves" in webapp.REPLAY_TOO_LONG


@hsettings(max_examples=40, deadline=None)
@given(steps=st.integers(0, webapp.MAX_REPLAY_STEPS + 50), seed=st.integers(0, 2**32))
def test_a_replay_link_offered_always_loads_back(steps, seed):
    picks = random.Random(seed)
    game = Game(LONG, "seed", {**LONG.defaults(), "players": 2})
    for _ in range(steps):
        game.play(picks.choice(game.legal()).code)
    query = webapp.game_replay_query(game)
    if query is not None:
        assert "#" not in query and len(query) <= webapp.HOST_QUERY_CHARS
        request = webapp.parse_query(LONG, query)
        assert request.problems == [] and (request.replay or []) == game.actions
    else:
        assert steps > webapp.MAX_REPLAY_STEPS


def test_embed_snippet_escapes_the_url():
    snippet = webapp.embed_snippet('https://h.example/p/?seed=a"b&embed=1', HOSTILE)
    assert snippet.startswith("<blockquote ") and "\n<iframe " in snippet
    assert 'a"b' not in snippet and "<img" not in snippet
    assert "&amp;embed=1" in snippet


def test_page_base_drops_query_and_fragment():
    assert webapp.page_base("https://h.example/games/toy/?seed=a#x") == "https://h.example/games/toy/"


# -- save slots ----------------------------------------------------------------------


def test_new_slot_saves_and_loads_back():
    storage = {}
    store = webapp.SaveStore(storage, "toy")
    game = toy_game()
    slot = store.new_slot(game, now=5)
    again = webapp.SaveStore(storage, "toy")
    assert again.current == slot
    assert again.load(slot, TOY).actions == game.actions
    assert again.listed()[0].steps == 2


def test_autosave_updates_the_slot():
    storage = {}
    store = webapp.SaveStore(storage, "toy")
    game = toy_game(steps=[])
    slot = store.new_slot(game, now=1)
    game.play("move N")
    store.save(slot, game, now=2)
    assert webapp.SaveStore(storage, "toy").load(slot, TOY).actions == ["move N"]


def saved_pair():
    """Storage with two good slots; returns (storage, first id, second id)."""
    storage = {}
    store = webapp.SaveStore(storage, "toy")
    first = store.new_slot(toy_game("one"), now=1)
    second = store.new_slot(toy_game("two"), now=2)
    return storage, first, second


BAD_SAVES = {
    "corrupt": "{not json",
    "foreign": toy_game().to_json().replace('"ruleset":"toy"', '"ruleset":"other-toy"'),
    "newer": toy_game().to_json().replace('"format":1', '"format":99'),
    "tampered": toy_game().to_json().replace('"actions":["move N","attack BODY"]', '"actions":[1,2]'),
    "broken state": toy_game().to_json().replace('"n":2', '"n":"two"'),
}


@pytest.mark.parametrize("kind", list(BAD_SAVES))
def test_unreadable_save_is_reported_and_nothing_else_is_touched(kind):
    storage, first, second = saved_pair()
    storage[f"dice-dungeons:toy:slot:{first}"] = BAD_SAVES[kind]
    before = dict(storage)
    store = webapp.SaveStore(storage, "toy")
    with pytest.raises(BadSave) as error:
        store.load(first, TOY)
    assert str(error.value)
    assert store.slots[first].problem == str(error.value)
    assert store.load(second, TOY).seed == "two"
    with pytest.raises(webapp.StorageFailed):
        store.save(first, toy_game(), now=3)
    assert storage[f"dice-dungeons:toy:slot:{first}"] == before[f"dice-dungeons:toy:slot:{first}"]
    assert storage[f"dice-dungeons:toy:slot:{second}"] == before[f"dice-dungeons:toy:slot:{second}"]


@pytest.mark.parametrize("kind", ["corrupt", "foreign", "newer"])
def test_page_load_with_an_unreadable_current_save_starts_fresh_and_keeps_it(kind):
    storage, first, second = saved_pair()
    storage[f"dice-dungeons:toy:slot:{second}"] = BAD_SAVES[kind]  # second is current
    kept = storage[f"dice-dungeons:toy:slot:{second}"]
    store = webapp.SaveStore(storage, "toy")
    opened = webapp.open_game(TOY, webapp.parse_query(TOY, ""), store, "fresh", now=9)
    assert opened.game.seed == "fresh" and opened.slot not in (first, second)
    assert "could not be continued" in opened.messages[0]
    assert storage[f"dice-dungeons:toy:slot:{second}"] == kept
    assert webapp.SaveStore(storage, "toy").load(first, TOY).seed == "one"


def test_damaged_index_is_kept_aside_and_rebuilt_from_the_saves():
    storage, first, second = saved_pair()
    storage["dice-dungeons:toy:index"] = "[garbage"
    store = webapp.SaveStore(storage, "toy")
    assert storage["dice-dungeons:toy:index.damaged"] == "[garbage"
    assert set(store.slots) == {first, second} and "rebuilt" in store.notices[0]
    assert store.load(first, TOY).seed == "one"
    assert store.new_slot(toy_game("three"), now=3) not in (first, second)


def test_index_from_a_newer_page_is_never_written():
    storage, first, _ = saved_pair()
    storage["dice-dungeons:toy:index"] = json.dumps({"format": 2, "whatever": True})
    before = dict(storage)
    store = webapp.SaveStore(storage, "toy")
    assert store.read_only and "newer version" in store.notices[0]
    opened = webapp.open_game(TOY, webapp.parse_query(TOY, "seed=x"), store, "fresh", now=3)
    opened.game.play("move N")
    store.save(opened.slot, opened.game, now=4)
    store.delete(first)
    assert storage == before


def test_delete_removes_only_that_slot():
    storage, first, second = saved_pair()
    store = webapp.SaveStore(storage, "toy")
    store.delete(first)
    again = webapp.SaveStore(storage, "toy")
    assert list(again.slots) == [second] and f"dice-dungeons:toy:slot:{first}" not in storage


def test_storage_that_refuses_writes_still_gives_a_game():
    store = webapp.SaveStore(FailingStorage(), "toy")
    opened = webapp.open_game(TOY, webapp.parse_query(TOY, "seed=x"), store, "fresh", now=1)
    assert opened.game.seed == "x" and opened.slot is None
    assert "Could not save" in opened.messages[0]


def test_rulesets_keep_their_saves_apart():
    storage = {}
    webapp.SaveStore(storage, "toy").new_slot(toy_game(), now=1)
    assert webapp.SaveStore(storage, "other-toy").slots == {}


# -- what a page load opens ---------------------------------------------------------


def test_reload_of_a_seed_page_continues_that_game():
    storage = {}
    store = webapp.SaveStore(storage, "toy")
    first = webapp.open_game(TOY, webapp.parse_query(TOY, "seed=cave"), store, "unused", now=1)
    first.game.play("move N")
    store.save(first.slot, first.game, now=2)
    query = webapp.share_query(TOY, "cave", first.game.settings)
    again = webapp.open_game(TOY, webapp.parse_query(TOY, query), webapp.SaveStore(storage, "toy"), "unused", now=3)
    assert again.slot == first.slot and again.game.actions == ["move N"]


def test_share_link_without_a_save_starts_that_dungeon_fresh():
    storage = {}
    store = webapp.SaveStore(storage, "toy")
    store.new_slot(toy_game("other"), now=1)
    opened = webapp.open_game(TOY, webapp.parse_query(TOY, "seed=cave&players=2"), store, "unused", now=2)
    assert opened.game.seed == "cave" and opened.game.settings["players"] == 2 and opened.game.actions == []
    assert len(store.slots) == 2


def test_same_seed_other_settings_is_another_dungeon():
    storage = {}
    store = webapp.SaveStore(storage, "toy")
    store.new_slot(toy_game("cave"), now=1)
    opened = webapp.open_game(TOY, webapp.parse_query(TOY, "seed=cave&hard=1"), store, "unused", now=2)
    assert opened.game.actions == [] and opened.game.settings["hard"] is True


def test_no_seed_continues_the_current_slot():
    storage, _, second = saved_pair()
    opened = webapp.open_game(TOY, webapp.parse_query(TOY, ""), webapp.SaveStore(storage, "toy"), "unused", now=5)
    assert opened.slot == second and opened.game.seed == "two"


def test_replay_link_replays_then_a_reload_continues():
    storage = {}
    store = webapp.SaveStore(storage, "toy")
    query = webapp.share_query(TOY, "cave", TOY.defaults(), replay=["move N", "roll"])
    opened = webapp.open_game(TOY, webapp.parse_query(TOY, query), store, "unused", now=1)
    assert opened.game.actions == ["move N", "roll"]
    opened.game.play("attack BODY")
    store.save(opened.slot, opened.game, now=2)
    again = webapp.open_game(TOY, webapp.parse_query(TOY, query), webapp.SaveStore(storage, "toy"), "unused", now=3)
    assert again.slot == opened.slot and again.game.actions == ["move N", "roll", "attack BODY"]


def test_illegal_replay_starts_from_the_beginning_with_a_message():
    store = webapp.SaveStore({}, "toy")
    query = "seed=cave&replay=" + webapp.encode_replay(["move N", "fly away"])
    opened = webapp.open_game(TOY, webapp.parse_query(TOY, query), store, "unused", now=1)
    assert opened.game.actions == [] and "step 2" in opened.messages[0]


# -- import and export -------------------------------------------------------------


def test_import_puts_a_save_in_a_new_slot():
    storage, first, second = saved_pair()
    store = webapp.SaveStore(storage, "toy")
    game, slot = webapp.import_save(TOY, store, toy_game("imported").to_json(), now=3)
    assert game.seed == "imported" and slot not in (first, second) and store.current == slot


@pytest.mark.parametrize("text", ["", "[]", "{}", BAD_SAVES["corrupt"], BAD_SAVES["newer"],
                                  Game(OTHER, "x").to_json(), BAD_SAVES["broken state"]])
def test_import_of_a_bad_file_writes_nothing(text):
    storage, _, _ = saved_pair()
    before = dict(storage)
    with pytest.raises(BadSave):
        webapp.import_save(TOY, webapp.SaveStore(storage, "toy"), text, now=3)
    assert storage == before


def test_export_name_is_a_safe_file_name():
    assert webapp.export_name(TOY, toy_game("../../etc/passwd")) == "toy-etc-passwd-step2.json"


# -- high scores -----------------------------------------------------------------------


def test_high_scores_rank_dedupe_and_survive_damage():
    storage = {}
    scores = webapp.HighScores(storage, "toy")
    assert scores.record("s1:a", "a", {"points": 10, "depth": 1}, now=1)
    assert scores.record("s2:b", "b", {"points": 30, "depth": 2}, now=2)
    assert not scores.record("s1:a", "a", {"points": 10, "depth": 1}, now=3)
    assert [r["seed"] for r in webapp.HighScores(storage, "toy").rows] == ["b", "a"]
    storage["dice-dungeons:toy:scores"] = "{broken"
    assert webapp.HighScores(storage, "toy").rows == []
    assert storage["dice-dungeons:toy:scores.damaged"] == "{broken"


def test_a_different_result_of_the_same_game_replaces_its_row():
    storage = {}
    scores = webapp.HighScores(storage, "toy")
    assert scores.record("s1:a", "a", {"points": 10}, now=1)
    assert scores.record("s2:b", "b", {"points": 20}, now=2)
    assert scores.record("s1:a", "a", {"points": 30}, now=3)  # better
    def table():
        return [(r["game"], r["score"]["points"]) for r in webapp.HighScores(storage, "toy").rows]
    assert table() == [("s1:a", 30), ("s2:b", 20)]
    assert not scores.record("s1:a", "a", {"points": 30}, now=4)  # the same result again
    scores.record("s1:a", "a", {"points": 5}, now=5)  # worse: still this game's result now
    assert table() == [("s2:b", 20), ("s1:a", 5)]
    scores.record("s3:a", "a", {"points": 7}, now=6)  # same seed, another slot: another game
    assert table() == [("s2:b", 20), ("s3:a", 7), ("s1:a", 5)]


def test_rank_value_uses_points_then_the_first_number():
    assert webapp.rank_value({"points": 3, "xp": 99}) == 3
    assert webapp.rank_value({"name": "x", "xp": 7, "level": 2}) == 7
    assert webapp.rank_value({"flag": True}) == 0


# -- HTML: everything escaped --------------------------------------------------------------


def test_action_buttons_are_grouped_numbered_and_escaped():
    game = Game(TOY, "s", {"name1": HOSTILE})
    html = webapp.actions_html(game.legal())
    assert html.count("<button") == 3 and html.count("<fieldset") == 3
    assert 'data-action="attack BODY"' in html and 'aria-keyshortcuts="3"' in html
    # Game keeps the name as the page does (cut to its 24 characters), and the button escapes it
    assert "<img" not in html and "&lt;img src=x onerror=alert attacks" in html
    assert webapp.actions_html([]).startswith('<p class="no-actions">')


def test_log_is_escaped_and_only_new_entries_are_appended():
    entries = [f"{HOSTILE} enters.", "You rolled 3."]
    _replace, _drop, html = webapp.log_update([], entries)
    assert html.count("<li>") == 2 and "<img" not in html
    assert webapp.log_update(entries[:1], entries) == (False, 0, "<li>You rolled 3.</li>")
    assert webapp.log_update(["other"], entries)[0] is True


def test_a_log_trimmed_at_the_front_drops_old_items_and_appends_only_new_ones():
    shown = ["a", "b", "c"]
    assert webapp.log_update(shown, ["b", "c", "d"]) == (False, 1, "<li>d</li>")
    assert webapp.log_update(shown, ["c", "d", "e"]) == (False, 2, "<li>d</li><li>e</li>")
    assert webapp.log_update(shown, ["a", "b"])[0] is True  # an undo: replace


def test_slots_scores_messages_and_form_escape_hostile_text():
    storage = {}
    store = webapp.SaveStore(storage, "toy")
    slot = store.new_slot(toy_game(HOSTILE, name1=HOSTILE), now=1)
    store.slots[slot].problem = HOSTILE
    scores = [{"game": "g", "seed": HOSTILE, "score": {HOSTILE: HOSTILE}, "when": 1}]
    for html in (
        webapp.slots_html(store.listed(), slot, when),
        webapp.scores_html(scores, when),
        webapp.messages_html([HOSTILE]),
        webapp.settings_form_fields(TOY, {**TOY.defaults(), "name1": HOSTILE}, HOSTILE),
    ):
        assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html


def test_score_table_has_readable_headers_and_no_copy_of_points():
    score = {"points": 12, "xp": 12, "deepest": 3, "mode": "endless", "result": "dead", "name": "Hero",
             "locations": 9, "max_hp": 4, "bossKills": 1}
    rows = [{"game": "g1", "seed": "a", "score": score, "when": 1},
            {"game": "g2", "seed": "b", "score": {**score, "points": 5, "xp": 5}, "when": 2}]
    html = webapp.scores_html(rows, when)
    headers = re.findall(r'<th scope="col">(.*?)</th>', html)
    assert headers == ["#", "Points", "Deepest level", "Mode", "Result", "Name", "Locations", "Max Hp",
                       "BossKills", "Seed", "When"]
    assert "<td>12</td><td>3</td><td>endless</td>" in html
    rows[1]["score"]["xp"] = 6  # no longer a copy of points in every row: shown
    assert re.findall(r'<th scope="col">(.*?)</th>', webapp.scores_html(rows, when))[1:3] == ["Points", "XP"]
    assert webapp.score_header("xp") == "XP" and webapp.score_header("deepest") == "Deepest level"


def test_settings_form_shows_every_setting_with_its_value():
    html = webapp.settings_form_fields(TOY, {**TOY.defaults(), "players": 3, "hard": True, "mode": "quest"}, "cave")
    assert 'name="seed"' in html and 'value="cave"' in html
    assert 'name="players" type="number" min="1" max="4" value="3"' in html
    assert 'name="hard" type="checkbox" value="1" checked' in html
    assert '<option value="quest" selected>' in html and "How many heroes." in html


def test_form_settings_reads_unticked_boxes_as_off():
    assert webapp.form_settings(TOY, [("seed", "x"), ("players", "2")])["hard"] is False
    assert webapp.form_settings(TOY, [("hard", "1")])["hard"] is True


def test_page_logic_stays_pure():
    """No browser and no I/O in pyapp.webapp: that is what lets CPython test it. Only the page's controller
    reads the clock and draws a fresh seed's entropy (the thread it runs in gives both)."""
    import re
    from pathlib import Path

    browser = r"^\s*(import|from)\s+(js|pyodide|pyscript|socket)\b|\bopen\("
    for path in Path(webapp.__file__).parent.glob("*.py"):
        banned = re.compile(browser + ("" if path.name == "controller.py" else r"|^\s*(import|from)\s+(os|time)\b"),
                            re.M)
        found = banned.search(path.read_text())
        assert found is None, f"{found.group(0)!r} in {path.name}"


def test_a_rules_crash_during_replay_starts_fresh_with_a_message():
    def crash(state, code):
        raise KeyError("bug")

    broken = TOY.__class__(**{**TOY.__dict__, "apply": crash})
    store = webapp.SaveStore({}, "toy")
    opened = webapp.open_game(broken, webapp.parse_query(broken, "seed=s&replay=roll"), store, "unused", now=1)
    assert opened.game.actions == [] and "could not be played (KeyError)" in opened.messages[0]


def test_score_flags_read_yes_or_no():
    rows = [{"score": {"points": 238, "won": True}, "seed": "a", "when": 0},
            {"score": {"points": 16, "won": False}, "seed": "b", "when": 0}]
    html = webapp.scores_html(rows, lambda t: "")
    assert "<td>yes</td>" in html and "<td>no</td>" in html and "True" not in html


def test_a_saves_time_reads_the_same_in_every_locale_in_the_players_zone():
    stamp = 1_795_000_000  # 2026-11-18 11:06:40 UTC
    assert webapp.when_text(stamp, 0) == "18 Nov 2026, 11:06"
    assert webapp.when_text(stamp, -60) == "18 Nov 2026, 12:06"  # Paris in winter: an hour ahead of UTC
    assert webapp.when_text(stamp, 720) == "17 Nov 2026, 23:06"  # twelve hours behind: the day before
    assert webapp.when_text(0, 0) == "1 Jan 1970, 00:00"
