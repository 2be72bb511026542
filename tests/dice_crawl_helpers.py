"""Scenario helpers for the Dice Crawl tests: hand-built positions and fixed dice.

A position is built by editing a fresh game's state (tiles laid face up,
units, the Crawl's rolled dice, unlocked Powers); every action afterwards
goes through `Game.play`, so the one legal list decides what may be done.
"""

from __future__ import annotations

from pyapp import dice
from pyapp.dice_crawl.core import board
from pyapp.dice_crawl.core.state import card_powers, dice_total
from pyapp.dice_crawl.data import CLASSES, RACES, TILES
from pyapp.dice_crawl.ruleset import RULESET
from pyapp.engine import Game


def tile(icons, shape: str | None = None, power: str = "", hoards: int | None = None) -> int:
    """The id of the designed tile with these dice icons (and shape, Power, Hoards if given)."""
    for t in TILES[1:]:
        got = tuple(s["v"] for s in t["spaces"] if s["kind"] == "icon")
        n_hoards = len(t["spaces"]) - t["icons"]
        if got == tuple(icons) and (shape is None or t["shape"] == shape) and t["power"] == power and (
                hoards is None or n_hoards == hoards):
            return t["id"]
    raise LookupError(f"no tile with icons {icons} {shape} {power}")


def scene(players: int = 2, seed: str = "scene", **settings) -> Game:
    """A game whose set-up is done: player 0 to play, every start tile still face down."""
    opts = {"players": players, **{f"seat{n}": "person" for n in range(1, 5)}, **settings}
    game = Game(RULESET, seed, opts)
    state = game.state
    state.update(turn=0, first=0, phase="explore", pending=[], pool=[], used=[])
    return game


def lay(game: Game, cell, tile_id: int, rot: int = 0, units=None) -> dict:
    """Put a tile face up at `cell`; `units` is {space index: [player, value]}."""
    state = game.state
    c = board.cell_at(state, cell)
    if tile_id in state["deck"]:
        state["deck"].remove(tile_id)
    c["t"], c["rot"] = tile_id, rot
    c["units"] = [None] * len(TILES[tile_id]["spaces"])
    for s, unit in (units or {}).items():
        c["units"][s] = list(unit)
        state["players"][unit[0]]["army"] -= 1
    return c


def fill(game: Game, cell, player: int = 0) -> None:
    """Cover every dice icon of the tile with the player's units (conquered)."""
    c = board.cell_at(game.state, cell)
    for s, space in enumerate(board.spaces(c)):
        if space["kind"] == "icon" and c["units"][s] is None:
            c["units"][s] = [player, space["v"]]
            game.state["players"][player]["army"] -= 1


def at(game: Game, player: int, cell) -> None:
    game.state["players"][player]["at"] = list(cell)


def crawl(game: Game, *pool: int) -> None:
    """Player to move is in the Crawl with these rolled dice (taken from the army)."""
    state = game.state
    state["phase"], state["pool"] = "crawl", sorted(pool)
    state["players"][state["turn"]]["army"] -= len(pool)


def give(game: Game, player: int, key: str, unlocked: bool = True, cost: str | None = None) -> int:
    """Deal the player a card with this Power (a race or a class), unlocked; returns its slot."""
    p = game.state["players"][player]
    for kind, cards in (("race", RACES), ("cls", CLASSES)):
        for n, (_, powers) in enumerate(cards):
            for k, pw in enumerate(powers):
                if pw["key"] == key and (cost is None or pw["cost"] == cost):
                    p[kind] = n
                    other = p["cls"] if kind == "race" else p["race"]
                    if kind == "race" and any(x["key"] == key for x in CLASSES[other][1]):
                        p["cls"] = next(i for i, (_, pws) in enumerate(CLASSES)
                                        if all(x["key"] != key for x in pws))
                    if kind == "cls" and any(x["key"] == key for x in RACES[other][1]):
                        p["race"] = next(i for i, (_, pws) in enumerate(RACES)
                                         if all(x["key"] != key for x in pws))
                    p["slots"] = [None] * len(card_powers(p))
                    slot = k if kind == "race" else len(RACES[p["race"]][1]) + k
                    if unlocked:
                        p["slots"][slot] = [6, 6]
                        p["army"] -= 2
                    return slot
    raise LookupError(key)


def force(game: Game, *faces: int) -> None:
    dice.force(game.state["dice"], *faces)


def force_tile(game: Game, tile_id: int) -> None:
    """The next reveal draws this tile (a die the size of the face-down stack picks it)."""
    dice.force(game.state["dice"], game.state["deck"].index(tile_id) + 1)


def codes(game: Game) -> list[str]:
    return [a.code for a in game.legal()]


def totals(game: Game) -> list[int]:
    return [dice_total(game.state, n) for n in range(len(game.state["players"]))]


def crawler(key: str, units=None, pool=(1, 2, 3, 4, 5), cost: str | None = None, giver=None, **settings):
    """Player 0 on A5 (a cross 1 2 3 4) in the Crawl with `key` unlocked (dealt by `giver`, else `give`);
    player 1 on E1 (a straight 5 6) with a 5 there."""
    game = scene(**settings)
    slot = give(game, 0, key, cost=cost) if giver is None else giver(game, 0, key)
    lay(game, (0, 4), tile((1, 2, 3, 4), "cross"), units=units or {})
    lay(game, (4, 0), tile((5, 6), "straight"), units={0: [1, 5]})
    at(game, 0, (0, 4))
    at(game, 1, (4, 0))
    crawl(game, *pool)
    return game, slot


def use(game: Game, slot: int, pay=None) -> None:
    game.play(f"use {slot}" + (f" {pay}" if pay is not None else ""))
