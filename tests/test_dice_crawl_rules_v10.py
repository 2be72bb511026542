"""Dice Crawl rules version 10, the newest (issue 45, item 5; RULINGS.md, Dice Crawl): a Disarmed Sliding or
Spinning Room never moves a rival off a start corner they have not flipped, every game of a campaign rolls who
goes first and says so, and at the Gate a Shapechange or an Attack onto a rival's tile pays the toll. Each in a
fixed scene under version 10, and version 9 still playing as it did (its links and golden games)."""

from __future__ import annotations

import pytest

from dice_crawl_helpers import at, codes, crawl, fill, force, force_tile, give, lay, scene, tile, totals
from pyapp.dice_crawl.core.board import cell_at
from pyapp.dice_crawl.data import RULES_VERSION, TILES
from pyapp.dice_crawl.ruleset import RULESET
from pyapp.engine import Game
from test_dice_crawl_vaults import on_conquered_cross, vgive, vtile

A5, B5, E1 = (0, 4), (1, 4), (4, 0)


def test_version_10_is_released():
    assert RULES_VERSION >= 10 and RULESET.rules_version == RULES_VERSION  # 11 (issue 45's bot) follows it


# -- a Disarmed Sliding Room and an unflipped start corner ------------------------------------------------------
def sprung(version: int, trap: str = "sliding") -> Game:
    """Traps set, 2 players: player 1, with Disarm unlocked, reveals B5, a Sliding (or Spinning) Room; player 2's
    marker still stands on their start corner E1, face down (their first turn has not come)."""
    game = scene(2, vaults="traps", v=version)
    vgive(game, 0, "disarm")
    on_conquered_cross(game)
    at(game, 1, E1)
    assert cell_at(game.state, E1)["t"] is None
    force_tile(game, vtile((5,), trap) if trap == "sliding" else next(
        t["id"] for t in TILES if t.get("feature") == "spinning" and t["id"] in game.state["deck"]))
    game.play("x 1 4")
    game.play("o 0")
    return game


@pytest.mark.parametrize("trap", ["sliding", "spinning"])
def test_a_disarmed_room_cannot_move_a_rival_off_their_unflipped_start_corner(trap):
    """Issue 45: `dis 1` put player 2's marker on the Sliding Room, off their face-down corner, which they then
    never flipped. From version 10 the room cannot be Disarmed onto them while they stand there."""
    game = sprung(10, trap)
    assert codes(game) == ["suffer"]
    lay(game, (3, 0), tile((5, 6), "straight"))
    game.state["players"][1]["at"] = [3, 0]  # a marker that has moved on (face up) leaves no start corner behind
    assert codes(game) == ["dis 1", "suffer"]


def test_under_version_9_the_disarmed_sliding_room_still_moves_the_rival():
    game = sprung(9)
    assert codes(game) == ["dis 1", "suffer"]
    game.play("dis 1")
    assert game.state["players"][1]["at"] == list(B5) and cell_at(game.state, E1)["t"] is None


# -- campaign game 2's first player ----------------------------------------------------------------------------
def after_first_game(version: int, **settings) -> Game:
    game = Game(RULESET, "campaign-first", {"players": 3, "campaign": "two", "v": version,
                                             **{f"seat{n}": "normal" for n in range(1, 4)}, **settings})
    for _ in range(4000):
        if "next" in codes(game):
            return game
        game.auto()
    raise AssertionError("the first game of the campaign did not end")


def test_every_game_of_a_campaign_rolls_who_goes_first_and_says_so():
    game = after_first_game(10)
    before = len(game.state["log"])
    game.play("next")
    log = [str(line) for line in game.state["log"][before:]]
    begins = next(i for i, line in enumerate(log) if line.startswith("Game 2 of 2 begins"))
    rolls = [line for line in log[begins:] if line.startswith("Who goes first: ")]
    assert rolls, log
    first = game.state["first"]
    assert game.state["turn"] == first
    assert any(line.endswith(f"(seat {first + 1}) rolls highest and goes first.") for line in log[begins:])


def test_under_version_9_game_2_passes_first_to_the_next_seat_in_silence():
    game = after_first_game(9)
    was, before = game.state["first"], len(game.state["log"])
    game.play("next")
    assert game.state["first"] == (was + 1) % 3
    assert not any("goes first" in str(line) for line in game.state["log"][before:])


def test_a_campaign_with_seat_1_first_names_the_next_seat_in_its_log():
    game = after_first_game(10, first="seat1")
    was, before = game.state["first"], len(game.state["log"])
    game.play("next")
    assert game.state["first"] == (was + 1) % 3
    assert any(str(line).endswith("goes first this game, the next seat in turn.")
               for line in game.state["log"][before:])


# -- the Gate's toll on Shapechange and Attack -----------------------------------------------------------------
def at_the_gate(version: int, key: str, *pool: int) -> tuple[Game, int]:
    """At the Gate: player 1 crawls with `key` unlocked, on A5 (a conquered cross); E1 (3 4 5 6) is player 2's,
    controlled by them (a 3 on icon 1, a 4 on icon 2)."""
    game = scene(2, gate=True, v=version)
    for p in game.state["players"]:  # the helpers' `give` reads the cards of version 1 (see the v9 tests)
        p.update(race=0, cls=0)
    slot = give(game, 0, key)
    lay(game, A5, tile((1, 2, 3, 4), "cross"))
    fill(game, A5)
    at(game, 0, A5)
    lay(game, E1, tile((3, 4, 5, 6), "cross"), units={0: [1, 3], 1: [1, 4]})
    at(game, 1, E1)
    crawl(game, *pool)
    return game, slot


def pay(game: Game, slot: int) -> None:
    payable = [c for c in codes(game) if c.startswith(f"use {slot}")]
    game.play(payable[0])


def test_a_shapechange_onto_a_tile_another_player_controls_pays_the_toll():
    game, slot = at_the_gate(10, "shapechange", 6, 6, 5, 2)
    start = totals(game)
    pay(game, slot)
    assert "sh 4 0 0" in codes(game)
    game.play("sh 4 0 0")
    tolls = codes(game)
    assert tolls and all(c.startswith("gt ") for c in tolls)
    game.play(tolls[0])
    while any(c.startswith("d ") for c in codes(game)):
        game.play(next(c for c in codes(game) if c.startswith("d ")))
    assert cell_at(game.state, E1)["units"][0] == [0, 3] and totals(game) == start
    assert any(str(line).endswith("to the Gate.") for line in game.state["log"])


@pytest.mark.parametrize("version", [9, 10])
def test_a_shapechange_with_no_die_for_the_toll_cannot_reach_a_rivals_tile(version):
    """A 5 pays the Shapechange ([5]), the 6 would be the unit, and none is left for the toll; every enemy
    unit stands on player 2's tile, so from version 10 the Shapechange has nothing to do and is not offered."""
    game, slot = at_the_gate(version, "shapechange", 5, 6)
    offered = any(c.startswith(f"use {slot}") for c in codes(game))
    assert offered == (version == 9)


def test_under_version_9_a_shapechange_pays_no_toll():
    game, slot = at_the_gate(9, "shapechange", 6, 6, 5, 2)
    pay(game, slot)
    game.play("sh 4 0 0")
    assert not any(c.startswith("gt ") for c in codes(game))


@pytest.mark.parametrize("version", [9, 10])
def test_an_attack_onto_a_tile_another_player_controls_pays_the_toll_from_version_10(version):
    game, slot = at_the_gate(version, "attack", 6, 5, 2)
    start = totals(game)
    pay(game, slot)
    force(game, 6, 6)
    if "at 4 0 0" not in codes(game):  # the Attack rolls when used (or after its cost)
        game.play(next(c for c in codes(game) if c.startswith("use ") or c.startswith("d ")))
    assert "at 4 0 0" in codes(game)
    game.play("at 4 0 0")
    tolls = [c for c in codes(game) if c.startswith("gt ")]
    if version == 9:
        assert not tolls and cell_at(game.state, E1)["units"][0] == [0, 3]
        return
    assert tolls
    game.play(tolls[0])
    assert cell_at(game.state, E1)["units"][0] == [0, 3] and totals(game) == start
