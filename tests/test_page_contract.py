"""What the page relies on from every registered ruleset (see pyapp/engine.py),
and the round trips it makes with every game: share and replay links, saves
and reloads give the very same game."""

import json
import re
import subprocess
import sys
from dataclasses import astuple
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

from pyapp import registry, webapp
from pyapp.engine import BOARD_ID, RULES_KEY, BadSetting, Game, IllegalAction, MalformedAction, Outcome, View
from random_play import random_game

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = "<img src=x onerror=alert(1)>"
STEPS = 60
# every page's ruleset and the example ruleset (pyapp/example/), which no page is built for
SLUGS = list(registry.RULESETS) + list(registry.EXAMPLES)


def ruleset_of(slug):
    return registry.RULESETS[slug] if slug in registry.RULESETS else registry.EXAMPLES[slug]


def hostile_settings(ruleset):
    """Every free-text setting (player names) set to markup."""
    return {s.key: HOSTILE for s in ruleset.settings if isinstance(s.default, str) and not s.choices}


@pytest.fixture(params=SLUGS, ids=str)
def ruleset(request):
    return ruleset_of(request.param)


def played(ruleset, settings):
    game = Game(ruleset, "contract", settings)
    for _ in range(STEPS):
        if game.over:
            break
        game.auto()
    return game


def test_render_gives_the_page_its_parts(ruleset):
    game = played(ruleset, {})
    view = game.view()
    assert isinstance(view, View)
    for key in ("board", "status", "panel", "dice"):
        assert isinstance(getattr(view, key), str)
    assert view.board.lstrip().startswith("<svg") and f'id="{BOARD_ID}"' in view.board
    assert all(isinstance(entry, str) for entry in game.state["log"])
    assert isinstance(ruleset.rules_html(), str) and ruleset.rules_html()
    # every part of the rules sent apart is named by a box of the rules, and every box has its part
    named = re.findall(r'<details\b[^>]*\bdata-part="([^"]+)"', ruleset.rules_html())
    parts = ruleset.rules_parts() if ruleset.rules_parts else {}
    assert sorted(named) == sorted(parts) and all(isinstance(html, str) and html for html in parts.values())


def test_hostile_names_never_reach_the_page_as_markup(ruleset):
    if not hostile_settings(ruleset):
        pytest.skip(f"{ruleset.slug} has no free-text setting: no name of a player's reaches its page")
    settings, problems = ruleset.parse_settings(hostile_settings(ruleset))
    assert problems == []
    game = played(ruleset, settings)
    view = game.view()
    page_parts = list(astuple(view))
    page_parts += [webapp.actions_html(game.legal()), webapp.log_items_html(game.state["log"])]
    for html in page_parts:
        assert "<img src=x" not in html
    assert any("&lt;img src=x" in html for html in page_parts)  # the names are shown, as text


def test_action_codes_fit_in_links(ruleset):
    game = played(ruleset, {})
    codes = game.actions + [a.code for a in game.legal()]
    assert all(0 < len(code) <= webapp.MAX_CODE_CHARS and code.isprintable() for code in codes)
    query = webapp.share_query(ruleset, game.seed, game.settings, replay=game.actions)
    request = webapp.parse_query(ruleset, query)
    assert request.problems == [] and request.replay == (game.actions or None)
    assert Game.replay(ruleset, game.seed, request.settings, request.replay or []).state == game.state


def test_no_setting_takes_a_key_that_links_use_for_the_page(ruleset):
    # but the rules-version setting of a ruleset that keeps its old rules: the page reads "v" and hands it over
    assert not ({s.key for s in ruleset.settings} - {RULES_KEY}) & set(webapp.PAGE_KEYS)
    if ruleset.keeps_old_rules():
        assert ruleset.settings[-1].key == RULES_KEY and ruleset.settings[-1].maximum == ruleset.rules_version
    assert isinstance(ruleset.rules_version, int) and ruleset.rules_version >= webapp.LINK_RULES_VERSION


def test_scores_are_plain_data_kept_once_the_game_is_over(ruleset):
    game = Game(ruleset, "score", {})
    assert game.state.get("score") is None  # the page records a score only once the game is over
    while not game.over and len(game.actions) < 5000:
        game.auto()
    assert game.over
    score = game.state.get("score")
    if ruleset.score_keys is None:
        assert score is None, f"{ruleset.slug} keeps {sorted(score)}: say them in its Ruleset's score_keys"
        return
    assert isinstance(score, dict) and set(score) == ruleset.score_keys
    assert all(isinstance(value, (str, int, bool)) for value in score.values())
    assert isinstance(score["points"], int) and score["points"] >= 0 and webapp.rank_value(score) == score["points"]
    storage = {}
    assert webapp.HighScores(storage, ruleset.slug).record("1:score", game.seed, score, 0.0)
    assert [row["score"] for row in webapp.HighScores(storage, ruleset.slug).rows] == [score]  # kept as JSON


# -- round trips: replay, save and reload give the very same game ------------------


def setting_values(setting):
    """Every value a page or a link may give this setting."""
    if isinstance(setting.default, bool):
        return st.booleans()
    if isinstance(setting.default, int):
        low = setting.default if setting.minimum is None else setting.minimum
        return st.integers(low, setting.default if setting.maximum is None else setting.maximum)
    if setting.choices:
        return st.sampled_from(setting.choices)
    return st.text(max_size=50)  # free text (names): any, the page cleans it


def any_settings(ruleset):
    """Settings as the page reads them from a form or a link."""
    return st.fixed_dictionaries({s.key: setting_values(s) for s in ruleset.settings})


@pytest.mark.parametrize("slug", SLUGS)
@hsettings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.text(max_size=12), picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=200),
       bot_share=st.integers(0, 4))
def test_random_play_replays_and_reloads_to_the_same_game(slug, data, seed, picks, bot_share):
    ruleset = ruleset_of(slug)
    chosen, problems = ruleset.parse_settings(data.draw(any_settings(ruleset)))
    assert problems == []
    game = random_game(ruleset, seed, chosen, picks, bot_share)
    again = Game.replay(ruleset, seed, game.settings, game.actions)
    assert again.state == game.state and again.undo_floor == game.undo_floor
    loaded = Game.from_json(ruleset, game.to_json())
    assert loaded.state == game.state and loaded.actions == game.actions
    assert [a.code for a in loaded.legal()] == [a.code for a in game.legal()]


AHEAD = 5  # auto-played steps a test plays on from a game in progress, where the game has them


def in_progress(ruleset, steps=20):
    """A game in progress: `steps` auto-played steps in, or half-way through a game too short for that
    (whatever a ruleset's games last, as long as one lasts two steps), with up to AHEAD steps still to play."""
    whole = Game(ruleset, "in-progress", {})
    while len(whole.actions) < steps + AHEAD and not whole.over:
        whole.auto()
    stop = min(steps, max(1, len(whole.actions) // 2)) if whole.over else steps
    game = Game.replay(ruleset, whole.seed, whole.settings, whole.actions[:stop])
    assert not game.over, f"{ruleset.slug}: its auto play ends a game in {len(whole.actions)} step(s)"
    return game


def test_a_saved_game_loads_back_and_plays_on_the_same(ruleset):
    game = in_progress(ruleset)
    loaded = Game.from_json(ruleset, game.to_json())
    assert loaded.state == game.state and loaded.actions == game.actions
    assert loaded.seed == game.seed and loaded.settings == game.settings
    assert loaded.can_undo() == game.can_undo()
    for _ in range(AHEAD):
        if game.over:
            break
        code = ruleset.auto_action(game.state)
        game.play(code)
        loaded.play(code)
        assert loaded.state == game.state


def test_a_replay_link_opens_the_game_it_was_made_from(ruleset):
    game = played(ruleset, {})
    query = webapp.replay_query(ruleset, game.seed, game.settings, game.actions)
    opened = webapp.open_game(ruleset, webapp.parse_query(ruleset, query), webapp.SaveStore({}, ruleset.slug), "x", 0)
    assert opened.messages == [] and opened.game.actions == game.actions and opened.game.state == game.state


def test_a_save_with_an_older_state_layout_is_rebuilt_from_its_actions(ruleset):
    game = in_progress(ruleset)
    data = json.loads(game.to_json())
    data["version"] = ruleset.state_version - 1
    del data["state"]
    loaded = Game.from_json(ruleset, json.dumps(data))
    assert loaded.state == game.state and loaded.actions == game.actions


# -- the registry: a page imports only its own ruleset ---------------------------------

def package_of(slug: str) -> str:
    """The pyapp package a ruleset lives in, from its registry line."""
    module = registry.SOURCES.get(slug) or registry.EXAMPLE_SOURCES[slug]
    return "pyapp." + module[0].lstrip(".").split(".")[0]


# every ruleset package, pages' and examples' alike: a new one is checked with no list to update
RULESET_PACKAGES = tuple(sorted({package_of(slug) for slug in SLUGS}))


def imported_after(code: str) -> set[str]:
    """The pyapp packages a fresh interpreter has imported after running `code`."""
    script = f"import sys\n{code}\nprint(' '.join(sorted(m for m in sys.modules if m.startswith('pyapp'))))"
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    return {name for name in out.stdout.split() if name.count(".") == 1}


def test_registry_entries_name_their_rulesets():
    assert list(registry.RULESETS) == list(registry.SOURCES) and len(registry.RULESETS) == len(registry.SOURCES)
    for slug, ruleset in registry.RULESETS.items():
        assert ruleset.slug == slug and registry.get(slug) is ruleset
    assert list(registry.EXAMPLES) == ["example"] and not set(registry.EXAMPLES) & set(registry.RULESETS)
    for slug, ruleset in registry.EXAMPLES.items():
        assert ruleset.slug == slug
    with pytest.raises(KeyError, match="no ruleset 'no-such-game'; known: three-dice-dungeon, "):
        registry.get("no-such-game")


@pytest.mark.parametrize("slug", SLUGS)
def test_a_page_imports_only_its_own_ruleset(slug):
    """A ruleset imports no other ruleset's package but those its Ruleset declares (`draws_with`:
    3RD6 Dungeon is drawn and mapped with 3 Dice Dungeon's helpers)."""
    page_imports = "from pyapp import dice, registry, webapp\nfrom pyapp.webapp import driver\n"
    assert not set(RULESET_PACKAGES) & imported_after(page_imports)
    look_up = "registry.get" if slug in registry.SOURCES else "registry.EXAMPLES.__getitem__"
    loaded = imported_after(page_imports + f"{look_up}({slug!r})")
    declared = {package_of(other) for other in ruleset_of(slug).draws_with}
    assert set(RULESET_PACKAGES) & loaded == {package_of(slug)} | declared


def test_no_module_reads_the_clock_or_randomness_when_imported():
    """The pages may boot from a memory snapshot taken after importing everything. (asyncio, which the page's
    controller uses, is imported first: its logging notes the clock at import, which is the standard
    library's own, not a pyapp module's.)"""
    trap = ("import asyncio, datetime, os, random, time\n"
            "def trap(*a, **k):\n    raise AssertionError('clock or randomness read at import')\n"
            "time.time = time.perf_counter = time.monotonic = time.time_ns = time.localtime = time.gmtime = trap\n"
            "for name in ('random', 'randrange', 'randint', 'choice', 'choices', 'shuffle', 'sample', 'uniform',\n"
            "             'getrandbits', 'seed', 'randbytes'):\n"
            "    setattr(random, name, trap)\n"
            "os.urandom = trap\n"
            "seeded = random.Random.seed\n"
            "def seed(self, a=None, *args, **kwargs):  # random.Random() seeds itself from the clock or urandom\n"
            "    if a is None:\n        trap()\n"
            "    return seeded(self, a, *args, **kwargs)\n"
            "random.Random.seed = seed\n"
            "class Clock(datetime.datetime):\n    now = today = utcnow = classmethod(trap)\n"
            "class Day(datetime.date):\n    today = classmethod(trap)\n"
            "datetime.datetime, datetime.date = Clock, Day\n"
            "import pkgutil, importlib, pyapp\n"
            "for info in pkgutil.walk_packages(pyapp.__path__, 'pyapp.'):\n"
            "    importlib.import_module(info.name)\n")
    assert set(RULESET_PACKAGES) <= imported_after(trap)


def test_the_outcome_is_one_notion_for_every_ruleset(ruleset):
    game = Game(ruleset, "outcome", {})
    assert game.outcome() == Outcome(False)
    for _ in range(2000):
        if game.over:
            break
        assert game.legal(), f"{ruleset.slug}: a game not over offers nothing to play"
        game.auto()
    outcome = game.outcome()
    if not outcome.over:  # a game that may go on for ever (3 Dice Dungeon's Endless mode, the default)
        assert outcome == Outcome(False)
        return
    assert outcome.result and outcome.score == (game.state.get("score") or None)
    assert game.legal() == [], f"{ruleset.slug}: an ended game still offers actions"
    with pytest.raises(IllegalAction, match=r"over|left to play"):
        game.play(game.actions[-1])  # and refuses every one


def test_game_refuses_settings_that_do_not_fit_at_its_door(ruleset):
    """Game is the contract's door: what does not fit raises BadSetting with a message, before the rules."""
    with pytest.raises(BadSetting, match="no setting 'no-such-setting'"):
        Game(ruleset, "door", {"no-such-setting": 1})
    for setting in ruleset.settings:
        top = max(setting.maximum or 0, ruleset.candidate or 0) if setting.key == RULES_KEY else setting.maximum
        wrong = ("maybe" if isinstance(setting.default, bool) else
                 top + 1 if isinstance(setting.default, int) and setting.maximum is not None else
                 "no-such-choice" if setting.choices else None)
        if wrong is not None:
            with pytest.raises(BadSetting, match=re.escape(setting.label)):
                Game(ruleset, "door", {setting.key: wrong})


def test_a_malformed_code_is_told_apart_from_an_illegal_one(ruleset):
    """Game.play refuses text that is no action code at all (MalformedAction, an IllegalAction) apart from
    a well-formed code the rules refuse now, and either leaves the game as it was."""
    game = Game(ruleset, "codes", {})
    before = game.to_json()
    for text in ("", "   ", "x" * 61, "roll\x00", None):
        with pytest.raises(MalformedAction, match="not an action code"):
            game.play(text)
    with pytest.raises(IllegalAction, match="not allowed now") as refused:
        game.play("no-such-verb 1")
    assert not isinstance(refused.value, MalformedAction)
    assert game.to_json() == before
