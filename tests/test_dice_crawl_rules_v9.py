"""Dice Crawl rules version 9, the newest (measured as a candidate, then released): issue 31's Dice Crawl items 1
to 6, each a scenario played under version 9, and version 8 still playing as it did (its links and golden
games). Item 4 (the round limit) is the normal bot's: its rules of thumb, each in a fixed scene."""

from __future__ import annotations

import pytest

from dice_crawl_helpers import at, codes, crawl, fill, force, force_tile, give, lay, scene, tile, totals, use
from pyapp.dice_crawl.bots import bot, power_values
from pyapp.dice_crawl.core.board import cell_at, connected
from pyapp.dice_crawl.core.state import card_powers
from pyapp.dice_crawl.data import ALL_RACES, CANDIDATE, RULES_VERSION, SET_RACE_IDS
from pyapp.dice_crawl.rules import turn
from pyapp.dice_crawl.ruleset import RULESET
from pyapp.engine import Game

A5, B5, C5, D1, E1, E2 = (0, 4), (1, 4), (2, 4), (3, 0), (4, 0), (4, 1)


def test_version_9_is_released():
    assert RULES_VERSION >= 9 and CANDIDATE is None  # version 10 (issue 45) followed it


def versioned(version: int, players: int = 2, **settings) -> Game:
    """scene() under a rules version, every player holding the text's Elf and Warrior (the helpers' `give`
    reads the cards of version 1, the indexes every version keeps)."""
    game = scene(players, v=version, **settings)
    for p in game.state["players"]:
        p.update(race=0, cls=0)
        p["slots"] = [None] * len(card_powers(p))
    return game


# -- item 1: a start corner is its owner's to flip ------------------------------------------------------------
def opening(version: int, key: str) -> tuple[Game, int]:
    """Player 1's first turn, its corner A5 flipped and conquered, crawling with `key` unlocked; player 2's
    corner E1 is still face down under their marker, and D1 beside it lies face up, unconquered."""
    game = versioned(version)
    slot = give(game, 0, key)
    lay(game, A5, tile((1, 2, 3, 4), "cross"))
    fill(game, A5)
    lay(game, D1, tile((5, 6), "straight"))
    at(game, 0, A5)
    at(game, 1, E1)
    crawl(game, 1, 2, 3, 4, 5)
    return game, slot


def test_no_power_reveals_a_rivals_start_corner_before_its_owners_first_turn():
    """Issue 31: a Reveal flipped a rival's corner and faced its only corridor off the grid; once conquered, its
    owner could neither explore nor move for the whole game."""
    game, slot = opening(9, "reveal")
    use(game, slot, *[v for v in (2, 1) if f"use {slot} {v}" in codes(game)][:1])
    targets = codes(game)
    assert "rv 4 0" not in targets and "rv 1 4" in targets  # the others' face-down tiles still may be
    game.state["players"][1]["at"] = list(D1)  # a marker that has moved on leaves no start corner behind
    assert "rv 4 0" in [a.code for a in game.legal()]


def test_no_power_swaps_a_rivals_start_corner_before_its_owners_first_turn():
    game, slot = opening(9, "swap")
    use(game, slot, *[v for v in (1, 2, 3) if f"use {slot} {v}" in codes(game)][:1])
    assert "sw 4 0" not in codes(game) and "sw 3 0" in codes(game)
    game.play("sw 3 0")
    assert "with 4 0" not in codes(game)


def test_under_version_8_a_reveal_or_swap_still_reaches_a_rivals_start_corner():
    game, slot = opening(8, "reveal")
    use(game, slot, *[v for v in (2, 1) if f"use {slot} {v}" in codes(game)][:1])
    assert "rv 4 0" in codes(game)
    game, slot = opening(8, "swap")
    use(game, slot, *[v for v in (1, 2, 3) if f"use {slot} {v}" in codes(game)][:1])
    assert "sw 4 0" in codes(game)


def test_the_owner_still_flips_and_orients_their_corner_as_they_like():
    game, _ = opening(9, "reveal")
    game.state.update(turn=1, phase="start", pool=[])
    assert codes(game) == ["x 4 0"]
    game.play("x 4 0")
    assert codes(game)[0].startswith("o ")


# -- item 3: who goes first is rolled ------------------------------------------------------------------------
def test_each_player_rolls_and_the_highest_goes_first_ties_rolling_again():
    game = versioned(9, 3)
    force(game, 4, 6, 6, 2, 5)  # players 2 and 3 tie on 6; then 2 against 5
    assert turn.first_player(game.state) == 2
    assert game.state["log"][-4:] == ["Who goes first: Player 1 rolls 4, Player 2 rolls 6, Player 3 rolls 6.",
                                      "Player 2 and Player 3 tie on 6 and roll again.",
                                      "Who goes first: Player 2 rolls 2, Player 3 rolls 5.",
                                      "Player 3 (seat 3) rolls highest and goes first."]
    force(game, 3, 1, 2)
    assert turn.first_player(game.state) == 0
    assert game.state["log"][-1] == "Player 1 (seat 1) rolls highest and goes first."


def test_a_new_game_of_version_9_rolls_who_goes_first_and_says_so():
    """The text: "Pick someone to go first by, you know, rolling some dice" (before, seat 1 always began)."""
    firsts = set()
    for n in range(30):
        state = Game(RULESET, f"first-{n}", {"players": 4, "v": 9}).state
        assert state["turn"] == state["first"]
        assert any(line.startswith("Who goes first: ") for line in state["log"])
        assert f"(seat {state['first'] + 1}) rolls highest and goes first." in state["log"][-2]
        firsts.add(state["first"])
    assert firsts == {0, 1, 2, 3}
    seat1 = Game(RULESET, "first-1", {"players": 4, "v": 9, "first": "seat1"}).state
    assert seat1["turn"] == 0 and "Player 1 (seat 1) goes first." in seat1["log"]


def test_version_8_keeps_seat_1_first_by_default_and_its_own_roll():
    assert {Game(RULESET, f"first-{n}", {"players": 4, "v": 8}).state["turn"] for n in range(10)} == {0}
    rolled = Game(RULESET, "first-3", {"players": 4, "v": 8, "first": "roll"}).state
    assert not any(line.startswith("Who goes first: ") for line in rolled["log"])
    assert "rolls highest and goes first." in rolled["log"][-2]


def test_pros_and_cons_and_drafting_start_from_the_rolled_player():
    """The text: Pros and Cons "Randomly choose someone to go first", Drafting "Randomly select one player to go
    first": the same roll, so the picks start from that player and so does the first turn."""
    for cards in ("pros_cons", "draft"):
        game = next(g for g in (Game(RULESET, f"{cards}-{n}", {"players": 3, "v": 9, "cards": cards})
                                for n in range(20)) if g.state["first"] != 0)
        first = game.state["first"]
        assert game.state["phase"] == "setup" and game.state["turn"] == first
        assert game.state["setup"][0]["seat"] == first
        while game.state["phase"] == "setup":
            game.auto()
        assert game.state["turn"] == first


# -- item 5: Dog Pile pays the repeated Power's own cost -------------------------------------------------------
def goblin_warrior(version: int, *pool: int) -> tuple[Game, int, int]:
    """Player 1, the Goblin (Dog Pile [5+]) Warrior (Onslaught [doubles]), with three units on A5 and both
    Powers unlocked; player 2 has two units on E1."""
    goblin = next(k for k in SET_RACE_IDS[version]["goblins"] if ALL_RACES[k][0] == "Goblin")
    game = versioned(version, vaults="goblins")
    p = game.state["players"][0]
    p["race"] = goblin
    p["slots"] = [None] * len(card_powers(p))
    keys = [pw["key"] for pw in card_powers(p)]
    dog_pile, onslaught = keys.index("dogpile"), keys.index("onslaught")
    p["slots"][dog_pile] = p["slots"][onslaught] = [6, 6]
    p["army"] -= 4
    lay(game, A5, tile((1, 2, 3, 4), "cross"), units={0: [0, 1], 1: [0, 2], 2: [0, 3]})
    lay(game, E1, tile((5, 6), "straight"), units={0: [1, 5], 1: [1, 6]})
    at(game, 0, A5)
    at(game, 1, E1)
    crawl(game, *pool)
    return game, dog_pile, onslaught


def test_dog_pile_pays_the_cost_the_repeated_power_prints():
    """Issue 31: Dog Pile repeated an Onslaught [doubles] with a single 5 (its own [5+])."""
    game, dog_pile, onslaught = goblin_warrior(9, 2, 2, 5, 6)
    assert card_powers(game.state["players"][0])[dog_pile]["cost"] == "5+"
    use(game, onslaught, 2)
    game.play("on 4 0 0")
    assert not [c for c in codes(game) if c.startswith(f"use {dog_pile}")]  # a 5 and a 6: no pair to pay
    game, dog_pile, onslaught = goblin_warrior(9, 2, 2, 5, 5)
    start = totals(game)
    use(game, onslaught, 2)
    game.play("on 4 0 0")
    assert [c for c in codes(game) if c.startswith(f"use {dog_pile}")] == [f"use {dog_pile} 5"]
    army = game.state["players"][0]["army"]
    use(game, dog_pile, 5)
    assert game.state["pool"] == [] and game.state["players"][0]["army"] == army + 2  # both 5s paid
    game.play("on 4 0 1")
    assert cell_at(game.state, E1)["units"] == [None, None] and totals(game) == start


def test_dog_pile_repeating_a_tiles_power_pays_nothing():
    game, dog_pile, _ = goblin_warrior(9, 1, 2)
    game.state["pending"].append({"kind": "tile", "power": "reveal", "cell": list(A5)})
    game.play("tp")
    game.play(codes(game)[0])
    game.play(codes(game)[0])  # reveal a tile and orient it
    assert f"use {dog_pile}" in codes(game)


def test_under_version_8_dog_pile_pays_its_own_cost():
    game, dog_pile, onslaught = goblin_warrior(8, 2, 2, 5, 6)
    use(game, onslaught, 2)
    game.play("on 4 0 0")
    assert [c for c in codes(game) if c.startswith(f"use {dog_pile}")] == [f"use {dog_pile} 5", f"use {dog_pile} 6"]
    use(game, dog_pile, 5)
    assert game.state["pool"] == [6] and "last_cost" not in game.state


# -- item 6: the Gate's toll for a Garrison ---------------------------------------------------------------------
def gate_garrison(version: int, *pool: int) -> tuple[Game, int]:
    """At the Gate: player 1 crawls with Garrison [6] unlocked; E1 (3 4 5 6) is player 2's, controlled by them."""
    game = versioned(version, gate=True)
    slot = give(game, 0, "garrison", cost="6")
    lay(game, E1, tile((3, 4, 5, 6), "cross"), units={0: [1, 3]})
    at(game, 1, E1)
    crawl(game, *pool)
    return game, slot


def test_a_garrison_onto_a_tile_another_player_controls_pays_the_toll():
    """RULINGS.md: the [1+] toll is for every unit added to a tile another player controls, Garrison included."""
    game, slot = gate_garrison(9, 6, 4, 2)
    start, army = totals(game), game.state["players"][0]["army"]
    use(game, slot, 6)
    game.play("g 4 0 1")
    assert codes(game) == ["gt 2", "gt 4"]
    game.play("gt 2")
    assert cell_at(game.state, E1)["units"][1] == [0, 4] and game.state["pool"] == []
    assert game.state["players"][0]["army"] == army + 2 and totals(game) == start  # the cost and the toll
    assert "Player 1 pays a 2 to the Gate." in game.state["log"]


def test_a_garrison_with_no_die_for_the_toll_cannot_reach_a_rivals_tile():
    game, slot = gate_garrison(9, 6, 4)
    lay(game, B5, tile((5, 6), "straight"))  # an uncontrolled tile: no toll
    use(game, slot, 6)
    assert [c for c in codes(game) if c.startswith("g ")] == ["g 1 4 0", "g 1 4 1"]


def test_under_version_8_a_garrison_pays_no_toll():
    game, slot = gate_garrison(8, 6, 4, 2)
    use(game, slot, 6)
    game.play("g 4 0 1")
    assert codes(game) == ["d 2", "d 4"]
    game.play("d 2")
    assert cell_at(game.state, E1)["units"][1] == [0, 4] and game.state["pool"] == [4]


def test_version_9_games_between_bots_end_and_replay():
    for settings in ({"players": 3, "gate": True}, {"players": 2, "vaults": "goblins", "vault_cards": "first"},
                     {"players": 4, "cards": "draft"}):
        game = Game(RULESET, "v9-bots", {**settings, "v": 9, **{f"seat{n}": "normal" for n in range(1, 5)}})
        while not game.over:
            game.auto()
        assert Game.replay(RULESET, game.seed, game.settings, game.actions).state == game.state


# -- item 2: each printed Power is a Power of its own ------------------------------------------------------------
def two_attacks(version: int, *pool: int) -> tuple[Game, int]:
    """Player 1, the text's Elf Warrior, crawling with Attack [3+] and Attack [1+] both unlocked and two units in
    play; player 2 has a 5 on E1 and a 3 on E2. Returns the slot of Attack [3+] (Attack [1+] is the next one)."""
    game = versioned(version)
    p = game.state["players"][0]
    first = [pw["key"] for pw in card_powers(p)].index("attack")
    p["slots"][first] = p["slots"][first + 1] = [3, 3]
    p["army"] -= 4
    lay(game, A5, tile((1, 2, 3, 4), "cross"), units={0: [0, 1], 1: [0, 2]})
    lay(game, E1, tile((5, 6), "straight"), units={0: [1, 5]})
    lay(game, E2, tile((3, 4), "straight"), units={0: [1, 3]})
    at(game, 0, A5)
    at(game, 1, E1)
    crawl(game, *pool)
    return game, first


def test_the_warriors_two_attacks_are_each_used_once_a_turn_from_version_9():
    """Issue 31: "each Power can be used only once per turn" counts each printed Power, so the text's Warrior
    Attacks twice a turn, once with each copy, each paid on its own."""
    game, slot = two_attacks(9, 3, 4, 5, 5)
    force(game, 6, 2)
    use(game, slot, 3)  # Attack [3+], paid with the 3
    game.play("at 4 0 0")
    assert [c for c in codes(game) if c.startswith("use ")] == [f"use {slot + 1} 4", f"use {slot + 1} 5"]
    force(game, 6, 6)
    use(game, slot + 1, 4)  # Attack [1+], paid on its own
    game.play("at 4 1 0")
    assert cell_at(game.state, E1)["units"][0] == [0, 5] and cell_at(game.state, E2)["units"][0] == [0, 3]
    assert game.state["pool"] == [5, 5] and game.state["turn"] == 0
    assert not [c for c in codes(game) if c.startswith("use ")]  # each copy once: no third Attack


def test_under_version_8_the_warriors_two_attacks_are_one_power():
    game, slot = two_attacks(8, 3, 4, 5, 5)
    force(game, 6, 2)
    use(game, slot, 3)
    game.play("at 4 0 0")
    assert not [c for c in codes(game) if c.startswith("use ")]


def test_from_version_9_the_normal_bot_counts_each_printed_copy_as_a_power():
    """Under version 8 Attack [3+] added nothing once Attack [1+] was unlocked (it could add no use); from
    version 9 it is a second Attack a turn, worth what an Attack is, so the bot locks dice on it."""
    game, slot = two_attacks(9)
    p = game.state["players"][0]
    both = {v: power_values.worth(p, v) for v in (8, 9)}
    p["slots"][slot] = None
    one = {v: power_values.worth(p, v) for v in (8, 9)}
    assert both[8] == pytest.approx(one[8])
    assert both[9] == pytest.approx(one[9] + power_values.VALUES["attack"])


# -- item 4: games end as the text says, not at the round limit --------------------------------------------------
def rival_way(version: int) -> Game:
    """Player 1 has conquered A5 and holds Reveal; player 2 stands on E1, a conquered straight whose only corridor
    inside the grid runs south to the face-down E2."""
    game = versioned(version)
    slot = give(game, 0, "reveal", cost="1+")
    lay(game, A5, tile((1, 2, 3, 4), "cross"))
    fill(game, A5)
    at(game, 0, A5)
    lay(game, E1, tile((5, 6), "straight"))
    fill(game, E1, player=1)
    at(game, 1, E1)
    crawl(game, 1, 6)
    use(game, slot, 1)
    force_tile(game, tile((1, 2), "straight"))
    game.play("rv 4 1")  # E2: a straight, turned N-S (the rival's way on) or E-W (a wall)
    return game


def test_from_version_9_the_normal_bot_orients_a_tile_so_as_not_to_shut_a_rival_in():
    """Under version 8 the bot turned a revealed tile to wall off a rival's last corridor; the shut-in players of
    the games decided by the round limit could never explore again (issue 31: 6.8% of two-player games)."""
    game = rival_way(8)
    game.play(bot.normal(game.state))
    assert not connected(game.state, E1, E2) and bot.shut_in(game.state, E1)
    game = rival_way(9)
    game.play(bot.normal(game.state))
    assert connected(game.state, E1, E2) and not bot.shut_in(game.state, E1)


def far_from_a_way(version: int) -> Game:
    """Player 1 on A5, at the end of three conquered straights A5-B5-C5 running east; only C5's corridor leads
    to a face-down tile (D5): two moves away."""
    game = versioned(version)
    for cell, icons in ((A5, (1, 2)), (B5, (3, 4)), (C5, (5, 6))):
        lay(game, cell, tile(icons, "straight"), rot=1)
        fill(game, cell)
    at(game, 0, A5)
    return game


def test_from_version_9_the_normal_bot_walks_toward_the_nearest_way_on():
    """A bot looks one move ahead: under version 8 a marker whose own tiles were all explored stood still."""
    assert bot.ways_off(far_from_a_way(9).state, A5) == 2
    assert bot.normal(far_from_a_way(8).state) == "roll"
    assert bot.normal(far_from_a_way(9).state) == "m 1 4"


def closed(version: int, leads: bool) -> tuple[Game, int]:
    """Every marker shut in: player 1 on A5 (a dead end facing off the grid, worth 4), player 2 on E1 (the same,
    worth 5; with `leads`, 3). Player 1 crawls with a 5 and a 3 and Shapechange [5] unlocked."""
    game = versioned(version)
    p = game.state["players"][0]
    slot = give(game, 0, "shapechange", cost="5")
    p["cls"] = 1  # the Thief of version 1 (Hoarder, Swap, Withdraw): no Attack to weigh
    p["slots"] = [[6, 6]] * len(card_powers(p))
    lay(game, A5, tile((1, 2, 3), "dead end"), rot=2)
    fill(game, A5)
    lay(game, E1, tile((5, 5, 5) if not leads else (3, 3), "dead end", power="" if not leads else "reveal"))
    fill(game, E1, player=1)
    at(game, 0, A5)
    at(game, 1, E1)
    crawl(game, 3, 5)
    assert bot.shut_in(game.state, A5) and bot.shut_in(game.state, E1)
    return game, slot


def test_in_a_closed_dungeon_only_the_leading_bot_sends_units_back():
    """Once every marker is shut in, the game ends only when an army runs out; two bots trading Shapechanges
    each took back what the other took, for 50 to 112 Shapechanges, until the round limit. From version 9 the
    bot that does not lead sends no unit back, and the leader's Shapechanges run its own army down."""
    game, slot = closed(8, leads=False)
    assert bot.normal(game.state) == f"use {slot} 5"
    game, slot = closed(9, leads=False)
    assert bot.normal(game.state) != f"use {slot} 5"
    game, slot = closed(9, leads=True)
    assert bot.normal(game.state) == f"use {slot} 5"
