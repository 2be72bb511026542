"""The board in words (issue 48, pyapp/places.py): every ruleset names every place its board shows with what is
in it, from the same state as its SVG, and offers every board action from a place, so that a player who
cannot see plays it all by keyboard. Checked through random play on every ruleset, then page by page: what the
map draws (a monster's HP, a hero's wounds, a unit on a tile, a room's passages) is in the words."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

from pyapp import registry
from pyapp.engine import Game, Roll
from pyapp.places import BoardWords, Place, nearest, plain, roll_words
from random_play import random_game

SLUGS = list(registry.RULESETS) + list(registry.EXAMPLES)


def ruleset_of(slug):
    return registry.RULESETS[slug] if slug in registry.RULESETS else registry.EXAMPLES[slug]


def words_of(game: Game) -> BoardWords:
    return game.ruleset.words(game.state, game.legal())


def check_words(game: Game) -> BoardWords:
    """What holds of every position's words: unique places with names, every board action offered from a place
    (and only legal ones), neighbours among the places, answers to every question."""
    words = words_of(game)
    assert isinstance(words, BoardWords) and words.places, game.ruleset.slug
    ids = [p.id for p in words.places]
    assert len(ids) == len(set(ids)), ids
    legal = {a.code for a in game.legal()}
    placed = {a.code for p in words.places for a in p.actions}
    assert placed <= legal
    board = {a.code for a in game.legal() if a.board and a.target}
    assert board <= placed, f"board actions with no place: {board - placed}"
    for place in words.places:
        assert place.name and "<" not in place.words() and "None" not in place.words(), place
    near = words.near()
    assert all(other in near for ways in near.values() for other in ways.values())
    assert near == {p.id: {d: n.id for d in "NESW" if (n := nearest(p, words.places, d))} for p in words.places}
    for answer in (words.turn, words.score, words.rolls):
        assert answer and "<" not in answer, answer
    return words


@pytest.mark.parametrize("slug", SLUGS)
def test_every_position_of_random_play_has_its_words(slug):
    ruleset = ruleset_of(slug)

    @hsettings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
    @given(seed=st.text(max_size=6), picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=80),
           bot_share=st.integers(0, 4))
    def words_hold(seed, picks, bot_share):
        check_words(Game(ruleset, seed))
        game = random_game(ruleset, seed, {}, picks, bot_share, check=lambda game, _: check_words(game))
        check_words(game)

    words_hold()


def played(slug: str, steps: int, seed: str = "words", settings: dict | None = None) -> Game:
    game = Game(registry.get(slug), seed, settings or {})
    for _ in range(steps):
        if game.over:
            break
        game.auto()
    return game


def find_game(slug: str, wanted, seed: str = "words", steps: int = 300, settings: dict | None = None) -> Game:
    """The first position of an auto-played game where `wanted(game)` holds."""
    game = Game(registry.get(slug), seed, settings or {})
    for _ in range(steps):
        if wanted(game):
            return game
        if game.over:
            break
        game.auto()
    raise AssertionError(f"{slug}: no such position in {steps} steps")


@pytest.mark.parametrize("slug", ["three-dice-dungeon", "three-dice-dungeon-tiles"])
def test_three_dice_names_each_location_its_monster_and_exits(slug):
    game = find_game(slug, lambda g: any(c["monster"] for c in g.state["cells"].values()))
    words = check_words(game)
    state = game.state
    assert words.places[0].id == state["pos"] and "(you are here)" in words.places[0].name
    for key, cell in state["cells"].items():
        place = next(p for p in words.places if p.id == key)
        assert cell["name"] in place.name
        if cell["monster"]:
            assert f"{cell['monster']['hp']} of {cell['monster']['max']} HP" in place.contents
        assert ("no exits yet" in place.contents) != bool(cell["exits"])
    for action in game.legal():
        if action.target and action.target[0] == "side":
            assert any(action in p.actions for p in words.places)


def test_three_dice_offers_the_unexplored_side_as_a_place_to_walk_to():
    game = find_game("three-dice-dungeon", lambda g: any("unexplored" in a.label for a in g.legal()))
    words = check_words(game)
    ahead = [p for p in words.places if p.name.startswith("Unexplored")]
    assert ahead and all(p.actions for p in ahead)


def test_rd6_names_the_foes_of_a_fight_in_the_heros_room():
    game = find_game("three-rd6-dungeon", lambda g: bool(g.state["foes"]) and g.state["phase"] == "fight")
    here = check_words(game).places[0]
    for foe in game.state["foes"]:
        if foe["hp"] > 0:
            assert f"{foe['name']}, {foe['hp']} of {foe['max']} HP" in here.contents
    assert any(a.target[0] == "foe" for a in here.actions)


def test_tabletop_names_every_hero_with_wounds_every_monster_and_door():
    game = find_game("tabletop-dungeon", lambda g: len(g.state["monsters"]) >= 2 and g.state["phase"] == "heroes")
    words = check_words(game)
    text = words.text()
    for hero in game.state["heroes"]:
        if not hero["out"]:
            assert f"{hero['name']} the " in text and f"{hero['wounds']} of 3 wounds" in text
    for monster in game.state["monsters"]:
        place = next(p for p in words.places if p.id == f"square {monster['sq'][0]},{monster['sq'][1]}")
        assert str(monster["id"]) in place.contents
    assert sum(p.id.startswith("door ") for p in words.places) == len(game.state["doors"])
    moves = [a for a in game.legal() if a.target and a.target[0] == "square"]
    assert moves and all(any(a in p.actions for p in words.places) for a in moves)


def test_tabletop_offers_the_spots_of_a_new_tile():
    game = find_game("tabletop-dungeon", lambda g: g.state["phase"] == "place")
    spots = [p for p in check_words(game).places if p.id.startswith("spot ")]
    assert spots and all(p.actions for p in spots)


def test_dungeon_generator_names_every_room_of_the_map_with_its_passages():
    game = played("dungeon-generator", 12)
    words = check_words(game)
    level, room = game.state["at"]
    assert words.places[0].id == f"level {level} room {room}" and "(you are here)" in words.places[0].name
    shown = game.view().board
    for number in re.findall(r'data-room="(\d+)"', shown):
        assert any(p.id.endswith(f" room {number}") for p in words.places)
    assert any("unexplored" in p.contents for p in words.places)


def test_dice_crawl_names_every_tile_unit_and_marker():
    game = find_game("dice-crawl", lambda g: sum(any(c["units"]) for c in g.state["grid"]) >= 2)
    words = check_words(game)
    assert len([p for p in words.places if re.fullmatch(r"[A-Z]\d", p.id)]) == game.state["size"] ** 2
    text = words.text()
    for cell in game.state["grid"]:
        for unit in cell["units"]:
            if unit is not None:
                assert f"{game.state['players'][unit[0]]['name']}'s {unit[1]}" in text
    for player in game.state["players"]:
        assert f"markers: {player['name']}" in text or f", {player['name']}" in text


def test_dice_crawl_places_the_dice_on_the_tiles_and_the_cards_beside_them():
    game = find_game("dice-crawl", lambda g: any(a.code.startswith("p ") for a in g.legal()))
    words = check_words(game)
    hunts = [a for a in game.legal() if a.code.startswith("p ")]
    assert all(any(a in p.actions for p in words.places if re.fullmatch(r"[A-Z]\d", p.id)) for a in hunts)
    assert any(p.id == "dice" for p in words.places)


def test_the_arrow_keys_go_to_the_nearest_place_that_way():
    def at(pid, x, y):
        return Place(pid, pid, "", (x, y))

    grid = [at("a", 0, 0), at("b", 1, 0), at("c", 3, 0), at("d", 0, 2), at("e", 2, 1)]
    assert nearest(grid[0], grid, "E").id == "b"
    assert nearest(grid[1], grid, "E").id == "c"  # straight on before a step aside of the same length
    assert nearest(grid[4], grid, "W").id == "b"
    assert nearest(grid[0], grid, "S").id == "d"
    assert nearest(grid[0], grid, "N") is None and nearest(grid[0], grid, "W") is None
    assert BoardWords(tuple(grid), "t", "s", "r").near()["d"] == {"N": "a", "E": "e"}


def test_rolls_and_panels_in_words():
    assert roll_words([]) == "No dice rolled yet."
    assert roll_words([Roll("Attack", [3], 6), Roll("Attack", [5], 6)]) == "Attack: 3 and 5."
    room = Roll("Room 6", [6, 4, 4], 6, "thread 3 -> dead end")
    assert roll_words([room]) == "Room 6: 6, 4 and 4, thread 3 -> dead end."
    assert plain("<p><strong>Anna</strong> fights &amp; wins.</p><p>Next</p>") == "Anna fights & wins. Next"
