"""Dice Crawl's action buttons: orient buttons show the tile in the facing they give, and the map hint counts
places on the map only (the extra unlock pairs are on the cards, counted apart)."""

from __future__ import annotations

import re

from dice_crawl_helpers import at, crawl, lay, scene, tile
from pyapp import webapp
from pyapp.engine import Action

A5 = (0, 4)


def orienting():
    game = scene()
    game.state["phase"] = "start"
    game.play("x 0 4")
    return game


def corridors(picture: str) -> list[str]:
    return re.findall(r'<rect x="(\d+)" y="(\d+)" width="\d+" height="\d+" class="dc-corridor"/>', picture)


def test_each_orient_button_draws_the_tile_in_the_facing_it_gives_and_says_it():
    game = orienting()
    legal, view = game.legal(), game.view()
    orient = [a for a in legal if a.code.startswith("o ")]
    assert orient and set(view.pictures) == {a.code for a in orient}
    drawn = [tuple(corridors(view.pictures[a.code])) for a in orient]
    assert len(set(drawn)) == len(orient)  # every facing drawn differently
    html = webapp.actions_html(legal, pictures=view.pictures)
    for a in orient:
        button = re.search(rf'<button[^>]*data-action="{a.code}".*?</button>', html).group(0)
        assert '<span class="picture" aria-hidden="true"><svg' in button and "to face " in a.label
        assert f'<span class="label">{a.label}</span>' in button  # the accessible name is the facing in words


def test_the_picture_follows_the_facing():
    game = orienting()
    view = game.view()
    north_south = [code for code, pic in view.pictures.items() if ("43", "0") in corridors(pic)]
    assert north_south  # the facing with a corridor to the north draws the north bar


def test_no_pictures_outside_orienting():
    game = scene()
    assert game.view().pictures == {}


def test_the_map_hint_counts_map_places_not_the_unlock_pairs_on_the_cards():
    game = scene()
    lay(game, A5, tile((2, 3), "elbow"))
    at(game, 0, A5)
    crawl(game, 1, 2, 3, 4, 6)
    legal = game.legal()
    on_map = {a.target for a in legal if a.board and a.target[0] == "space"}
    on_cards = [a for a in legal if a.board and a.target[0] == "unlock"]
    assert on_map and on_cards
    hint = re.search(r'<p class="board-hint">(.*?)</p>', webapp.actions_html(legal)).group(1)
    assert f"on the map ({len(on_map)} place" in hint and f"on your cards ({len(on_cards)} more)" in hint


def test_one_place_offering_several_actions_counts_once():
    actions = [Action("a 1", "A", board=True, target=("spot", 1)), Action("b 1", "B", board=True, target=("spot", 1)),
               Action("c", "C", board=True, where="on the cards")]
    hint = webapp.actions_html(actions)
    assert "on the map (1 place marked there) or on the cards (1 more)" in hint
    assert "on the cards (2)" in webapp.actions_html([Action("c", "C", board=True, where="on the cards"),
                                                      Action("d", "D", board=True, where="on the cards")])
