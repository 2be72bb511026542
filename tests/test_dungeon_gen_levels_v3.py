"""Rules version 3 (issue 31, Generator 1): every stairs down comes from the article's level roll, on the
trigger of procedure.level_trigger_v3, with fixed dice. Under versions 1-2 a Medium Level 1 (Large Levels 1-2)
had its stairs down in its first dead end with no roll: 49-73% of Medium and Large stairs."""

from __future__ import annotations

import pytest

from dungeon_gen_helpers import force, level, measured, new_game, queued, room, set_threads, way
from pyapp.dungeon_gen import procedure as P
from pyapp.dungeon_gen.data import DEPTHS, SIZES


def test_a_medium_level_1_rolls_for_its_stairs_at_every_new_room():
    """Above the least depth every new room checks, a room with passages too; a miss places nothing."""
    game = new_game("medium", seed_faces=(4, 4), entrance=(1, 1), v=3)  # Seed 4: level thread 4; 1 passage
    set_threads(game, 3, None)
    force(game, 2, 5, 5, 6)  # 1A: Room 2 rolls 2-5: 2 passages; its level check: higher of 5-6 = 6, not under 4
    game.play("take 1A")
    assert not queued(game) and game.state["level_thread"] == 4 and len(game.state["levels"]) == 1
    assert [p["label"] for p in room(game, 2)["passages"]] == ["2A", "2B"]
    force(game, 1, 4, 2, 3)  # 2A: Room 3 rolls 1-4: 1 passage; level check higher of 2-3 = 3 < 4: stairs down
    game.play("take 2A")
    assert not queued(game) and game.state["level_thread"] == 3
    assert [p["label"] for p in room(game, 3)["passages"]] == ["3A", "down"] and way(game, "down", 3)["level"] == 2
    force(game, 6, 6)  # 3A: Room 4, a dead end; the level has its stairs: no check
    game.play("take 3A")
    assert not queued(game) and room(game, 4)["dead"] and len(game.state["levels"]) == 2


def test_a_medium_dungeon_with_seed_1_stays_one_level():
    """No stairs without a roll: higher of 2d6 is never under 1, so the check is not even rolled."""
    game = new_game("medium", seed_faces=(1, 1), entrance=(1, 1), v=3)
    set_threads(game, 3, None)
    force(game, 6, 6)  # 1A: Room 2 a dead end: the level's first, and no stairs (versions 1-2 put them there)
    game.play("take 1A")
    assert not queued(game) and room(game, 2)["dead"] and len(game.state["levels"]) == 1
    assert not any(p["kind"] == "stairs" for p in room(game, 2)["passages"])


def reach_level_2(kind: str):
    """A Medium dungeon of `kind` on its Level 2 (the least depth), Seed 4, level thread 3, one thread of 3."""
    game = new_game("medium", seed_faces=(4, 4), entrance=(1, 1), type=kind, v=3)
    set_threads(game, 3, None)
    force(game, 6, 6, 2, 3)  # 1A: Room 2 a dead end; level check higher of 2-3 = 3 < 4: stairs down
    game.play("take 1A")
    force(game, 2, 1)  # Level 2's landing: highest of 2d6 = 2 passages
    game.play("stairs")
    set_threads(game, 3, None)
    assert game.state["at"] == [2, 1] and game.state["level_thread"] == 3
    return game


def test_from_the_least_depth_a_crypt_checks_at_rooms_with_doubles_only():
    game = reach_level_2("crypt")
    force(game, 2, 5)  # 1A: loop check not rolled (no other room has a passage); Room 2 rolls 2-5: no doubles
    game.play("take 1A")
    assert not queued(game) and game.state["level_thread"] == 3
    force(game, 6, 1, 1, 1, 2)  # 2A: loop check 6 (no); Room 3 rolls 1-1, doubles: level check 1-2 -> 2 < 3
    game.play("take 2A")
    assert not queued(game) and game.state["level_thread"] == 2 and way(game, "down", 3)["level"] == 3


def test_from_the_least_depth_a_cave_checks_at_dead_ends_with_doubles_only():
    """Caves are shallower: a room with doubles and passages makes no check, a dead end with doubles does."""
    game = reach_level_2("cave")
    force(game, 2, 5)
    game.play("take 1A")
    force(game, 6, 1, 1)  # 2A: loop check 6; Room 3 rolls 1-1: doubles, but 1 passage: no check in a cave
    game.play("take 2A")
    assert not queued(game) and game.state["level_thread"] == 3
    force(game, 6, 5, 5, 1, 2)  # 3A: loop check 6; Room 4 rolls 5-5 over thread 1: a dead end with doubles
    game.play("take 3A")
    assert not queued(game) and game.state["level_thread"] == 2 and way(game, "down", 4)["level"] == 3
    assert level(game, 3)["from"] == [2, 4]


def test_a_small_dungeon_never_checks_its_one_die_has_no_doubles():
    """Small's least depth is 1 and its rooms roll one die: under version 3 a Small dungeon has one level
    (versions 1-2: a crypt's first dead end checked, a cave's once every thread was spent)."""
    game = new_game("small", seed_faces=(6, 6), entrance=(2,), v=3)  # Seed 6: the easiest check there is
    set_threads(game, 3)
    force(game, 6)  # 1A: Room 2 a dead end: no check
    game.play("take 1A")
    set_threads(game, 0)
    force(game, 6)  # 1B: every thread spent: a dead end without a roll, and no check either
    game.play("go 1")
    game.play("take 1B")
    assert queued(game) == [6] and len(game.state["levels"]) == 1 and game.state["level_thread"] == 6


def test_the_trigger_by_depth_type_and_dice():
    assert P.level_trigger_v3("large", "cave", 2, [], True)  # above the least depth: every new room
    assert P.level_trigger_v3("large", "crypt", 1, [6, 5, 4], False)
    assert not P.level_trigger_v3("large", "crypt", 3, [6, 5, 4], True)
    assert P.level_trigger_v3("large", "lair", 3, [6, 5, 6], False)
    assert not P.level_trigger_v3("large", "cave", 3, [6, 5, 6], False) and P.level_trigger_v3("large", "cave", 4,
                                                                                                 [6, 6, 5], True)
    assert not any(P.level_trigger_v3("small", kind, 1, [face], dead) for kind in ("cave", "crypt")
                   for face in range(1, 7) for dead in (True, False))


# ---------------------------------------------------------------- what the trigger gives, on a fixed sample
SEEDS = 200  # per Size and type; the page's figures: figures/levels.py, 10,000 per Size and type


@pytest.fixture(scope="module")
def sample() -> dict:
    return {(size, kind): measured(size, kind, SEEDS, 3) for size in SIZES for kind in ("cave", "crypt")}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", ["cave", "crypt"])
def test_every_stairs_comes_from_a_roll_and_none_beyond_the_greatest_depth(sample, size, kind):
    figures = sample[size, kind]
    assert figures["rolled"] == 100.0 and not any(figures["levels"][DEPTHS[size][1]:])


def test_the_share_in_range_and_catacombs_deeper_than_caves(sample):
    """Over 10,000 seeds: Medium 89-90%, Large 86-87% in range (the rest: low Seeds, see rules_text)."""
    assert sample["small", "cave"]["levels"][0] == sample["small", "crypt"]["levels"][0] == SEEDS
    for size, floor in (("medium", 85), ("large", 80)):
        mean = {kind: sum(k * c for k, c in enumerate(sample[size, kind]["levels"], 1)) / SEEDS
                for kind in ("cave", "crypt")}
        assert sample[size, "cave"]["in_range"] >= floor and sample[size, "crypt"]["in_range"] >= floor
        assert mean["crypt"] > mean["cave"] + 0.2
