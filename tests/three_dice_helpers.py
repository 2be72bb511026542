"""Scenario helpers for the 3 Dice Dungeon tests: fixed dice and hand-built maps.

Every action in a scenario still goes through `Game.play`, so the one legal
list decides what may be done; these helpers only build the starting
situation (a character, a few placed locations, a monster in the room) and
queue the dice faces a rule needs.
"""

from __future__ import annotations

from pyapp import dice
from pyapp.engine import Game
from pyapp.three_dice import rules
from pyapp.three_dice.data import ATTRS
from pyapp.three_dice.ruleset import CLASSIC, TILES

NAMES = {
    "corridor": "Corridor", "small": "Small room", "large": "Large room", "vault": "Vault",
    "temple": "Temple", "hall": "Great Hall", "entrance": "Dungeon Entrance", "room": "Guard room",
    "pit": "Pit",
}


def ruleset_for(edition: str):
    return CLASSIC if edition == "classic" else TILES


def new_game(edition: str = "classic", chars=((4, 4, 4),), hp=None, seed: str = "scenario", **settings) -> Game:
    """A game in the assign phase whose character dice are fixed.

    `chars` holds one rolled triple per player (every die the character roll
    consumes, rerolls included, may be given as a longer flat sequence);
    `hp` the Tiles edition's health die per player."""
    settings.setdefault("players", len(chars))
    game = Game(ruleset_for(edition), seed, settings)
    health = list(hp) if isinstance(hp, (list, tuple)) else [hp or 3] * len(chars)
    forced: list[int] = []
    for i, triple in enumerate(chars):
        forced.extend(triple)
        if edition == "tiles":
            forced.append(health[i])
    game.state = rules.new_state(seed, game.settings, edition, forced=tuple(forced))
    assert not game.state["dice"]["q"], "every forced character die was used"
    return game


def force(game: Game, *faces: int) -> None:
    """Queue the faces that the next dice of `game` will show."""
    dice.force(game.state["dice"], *faces)


def queued(game: Game) -> list[int]:
    """Forced faces not yet consumed (a rule that rolls no die leaves them)."""
    return list(game.state["dice"]["q"])


def start(game: Game, *faces: int, assign: str | None = None) -> Game:
    """Assign the character (in roll order unless `assign` is given) with the
    first location's dice queued: location, monster(s), treasure, exits."""
    force(game, *faces)
    player = game.state["players"][game.state["turn"]]
    game.play(assign or "assign " + " ".join(str(v) for v in player["rolled"]))
    return game


def monster(name: str = "Ogres", hp: int = 3, undead: bool = False, roving: bool = False, asleep: bool = False) -> dict:
    return {"name": name, "hp": hp, "max": hp, "undead": undead, "asleep": asleep, "roving": roving}


def place(state: dict, x: int, y: int, kind: str, exits: str, monster: dict | None = None,
          treasure: str | None = None, dice_faces=(1, 6, 1), cleared: bool | None = None,
          name: str | None = None) -> dict:
    """Put a location on the map (as if it had been explored)."""
    cell = {
        "n": len(state["cells"]) + 1, "x": x, "y": y, "exits": exits, "dice": list(dice_faces),
        "monster": monster, "treasure": treasure,
        "cleared": (monster is None) if cleared is None else cleared, "first": False, "search": 0,
        "kind": kind, "name": name or NAMES.get(kind, kind.title()), "tile": kind,
    }
    state["cells"][f"{x},{y}"] = cell
    return cell


def scene(edition: str = "classic", attrs=((4, 4, 4),), hp: int = 10, here: str = "corridor", exits: str = "NS",
          **settings) -> Game:
    """A game in the explore phase, standing in a cleared location at 0,0
    (past the training-wheels locations), with the given characters."""
    game = new_game(edition, chars=tuple((4, 4, 4) for _ in attrs), **settings)
    state = game.state
    for player, values in zip(state["players"], attrs):
        player["attrs"] = dict(zip(ATTRS, values))
        player["max"] = dict(player["attrs"])
        player["rolled"] = []
        if edition == "tiles":
            player["hp"] = player["hp_max"] = hp
    state.update(phase="explore", turn=0, made=10, cells={}, pos="0,0", prev=None)
    if edition == "tiles":
        state["deck"] = ["straight"] * 20
    place(state, 0, 0, here, exits)
    return game


def fight(game: Game, foe: dict) -> Game:
    """Put `foe` in the current location and start the fight."""
    game.state["cells"][game.state["pos"]]["monster"] = foe
    game.state["cells"][game.state["pos"]]["cleared"] = False
    game.state["phase"] = "fight"
    return game


def player(game: Game, index: int = 0) -> dict:
    return game.state["players"][index]


def attrs(game: Game, index: int = 0) -> tuple[int, int, int]:
    return tuple(player(game, index)["attrs"][a] for a in ATTRS)


def set_attrs(game: Game, values, index: int = 0, maximum=None) -> None:
    p = player(game, index)
    p["attrs"] = dict(zip(ATTRS, values))
    p["max"] = dict(zip(ATTRS, maximum or values))


def give(game: Game, index: int = 0, **items: int) -> None:
    """Give items (potion, sword, tome, scroll, fragment) or artifacts (idol, pendant...)."""
    p = player(game, index)
    for key, n in items.items():
        if key in p["items"]:
            p["items"][key] += n
        else:
            p["artifacts"][key] = p["artifacts"].get(key, 0) + n


def codes(game: Game) -> list[str]:
    return [a.code for a in game.legal()]


def here(game: Game) -> dict:
    return game.state["cells"][game.state["pos"]]


def foe(game: Game) -> dict | None:
    return here(game)["monster"]


def attack(game: Game, attr: str, face: int) -> None:
    force(game, face)
    game.play(f"attack {attr}")


def hits_on(game: Game, attr: str, index: int = 0) -> list[int]:
    """The faces that hit, found by actually rolling each face on a copy."""
    import copy

    out = []
    for face in range(1, 7):
        trial = copy.deepcopy(game)
        trial.state["turn"] = index
        before = foe(trial)["hp"]
        force(trial, face)
        trial.play(f"attack {attr}")
        after = foe(trial)
        if after is None or after["hp"] < before:
            out.append(face)
    return out


def walk_into(game, location, monster_face, treasure=1, exits=1):
    """Go S into a new location whose dice are fixed."""
    force(game, location, monster_face, treasure, exits)
    game.play("go S")
    return game
