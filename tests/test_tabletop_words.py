"""Tabletop Dungeon English (issue 11): counts with the right plural, items
with the right article, each hero's own pronouns, every setting named.
Every template that shows a count is checked at 0, 1 and 2, and whole
auto-played games are scanned line by line."""

import re

import pytest

from pyapp.simulate import play_out
from pyapp.tabletop import growth, heroes
from pyapp.tabletop.data import HEROES, ITEM_NAMES
from pyapp.tabletop.rules_text import rules_html
from pyapp.tabletop.ruleset import RULESET
from pyapp.tabletop.sheets import panel_html, status_html
from pyapp.tabletop.state import new_monster
from pyapp.tabletop.words import an_item, plural
from tabletop_helpers import force, game, hero, scene, select

NOUNS = "room|hallway|move|square|goblin|orc|Door|place|wound|monster"
WRONG = [
    re.compile(rf"(?<![\d-])1 ({NOUNS})s\b"),  # "1 rooms"
    re.compile(rf"(?<![\d-])(0|[2-9]|\d\d+) ({NOUNS})\b(?!s)"),  # "2 room"
    re.compile(r"\ba (Boots|[AEIOU])"),  # "a Boots of Speed", "a Orc"
    re.compile(r"\(s\)"),  # "wound(s)"
]
HE = re.compile(r"\b(her|she|She|hers)\b")
SHE = re.compile(r"\b(him|his|he|He)\b")


def english_problems(text: str) -> list:
    plain = re.sub(r"\b(Goblin|Orc|Player|door|room|hallway|Hallway|Room) \d+", "N", text)  # names, not counts
    out = [f"{text!r}: {rule.pattern}" for rule in WRONG if rule.search(plain)]
    named = [cls for cls in HEROES if f"the {HEROES[cls]['name']}" in text]
    if len(named) == 1:  # a line about one hero: her, his or their own pronouns only
        wrong = HE if HEROES[named[0]]["pronouns"][0] == "he" else SHE
        if wrong.search(text.split(f"the {HEROES[named[0]]['name']}", 1)[1]):
            out.append(f"{text!r}: pronoun of the {named[0]}")
    return out


@pytest.mark.parametrize("n,text", [(0, "0 rooms"), (1, "1 room"), (2, "2 rooms")])
def test_plural(n, text):
    assert plural(n, "room") == text


def test_items_take_their_article():
    assert an_item("boots") == "Boots of Speed"
    assert [an_item(i) for i in ("luck", "heal", "invis", "cloak", "ring")] == [
        "a Luck Potion", "a Healing Potion", "a Potion of Invisibility", "a Cloak of Protection", "a Ring of Power"]
    assert set(ITEM_NAMES) == {"luck", "heal", "invis", "boots", "cloak", "ring"}


@pytest.mark.parametrize("n", [0, 1, 2])
def test_every_counted_template_at_0_1_2(n):
    g = scene({"knight": (1, 4), "wizard": (1, 5)})
    s = g.state
    k, w = hero(g, "knight"), hero(g, "wizard")
    # moves left: the select button's hint and the status line
    k["moves"] = w["moves"] = n
    hints = {a.hint for a in g.legal()}
    assert plural(n, "move") in hints and not english_problems(status_html(s))
    # a hero's move, a monster's walk, a potion's wounds, the box, the placement offer, the stocking
    lines = []
    w["moves"], w["wounds"], w["potions"]["heal"] = 4, n + 1, 1
    select(g, "wizard")
    g.play("drink heal")
    lines.append(s["log"][-1])
    assert plural(n, "wound") + " left" in s["log"][-1]
    s["monsters"] = [new_monster(s, "goblin", (60 + i, 0)) for i in range(18 - n)]
    s["monsters"] += [new_monster(s, "orc", (80 + i, 0)) for i in range(18 - n)]
    force(g, 2)
    growth.stock(s, {"kind": "room", "n": 2, "x": 40, "y": 0, "w": 3, "h": 3, "cleared": False}, (41, 2))
    lines += s["log"][-3:]
    assert f"Only {plural(n, 'goblin')} {'is' if n == 1 else 'are'} left" in " ".join(s["log"][-3:])
    lines.append(panel_html(s))
    for text in lines:
        assert not english_problems(text), text


def test_the_search_finds_boots_without_an_article_and_pronouns_follow_the_sheet():
    g = scene({"knight": (0, 0), "archer": (1, 1)})
    force(g, 6, 1, 6, 4)  # knight: major 1 (boots); archer: major 4 (cloak)
    s = g.state
    heroes.search(s, 0)
    assert any(line.endswith("the Knight finds Boots of Speed (1).") for line in s["log"])
    assert any(line.endswith("the Archer finds a Cloak of Protection (4).") for line in s["log"])
    g2 = scene({"knight": (1, 5)}, [("goblin", (1, 1)), ("goblin", (1, 2))], door_state="open")
    g2.play("end")
    g2.play("step")
    g2.play("step")
    assert g2.state["log"][-1].endswith("it threatens him. He is in Peril.")
    assert "On his sheet" in g2.view().panel


def test_every_setting_is_named_in_the_rules_and_the_house_rule_shows_when_on():
    text = rules_html()
    for setting in RULESET.settings:
        key = re.sub(r"\d$", "1", setting.key)
        assert key.rstrip("1") in text, setting.key
    g = game(search_again=True)
    assert "house rule on" in status_html(g.state)
    assert "house rule on" not in status_html(game().state)


@pytest.mark.parametrize("party", [("knight",), ("barbarian", "wizard"), ("archer", "knight", "wizard"),
                                   ("knight", "barbarian", "wizard", "archer")])
def test_whole_games_log_and_buttons_read_as_english(party):
    settings = {"heroes": len(party), "placement": "auto",
                **{f"class{i}": c for i, c in enumerate(party, start=1)}}
    problems = []
    for i in range(6):
        state = play_out(RULESET, f"words-{i}", settings, stop=lambda st: False)
        for line in state["log"]:
            problems += english_problems(line)
    g = game(party, seed="words-buttons")
    for _ in range(400):
        if g.over:
            break
        for action in g.legal():
            problems += english_problems(action.label) + english_problems(action.hint or "")
        g.play(RULESET.auto_action(g.state))
    assert not problems, problems[:5]

