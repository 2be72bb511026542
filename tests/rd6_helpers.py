"""Scenes for the 3RD6 Dungeon tests: a game with fixed dice and a hero set up by hand."""

from __future__ import annotations

from pyapp import dice
from pyapp.engine import Game
from pyapp.registry import RULESETS

RD6 = RULESETS["three-rd6-dungeon"]


def new_game(cls: str = "barbarian", spells: tuple = (), **opts) -> Game:
    """A game at the entrance of level 1, the wizard's or elf's spells chosen."""
    game = Game(RD6, "rd6-test", {"class": cls, **opts})
    for spell in spells:
        game.play(f"know {spell}")
    return game


def force(game: Game, *faces: int) -> None:
    dice.force(game.state["dice"], *faces)


def hero(game: Game) -> dict:
    return game.state["hero"]


def codes(game: Game) -> list[str]:
    return [a.code for a in game.legal()]


def hint(game: Game, code: str) -> str:
    return next(a.hint for a in game.legal() if a.code == code)


def fight(game: Game, *foes: tuple) -> Game:
    """Put foes (name, hp[, bite, kind]) before the hero, in the room where the hero stands."""
    state = game.state
    state["foes"] = [{"name": name, "kind": rest[1] if len(rest) > 1 else name.lower(), "hp": hp, "max": hp,
                      "bite": rest[0] if rest else 0, "boss": bool(rest), "asleep": False}
                     for name, hp, *rest in foes]
    state["phase"] = "fight"
    return game


def walk_north(game: Game, *faces: int) -> Game:
    """Walk N from where the hero stands, with these dice next."""
    force(game, *faces)
    game.play("go N")
    return game


def here(game: Game) -> dict:
    return game.state["cells"][game.state["pos"]]
