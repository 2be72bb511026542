"""Issue 11: what the code decides is disclosed in the in-page rules, and the help texts say what the rules do."""

from __future__ import annotations

import pytest

from pyapp.three_dice.ruleset import CLASSIC, TILES
from three_dice_helpers import codes, fight, monster, scene


@pytest.mark.parametrize("ruleset", [CLASSIC, TILES])
def test_rules_panel_discloses_living_players_monster_dice_and_the_weaker_deeper_floor(ruleset):
    text = ruleset.rules_html()
    assert "Monster dice are rolled only for living players" in text
    assert "never below 1" in text


def test_tiles_rules_panel_says_when_a_loose_fit_is_taken_and_why_an_extra_pit_appears():
    text = TILES.rules_html()
    assert "only when no turn matches exactly is a loose fit allowed" in text
    assert "an extra Pit (a dead end, not from the deck)" in text
    assert "loose fit" not in CLASSIC.rules_html()


def test_tiles_flee_help_says_fleeing_costs_1_hp():
    help_text = next(s.help for s in TILES.settings if s.key == "flee_rule")
    assert "stacey: escape at 1 HP" in help_text and "every attribute" not in help_text
    classic = next(s.help for s in CLASSIC.settings if s.key == "flee_rule")
    assert "-1 to every attribute" in classic


def test_tiles_flee_button_says_it_costs_1_hp():
    game = fight(scene("tiles", flee_rule="stacey"), monster())
    flee = next(a for a in game.legal() if a.code == "flee")
    assert flee.hint == "costs 1 HP" and "flee" in codes(game)
