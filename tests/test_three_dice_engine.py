"""Engine behaviour as the 3 Dice Dungeon pages use it: one legal list,
refusals that change nothing, undo up to the last roll, saves, and dice that
can never silently change."""

from __future__ import annotations

import copy
import hashlib
import json

import pytest

from pyapp import dice
from pyapp.engine import BadSave, Game, IllegalAction
from pyapp.three_dice.ruleset import CLASSIC, TILES
from three_dice_helpers import codes, fight, monster, scene


def played(ruleset=CLASSIC, seed="engine", steps=12, **settings) -> Game:
    """A game auto-played a few steps with its own (unforced) dice."""
    game = Game(ruleset, seed, settings)
    for _ in range(steps):
        if game.over:
            break
        game.auto()
    return game


def in_progress(ruleset=CLASSIC) -> Game:
    for i in range(50):
        game = played(ruleset, seed=f"progress-{i}", steps=6)
        if not game.over and game.state["phase"] in ("explore", "fight"):
            return game
    raise AssertionError("no seed gave a game in progress")


# ---------------------------------------------------------------- illegal actions
# (text that is no code at all, "" say, is a MalformedAction: tests/test_page_contract.py)
@pytest.mark.parametrize("code", ["go N", "attack LUCK", "descend classic", "fragment", "teleport 0,0",
                                  "potion 0 BODY BODY", "retire now", "assign 4 4 4"])
def test_an_illegal_action_raises_a_readable_refusal_and_changes_nothing(code):
    game = fight(scene(exits="NS"), monster("Orcs", 2))
    state, actions, log = copy.deepcopy(game.state), list(game.actions), list(game.state["log"])
    with pytest.raises(IllegalAction) as refused:
        game.play(code)
    message = str(refused.value)
    assert repr(code) in message and "attack BODY" in message and "not allowed" in message
    assert game.state == state and game.actions == actions and game.state["log"] == log


def test_rule_refusals_come_from_the_one_legal_list():
    game = scene(here="large", exits="NS")
    game.state["players"][0]["items"]["fragment"] = 1
    for code in ("fragment", "descend classic", "search", "flee", "attack BODY"):
        assert code not in codes(game)
        with pytest.raises(IllegalAction):
            game.play(code)


def test_after_the_game_is_over_every_action_is_refused_as_such():
    game = scene()
    game.play("retire")
    with pytest.raises(IllegalAction, match="game is over"):
        game.play("go N")


# ---------------------------------------------------------------- undo
def test_undo_takes_back_a_step_that_rolled_no_dice():
    game = Game(CLASSIC, "undo", {"players": 2})
    start = copy.deepcopy(game.state)
    first = codes(game)[-1]
    game.play(first)  # player 1 assigns: no dice rolled yet
    assert game.can_undo()
    game.undo()
    assert game.state == start and game.actions == []


def test_undo_of_a_choice_of_exits():
    for i in range(60):
        game = Game(CLASSIC, f"undo-exits-{i}", {})
        game.play(codes(game)[0])
        if game.state["phase"] == "exits":
            break
    else:
        raise AssertionError("no seed gave a choice of exits")
    before = copy.deepcopy(game.state)
    game.play(codes(game)[-1])
    assert game.can_undo()
    game.undo()
    assert game.state == before and game.state["phase"] == "exits"


def test_undo_is_refused_past_a_roll():
    game = Game(CLASSIC, "undo-roll", {})
    game.play(codes(game)[0])  # assigning rolls the first location
    assert not game.can_undo()
    state = copy.deepcopy(game.state)
    with pytest.raises(IllegalAction, match="dice"):
        game.undo()
    assert game.state == state and len(game.actions) == 1


def test_undo_stops_at_the_last_roll_even_after_several_free_steps():
    game = Game(CLASSIC, "undo-chain", {"players": 3})
    game.play(codes(game)[0])
    game.play(codes(game)[0])
    game.undo()
    game.undo()
    assert game.actions == [] and not game.can_undo()


# ---------------------------------------------------------------- damaged saves
# (replay, save and reload round trips of every ruleset: tests/test_page_contract.py)
def save_data(game=None) -> dict:
    return json.loads((game or in_progress()).to_json())


CORRUPT = {
    "not json": lambda d: "{this is not json",
    "truncated": lambda d: json.dumps(d)[:40],
    "a list": lambda d: "[1, 2, 3]",
    "no format": lambda d: json.dumps({k: v for k, v in d.items() if k != "format"}),
    "no seed": lambda d: json.dumps({**d, "seed": None}),
    "actions not a list": lambda d: json.dumps({**d, "actions": "go N"}),
    "an action not text": lambda d: json.dumps({**d, "actions": [*d["actions"], 7]}),
    "bad setting": lambda d: json.dumps({**d, "settings": {**d["settings"], "players": 9}}),
    "state tampered": lambda d: json.dumps({**d, "state": {"phase": "fight"}}),
    "state without players": lambda d: json.dumps({**d, "state": {**d["state"], "players": []}}),
    "replay that goes wrong": lambda d: json.dumps({**d, "version": 0, "actions": [*d["actions"], "fly"]}),
}


@pytest.mark.parametrize("kind", sorted(CORRUPT))
def test_a_corrupt_save_raises_badsave(kind):
    with pytest.raises(BadSave):
        Game.from_json(CLASSIC, CORRUPT[kind](save_data()))


def test_a_save_with_a_damaged_undo_floor_raises_badsave():
    with pytest.raises(BadSave):
        Game.from_json(CLASSIC, json.dumps({**save_data(), "undo_floor": "x"}))


def test_a_save_whose_state_is_a_bare_over_phase_raises_badsave():
    with pytest.raises(BadSave):
        loaded = Game.from_json(CLASSIC, json.dumps({**save_data(), "state": {"phase": "over"}}))
        loaded.over  # noqa: B018 - a loaded game must be usable


def test_a_save_of_another_game_raises_badsave():
    with pytest.raises(BadSave, match="another game"):
        Game.from_json(CLASSIC, json.dumps(save_data(in_progress(TILES))))
    with pytest.raises(BadSave, match="another game"):
        Game.from_json(TILES, json.dumps(save_data()))


def test_a_save_in_a_newer_format_raises_badsave():
    with pytest.raises(BadSave, match="newer"):
        Game.from_json(CLASSIC, json.dumps({**save_data(), "format": 2}))


def test_a_save_from_a_newer_ruleset_version_raises_badsave():
    with pytest.raises(BadSave):
        Game.from_json(CLASSIC, json.dumps({**save_data(), "version": CLASSIC.state_version + 98}))


def test_badsave_messages_are_for_the_player():
    with pytest.raises(BadSave) as bad:
        Game.from_json(CLASSIC, "{oops")
    assert "save" in str(bad.value) and "Traceback" not in str(bad.value)


# ---------------------------------------------------------------- the dice
GOLDEN = [3, 2, 2, 1, 4, 4, 3, 4, 2, 6]


def test_golden_first_ten_d6_faces_of_the_seed_golden():
    state = dice.seed_state("golden")
    assert [dice.roll(state) for _ in range(10)] == GOLDEN


def reference_faces(seed: str, sides: int, count: int) -> list[int]:
    """The documented algorithm, written out independently: SHA-256 start,
    SplitMix64, rejection of the top partial range."""
    mask = (1 << 64) - 1
    s = int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:8], "big")
    limit = (1 << 64) - ((1 << 64) % sides)
    out = []
    while len(out) < count:
        s = (s + 0x9E3779B97F4A7C15) & mask
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        if z < limit:
            out.append(1 + z % sides)
    return out


@pytest.mark.parametrize("seed", ["golden", "", "éèê", "a-much-longer-seed-text-0123456789"])
@pytest.mark.parametrize("sides", [2, 3, 6, 7])
def test_dice_follow_the_documented_algorithm(seed, sides):
    state = dice.seed_state(seed)
    assert [dice.roll(state, sides) for _ in range(30)] == reference_faces(seed, sides, 30)


@pytest.mark.parametrize("sides", [3, 6])
def test_many_dice_at_once_are_the_same_faces_and_state_as_one_by_one(sides):
    for i in range(60):
        many, single = dice.seed_state(f"many-{i}"), dice.seed_state(f"many-{i}")
        if i % 7 == 0:
            dice.force(many, 2, 1)
            dice.force(single, 2, 1)
        for count in (1, 2, 3, 1, 3, 2) * 3:
            assert dice.roll_many(many, count, sides) == [dice.roll(single, sides) for _ in range(count)]
            assert many == single


def test_dice_state_is_plain_json():
    state = dice.seed_state("golden")
    dice.roll(state)
    assert json.loads(json.dumps(state)) == state


def test_forced_faces_come_up_first_and_then_the_seed_carries_on():
    state = dice.seed_state("golden")
    dice.force(state, 6, 6)
    assert [dice.roll(state) for _ in range(4)] == [6, 6, 3, 2]


def test_a_forced_face_that_does_not_fit_the_die_is_refused():
    state = dice.seed_state("golden")
    dice.force(state, 4)
    with pytest.raises(ValueError):
        dice.roll(state, 3)
