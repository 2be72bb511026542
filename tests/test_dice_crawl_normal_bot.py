"""Dice Crawl's normal bot (pyapp/dice_crawl/bot.py) plays the positional Powers with a purpose: a Reveal
goes where a rival's corridor leads and is turned to close it, as the text's example says ("it can block
his enemies"); before, it revealed the first face-down tile in the grid's order (as it still does in the games
of rules versions 1 and 2, whose golden links were made by auto-play)."""

from __future__ import annotations

from dice_crawl_helpers import at, crawl, fill, force_tile, give, lay, scene, tile

from pyapp.dice_crawl import bot
from pyapp.dice_crawl.board import cell_at, connected


def reveal_scene():
    """Player 0 conquered A5 and holds Reveal; player 1 stands on E1, a conquered straight whose corridor
    runs south to the face-down E2."""
    game = scene(v=3)  # the aimed bot of rules version 3 (bot.AIMED)
    for p in game.state["players"]:
        p["race"] = p["cls"] = 0  # the text's Elf Warrior, before `give` deals player 0 a card with Reveal
    slot = give(game, 0, "reveal", cost="1+")
    lay(game, (0, 4), tile((1, 2, 3, 4), "cross"))
    fill(game, (0, 4))
    at(game, 0, (0, 4))
    lay(game, (4, 0), tile((5, 6), "straight"))
    fill(game, (4, 0), player=1)
    at(game, 1, (4, 0))
    crawl(game, 1, 6)
    return game, slot


def test_the_normal_bot_reveals_where_a_rivals_corridor_leads_and_closes_it():
    game, slot = reveal_scene()
    game.play(f"use {slot} 1")
    choice = bot.normal(game.state)
    assert choice == "rv 4 1"  # E2, the rival's way on; the first face-down tile in order is A1
    force_tile(game, tile((6, 6), "dead end"))
    game.play(choice)
    game.play(bot.normal(game.state))  # the orientation
    assert cell_at(game.state, (4, 1))["t"] is not None
    assert not connected(game.state, (4, 0), (4, 1))  # the rival's corridor now meets a wall


def test_a_rivals_open_ways_count_against_the_bots_board():
    game, _ = reveal_scene()
    lay(game, (4, 1), tile((1, 6), "dead end"), rot=0)  # its corridor points north, into the rival's E1
    joined = bot.evaluate(game.state, 0)
    lay(game, (4, 1), tile((1, 6), "dead end"), rot=2)  # turned south: the rival's corridor meets a wall
    closed = bot.evaluate(game.state, 0)
    assert connected(game.state, (4, 0), (4, 1)) is False
    assert closed > joined


def test_power_uses_counts_only_powers_the_user_holds():
    from pyapp.dice_crawl import power_uses
    from pyapp.dice_crawl.data import POWERS

    game = power_uses.one_game((0, 2))
    assert game["uses"] and game["won"]
    for player, key, src, swing in game["uses"]:
        assert key in POWERS and isinstance(swing, int)
        assert src == "tile" or key in game["held"][player]  # a card Power is used only once unlocked
