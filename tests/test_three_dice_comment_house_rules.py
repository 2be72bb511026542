"""The table of every rule change proposed in seed 000's comments (pyapp/three_dice/house_rules.py):
each setting it names exists on its page, and the 3 Dice Dungeon rules panel shows every row."""

from __future__ import annotations

from pyapp.markup import escape
from pyapp.registry import RULESETS
from pyapp.three_dice.house_rules import HOUSE_RULES, setting_key


def test_every_row_s_setting_exists_on_its_page_with_that_value():
    for rule in HOUSE_RULES:
        if not rule.setting:
            assert rule.why, f"comment {rule.comment}: a row without a setting says why"
            continue
        settings = {s.key: s for s in RULESETS[rule.page].settings}
        assert setting_key(rule) in settings, f"comment {rule.comment}: no setting {rule.setting!r} on {rule.page}"
        if "=" in rule.setting:
            assert rule.setting.split("=")[1] in settings[setting_key(rule)].choices


def test_every_comment_setting_of_the_3_dice_pages_has_a_row():
    named = {setting_key(rule) for rule in HOUSE_RULES if rule.page == "three-dice-dungeon"}
    comment_settings = {s.key for s in RULESETS["three-dice-dungeon"].settings if "comments" in s.label}
    assert comment_settings <= named


def test_comment_20_lower_base_attributes_per_dungeon_level_is_the_descent_drain_setting():
    row = next(rule for rule in HOUSE_RULES if "Lower the base attributes" in rule.proposal)
    assert (row.comment, row.who, row.setting) == ("20", "Alvin", "descent_drain")


def test_the_rules_panel_shows_every_row():
    for slug in ("three-dice-dungeon", "three-dice-dungeon-tiles"):
        html = RULESETS[slug].rules_html()
        assert 'id="comment-house-rules"' in html
        for rule in HOUSE_RULES:
            assert escape(rule.proposal) in html
    assert 'href="../three-rd6-dungeon/"' in RULESETS["three-dice-dungeon"].rules_html()
