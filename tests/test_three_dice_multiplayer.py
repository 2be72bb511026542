"""3 Dice Dungeon (seed 000): several players (hot-seat) - monster dice per
player, shared XP, turn order and who gets hit."""

from __future__ import annotations

import pytest

from three_dice_helpers import (
    attack,
    attrs,
    codes,
    foe,
    force,
    new_game,
    player,
    queued,
    scene,
    start,
)


def party(n=2, edition="classic", **settings):
    return scene(edition, attrs=tuple((4, 4, 4) for _ in range(n)), exits="S", **settings)


def walk_into(game, location, *monster_faces, treasure=1, exits=1):
    force(game, location, *monster_faces, treasure, exits)
    game.play("go S")
    return game


def test_one_monster_die_per_player():
    game = walk_into(party(3), 3, 1, 2, 3, treasure=1, exits=1)
    assert queued(game) == [] and here_dice(game) == [3, 1, 2, 3, 1]


def here_dice(game):
    return game.state["cells"][game.state["pos"]]["dice"]


def test_highest_monster_die_sets_the_kind_and_the_sum_sets_the_hit_points():
    game = walk_into(party(2), 3, 2, 4)
    assert foe(game)["name"] == "Giants" and foe(game)["hp"] == 6


@pytest.mark.parametrize("edition", ["classic", "tiles"])
def test_a_highest_monster_die_of_6_means_no_monster_as_the_text_says(edition):
    """Issue 31: "the highest monster die determines the type": a 6 is None, whatever the other dice show."""
    game = walk_into(party(3, edition=edition, v=2), *([3] if edition == "classic" else []), 6, 3, 1)
    assert foe(game) is None and game.state["rules"] == 2
    game = walk_into(party(3, edition=edition, v=2), *([3] if edition == "classic" else []), 2, 3, 1)
    assert foe(game)["name"] == "Ogres" and foe(game)["hp"] == 6  # below 6: the sum of every die


def test_version_1_and_the_sixes_aside_setting_set_the_sixes_aside():
    for settings in ({}, {"v": 2, "sixes_aside": True}):
        game = walk_into(party(3, **settings), 3, 6, 3, 1)
        assert foe(game)["name"] == "Ogres" and foe(game)["hp"] == 4


def test_no_monster_only_when_every_monster_die_shows_6_with_the_sixes_set_aside():
    game = walk_into(party(2), 3, 6, 6, treasure=2)
    assert foe(game) is None and game.state["phase"] == "explore"
    game = walk_into(party(2, v=2, sixes_aside=True), 3, 6, 5, treasure=2)
    assert foe(game)["name"] == "Dragon"


def test_every_player_earns_the_locations_xp():
    game = walk_into(party(2), 3, 6, 6, treasure=2)
    assert [p["xp"] for p in game.state["players"]] == [3 + 6 + 6 + 2] * 2


def test_every_player_earns_the_xp_of_a_defeated_monster():
    game = walk_into(party(2), 3, 1, 1, treasure=4)  # Goblins, 2 HP
    attack(game, "BODY", 1)
    attack(game, "BODY", 1)
    assert [p["xp"] for p in game.state["players"]] == [3 + 1 + 1 + 4] * 2


def test_players_attack_in_turn_order():
    game = walk_into(party(3), 3, 5, 5, 5)  # Dragon, 15 HP
    turns = []
    for _ in range(6):
        turns.append(game.state["turn"])
        attack(game, "BODY", 2)
    assert turns == [0, 1, 2, 0, 1, 2]


def test_a_monster_that_hits_strikes_the_player_who_missed():
    game = walk_into(party(2), 3, 4, 4)
    attack(game, "BODY", 1)  # player 1 hits
    attack(game, "MIND", 6)  # player 2 misses
    assert attrs(game, 0) == (4, 4, 4) and attrs(game, 1) == (4, 3, 4)
    assert foe(game)["hp"] == 7


def test_a_fallen_player_is_skipped_and_the_others_fight_on():
    game = party(2)
    game.state["players"][0]["attrs"] = {"BODY": 0, "MIND": 0, "SPIRIT": 1}
    walk_into(game, 3, 4, 4)
    attack(game, "SPIRIT", 6)  # player 1 falls
    assert not player(game, 0)["alive"] and not game.over
    assert game.state["turn"] == 1
    attack(game, "BODY", 1)
    assert game.state["turn"] == 1


def test_the_game_ends_when_every_player_has_fallen():
    game = party(2)
    for p in game.state["players"]:
        p["attrs"] = {"BODY": 0, "MIND": 0, "SPIRIT": 1}
    walk_into(game, 3, 4, 4)
    attack(game, "SPIRIT", 6)
    assert not game.over
    attack(game, "SPIRIT", 6)
    assert game.over and game.state["over"] == "dead"


def test_treasure_goes_to_the_player_who_struck_the_final_blow():
    game = walk_into(party(2), 3, 1, 1, treasure=3)
    attack(game, "BODY", 1)  # player 1
    attack(game, "BODY", 1)  # player 2: the final blow
    assert player(game, 0)["items"]["sword"] == 0 and player(game, 1)["items"]["sword"] == 1


def test_the_player_who_moved_the_party_acts_first_in_an_empty_location():
    game = walk_into(party(2), 3, 6, 6, exits=1)  # no monster, a dead end: nothing to choose
    assert game.state["phase"] == "explore" and game.state["turn"] == 0


def test_the_player_who_moved_the_party_places_the_exits_and_attacks_first():
    game = walk_into(party(2), 3, 4, 4, exits=2)  # Giants; one exit of three free sides to choose
    assert game.state["phase"] == "exits" and game.state["turn"] == 0
    game.play("exits NS")
    assert game.state["phase"] == "fight" and game.state["turn"] == 0


def test_the_round_in_a_new_location_starts_with_whoever_moved_the_party_then_seat_order():
    game = party(3)
    game.play("pass")  # seat 2 leads
    walk_into(game, 3, 5, 5, 5, exits=1)  # Dragon, 15 HP
    turns = []
    for _ in range(4):
        turns.append(game.state["turn"])
        attack(game, "BODY", 2)
    assert turns == [1, 2, 0, 1]


def test_the_first_location_starts_with_seat_1():
    game = new_game(chars=((4, 4, 4), (4, 4, 4)))
    game.play("assign 4 4 4")
    start(game, 3, 2, 3, 1, 2)  # Large room, Ogres, two exits to place
    assert game.state["turn"] == 0 and game.state["phase"] in ("exits", "fight")


def test_each_player_levels_up_and_raises_their_own_attribute():
    game = party(2)
    for p in game.state["players"]:
        p["xp"] = 40
    walk_into(game, 3, 6, 6, treasure=1)  # +16 XP each
    game.play("raise BODY")
    game.play("raise SPIRIT")
    assert player(game, 0)["max"]["BODY"] == 5 and player(game, 1)["max"]["SPIRIT"] == 5
    assert game.state["phase"] == "explore"


def test_training_wheels_reroll_every_players_monster_die():
    game = new_game(chars=((4, 4, 4), (4, 4, 4)))
    game.play("assign 4 4 4")
    start(game, 3, 4, 2, 5, 3, 1, 1)
    assert foe(game)["name"] == "Ogres" and foe(game)["hp"] == 5


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_players_setting_gives_that_many_characters(n):
    game = new_game(chars=tuple((4, 4, 4) for _ in range(n)))
    assert len(game.state["players"]) == n and codes(game) == ["assign 4 4 4"]


def test_the_first_actor_ruling_is_in_the_rules_panel():
    from pyapp.three_dice.ruleset import CLASSIC, TILES

    for ruleset in (CLASSIC, TILES):
        assert "the round starts with the player who moved the party" in ruleset.rules_html()


def test_the_rules_panel_says_a_highest_6_is_no_monster_and_what_older_links_keep():
    from pyapp.three_dice.ruleset import CLASSIC, TILES

    for ruleset in (CLASSIC, TILES):
        text = ruleset.rules_html()
        assert "when it is a 6 (None) the\nlocation has no monster" in text
        assert "<i>Several players: set sixes aside</i>" in text and "A new game plays rules version 2" in text
        assert ruleset.rules_version == 2 and ruleset.settings[-1].key == "v"


def test_a_new_game_plays_version_2_an_old_link_version_1_and_a_bad_value_is_told():
    from pyapp import webapp
    from pyapp.engine import Game
    from pyapp.three_dice.ruleset import CLASSIC

    assert webapp.parse_query(CLASSIC, "").settings["v"] == 2
    assert webapp.parse_query(CLASSIC, "seed=link-1").settings["v"] == 1
    old = Game(CLASSIC, "s", {"players": 2})
    assert "rules" not in old.state and not {"v", "sixes_aside"} & set(old.state["opts"])
    request = webapp.parse_query(CLASSIC, "seed=s&v=2&sixes_aside=maybe")
    assert request.problems == ["Several players: set sixes aside: expected on or off, got 'maybe' "
                                "(the default was used)."]
