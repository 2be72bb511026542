"""Issue 45, item 1 (RULINGS, Rules versions): a link opens its own rules, but anything the player starts
afterwards (New slot, the New game form, a random seed, Today's dungeon) plays the newest rules unless they
pick an older version on purpose, and the form says which version is the newest."""

from __future__ import annotations

import html
import json
import re

import pytest

from page_agent import Agent, opened
from pyapp import registry, webapp
from pyapp.engine import RULES_KEY
from toy import TOY

KEEPERS = [r.slug for r in registry.RULESETS.values() if r.keeps_old_rules()]
FIELD = re.compile(r'<(input|select)[^>]* name="([^"]+)"[^>]*>')


def form_pairs(fields: str) -> list[tuple[str, str]]:
    """What the browser submits for the New game form as drawn, untouched (an unticked box sends nothing)."""
    pairs = []
    for match in re.finditer(r'<input [^>]*>|<select [^>]*>.*?</select>', fields):
        tag = match.group(0)
        name = re.search(r'name="([^"]+)"', tag).group(1)
        if tag.startswith("<select"):
            value = re.search(r'<option value="([^"]*)" selected>', tag).group(1)
        elif 'type="checkbox"' in tag:
            if " checked" not in tag:
                continue
            value = "1"
        else:
            value = re.search(r' value="([^"]*)"', tag).group(1)
        pairs.append((html.unescape(name), html.unescape(value)))
    return pairs


def test_every_page_but_the_toy_keeps_old_rules():
    assert set(KEEPERS) >= {"three-dice-dungeon", "three-dice-dungeon-tiles", "three-rd6-dungeon",
                            "tabletop-dungeon", "dungeon-generator", "dice-crawl"}


@pytest.mark.parametrize("slug", KEEPERS)
def test_a_new_slot_after_an_old_link_plays_the_newest_rules(dice_page, slug):
    ruleset = registry.get(slug)
    page = dice_page.start(opened(slug, "?seed=old-link-1"), Agent())
    assert page.game.settings[RULES_KEY] == 1  # the link's own rules
    page.handle(json.dumps({"kind": "control", "control": "slot-new", "data": {}}))
    assert page.game.settings[RULES_KEY] == ruleset.rules_version
    assert page.game.seed != "old-link-1"


@pytest.mark.parametrize("slug", KEEPERS)
def test_the_new_game_form_after_an_old_link_offers_the_newest_and_says_so(dice_page, slug):
    ruleset = registry.get(slug)
    agent = Agent()
    page = dice_page.start(opened(slug, "?seed=old-link-1"), agent)
    fields = agent.html("#settings-fields")
    newest = ruleset.rules_version
    assert f'name="v" type="number" min="1" max="{newest}" value="{newest}"' in fields
    assert f"Rules version (newest: {newest})" in fields
    assert "This game plays version 1" in fields  # the link's, said beside the choice
    pairs = form_pairs(fields)
    assert ("v", str(newest)) in pairs and ("seed", "old-link-1") in pairs
    page.handle(json.dumps({"kind": "submit", "pairs": [p for p in pairs if p[0] != "seed"]}))  # a random seed
    assert page.game.settings[RULES_KEY] == newest and page.game.seed != "old-link-1"
    page.handle(json.dumps({"kind": "submit", "pairs": [*[p for p in pairs if p[0] != "v"], ("v", "1")]}))
    assert page.game.settings[RULES_KEY] == 1 and page.game.seed == "old-link-1"  # an older one on purpose
    fields = agent.html("#settings-fields")  # the next new game is the newest again unless chosen
    assert f'value="{newest}"' in fields.split('name="v"')[1][:80]


def test_the_form_of_a_newest_game_says_only_which_is_newest():
    ruleset = registry.get("tabletop-dungeon")
    fields = webapp.settings_form_fields(ruleset, ruleset.newest(), "s")
    assert f"Rules version (newest: {ruleset.rules_version})" in fields and "This game plays version" not in fields


def test_fresh_settings_keep_the_players_choices_but_take_the_newest_rules():
    ruleset = registry.get("three-dice-dungeon")
    old = {**ruleset.defaults(), "players": 3, RULES_KEY: 1}
    assert webapp.fresh_settings(ruleset, old) == {**old, RULES_KEY: ruleset.rules_version}
    assert webapp.fresh_settings(TOY, TOY.defaults()) == TOY.defaults()  # no versions: nothing to change


@pytest.mark.parametrize("slug", KEEPERS)
def test_the_rules_versions_help_names_the_newest_as_the_new_games(slug):
    """The help under the choice describes the versions newest first: its first number is the newest (Dice
    Crawl's said "10, the newest" after version 11 was released)."""
    ruleset = registry.get(slug)
    setting = next(s for s in ruleset.settings if s.key == RULES_KEY)
    first = re.search(r"\d+", setting.help)
    assert first and int(first.group(0)) == ruleset.rules_version, setting.help[:120]
