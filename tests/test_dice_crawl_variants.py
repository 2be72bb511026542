"""Dice Crawl's variants (the text's "variants" section), each a setting: scenario tests with fixed dice,
the refused combinations, and random legal play with every variant and sensible combinations on."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from dice_crawl_helpers import at, codes, crawl, fill, lay, scene, tile
from pyapp.dice_crawl.bots.bot import LEVELS
from pyapp.dice_crawl.core import board
from pyapp.dice_crawl.core.board import cell_at
from pyapp.dice_crawl.core.state import card_powers
from pyapp.dice_crawl.data import CLASSES, RACES
from pyapp.dice_crawl.rules import powers
from pyapp.dice_crawl.rules.scoring import breakdown
from pyapp.dice_crawl.ruleset import RULESET
from pyapp.dice_crawl.variants import series
from pyapp.dice_crawl.variants.rules import CAMPAIGNS, CARDS
from pyapp.dice_crawl.variants.rules_text import VARIANT_RULES
from pyapp.engine import RULES_KEY, Game
from random_play import random_game
from test_dice_crawl_properties import check_invariants

# New games, as the page starts them: under the newest rules (the first release had no solo expedition, and
# its one-seat links still open the base game). The scenario tests that name cards by index play version 1.
NEWEST = dataclasses.replace(RULESET, settings=tuple(
    dataclasses.replace(s, default=RULESET.rules_version) if s.key == RULES_KEY else s for s in RULESET.settings))


def test_every_variant_has_its_tests():
    names = set(globals())
    assert all(any(n.startswith(f"test_{vid}") for n in names) for vid, _, _ in VARIANT_RULES)


def run_out(game: Game) -> None:
    """End the game being played: every army down to 1 die (the rest out of play), then end the turn."""
    state = game.state
    for p in state["players"]:
        p["out"] += p["army"] - 1
        p["army"] = 1
    state.update(phase="crawl", pool=[], pending=[])
    game.play("end")


# -- solo ----------------------------------------------------------------------------------------------
def test_solo_is_what_one_seat_plays():
    state = Game(NEWEST, "solo", {"players": 1}).state
    assert state["size"] == 3 and len(state["grid"]) == 9
    assert [n for n, c in enumerate(state["grid"]) if c["dragon"]] == [2]  # C1, a corner
    assert state["players"][0]["at"] == [0, 2] and state["players"][0]["army"] == 15  # A3, the opposite corner
    assert state["series"] == {"kind": "solo", "game": 1, "games": 3, "results": []}


def test_solo_base_setting_keeps_the_base_game_for_one_seat():
    state = Game(NEWEST, "solo", {"players": 1, "solo": "base"}).state
    assert state["size"] == 5 and state["players"][0]["army"] == 20 and "variant" not in state


def test_easier_game_gives_five_more_dice_in_solo_too():
    assert Game(NEWEST, "solo", {"players": 1, "easier": True}).state["players"][0]["army"] == 20


def solo_at_the_dragon(points_tiles, game: Game | None = None) -> Game:
    game = game or scene(1, seed="solo-run", v=RULESET.rules_version)
    game.state["phase"] = "explore"
    cross = tile((1, 2, 3, 4), "cross")
    lay(game, (1, 0), cross)
    fill(game, (1, 0))
    at(game, 0, (1, 0))
    for cell, t in zip([(0, 0), (0, 1), (1, 1)], points_tiles):
        lay(game, cell, t)
        fill(game, cell)
    return game


def test_solo_expedition_succeeds_with_15_points_before_the_dragon():
    game = solo_at_the_dragon([tile((5, 5, 5)), tile((6, 6, 6)), tile((3, 4, 5, 6))])  # 4 + 5 + 5 + 4 = 18
    game.play("x 2 0")
    state = game.state
    assert not game.over and state["phase"] == "between"
    assert state["series"]["results"] == [{"totals": [21], "made": True}]
    assert codes(game) == ["next"]
    game.play("next")
    assert state["series"]["game"] == 2 and state["players"][0]["army"] == 15
    assert all(c["t"] is None for c in state["grid"]) and state["players"][0]["at"] == [0, 2]
    run_out(game)  # expedition 2 fails: out of dice
    assert state["series"]["results"][-1]["made"] is False
    game.play("next")
    run_out(game)
    assert game.over and state["result"] == "won"
    assert series.totals(state) == [21 - 2] and state["score"]["points"] == 19


def test_solo_expedition_fails_when_the_dragon_comes_before_15_points():
    game = solo_at_the_dragon([tile((5, 5, 5))])  # 4 + 5 = 9
    game.play("x 2 0")
    assert game.state["series"]["results"] == [{"totals": [12], "made": False}]


def test_solo_three_failures_score_minus_three():
    game = Game(NEWEST, "fail", {"players": 1, "seat1": "person"})
    for _ in range(2):
        run_out(game)
        game.play("next")
    run_out(game)
    assert game.over and game.state["result"] == "lost" and game.state["score"]["points"] == -3


# -- Enemies at the Gate -------------------------------------------------------------------------------
def gate_scene() -> Game:
    game = scene(2, gate=True)
    t = tile((3, 4, 5, 6), "cross")
    lay(game, (4, 0), t, units={0: [1, 3]})  # player 2's tile, controlled by player 2
    at(game, 1, (4, 0))
    crawl(game, 4, 4, 2)
    return game


def test_gate_toll_to_add_a_unit_to_a_tile_another_player_controls():
    game = gate_scene()
    hunts = [c for c in codes(game) if c.startswith("p 4 0")]
    assert hunts == ["p 4 0 1 2", "p 4 0 1 4"]  # the 4 on icon 1, paying a 2 or the other 4
    army = game.state["players"][0]["army"]
    game.play("p 4 0 1 2")
    assert cell_at(game.state, (4, 0))["units"][1] == [0, 4] and game.state["pool"] == [4]
    assert game.state["players"][0]["army"] == army + 1


def test_gate_no_toll_without_a_second_die_or_on_an_uncontrolled_tile():
    game = gate_scene()
    game.state["pool"] = [4]
    assert not [c for c in codes(game) if c.startswith("p 4 0")]
    game = scene(2, gate=True)
    lay(game, (4, 0), tile((3, 4, 5, 6), "cross"))
    at(game, 1, (4, 0))
    crawl(game, 4, 2)
    assert "p 4 0 1" in codes(game)


def test_gate_scoring():
    game = scene(2, gate=True)
    lay(game, (0, 4), tile((5, 5, 5)), units={0: [0, 5], 1: [0, 5], 2: [1, 5]})  # 5 points, one enemy unit
    lay(game, (4, 0), tile((3, 4), "straight"), units={0: [0, 3], 1: [1, 4]})  # uncontrolled: no one scores
    rows = breakdown(game.state)
    assert rows[0]["tiles"] == 4 and rows[1]["allies"] == 1 and rows[0]["allies"] == 0
    plain = scene(2)
    lay(plain, (0, 4), tile((5, 5, 5)), units={0: [0, 5], 1: [0, 5], 2: [1, 5]})
    lay(plain, (4, 0), tile((3, 4), "straight"), units={0: [0, 3], 1: [1, 4]})
    assert breakdown(plain.state)[0]["tiles"] == 5 and breakdown(plain.state)[0]["allies"] == 1


# -- Escape --------------------------------------------------------------------------------------------
def test_escape_everyone_starts_on_the_dragon():
    state = Game(RULESET, "esc", {"players": 3, "escape": True}).state
    dragon = cell_at(state, (2, 2))
    assert dragon["t"] == 0 and all(p["at"] == [2, 2] for p in state["players"])
    assert [n for n, c in enumerate(state["grid"]) if c.get("exit")] == [0, 4, 20, 24]
    assert state["phase"] == "explore"  # the Dragon is face up: no start tile to reveal


def test_escape_exploring_an_exit_ends_the_game_with_three_points():
    game = scene(2, escape=True)
    lay(game, (0, 1), tile((1, 2, 3, 4), "cross"))
    fill(game, (0, 1))
    at(game, 0, (0, 1))
    assert "x 0 0" in codes(game)
    game.play("x 0 0")
    assert game.over and game.state["players"][0]["dragon"] and game.state["final"][0]["dragon"] == 3
    assert "escapes the dungeon at A1" in " ".join(game.state["log"])


def test_escape_exits_are_out_of_reach_of_powers():
    game = scene(2, escape=True)
    assert (0, 0) not in powers.hidden_cells(game.state) and (1, 0) in powers.hidden_cells(game.state)


def test_escape_goes_with_a_campaign():
    state = Game(RULESET, "esc", {"players": 2, "escape": True, "campaign": "two"}).state
    assert state["variant"] == {"campaign": "two", "escape": True} and state["series"]["games"] == 2


# -- choosing cards ------------------------------------------------------------------------------------
def test_drafting_order_and_one_of_each():
    game = Game(RULESET, "draft", {"players": 2, "cards": "draft", "seat2": "person"})
    state = game.state
    assert state["phase"] == "setup" and len(state["draft"]["race"]) == 4 == len(state["draft"]["cls"])
    assert [s["seat"] for s in state["setup"]] == [0, 1, 1, 0]  # the last player takes two, then back
    race = state["draft"]["race"][0]
    game.play(f"pr {race}")
    assert state["turn"] == 1 and f"pr {race}" not in codes(game)
    game.play(f"pr {state['draft']['race'][1]}")
    assert all(c.startswith("pc") for c in codes(game))  # the second pick must be the other kind
    game.play(codes(game)[0])
    assert codes(game) and all(c.startswith("pc") for c in codes(game))
    game.play(codes(game)[0])
    assert state["phase"] == "start" and state["turn"] == 0 and "setup" not in state and "draft" not in state
    assert all(p["race"] is not None and p["cls"] is not None for p in state["players"])
    assert len(state["players"][0]["slots"]) == len(card_powers(state["players"][0]))


def test_pros_and_cons_you_pick_your_race_your_right_hand_neighbour_your_class():
    game = Game(RULESET, "pc", {"players": 2, "cards": "pros_cons", "seat2": "person"})
    state = game.state
    assert [(s["kind"], s["seat"], s["for"]) for s in state["setup"]] == [
        ("race", 0, 0), ("race", 1, 1), ("cls", 0, 1), ("cls", 1, 0)]
    game.play("pr 0")
    assert "pr 0" not in codes(game) and len(codes(game)) == len(RACES) - 1
    game.play("pr 1")
    assert game.legal()[0].label.startswith("Give Player 2")
    game.play("pc 3")
    game.play("pc 4")
    assert [(p["race"], p["cls"]) for p in state["players"]] == [(0, 4), (1, 3)]


def test_pros_and_cons_is_refused_for_one_player():
    state = Game(RULESET, "pc", {"players": 1, "solo": "base", "cards": "pros_cons"}).state
    assert "variant" not in state and "Pros and Cons is refused" in state["log"][0]


# -- campaigns -----------------------------------------------------------------------------------------
def test_campaign_one_keeps_one_unlocked_power_and_carries_scores():
    game = Game(RULESET, "c1", {"players": 2, "campaign": "one", "seat2": "person"})
    state = game.state
    p0 = state["players"][0]
    p0["slots"][1] = [4, 4]
    p0["army"] -= 2
    run_out(game)
    assert state["phase"] == "between" and not game.over
    first = [r for r in state["series"]["results"][0]["totals"]]
    game.play("next")
    assert state["phase"] == "setup" and [s["seat"] for s in state["setup"]] == [0]
    assert codes(game) == ["keep 1"]
    game.play("keep 1")
    assert p0["slots"][1] == [4, 4] and p0["army"] == 18 and state["phase"] == "start"
    assert state["turn"] == 1  # the player after game 1's first goes first
    run_out(game)
    assert game.over and series.totals(state) == [a + b for a, b in zip(first, state["series"]["results"][1]["totals"])]


def test_campaign_two_deals_a_second_class():
    game = Game(RULESET, "c2", {"players": 3, "campaign": "two"})
    state = game.state
    before = [len(card_powers(p)) for p in state["players"]]
    run_out(game)
    game.play("next")
    held = [p["cls"] for p in state["players"]] + [p["cls2"] for p in state["players"]]
    assert len(set(held)) == 6
    assert [len(card_powers(p)) for p in state["players"]] == [
        b + len(CLASSES[p["cls2"]][1]) for b, p in zip(before, state["players"])]
    assert all(len(p["slots"]) == len(card_powers(p)) for p in state["players"])


# -- the Slough and refusals ---------------------------------------------------------------------------
def test_the_slough():
    state = Game(RULESET, "sl", {"players": 4, "slough": True}).state
    assert state["size"] == 7 and [n for n, c in enumerate(state["grid"]) if c["dragon"]] == [24]
    assert [p["army"] for p in state["players"]] == [30] * 4
    assert [p["at"] for p in state["players"]] == [[0, 6], [0, 0], [6, 0], [6, 6]]
    assert Game(RULESET, "sl", {"players": 2, "slough": True, "easier": True}).state["players"][0]["army"] == 35


@pytest.mark.parametrize("opts, refused", [
    ({"slough": True}, "The Slough is refused"),
    ({"escape": True}, "Escape is refused"),
    ({"campaign": "one"}, "The campaign is refused"),
    ({"gate": True}, "Enemies at the Gate is refused"),
])
def test_solo_refuses_what_makes_no_sense(opts, refused):
    state = Game(NEWEST, "r", {"players": 1, **opts}).state
    assert state["variant"] == {"solo": True} and any(line.startswith(refused) for line in state["log"])


def test_base_game_state_has_no_variant_keys():
    state = Game(RULESET, "base", {"players": 2}).state
    assert not {"variant", "series", "setup", "draft"} & set(state)


# -- random legal play and bots with every variant -----------------------------------------------------
VARIANTS = st.fixed_dictionaries({
    "players": st.integers(1, 4), "easier": st.booleans(), "solo": st.sampled_from(["solo", "base"]),
    "gate": st.booleans(), "cards": st.sampled_from(CARDS), "campaign": st.sampled_from(CAMPAIGNS),
    "escape": st.booleans(), "slough": st.booleans(), "solo_dragon": st.booleans(),
    "max_rounds": st.integers(10, 25),
    **{f"seat{n}": st.sampled_from(LEVELS) for n in range(1, 5)},
})


def check_all(game: Game, _seen=None) -> None:
    check_invariants(game)
    state = game.state
    for c in state["grid"]:  # no icon holds two units: one slot per space, and every unit on a real space
        assert len(c["units"]) == len(board.spaces(c))
    if state["phase"] == "setup":
        assert state["turn"] == state["setup"][0]["seat"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(opts=VARIANTS, seed=st.text(max_size=8), picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=300),
       bot_share=st.integers(0, 4))
def test_random_play_with_variants_keeps_the_invariants_and_replays(opts, seed, picks, bot_share):
    game = random_game(NEWEST, seed, opts, picks, bot_share, check=check_all)
    game.view()
    again = Game.replay(NEWEST, seed, game.settings, game.actions)
    assert again.state == game.state


COMBINATIONS = [
    {"players": 1}, {"players": 1, "cards": "draft", "solo_dragon": True}, {"players": 2, "gate": True},
    {"players": 3, "cards": "pros_cons"},
    {"players": 4, "cards": "draft"}, {"players": 2, "campaign": "one"}, {"players": 3, "campaign": "two"},
    {"players": 2, "escape": True}, {"players": 4, "escape": True, "campaign": "one"},
    {"players": 2, "escape": True, "campaign": "two", "cards": "draft"}, {"players": 2, "slough": True},
    {"players": 4, "slough": True, "gate": True, "easier": True}, {"players": 1, "solo": "base", "escape": True},
    # with the Forbidden Vaults sets: their cards join the draft and the picks, their tiles every game's stack
    {"players": 3, "cards": "draft", "vaults": "all"}, {"players": 2, "campaign": "two", "vaults": "crypt"},
    {"players": 1, "vaults": "traps"}, {"players": 4, "slough": True, "vaults": "all"},
    {"players": 2, "escape": True, "vaults": "goblins"}, {"players": 3, "cards": "pros_cons", "vaults": "dwarves"},
]


@pytest.mark.parametrize("opts", COMBINATIONS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_play_every_variant_to_the_end(opts, level):
    game = Game(NEWEST, f"bots-{level}", {**opts, **{f"seat{n}": level for n in range(1, 5)}})
    while not game.over:
        assert game.legal(), "locked"
        game.auto()
        check_all(game)
        assert len(game.actions) < 20_000
    game.view()
    assert game.state["score"]["players"] == len(game.state["players"])
    assert game.outcome().over
    assert Game.replay(NEWEST, game.seed, game.settings, game.actions).state == game.state



def test_solo_setting_lets_the_dragons_3_count_toward_the_15():
    tiles = [tile((5, 5, 5)), tile((6, 6, 6))]
    game = solo_at_the_dragon(tiles)  # 4 + 5 + 5 = 14: short of 15 before the Dragon
    game.play("x 2 0")
    assert game.state["series"]["results"][0]["made"] is False
    game = Game(NEWEST, "solo-run", {"players": 1, "seat1": "person", "solo_dragon": True})
    game.state.update(phase="explore", pending=[])
    counted = solo_at_the_dragon(tiles, game)
    counted.play("x 2 0")
    assert counted.state["series"]["results"] == [{"totals": [17], "made": True}]


def test_a_one_seat_link_of_the_first_release_still_opens_the_base_game():
    """Rules version 1 had no solo expedition: one seat played the base game on 5x5, and its links still do."""
    old = Game(RULESET, "one-seat", {"players": 1})
    assert old.settings[RULES_KEY] == 1 and old.state["size"] == 5 and "series" not in old.state
    new = Game(RULESET, "one-seat", {"players": 1, RULES_KEY: RULESET.rules_version})
    assert new.state["size"] == 3 and new.state["series"]["kind"] == "solo"
