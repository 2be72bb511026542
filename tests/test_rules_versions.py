"""Old rules for old links (docs/links-and-versions.md): a ruleset that keeps its older rules has the
rules-version setting v, last; a link without v opens version 1, a new game the newest, and links, saves,
replays and undo keep a game's version. Dice Crawl keeps version 1's card and tile numbers (data.CHANGES)."""

from __future__ import annotations

import dataclasses

import pytest

from pyapp import registry, webapp
from pyapp.dice_crawl import data
from pyapp.dice_crawl.figures import balance, vaults
from pyapp.dice_crawl.ruleset import RULESET as CRAWL
from pyapp.dice_crawl.view import balance_text
from pyapp.engine import RULES_KEY, Game, rules_setting
from toy import TOY

KEEPER = dataclasses.replace(TOY, settings=TOY.settings + (rules_setting(3),), rules_version=3)


def test_a_link_without_v_opens_version_1_and_a_new_game_the_newest():
    assert webapp.parse_query(KEEPER, "seed=s").settings[RULES_KEY] == 1
    assert webapp.parse_query(KEEPER, "").settings[RULES_KEY] == 3
    assert webapp.parse_query(KEEPER, "seed=s&v=2").settings[RULES_KEY] == 2
    request = webapp.parse_query(KEEPER, "seed=s&v=2")
    assert request.problems == []  # rules the page still plays: nothing to say


def test_links_write_a_games_own_version_and_only_when_it_is_not_1():
    old, new = {**KEEPER.defaults()}, KEEPER.newest()
    assert "v=" not in webapp.share_query(KEEPER, "s", old, replay=["roll"])
    query = webapp.share_query(KEEPER, "s", new, replay=["roll"])
    assert "&v=3&replay=~1" in query
    back = webapp.parse_query(KEEPER, query)
    assert back.settings == new and back.replay == ["roll"] and back.problems == []


def test_a_version_the_page_does_not_play_opens_the_newest_with_a_message():
    request = webapp.parse_query(KEEPER, "seed=s&v=9")
    assert request.settings[RULES_KEY] == 3 and "newer rules (version 9" in request.problems[0]


@pytest.mark.parametrize("slug", sorted(registry.RULESETS))
@pytest.mark.parametrize("asked", ["0", "-3", "2b", "8_0", "x", "99"])
def test_a_link_whose_v_the_page_does_not_play_says_which_rules_it_plays(slug, asked):
    """Issue 31, Links: v=0 said "this page has version 8" and played 1; v=2b played 1 in silence. Every page,
    whenever the rules played are not those the link asked for, names the ones it plays."""
    ruleset = registry.get(slug)
    request = webapp.parse_query(ruleset, f"seed=s&v={asked}")
    played = request.settings.get(RULES_KEY, ruleset.rules_version)
    assert played == (ruleset.rules_version if asked == "99" else 1)
    assert len(request.problems) == 1 and f"the game is played with rules version {played}" in request.problems[0]


@pytest.mark.parametrize("slug", sorted(registry.RULESETS))
def test_a_link_whose_v_the_page_plays_opens_in_silence(slug):
    ruleset = registry.get(slug)
    versions = range(1, ruleset.rules_version + 1) if ruleset.keeps_old_rules() else [ruleset.rules_version]
    for version in versions:
        request = webapp.parse_query(ruleset, f"seed=s&v={version}")
        assert request.problems == [] and request.settings.get(RULES_KEY, version) == version


def test_rulesets_that_keep_one_version_are_as_before():
    assert not TOY.keeps_old_rules() and TOY.newest() == TOY.defaults()
    assert RULES_KEY not in webapp.parse_query(TOY, "").settings


def test_dice_crawl_keeps_its_version_in_the_state_saves_and_undo():
    game = Game(CRAWL, "versions", CRAWL.newest())
    assert game.settings[RULES_KEY] == data.RULES_VERSION == CRAWL.rules_version == 11
    assert game.state["rules"] == 11
    assert "rules" not in Game(CRAWL, "versions", {}).state  # version 1's states are as they were
    while len(game.actions) < 30:
        game.auto()
    loaded = Game.from_json(CRAWL, game.to_json())
    assert loaded.settings[RULES_KEY] == 11 and loaded.state == game.state
    replayed = Game.replay(CRAWL, game.seed, game.settings, game.actions)
    assert replayed.state == game.state


def test_dice_crawl_deals_each_versions_own_cards_and_tiles():
    for version in (1, 2, 3, 4, 5, 6, 7, 8):
        game = Game(CRAWL, "deal", {"players": 4, RULES_KEY: version})
        assert sorted(game.state["deck"]) == sorted(data.TILE_IDS[version])
        assert all(p["race"] in data.RACE_IDS[version] and p["cls"] in data.CLASS_IDS[version]
                   for p in game.state["players"])
    assert data.TILE_IDS[1] == data.DECK and data.RACE_IDS[1] == tuple(range(12))  # version 1 as published
    for version in data.CHANGES:  # a change is a replacement: same count, same names
        assert len(data.TILE_IDS[version]) == len(data.DECK)
        assert sorted(data.RACE_NAMES[k] for k in data.RACE_IDS[version]) == sorted(data.RACE_NAMES[:12])
        assert sorted(data.CLASS_NAMES[k] for k in data.CLASS_IDS[version]) == sorted(data.CLASS_NAMES[:12])


def test_the_dice_crawl_page_opens_a_new_game_under_version_11_and_an_old_link_under_its_own():
    def opened(query: str) -> Game:
        request = webapp.parse_query(CRAWL, query)
        return webapp.open_game(CRAWL, request, webapp.SaveStore({}, CRAWL.slug), "fresh", 0.0).game

    fresh, old, second, third = opened(""), opened("seed=link-1"), opened("seed=link-1&v=2"), opened("seed=l&v=3")
    fourth, fifth, sixth, seventh, eighth, ninth, tenth = (opened(f"seed=l&v={v}") for v in (4, 5, 6, 7, 8, 9, 10))
    assert fresh.state["rules"] == 11 and "v=11" in webapp.share_query(CRAWL, fresh.seed, fresh.settings)
    assert tenth.state["rules"] == 10 and "v=10" in webapp.share_query(CRAWL, tenth.seed, tenth.settings)
    assert ninth.state["rules"] == 9 and "v=9" in webapp.share_query(CRAWL, ninth.seed, ninth.settings)
    assert eighth.state["rules"] == 8 and "v=8" in webapp.share_query(CRAWL, eighth.seed, eighth.settings)
    assert seventh.state["rules"] == 7 and "v=7" in webapp.share_query(CRAWL, seventh.seed, seventh.settings)
    assert sixth.state["rules"] == 6 and "v=6" in webapp.share_query(CRAWL, sixth.seed, sixth.settings)
    assert fifth.state["rules"] == 5 and "v=5" in webapp.share_query(CRAWL, fifth.seed, fifth.settings)
    assert fourth.state["rules"] == 4 and "v=4" in webapp.share_query(CRAWL, fourth.seed, fourth.settings)
    assert third.state["rules"] == 3 and "v=3" in webapp.share_query(CRAWL, third.seed, third.settings)
    assert second.state["rules"] == 2 and "v=2" in webapp.share_query(CRAWL, second.seed, second.settings)
    assert "rules" not in old.state and webapp.share_query(CRAWL, old.seed, old.settings) == "?seed=link-1"


def test_every_version_keeps_the_texts_elf_and_warrior():
    assert all(0 not in changes["races"] and 0 not in changes["classes"] for changes in data.CHANGES.values())
    assert all(data.RACE_IDS[v][0] == 0 and data.CLASS_IDS[v][0] == 0 for v in data.RACE_IDS)


def test_version_4_keeps_onslaught_on_the_warriors_card_only():
    """Onslaught sends a unit home for a pair that also goes home: on eight classes of version 3 it kept a tenth
    of the games between bots trading units until the round limit."""
    def holders(version: int) -> set:
        cards = [data.ALL_RACES[k] for k in data.RACE_IDS[version]]
        cards += [data.ALL_CLASSES[k] for k in data.CLASS_IDS[version]]
        return {name for name, powers in cards if any(pw["key"] == "onslaught" for pw in powers)}

    assert len(holders(3)) > 5 and holders(4) == {"Warrior"}
    assert data.ALL_CLASSES[data.CLASS_IDS[4][0]] == data.CLASSES[0]  # the text's Warrior, as printed


def test_version_4_retunes_cards_by_adding_new_ones_and_moves_no_older_card():
    v3 = {data.CLASS_NAMES[k]: data.ALL_CLASSES[k] for k in data.CLASS_IDS[3]}
    v4 = {data.CLASS_NAMES[k]: data.ALL_CLASSES[k] for k in data.CLASS_IDS[4]}
    assert v4["Paladin"] != v3["Paladin"] and v4["Warrior"] == v3["Warrior"]
    for ids, cards in ((data.RACE_IDS, data.ALL_RACES), (data.CLASS_IDS, data.ALL_CLASSES)):
        new = set(ids[4]) - set(ids[3])
        older = {k for version in (1, 2, 3) for k in ids[version]}
        assert new and min(new) > max(older) and min(new) > max(k for s in data.SETS for k in (
            data.SET_RACE_IDS if cards is data.ALL_RACES else data.SET_CLASS_IDS)[1][s])  # after the sets' cards too


def test_version_5_retunes_the_forbidden_vaults_cards_and_a_version_4_game_keeps_the_first_ones():
    def dealt(version: int) -> set:
        game = Game(CRAWL, "sets", {"players": 4, RULES_KEY: version, "vaults": "all", "vault_cards": "first"})
        return {(p["race"], p["cls"]) for p in game.state["players"]}

    for version in (4, 5):
        races = {k for ids in data.SET_RACE_IDS[version].values() for k in ids}
        classes = {k for ids in data.SET_CLASS_IDS[version].values() for k in ids}
        assert all(race in races and cls in classes for race, cls in dealt(version))  # the sets' cards first
    assert data.SET_RACE_IDS[4] == data.SET_RACE_IDS[1] and data.SET_CLASS_IDS[4] == data.SET_CLASS_IDS[1]
    assert data.SET_CLASS_IDS[5] != data.SET_CLASS_IDS[4] and data.SET_CLASSES == data.SET_CLASS_IDS[data.RULES_VERSION]
    for version in (4, 5):  # a retuned card keeps its name and its set
        assert {s: [data.CLASS_NAMES[k] for k in ids] for s, ids in data.SET_CLASS_IDS[version].items()} == {
            s: [data.CLASS_NAMES[k] for k in ids] for s, ids in data.SET_CLASS_IDS[1].items()}
        assert {s: [data.RACE_NAMES[k] for k in ids] for s, ids in data.SET_RACE_IDS[version].items()} == {
            s: [data.RACE_NAMES[k] for k in ids] for s, ids in data.SET_RACE_IDS[1].items()}


def played(version: int, **settings) -> list[str]:
    """A game between normal bots under a rules version, action by action."""
    game = Game(CRAWL, "same-game", {"players": 2, "seat1": "normal", "seat2": "normal", RULES_KEY: version,
                                     **settings})
    while not game.over and len(game.actions) < 400:
        game.auto()
    return game.actions


def test_without_the_forbidden_vaults_version_5_plays_the_same_game_as_version_4():
    """So the base game's balance figures of version 4 held for version 5 (data.BASE_GAME_SINCE, until 6)."""
    assert data.RACE_IDS[5] == data.RACE_IDS[4] and data.CLASS_IDS[5] == data.CLASS_IDS[4]
    assert data.TILE_IDS[5] == data.TILE_IDS[4]
    assert played(5) == played(4)


def test_version_6_retunes_three_base_classes_and_a_version_5_game_keeps_the_old_ones():
    """The Necromancer won 43% of its two-player games and the Ranger 55% (version 4's figures); the base
    game's figures are measured again from version 6 (data.BASE_GAME_SINCE)."""
    def classes(version: int) -> dict:
        return {data.CLASS_NAMES[k]: data.ALL_CLASSES[k][1] for k in data.CLASS_IDS[version]}

    v5, v6 = classes(5), classes(6)
    assert {name for name in v6 if v6[name] != v5[name]} == {"Ranger", "Necromancer", "Paladin"}
    assert [pw["key"] for pw in v6["Necromancer"]] == ["shapechange", "attack"]
    assert data.RACE_IDS[6] == data.RACE_IDS[5] and data.TILE_IDS[6] == data.TILE_IDS[5]
    assert data.SET_RACE_IDS[6] == data.SET_RACE_IDS[5] and data.SET_CLASS_IDS[6] == data.SET_CLASS_IDS[5]


def test_version_7_retunes_two_forbidden_vaults_classes_and_plays_the_base_game_as_version_6():
    """The Loremaster and the Trapsmith won about 44% of their two-player games of their set under version 6
    (view/vault_balance_figures.py of that version); the base game's figures of version 6 still hold."""
    def classes(version: int) -> dict:
        return {data.CLASS_NAMES[k]: data.ALL_CLASSES[k][1] for s in data.SETS
                for k in data.SET_CLASS_IDS[version][s]}

    v6, v7 = classes(6), classes(7)
    assert {name for name in v7 if v7[name] != v6[name]} == {"Loremaster", "Trapsmith"}
    assert [pw["key"] for pw in v7["Trapsmith"]] == [pw["key"] for pw in v6["Trapsmith"]]  # the costs only
    assert data.CLASS_IDS[7] == data.CLASS_IDS[6] and data.RACE_IDS[7] == data.RACE_IDS[6]
    assert data.TILE_IDS[7] == data.TILE_IDS[6] and data.SET_RACE_IDS[7] == data.SET_RACE_IDS[6]
    assert played(7) == played(6)
    with_dwarves = played(7, vaults="dwarves", vault_cards="first")
    assert with_dwarves != played(6, vaults="dwarves", vault_cards="first")


def test_version_8_retunes_the_base_and_set_cards_around_the_texts_elf_and_warrior():
    """Under versions 6 and 7 the Warrior won 55.3% of two-player games, against 49% for a seat. Version 8
    retunes the base cards around the text's Elf and Warrior: every other class holds a Shapechange, no other
    race prints an Attack or a Shapechange, and a race's small Powers unlock only with a pair of one value; the
    Forbidden Vaults cards are remade the same way. Measured as a candidate (data.CANDIDATE), then released."""
    def cards(ids: dict, names: tuple, every: tuple) -> dict:
        return {names[k]: every[k][1] for k in ids[8]}

    assert 8 in data.CHANGES and data.CHANGES[8]["races"] and data.CHANGES[8]["classes"]
    classes = cards(data.CLASS_IDS, data.CLASS_NAMES, data.ALL_CLASSES)
    races = cards(data.RACE_IDS, data.RACE_NAMES, data.ALL_RACES)
    assert data.CLASS_IDS[8][0] == data.CLASS_IDS[7][0] == 0 and data.RACE_IDS[8][0] == data.RACE_IDS[7][0] == 0
    others = [powers for name, powers in classes.items() if name != "Warrior"]
    assert all(any(pw["key"] == "shapechange" for pw in powers) for powers in others)
    assert all(pw["key"] not in ("attack", "shapechange", "onslaught") for powers in races.values() for pw in powers)
    small = ("scout", "reveal", "rotate", "swap", "withdraw")
    assert all(pw["unlock"].isdigit() for powers in races.values() for pw in powers if pw["key"] in small)
    assert sorted(classes) == sorted(data.CLASS_NAMES[k] for k in data.CLASS_IDS[7])
    assert sorted(races) == sorted(data.RACE_NAMES[k] for k in data.RACE_IDS[7])
    assert data.TILE_IDS[8] == data.TILE_IDS[7]
    assert played(8) != played(7)

    assert "Version 8: no rule changes" in balance_text.changes_html()

    assert balance.tally(1, 2, ["easy"], rules=7)["rules"] == 7
    assert balance.one_game((0, 2, ["normal"], "rules", 8)) != balance.one_game((0, 2, ["normal"], "rules", 7))
    set_races = [data.ALL_RACES[k][1] for ids in data.SET_RACE_IDS[8].values() for k in ids]
    set_classes = [data.ALL_CLASSES[k][1] for ids in data.SET_CLASS_IDS[8].values() for k in ids]
    assert all(pw["key"] not in ("attack", "shapechange") for powers in set_races for pw in powers)  # the sets' too
    # every set class holds a Shapechange but the one whose Undead no Shapechange touches
    assert all(any(pw["key"] in ("shapechange", "undead") for pw in powers) for powers in set_classes)
    assert vaults.set_cards("crypt", 7) != vaults.set_cards("crypt")


def test_version_9_changes_rules_retunes_base_cards_and_version_11_is_the_newest():
    """Version 9 (issue 31's Dice Crawl items 1 to 6; tests/test_dice_crawl_rules_v9.py) changes rules and the
    normal bot, and retunes base cards for them (never the text's Elf and Warrior, no tile, no set card):
    measured as a candidate (data.CANDIDATE), then released. Version 10 (issue 45; test_dice_crawl_rules_v10.py)
    changes three rules none of which plays in the base game, and no card. Version 11 (issue 45;
    test_dice_crawl_rules_v11.py) changes the normal bot's play once every marker is shut in, and no card: the
    base game between bots plays differently from it. A link asking for a version 12 opens version 11 and says
    so."""
    import argparse

    from pyapp.dice_crawl.figures import parts

    assert data.RULES_VERSION == 11 == max(data.CHANGES) == CRAWL.rules_version and data.CANDIDATE is None
    assert data.BASE_GAME_SINCE == 11  # the normal bot's play changed (bots/bot.LEADER_ENDS)
    for version in (10, 11):
        assert data.CHANGES[version]["rule"] and not any(data.CHANGES[version][k] for k in ("tiles", "races",
                                                                                            "classes"))
        for ids in (data.TILE_IDS, data.RACE_IDS, data.CLASS_IDS, data.SET_RACE_IDS, data.SET_CLASS_IDS):
            assert ids[version] == ids[9]
    assert data.CHANGES[9]["rule"] and data.CHANGES[9]["races"] and data.CHANGES[9]["classes"]
    for ids in (data.TILE_IDS, data.SET_RACE_IDS, data.SET_CLASS_IDS):
        assert ids[9] == ids[8]  # the tiles and the Forbidden Vaults cards of version 8

    def cards(version: int) -> tuple[dict, dict]:
        return ({data.RACE_NAMES[k]: data.ALL_RACES[k][1] for k in data.RACE_IDS[version]},
                {data.CLASS_NAMES[k]: data.ALL_CLASSES[k][1] for k in data.CLASS_IDS[version]})

    (races8, classes8), (races9, classes9) = cards(8), cards(9)
    assert races9["Elf"] == races8["Elf"] and classes9["Warrior"] == classes8["Warrior"]  # the text's, as printed
    assert {name for name in races9 if races9[name] != races8[name]} == {
        data.RACE_NAMES[k] for k in data.CHANGES[9]["races"]}
    assert {name for name in classes9 if classes9[name] != classes8[name]} == {
        data.CLASS_NAMES[k] for k in data.CHANGES[9]["classes"]}
    # version 8's design holds: no race prints an Attack or a Shapechange, every class but the Warrior a Shapechange
    assert not any(pw["key"] in ("attack", "shapechange") for powers in races9.values() for pw in powers)
    assert all(any(pw["key"] == "shapechange" for pw in powers) for name, powers in classes9.items()
               if name != "Warrior")

    request = webapp.parse_query(CRAWL, "seed=l&v=12")  # too new: the newest, with the page's message
    game = webapp.open_game(CRAWL, request, webapp.SaveStore({}, CRAWL.slug), "fresh", 0.0).game
    assert game.state["rules"] == 11 and game.settings[RULES_KEY] == 11
    assert request.problems == ["This link was made for newer rules (version 12; this page plays versions 1 to "
                                "11): the game is played with rules version 11, and the dungeon may differ. "
                                "Reload to get the newest page."]
    fresh = webapp.parse_query(CRAWL, "")
    assert fresh.settings[RULES_KEY] == 11 and fresh.settings["first"] == "text"
    assert "Version 9: the rules of issue 31, and fifteen base cards retuned" in balance_text.changes_html()
    assert "Version 11: issue 45&#x27;s last ruling, no card changed: the normal bot ends a game it leads" in \
        balance_text.changes_html()
    assert "in preparation" not in balance_text.changes_html()

    parser = argparse.ArgumentParser()
    parts.add_arguments(parser)
    assert parser.parse_args([]).rules == 11 and parser.parse_args(["--rules", "8"]).rules == 8
    assert balance.tally(1, 2, ["easy"])["rules"] == 11
    assert balance.one_game((0, 2, ["normal"], "rules", 9)) != balance.one_game((0, 2, ["normal"], "rules", 8))
    assert vaults.set_cards("crypt", 9) == vaults.set_cards("crypt", 8)



def test_tabletop_keeps_versions_1_and_2_for_old_links_and_plays_3_in_a_new_game():
    from pyapp.tabletop.ruleset import RULESET as TABLETOP

    assert webapp.parse_query(TABLETOP, "seed=s").settings[RULES_KEY] == 1
    assert webapp.parse_query(TABLETOP, "").settings[RULES_KEY] == TABLETOP.rules_version == 3
    assert "rules" not in Game(TABLETOP, "s", {}).state  # version 1's states are as they were
    game = Game(TABLETOP, "s", TABLETOP.newest())
    assert game.state["rules"] == 3 and "v" not in game.state["opts"]
    assert webapp.share_query(TABLETOP, "s", game.settings).endswith("&v=3")
    second = webapp.parse_query(TABLETOP, "seed=s&v=2")  # a version-2 link keeps its rules
    assert second.settings[RULES_KEY] == 2 and second.problems == []


def test_the_dungeon_generator_keeps_version_1_for_old_links_and_rolls_6_for_a_new_dungeon():
    from pyapp.dungeon_gen.ruleset import RULESET as GENERATOR

    assert webapp.parse_query(GENERATOR, "seed=s").settings[RULES_KEY] == 1
    assert webapp.parse_query(GENERATOR, "").settings[RULES_KEY] == GENERATOR.rules_version == 6
    assert "rules" not in Game(GENERATOR, "s", {}).state and "v" not in Game(GENERATOR, "s", {}).state["opts"]
    game = Game(GENERATOR, "s", GENERATOR.newest())
    assert game.state["rules"] == 6 and "v" not in game.state["opts"]
    assert webapp.share_query(GENERATOR, "s", game.settings).endswith("&v=6")
    for version in (2, 3, 4, 5):  # a version-2, 3, 4 or 5 link keeps its rules
        older = webapp.parse_query(GENERATOR, f"seed=s&v={version}")
        assert older.settings[RULES_KEY] == version and older.problems == []


def test_a_generator_link_too_new_opens_version_6_with_the_pages_message():
    from pyapp.dungeon_gen.ruleset import RULESET as GENERATOR

    request = webapp.parse_query(GENERATOR, "seed=s&v=7")
    game = webapp.open_game(GENERATOR, request, webapp.SaveStore({}, GENERATOR.slug), "fresh", 0.0).game
    assert game.state["rules"] == 6 and game.settings[RULES_KEY] == 6
    assert "newer rules (version 7; this page plays versions 1 to 6)" in request.problems[0]


def test_the_docs_count_the_base_cards_version_9_retuned():
    """Issue 45, item 5: docs/links-and-versions.md said eight; data.CHANGES[9] replaces fifteen base cards."""
    from pathlib import Path

    words = {8: "eight", 15: "fifteen"}
    retuned = len(data.CHANGES[9]["races"]) + len(data.CHANGES[9]["classes"])
    text = " ".join((Path(__file__).resolve().parent.parent / "docs" / "links-and-versions.md").read_text().split())
    assert retuned == 15 and f"and {words[retuned]} base cards retuned for those rules" in text
