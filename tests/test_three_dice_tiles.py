"""3 Dice Dungeon: Tiles & HP edition (seed 001): health points, two dice a
room, the tile deck and its rotation, and the edition's treasure changes."""

from __future__ import annotations

from collections import Counter

import pytest

from pyapp.three_dice.data import DEAD_END_KINDS, TILES as DECK
from three_dice_helpers import (
    attack,
    attrs,
    codes,
    fight,
    foe,
    force,
    give,
    here,
    hits_on,
    monster,
    new_game,
    place,
    player,
    queued,
    scene,
)


def tiles(hp=9, **kw):
    """Standing on the Dungeon Entrance (open on all four sides)."""
    game = scene("tiles", hp=hp, here="entrance", exits="NESW", **kw)
    here(game)["name"] = "Dungeon Entrance"
    return game


def draw(game, deck, *faces, side="E"):
    """Go through `side` into unexplored rock with `deck` on top and the room dice fixed."""
    game.state["deck"] = list(deck) + ["straight"] * 10
    force(game, *faces)
    game.play(f"go {side}")
    return game


# ---------------------------------------------------------------- character and health
@pytest.mark.parametrize("difficulty,die,hp", [("easy", 1, 7), ("easy", 6, 12), ("hard", 1, 1), ("hard", 6, 6)])
def test_health_points_1d6_plus_6_easy_or_1d6_hard(difficulty, die, hp):
    game = new_game("tiles", chars=((5, 1, 5),), hp=die, difficulty=difficulty)
    assert player(game)["hp"] == player(game)["hp_max"] == hp
    assert player(game)["rolled"] == [5, 1, 5]


def test_attributes_are_still_rolled_with_the_total_above_10_rule():
    game = new_game("tiles", chars=((1, 1, 1, 6, 6, 6),), hp=2)
    assert player(game)["rolled"] == [6, 6, 6] and player(game)["hp"] == 8


# ---------------------------------------------------------------- the entrance and the deck
def test_the_dungeon_starts_on_the_entrance_tile():
    game = new_game("tiles", seed="entrance")
    game.play("assign 4 4 4")
    assert list(game.state["cells"]) == ["0,0"]
    assert here(game)["kind"] == "entrance" and here(game)["exits"] == "NESW"
    assert foe(game) is None and player(game)["xp"] == 0 and game.state["phase"] == "explore"


@pytest.mark.parametrize("seed", [f"deck-{i}" for i in range(15)])
def test_dead_ends_are_shuffled_into_the_bottom_third_of_the_deck(seed):
    game = new_game("tiles", seed=seed)
    game.play("assign 4 4 4")
    deck = game.state["deck"]
    assert Counter(deck) == Counter({tid: n for tid, _, _, _, n, _ in DECK})
    kinds = {tid: kind for tid, _, kind, _, _, _ in DECK}
    dead = [i for i, tid in enumerate(deck) if kinds[tid] in DEAD_END_KINDS]
    assert dead and all(i >= 2 * len(deck) / 3 for i in dead)


def test_the_deck_is_shuffled_differently_for_different_seeds():
    decks = set()
    for seed in ("a", "b", "c"):
        game = new_game("tiles", seed=seed)
        game.play("assign 4 4 4")
        decks.add(tuple(game.state["deck"]))
    assert len(decks) == 3


def test_a_drawn_tile_is_placed_beside_the_exit_taken_with_its_way_in_open():
    game = draw(tiles(), ["straight"], 6, 1)
    assert game.state["pos"] == "1,0" and here(game)["exits"] == "EW"  # turned a quarter to fit


def test_the_player_turns_a_drawn_tile_to_fit():
    game = draw(tiles(), ["bend"], 6, 1)
    assert game.state["phase"] == "turn"
    options = {a.code: a.label for a in game.legal()}
    assert sorted(options) == ["turn 2", "turn 3"]
    game.play("turn 3")
    assert here(game)["exits"] == "NW"


def test_a_turn_must_match_a_neighbours_exit_when_it_can():
    game = tiles()
    place(game.state, 1, -1, "corridor", "S")  # its exit points into the new tile's N side
    draw(game, ["bend"], 6, 1)
    assert here(game)["exits"] == "NW" and game.state["phase"] == "explore"


def test_a_tile_that_cannot_fit_goes_under_the_deck():
    game = tiles()
    place(game.state, 2, 0, "corridor", "NS")  # a wall on the new tile's E side
    draw(game, ["straight", "bend"], 6, 1)
    assert here(game)["tile"] == "bend"
    assert game.state["deck"][-1] == "straight"


def test_a_dead_end_tile_has_only_its_way_in():
    game = draw(tiles(), ["pit"], 6, 1)
    assert here(game)["exits"] == "W"
    assert "search" in codes(game)


# ---------------------------------------------------------------- two dice a room, XP
def test_a_room_rolls_only_a_monster_die_and_a_treasure_die():
    game = draw(tiles(), ["straight"], 2, 3)
    assert queued(game) == [] and here(game)["dice"] == [2, 3]
    assert foe(game)["name"] == "Orcs" and foe(game)["hp"] == 2


def test_xp_is_the_sum_of_the_two_dice():
    game = draw(tiles(), ["straight"], 2, 3)
    attack(game, "BODY", 1)
    attack(game, "BODY", 1)
    assert player(game)["xp"] == 5 and player(game)["items"]["sword"] == 1


def test_xp_for_a_room_without_monster():
    game = draw(tiles(), ["straight"], 6, 4)
    assert player(game)["xp"] == 10 and player(game)["items"]["tome"] == 1


@pytest.mark.parametrize("face,name", [(1, "Goblins"), (3, "Ogres"), (4, "Giants"), (5, "Dragon")])
def test_monster_column(face, name):
    game = draw(tiles(), ["straight"], face, 1)
    assert foe(game)["name"] == name and foe(game)["hp"] == face


# ---------------------------------------------------------------- combat with health points
def test_a_miss_costs_1_hp_and_no_attribute():
    game = fight(tiles(), monster("Giants", 4))
    attack(game, "MIND", 5)
    assert player(game)["hp"] == 8 and attrs(game) == (4, 4, 4)


def test_crits_still_apply():
    game = fight(tiles(), monster("Giants", 4))
    give(game, sword=1)
    set_body = player(game)["attrs"]
    set_body["BODY"] = 6
    assert hits_on(game, "BODY") == [1, 2, 3, 4, 5]
    set_body["BODY"] = 1
    assert hits_on(game, "BODY") == [1, 2]


def test_death_at_0_hp_even_with_attributes_left():
    game = fight(tiles(hp=1), monster("Giants", 4))
    attack(game, "BODY", 6)
    assert player(game)["hp"] == 0 and game.over and game.state["over"] == "dead"


def test_the_shielding_charm_saves_the_hp():
    game = fight(tiles(), monster("Giants", 4))
    give(game, charm=1)
    game.play("ready charm")
    attack(game, "BODY", 6)
    assert player(game)["hp"] == 9


# ---------------------------------------------------------------- treasure in the Tiles edition
def test_healing_potion_gives_2_hp_up_to_the_maximum():
    game = tiles()
    give(game, potion=2)
    player(game)["hp"] = 5
    game.play("potion 0")
    assert player(game)["hp"] == 7
    player(game)["hp"] = 8
    game.play("potion 0")
    assert player(game)["hp"] == 9 and player(game)["items"]["potion"] == 0


def test_healing_potion_not_offered_at_full_health():
    game = tiles()
    give(game, potion=1)
    assert not any(c.startswith("potion") for c in codes(game))


def test_magic_sword_gives_plus_2_on_body_rolls_and_is_not_cumulative():
    game = fight(tiles(attrs=((2, 2, 2),)), monster("Giants", 4))
    give(game, sword=1)
    assert hits_on(game, "BODY") == [1, 2, 3]
    give(game, sword=1)
    assert hits_on(game, "BODY") == [1, 2, 3]
    assert hits_on(game, "MIND") == [1]


def test_tome_gives_plus_1_on_mind_rolls_and_is_cumulative():
    game = fight(tiles(attrs=((2, 2, 2),)), monster("Giants", 4))
    give(game, tome=2)
    assert hits_on(game, "MIND") == [1, 2, 3]


def test_spell_scroll_gives_plus_3_on_one_spirit_roll():
    game = fight(tiles(attrs=((2, 2, 2),)), monster("Giants", 4))
    give(game, scroll=1)
    game.play("ready scroll")
    assert hits_on(game, "SPIRIT") == [1, 2, 3, 4]
    attack(game, "SPIRIT", 2)
    assert player(game)["items"]["scroll"] == 0


def test_levelling_up_raises_a_maximum_and_restores_hp():
    game = tiles()
    player(game).update(xp=45, hp=2)
    draw(game, ["straight"], 6, 1)  # +7 XP
    assert sorted(codes(game)) == ["raise BODY", "raise MIND", "raise SPIRIT"]
    game.play("raise BODY")
    assert player(game)["hp"] == 9 and player(game)["max"]["BODY"] == 5 and attrs(game) == (5, 4, 4)


def test_search_trap_costs_1_hp():
    game = draw(tiles(), ["pit"], 6, 1)
    force(game, 1)
    game.play("search")
    assert player(game)["hp"] == 8 and attrs(game) == (4, 4, 4) and game.state["phase"] == "explore"


# ---------------------------------------------------------------- tiles: vault, Great Hall, temples
def test_map_fragment_works_on_the_vault_tile():
    game = draw(tiles(), ["vault"], 6, 1)
    assert here(game)["kind"] == "vault"
    give(game, fragment=1)
    force(game, 5)
    game.play("fragment")
    assert player(game)["artifacts"] == {"salts": 1}


def test_descending_from_the_great_hall_tile_starts_a_new_level_on_an_entrance():
    game = draw(tiles(), ["hall"], 6, 1)
    if game.state["phase"] == "turn":
        game.play(codes(game)[0])
    assert "descend classic" not in codes(game)
    game.state["artifact_here"] = True
    game.play("descend classic")
    assert game.state["level"] == 2 and list(game.state["cells"]) == ["0,0"]
    assert here(game)["kind"] == "entrance"


def test_temple_tiles_teleport_to_each_other():
    game = tiles()
    place(game.state, 0, -2, "temple", "S")
    draw(game, ["temple"], 6, 1)
    assert "teleport 0,-2" in codes(game)


def test_undead_level_names_the_vault_tile_a_crypt():
    game = tiles()
    game.state["theme"] = "undead"
    draw(game, ["vault"], 3, 1)
    assert here(game)["name"] == "Crypt" and foe(game)["name"] == "Mummy"


def test_the_deck_holds_corridor_pieces_and_the_renamed_rooms():
    kinds = {tid: kind for tid, _, kind, _, _, _ in DECK}
    assert {"straight", "bend", "tee", "cross"} <= {t for t, k in kinds.items() if k == "corridor"}
    assert {"pit", "temple", "hall", "vault"} <= set(kinds.values())
    shapes = {tid: exits for tid, _, _, exits, _, _ in DECK}
    assert len(shapes["pit"]) == 1 and len(shapes["temple"]) == 1  # Pit and the old Dead End tile


def test_the_tiles_edition_has_no_training_wheels_by_default():
    from pyapp.three_dice.ruleset import TILES

    assert TILES.defaults()["training_wheels"] is False
