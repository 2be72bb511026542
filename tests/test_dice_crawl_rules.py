"""Dice Crawl (seed 004): one scenario test per rule clause of the base game (rules_text.CLAUSES:
test_<clause id>) and per Power (test_power_<key>), with fixed dice."""

from __future__ import annotations

import pytest

import test_dice_crawl_vaults
from dice_crawl_helpers import at, codes, crawl, crawler, fill, force, force_tile, give, lay, scene, tile, totals, use
from pyapp.dice_crawl.core import board
from pyapp.dice_crawl.core.board import cell_at, conquered, controller
from pyapp.dice_crawl.core.state import card_powers
from pyapp.dice_crawl.data import ARMY, BASE_POWERS, CLASS_NAMES, CLASSES, DECK, POWERS, RACES
from pyapp.dice_crawl.rules import scoring
from pyapp.dice_crawl.ruleset import RULESET
from pyapp.dice_crawl.vaults.rules_text import VAULT_CLAUSES
from pyapp.dice_crawl.view import rules_text
from pyapp.engine import Game, IllegalAction

A5, B5, A4, E1, B4 = (0, 4), (1, 4), (0, 3), (4, 0), (1, 3)


def test_every_clause_and_power_has_its_test():
    names = set(globals())
    assert {f"test_{cid}" for cid, _ in rules_text.CLAUSES} <= names
    assert {f"test_power_{key}" for key in BASE_POWERS} <= names
    # the Forbidden Vaults clauses and Powers have theirs in test_dice_crawl_vaults.py
    vault_tests = set(dir(test_dice_crawl_vaults))
    assert {f"test_{cid}" for cid, _ in VAULT_CLAUSES} <= vault_tests
    assert {f"test_power_{key}" for key in POWERS if key not in BASE_POWERS} <= vault_tests


# -- set-up ----------------------------------------------------------------------------------------------
def test_setup_grid():
    game = Game(RULESET, "setup", {"players": 4})
    grid = game.state["grid"]
    assert len(grid) == 25 and all(c["t"] is None for c in grid)
    assert [n for n, c in enumerate(grid) if c["dragon"]] == [12]
    assert len(game.state["deck"]) == len(DECK) == 50


def test_setup_cards():
    game = Game(RULESET, "cards", {"players": 4})
    players = game.state["players"]
    assert len({p["race"] for p in players}) == 4 and len({p["cls"] for p in players}) == 4
    assert all(0 <= p["race"] < len(RACES) and 0 <= p["cls"] < len(CLASSES) for p in players)


def test_setup_dice():
    assert [p["army"] for p in Game(RULESET, "d", {"players": 3}).state["players"]] == [ARMY] * 3
    assert [p["army"] for p in Game(RULESET, "d", {"players": 3, "easier": True}).state["players"]] == [25] * 3


def test_setup_corners():
    players = Game(RULESET, "corners", {"players": 4}).state["players"]
    assert sorted(tuple(p["at"]) for p in players) == [(0, 0), (0, 4), (4, 0), (4, 4)]
    assert {Game(RULESET, f"first-{n}", {"players": 4}).state["turn"] for n in range(10)} == {0}  # seat 1
    firsts = {Game(RULESET, f"first-{n}", {"players": 4, "first": "roll"}).state["turn"] for n in range(30)}
    assert firsts == {0, 1, 2, 3}  # or a die roll picks the first player


def test_first_flip():
    game = scene()
    game.state["phase"] = "start"
    assert codes(game) == ["x 0 4"]
    force_tile(game, tile((2, 3), "elbow"))
    game.play("x 0 4")
    assert [c for c in codes(game)] == ["o 0", "o 1", "o 2", "o 3"]  # orient it as you like
    game.play("o 1")
    assert cell_at(game.state, A5)["rot"] == 1 and board.exits(cell_at(game.state, A5)) == 2 | 4
    assert codes(game) == ["roll"]  # an unconquered start tile: nothing to explore yet


# -- the turn --------------------------------------------------------------------------------------------
def test_turn_order():
    game = scene(players=3)
    force(game, 1, 2, 3, 4, 5)
    game.play("roll")
    assert game.state["phase"] == "crawl"
    game.play("end")
    assert game.state["turn"] == 1 and game.state["phase"] == "start"  # Explore (here: the first flip) again


def test_explore_conquered():
    game = scene()
    lay(game, A5, tile((1,), "elbow"), rot=0, units={})  # exits N and E
    at(game, 0, A5)
    assert codes(game) == ["roll"]  # unconquered: no Explore
    fill(game, A5)
    assert set(codes(game)) == {"x 0 3", "x 1 4", "roll"}


def test_explore_corridor():
    game = scene()
    lay(game, A5, tile((1,), "elbow"), rot=1)  # exits E and S: only B5 is a corridor's way
    fill(game, A5)
    at(game, 0, A5)
    assert set(codes(game)) == {"x 1 4", "roll"}
    force_tile(game, tile((2, 3), "cross"))
    game.play("x 1 4")
    assert codes(game) == ["o 0"]  # a cross has one facing
    game.play("o 0")
    assert "x 0 3" not in codes(game) and "m 1 4" in codes(game)  # one reveal a turn


def test_explore_move():
    game = scene()
    lay(game, A5, tile((1,), "elbow"), rot=0)  # N, E
    fill(game, A5)
    at(game, 0, A5)
    lay(game, A4, tile((3,), "T"), rot=0)  # E S W: joins A5 from the south
    lay(game, B5, tile((6,), "straight"), rot=0)  # N S: no corridor west, not joined
    assert set(codes(game)) == {"m 0 3", "roll"}
    game.play("m 0 3")
    assert game.state["players"][0]["at"] == [0, 3] and codes(game) == ["roll"]  # no reveal after a move


def test_crawl_roll():
    game = scene()
    lay(game, A5, tile((2, 3), "elbow"))
    at(game, 0, A5)
    force(game, 6, 1, 3, 3, 2)
    game.play("roll")
    assert game.state["pool"] == [1, 2, 3, 3, 6] and game.state["players"][0]["army"] == ARMY - 5


def test_hunt_match():
    game = scene()
    lay(game, A5, tile((2, 3), "elbow"))
    at(game, 0, A5)
    crawl(game, 3, 4, 4)
    assert [c for c in codes(game) if c.startswith("p ")] == ["p 0 4 1"]  # the 3 fits the 3, a 4 nothing
    game.play("p 0 4 1")
    assert cell_at(game.state, A5)["units"][1] == [0, 3] and game.state["pool"] == [4, 4]


def test_hunt_markers():
    game = scene()
    lay(game, A5, tile((2, 3), "elbow"))
    lay(game, E1, tile((5, 6), "straight"))
    lay(game, (2, 4), tile((1, 2), "straight"))  # no marker: not huntable
    at(game, 0, A5)
    at(game, 1, E1)
    crawl(game, 1, 2, 5)
    hunts = {c for c in codes(game) if c.startswith("p ")}
    assert hunts == {"p 0 4 0", "p 4 0 0"}  # own tile and the enemy's (an ally), no path needed
    game.play("p 4 0 0")
    assert cell_at(game.state, E1)["units"][0] == [0, 5]


def test_units_locked():
    game = scene()
    lay(game, A5, tile((2, 3), "elbow"), units={0: [0, 2]})
    at(game, 0, A5)
    crawl(game, 2, 3)
    assert not any(c.startswith("p 0 4 0") for c in codes(game))  # a unit's icon is taken
    assert all(not c.startswith(("w", "on")) for c in codes(game))  # no Power: nothing moves it


def test_conquered():
    game = scene()
    c = lay(game, A5, tile((2, 3), "elbow"))
    at(game, 0, A5)
    crawl(game, 2, 3)
    game.play("p 0 4 0")
    assert not conquered(c) and any(c["units"])  # occupied
    game.play("p 0 4 1")
    assert conquered(c)


def test_control():
    game = scene(players=3)
    c = lay(game, A5, tile((1, 2, 3, 4), "cross"), units={0: [0, 1], 1: [1, 2], 2: [0, 3]})
    assert controller(c) == 0
    c["units"][3] = [1, 4]
    assert controller(c) is None  # a tie: no one
    hoard_tile = lay(game, E1, tile((4, 6), "T", hoards=1), units={0: [2, 4], 2: [1, 5]})
    hoard_tile["units"][1] = [1, 6]
    assert controller(hoard_tile) == 1  # Hoard units count for control


def test_hoard_place():
    game = scene()
    lay(game, A5, tile((6,), "dead end", hoards=2))
    at(game, 0, A5)
    crawl(game, 1, 4)
    hoards = [c for c in codes(game) if c.startswith("h ")]
    assert hoards == ["h 0 4 1 4", "h 0 4 1 1", "h 0 4 2 4", "h 0 4 2 1"]  # any die, highest first
    game.play("h 0 4 1 1")
    assert cell_at(game.state, A5)["units"][1] == [0, 1]


def test_hoard_steal():
    game = scene()
    lay(game, E1, tile((6,), "dead end", hoards=2), units={1: [1, 3], 2: [1, 6]})
    at(game, 1, E1)
    at(game, 0, A5)
    lay(game, A5, tile((1,), "elbow"))
    crawl(game, 2, 3, 5)
    before = game.state["players"][1]["army"]
    steals = [c for c in codes(game) if c.startswith("h ")]
    assert steals == ["h 4 0 1 5"]  # only higher than the 3; the 6 is safe
    game.play("h 4 0 1 5")
    assert cell_at(game.state, E1)["units"][1] == [0, 5] and game.state["players"][1]["army"] == before + 1


def test_hoard_no_conquest():
    game = scene()
    c = lay(game, A5, tile((6,), "dead end", hoards=2))
    at(game, 0, A5)
    crawl(game, 6, 6, 6)
    game.play("h 0 4 1 6")
    game.play("h 0 4 2 6")
    assert not conquered(c)
    game.play("p 0 4 0")
    assert conquered(c)


def test_unlock_pair():
    game = scene()
    p = game.state["players"][0]
    p["race"], p["cls"] = 0, 0  # the text's Elf Warrior
    p["slots"] = [None] * 6
    lay(game, A5, tile((1,), "elbow"))
    at(game, 0, A5)
    crawl(game, 2, 2, 3, 3, 5)
    unlocks = [c for c in codes(game) if c.startswith("u ")]
    assert "u 1 2 2" in unlocks and "u 1 3 3" not in unlocks  # Reveal [2]: two 2s
    assert "u 3 3 3" in unlocks and "u 3 2 3" not in unlocks  # Attack [3+]: two of 3+
    assert "u 5 2 2" in unlocks and "u 5 3 5" not in unlocks  # Onslaught [doubles]
    assert "u 2 2 5" in unlocks  # Roll seven: any two dice
    game.play("u 1 2 2")
    assert p["slots"][1] == [2, 2] and game.state["pool"] == [3, 3, 5]


def test_power_cost():
    game = scene()
    slot = give(game, 0, "reveal", cost="2")
    lay(game, A5, tile((1,), "elbow"))
    at(game, 0, A5)
    crawl(game, 1, 3)
    assert not any(c.startswith(f"use {slot}") for c in codes(game))  # no 2: cannot pay
    game.state["pool"] = [1, 2]
    army = game.state["players"][0]["army"]
    game.play(f"use {slot} 2")
    assert game.state["pool"] == [1] and game.state["players"][0]["army"] == army + 1  # paid die to the army


def test_power_once():
    game = scene()
    slot = give(game, 0, "withdraw", cost="1+")
    lay(game, A5, tile((1, 2, 3, 4), "cross"), units={0: [0, 1], 1: [0, 2]})
    at(game, 0, A5)
    crawl(game, 5, 6)
    game.play(f"use {slot} 5")
    game.play("w 0 4 0")
    assert not any(c.startswith(f"use {slot}") for c in codes(game))


def test_tile_power():
    game = scene()
    swap_tile = tile((1, 1), "straight", "swap")
    lay(game, A5, swap_tile, units={0: [0, 1]})
    lay(game, A4, tile((3,), "T"))
    lay(game, B4, tile((4,), "elbow", hoards=1))
    at(game, 0, A5)
    crawl(game, 1, 4)
    game.play("p 0 4 1")  # conquers it: the Swap works at once
    assert set(codes(game)) == {"tp", "pass"}
    game.play("tp")
    assert "sw 0 3" in codes(game) and "sw 0 4" not in codes(game)  # a conquered tile is never swapped
    game.play("sw 0 3")
    game.play("with 1 3")
    assert cell_at(game.state, B4)["t"] == tile((3,), "T")
    # unconquered, then conquered again: the Power works again
    cell_at(game.state, A5)["units"][1] = None
    game.state["players"][0]["army"] += 1
    game.state.update(turn=0, used=[])
    crawl(game, 1)
    game.play("p 0 4 1")
    assert codes(game)[-1] == "pass"


def test_end_turn():
    game = scene()
    lay(game, A5, tile((2, 3), "elbow"))
    at(game, 0, A5)
    force(game, 2, 3, 4, 4, 6)
    game.play("roll")
    game.play("end")
    assert game.state["players"][0]["army"] == ARMY and game.state["turn"] == 1
    game.state.update(turn=0, phase="crawl", pool=[2, 3])
    game.state["players"][0]["army"] -= 2
    game.play("p 0 4 0")
    game.play("p 0 4 1")  # no die left, no Power: the turn ends by itself
    assert game.state["turn"] == 1
    game.state.update(turn=0, phase="explore")
    p = game.state["players"][0]
    p["race"], p["cls"] = 0, CLASS_NAMES.index("Sorcerer")  # Elf Sorcerer, every Power unlocked
    p["slots"] = [[6, 6]] * len(card_powers(p))
    force(game, *[6] * 8)
    game.play("roll")  # eight 6s: no icon, Hoard or Power to spend them on (no 1 to Scout, no 2 to Reveal...)
    assert game.state["turn"] == 1 and "returns 8 unused dice" in game.state["log"][-2]


def test_game_end_army():
    game = scene()
    lay(game, A5, tile((1,), "elbow"))
    at(game, 0, A5)
    game.state["players"][1]["army"] = 1
    crawl(game, 4)
    game.play("end")
    assert game.over and any("turn starts with 1 dice" in line for line in game.state["log"][-5:])


def test_game_end_dragon():
    game = scene()
    lay(game, (2, 3), tile((1,), "cross"))
    fill(game, (2, 3))
    at(game, 0, (2, 3))
    assert "x 2 2" in codes(game)
    game.play("x 2 2")
    assert game.over and game.state["players"][0]["dragon"] and game.state["final"][0]["dragon"] == 3


def test_score_tiles():
    game = scene()
    lay(game, A5, tile((5, 5, 5), "dead end"), units={0: [0, 5], 1: [0, 5], 2: [1, 5]})
    lay(game, E1, tile((1, 2), "straight"), units={0: [1, 1]})  # not conquered: nothing
    rows = scoring.breakdown(game.state)
    assert rows[0]["tiles"] == 5 and rows[1]["tiles"] == 0


def test_score_allies():
    game = scene()
    lay(game, A5, tile((5, 5, 5), "dead end"), units={0: [0, 5], 1: [0, 5], 2: [1, 5]})
    lay(game, E1, tile((6, 6), "dead end", hoards=1), units={0: [1, 6], 1: [1, 6], 2: [0, 3]})
    rows = scoring.breakdown(game.state)
    assert rows[1]["allies"] == 1  # its unit on the tile player 0 controls
    assert rows[0]["allies"] == 0  # a Hoard unit is no ally


def test_score_hoards():
    game = scene()
    lay(game, E1, tile((6,), "dead end", hoards=2), units={1: [0, 2], 2: [1, 3]})
    rows = scoring.breakdown(game.state)
    assert rows[0]["hoards"] == 2 and rows[1]["hoards"] == 2  # unconquered tile: Hoards still score


def test_score_dragon():
    game = scene()
    game.state["players"][1]["dragon"] = True
    assert scoring.breakdown(game.state)[1]["dragon"] == 3


def test_tie_powers():
    game = scene()
    lay(game, A5, tile((6,), "dead end", hoards=2), units={1: [0, 2], 2: [1, 3]})
    game.state["players"][1]["slots"][0] = [1, 1]
    scoring.finish(game.state, "test")
    assert game.state["score"]["winner"] == game.state["players"][1]["name"]


def test_tie_dragon():
    game = scene()
    lay(game, A5, tile((6,), "dead end", hoards=2), units={1: [0, 4], 2: [1, 3]})
    game.state["players"][1]["dragon"] = True
    game.state["players"][0]["slots"][0] = [1, 1]  # 2 + 0 vs 2 + 3: no tie
    scoring.finish(game.state, "test")
    assert game.state["score"]["winner"] == game.state["players"][1]["name"]
    game = scene()
    rows = [{"total": 5, "powers": 1}, {"total": 5, "powers": 1}]
    game.state["players"][0]["dragon"] = True
    assert scoring.winners(game.state, rows) == [0]
    game.state["players"][0]["dragon"] = False
    assert scoring.winners(game.state, rows) == [0, 1]  # still tied: a draw


# -- Powers ----------------------------------------------------------------------------------------------
def test_power_attack():
    game, slot = crawler("attack", units={0: [0, 1], 1: [0, 2]}, cost="1+")
    force(game, 6, 2)
    start = totals(game)
    use(game, slot, 1)
    assert "at 4 0 0" in codes(game)  # the 5 is lower than the 6
    game.play("at 4 0 0")
    assert cell_at(game.state, E1)["units"][0] == [0, 5] and totals(game) == start
    game.state["used"] = []
    cell_at(game.state, E1)["units"][1] = [1, 6]
    force(game, 3, 2)
    use(game, slot, 2)
    assert codes(game) == ["miss"]  # the 6 beats nothing: no target


def warrior(game, player: int, _key) -> int:
    """The text's Elf Warrior (the same cards in every rules version) with both Attacks unlocked; returns
    the slot of Attack [3+] (Attack [1+] is the next one)."""
    p = game.state["players"][player]
    p["race"], p["cls"] = 0, 0
    p["slots"] = [None] * len(card_powers(p))
    first = len(RACES[0][1])
    p["slots"][first] = p["slots"][first + 1] = [3, 3]
    p["army"] -= 4
    return first


@pytest.mark.parametrize("version, twice", [(1, True), (2, True), (3, False)])
def test_the_warriors_two_attacks_are_one_power_used_once_a_turn_from_version_3(version, twice):
    game, slot = crawler(None, units={0: [0, 1], 1: [0, 2]}, pool=(3, 4, 5), giver=warrior, v=version)
    cell_at(game.state, E1)["units"][1] = [1, 6]  # a second enemy unit, so a second Attack has a target
    force(game, 6, 2)
    use(game, slot, 3)
    game.play("at 4 0 0")
    again = [c for c in codes(game) if c.startswith(f"use {slot + 1}")]
    assert bool(again) == twice  # Attack [1+] after Attack [3+]: a second use of Attack only before version 3
    assert not any(c.startswith(f"use {slot} ") for c in codes(game))  # the same card Power: never twice


def test_power_attack_needs_two_units_and_beats_hoards_by_the_sum():
    game, slot = crawler("attack", units={0: [0, 1]}, cost="1+")
    assert not any(c.startswith(f"use {slot}") for c in codes(game))  # one unit in play
    lay(game, E1, tile((6,), "dead end", hoards=2), units={0: [0, 6], 1: [1, 5]})
    force(game, 3, 3)
    use(game, slot, 1)
    assert "at 4 0 1" in codes(game)  # 5 < 3 + 3 on a Hoard


def test_power_garrison():
    game, slot = crawler("garrison", cost="6", pool=(1, 6, 6))
    use(game, slot, 6)
    assert "g 0 4 3" in codes(game)
    game.play("g 0 4 3")
    game.play("d 1")
    assert cell_at(game.state, A5)["units"][3] == [0, 4]  # the 1 turns to the icon's 4


def test_power_hoarder():
    game, _ = crawler("hoarder")
    lay(game, E1, tile((6,), "dead end", hoards=2), units={1: [0, 2]})
    assert scoring.breakdown(game.state)[0]["hoards"] == 3


def test_power_onslaught():
    game, slot = crawler("onslaught", units={0: [0, 1], 1: [0, 2]}, pool=(3, 3, 5))
    assert not any(c.startswith(f"use {slot}") for c in codes(game))  # two units: not enough
    cell_at(game.state, A5)["units"][2] = [0, 3]
    game.state["players"][0]["army"] -= 1
    use(game, slot, 3)  # [doubles]: two 3s
    assert game.state["pool"] == [5]
    army = game.state["players"][1]["army"]
    game.play("on 4 0 0")
    assert cell_at(game.state, E1)["units"][0] is None and game.state["players"][1]["army"] == army + 1


def test_power_reinforcements():
    game, slot = crawler("reinforcements", pool=(1, 5, 6, 6), cost="1+")
    use(game, slot, 1)
    game.play("t 1")
    game.play("t 2")
    force(game, 2, 3)
    game.play("rr")
    assert game.state["pool"] == [5, 2, 3]


def test_power_reveal():
    game, slot = crawler("reveal", cost="1+")
    assert "rv 2 2" not in [c for c in codes(game)]
    use(game, slot, 1)
    assert "rv 2 2" not in codes(game) and "rv 1 1" in codes(game)  # never the Dragon
    force_tile(game, tile((6,), "straight"))
    game.play("rv 1 1")
    game.play("o 1")
    assert cell_at(game.state, (1, 1))["t"] == tile((6,), "straight")


def test_power_roll():
    game = scene()
    p = game.state["players"][0]
    p["race"] = RACES.index(next(r for r in RACES if r[0] == "Human"))
    p["slots"] = [[1, 2]] + [None] * (len(card_powers(p)) - 1)  # the Human's Roll +1
    lay(game, A5, tile((1,), "elbow"))
    at(game, 0, A5)
    game.play("roll")
    assert len(game.state["pool"]) == 6
    game = scene()
    p = game.state["players"][0]
    p["race"] = 0
    p["slots"] = [None, None, [1, 2]] + [None] * (len(card_powers(p)) - 3)  # the Elf's Roll seven
    lay(game, A5, tile((1,), "elbow"))
    at(game, 0, A5)
    game.play("roll")
    assert len(game.state["pool"]) == 7


def test_power_rotate():
    game, slot = crawler("rotate", cost="1+")
    lay(game, B5, tile((3,), "T"))
    use(game, slot, 1)
    assert "rt 1 4" in codes(game) and "rt 0 4" not in codes(game)  # a cross has no new facing
    game.play("rt 1 4")
    assert codes(game) == ["o 1", "o 2", "o 3"]  # a new facing only
    game.play("o 2")
    assert cell_at(game.state, B5)["rot"] == 2


def test_power_scout():
    game, slot = crawler("scout", cost="1+")
    fill(game, A5)
    lay(game, B5, tile((3,), "T"))  # E S W: joined to the cross
    use(game, slot, 1)
    assert codes(game) == ["sc 1 4"]
    game.play("sc 1 4")
    assert game.state["players"][0]["at"] == [1, 4]


def test_power_shapechange():
    game, slot = crawler("shapechange", cost="6", pool=(2, 6))
    use(game, slot, 6)
    game.play("sh 4 0 0")  # one die left: it is the one traded
    assert cell_at(game.state, E1)["units"][0] == [0, 5] and game.state["pool"] == []


def test_power_swap():
    game, slot = crawler("swap", cost="1+")
    lay(game, B5, tile((3,), "T"))
    use(game, slot, 1)
    game.play("sw 0 4")
    game.play("with 1 4")
    assert cell_at(game.state, B5)["t"] == tile((1, 2, 3, 4), "cross")
    assert game.state["players"][0]["at"] == [1, 4]  # the marker moves with its tile


def test_power_withdraw():
    game, slot = crawler("withdraw", units={0: [0, 1]}, cost="1+")
    use(game, slot, 1)
    assert codes(game) == ["w 0 4 0"]
    game.play("w 0 4 0")
    assert cell_at(game.state, A5)["units"][0] is None


def test_an_illegal_action_is_refused_and_changes_nothing():
    game = scene()
    before = dict(game.state)
    with pytest.raises(IllegalAction, match="not allowed now"):
        game.play("p 0 4 0")
    assert game.state == before
