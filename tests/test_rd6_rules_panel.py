"""The 3RD6 rules panel: every table of comment 8 from data.py, the amendments of comments
10 and 15 with the settings that play the first versions, and a ruling for each silence."""

from __future__ import annotations

from pyapp.rd6.data import BOSSES, CLASSES, SPELLS
from rd6_helpers import RD6


def test_the_panel_shows_the_variation_s_tables():
    html = RD6.rules_html()
    for spec in CLASSES.values():
        assert f"<td>{spec['name']}</td>" in html
    for _, name, _ in SPELLS.values():
        assert f"<td>{name}</td>" in html
    for name, _plural, hp, _bite in BOSSES.values():
        assert f"<td>{name}</td><td>{hp}</td>" in html
    for words in ("Close 2 exits", "Orcs (4 HP)", "None (recover 1 HP and 1 MND)", "1 Dragon / 5 treasures",
                  "Potion of Enlightenment", "Sapphire Pendant", "Vampires regenerate 1 HP for every 1 HP you lose"):
        assert words in html


def test_the_panel_says_the_vampire_regenerates_only_up_to_its_starting_hp():
    """Issue 45, item 6 (RULINGS, 3RD6): the engine's cap, said on the page."""
    html = RD6.rules_html()
    assert "never above the HP it had when you first met it" in html


def test_the_amendments_and_their_settings_are_explained():
    html = RD6.rules_html()
    assert "to modify an attack roll, not re-roll" in html
    assert "no rolling for lock picking" in html and "Lock picking</i> = roll" in html
    assert "<i>Comment 15's boss names</i>" in html and "<i>Bosses bite</i> (off)" in html
    settings = {s.key: s for s in RD6.settings}
    assert settings["mind_use"].default == "modify" and settings["locks"].default == "sure"
    assert settings["bosses"].default == "named"  # version 1's (older links)
    assert settings["boss_names"].default is False and settings["boss_bite"].default is False


def test_the_panel_says_what_version_2_does_and_what_older_links_keep():
    html = RD6.rules_html()
    for words in ("no monsters, ever: walking back in, once looted, takes no monster check",
                  "defeating them still gives their treasure", "a treasure room or a stairs room has that exit too",
                  "a blow against a door is not an encounter", "A new game plays rules version 2",
                  "a failed steal under Sleep loses the foes' treasure for good"):
        assert words in html, words


def test_each_silence_of_the_text_has_a_ruling_in_the_panel():
    rulings = RD6.rules_html().split("Rulings (where the comments are silent)")[1]
    for topic in ("Which class has which stat block", "Monster damage", "A Key opens one locked door",
                  "Pendants", "map paper", "Layout 1", "Foes: one minion per foes roll"):
        assert topic in rulings, topic
