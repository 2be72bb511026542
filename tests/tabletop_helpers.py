"""Scenario helpers for the Tabletop Dungeon tests: hand-built positions and fixed dice.

A position is built by editing a fresh game's state (tiles, doors, heroes'
squares, monsters); every action afterwards still goes through `Game.play`,
so the one legal list decides what may be done.
"""

from __future__ import annotations

from pyapp import dice
from pyapp.engine import RULES_KEY, Game
from pyapp.tabletop.ruleset import RULESET
from pyapp.tabletop.state import new_monster

ALL = ("knight", "barbarian", "wizard", "archer")


def room(x: int, y: int, n: int = 1, cleared: bool = False) -> dict:
    return {"kind": "room", "n": n, "x": x, "y": y, "w": 3, "h": 3, "cleared": cleared}


def hall(x: int, y: int, n: int = 1, vertical: bool = True) -> dict:
    return {"kind": "hall", "n": n, "x": x, "y": y, "w": 1 if vertical else 4, "h": 4 if vertical else 1,
            "cleared": False}


def door(a, b, state: str = "closed") -> dict:
    return {"a": list(a), "b": list(b), "state": state, "hits": 0, "attacker": None}


def game(classes=ALL, placement: str = "auto", seed: str = "scenario", rules: int = 1, **names) -> Game:
    settings = {"heroes": len(classes), "placement": placement, RULES_KEY: rules}
    for seat, cls in enumerate(classes, start=1):
        settings[f"class{seat}"] = cls
    settings.update(names)
    return Game(RULESET, seed, settings)


def scene(heroes: dict, monsters=(), tiles=None, doors=None, placement: str = "auto", door_state: str = "open",
          classes=None, rules: int = 1) -> Game:
    """A game in the heroes' phase with `heroes` {class: (x, y)} placed and
    `monsters` [(kind, (x, y))] on the board, under rules version `rules`. Default map: room 1 at 0,0,
    hallway 1 below it (1,3..1,6), their door open unless `door_state` says."""
    g = game(classes or tuple(heroes), placement, rules=rules)
    state = g.state
    if tiles is not None:
        state["tiles"] = tiles
        state["doors"] = doors or []
    else:
        state["doors"][0]["state"] = door_state
    for hero in state["heroes"]:
        hero["sq"] = list(heroes[hero["cls"]])
    state["monsters"], state["next_id"] = [], 0
    for kind, sq in monsters:
        add(g, kind, sq)
    return g


def add(g: Game, kind: str, sq) -> int:
    m = new_monster(g.state, kind, sq)
    g.state["monsters"].append(m)
    return m["id"]


def threaten(g: Game, cls: str, kind: str = "goblin") -> int:
    """Put a monster on a hero's sheet."""
    h = hero(g, cls)
    m = new_monster(g.state, kind, h["sq"])
    h["threats"].append(m)
    return m["id"]


def hero(g: Game, cls: str) -> dict:
    return next(h for h in g.state["heroes"] if h["cls"] == cls)


def select(g: Game, cls: str) -> None:
    seat = hero(g, cls)["seat"]
    if f"hero {seat}" in codes(g):
        g.play(f"hero {seat}")


def force(g: Game, *faces: int) -> None:
    dice.force(g.state["dice"], *faces)


def queued(g: Game) -> list:
    return list(g.state["dice"]["q"])


def codes(g: Game) -> list:
    return [a.code for a in g.legal()]


def monster(g: Game, mid: int) -> dict | None:
    return next((m for m in g.state["monsters"] if m["id"] == mid), None)


def at(g: Game, mid: int):
    m = monster(g, mid)
    return tuple(m["sq"]) if m else None


def monster_steps(g: Game, n: int = 1) -> None:
    """End the heroes' phase (if needed) and play n monster steps."""
    if g.state["phase"] == "heroes":
        g.play("end")
    for _ in range(n):
        g.play("step")


def movement_phase(g: Game) -> None:
    """End the heroes' phase and play monster steps until the movement is over
    (the saves are next), without rolling anything."""
    g.play("end")
    while True:
        left = [m for m in g.state["monsters"] if m["id"] not in g.state["moved"]]
        from pyapp.tabletop.monsters import move_monster, next_mover

        if not left:
            return
        m = next_mover(g.state)
        g.state["moved"].append(m["id"])
        line = move_monster(g.state, m)
        if line:
            g.state["log"].append(line)
