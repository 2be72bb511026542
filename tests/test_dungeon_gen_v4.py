"""Rules version 4 (issue 45, items 2 and 3), with fixed dice.

Item 2: a secret passage opens a side thread of 1d6 without the Seed (version 2-3: 1d6 + Seed, so every side
thread found about one more secret passage and dungeons doubled), and a secret passage found behind a secret
leads to one secret room and opens no further thread.
Item 3: the level check is at or under the level thread (versions 1-3: strictly under); only a room at least
three rooms from its level's way in makes one; a level above the Size's least depth mapped without stairs
searches its dead ends for them; from the least depth on, a far dead end with doubles (Small: a 6) checks,
so Small dungeons get a second level. Each scene is played under version 4; under version 3 its dice
would be read otherwise (checked: every test here fails with data.SIDE_THREADS and data.AT_OR_UNDER at 5)."""

from __future__ import annotations

import pytest

from dungeon_gen_helpers import (
    force,
    force_search,
    force_secret,
    level,
    measured,
    new_game,
    queued,
    room,
    set_threads,
    way,
)
from pyapp.dungeon_gen import procedure as P
from pyapp.dungeon_gen.data import DEPTHS, RULES_VERSION, SIZES
from pyapp.dungeon_gen.ruleset import RULESET

V = 4


def test_version_4_is_kept_below_the_newest():
    assert RULES_VERSION == RULESET.rules_version > V  # version 6 is the newest (test_dungeon_gen_v6.py)


def secret_behind_room_2(size: str = "small"):
    """Small Seed 2, one entrance passage; Room 2 a dead end holding a secret passage (found: 2A), thread
    spent, as when the fixed order reaches the secret passages."""
    game = new_game(size, seed_faces=(2, 5), entrance=(1,), secret=(6, 1, 1), v=V)
    force(game, 1, 6)  # thread 1 = 1 + Seed 2 = 3; Room 2: 6, a dead end (1 room in: no level check)
    game.play("take 1A")
    assert not queued(game) and room(game, 2)["hidden"][0] == "passage"
    force_search(game, 6, 6)
    game.play("search")  # 12 + 3 against 9: found, 2A
    set_threads(game, 0)
    return game


def test_a_secret_passage_opens_a_side_thread_of_1d6_without_the_seed():
    game = secret_behind_room_2()
    force(game, 4, 2)  # 2A: no loop check (no other room has a passage); side thread 1d6 = 4 (v3: 4 + 2 = 6)
    game.play("take 2A")
    behind = room(game, 3)
    assert not queued(game) and level(game)["threads"] == [0, 3] and level(game)["secret_from"] == ["2A"]
    assert behind["thread"] == 1 and [p["label"] for p in behind["passages"]] == ["3A", "3B"]
    assert ["2A: secret side thread starts", [4], "1d6 = 4"] in game.state["rolls"]
    force(game, 1)
    game.play("take 3A")  # the rooms behind go on with the side thread
    assert room(game, 4)["thread"] == 1 and level(game)["threads"] == [0, 2]
    assert "secret thread of 2A: 2" in RULESET.render(game.state, game.legal()).panel


def test_a_secret_passage_behind_a_secret_leads_to_one_secret_room():
    game = secret_behind_room_2()
    force(game, 4, 2)
    game.play("take 2A")  # side thread 4, Room 3: 2 passages, side thread 3
    force_secret(game, 1, 1)  # Room 4 holds a secret passage
    force(game, 1)
    game.play("take 3A")  # Room 4: 1 passage (4A), side thread 2
    assert room(game, 4)["hidden"][0] == "passage"
    force_search(game, 6, 6)
    game.play("search")  # found: 4B (the fixed order rolls 4A and 3B first, out of sight, to place it)
    threads = list(level(game)["threads"])
    assert len(threads) == 2 and not any(r["hidden"] for r in level(game)["rooms"][4:])
    game.play("take 4B")  # every other passage is rolled: no loop check; one secret room, no thread, no roll
    secret_room = room(game, len(level(game)["rooms"]))
    assert secret_room["from"] == [4, "4B"] and secret_room["dead"] and secret_room["thread"] is None
    assert level(game)["threads"] == threads and level(game)["secret_from"] == ["2A"]  # no further thread
    assert [f"Room {secret_room['n']}", [], "a secret behind a secret: one secret room, no thread"] in game.state[
        "rolls"]


def test_the_level_check_is_at_or_under_and_only_three_rooms_in():
    """Medium Seed 1: under version 3 (strictly under) its level check could never succeed, and every new room
    of Level 1 checked, Room 2 first. Now Rooms 2 and 3 (1 and 2 rooms in) make none; Room 4 does, and a
    higher of 1-1 is at or under the level thread 1."""
    game = new_game("medium", seed_faces=(1, 1), entrance=(1, 1), v=V)  # Seed 1, one entrance passage
    set_threads(game, 3, None)
    force(game, 1, 5)  # Room 2: 1 passage, thread 2; no check
    game.play("take 1A")
    force(game, 1, 6)  # Room 3: 1 passage, thread 1; no check
    game.play("take 2A")
    assert not queued(game) and len(game.state["levels"]) == 1
    force(game, 1, 6, 1, 1)  # Room 4: 1 passage, thread 0; 3 rooms in: level check higher of 1-1 = 1 <= 1
    game.play("take 3A")
    assert not queued(game) and game.state["level_thread"] == 0 and way(game, "down", 4)["level"] == 2
    assert ["Room 4: level check", [1, 1], "1 at or under level thread 1: stairs down!"] in game.state["rolls"]


def test_a_level_above_the_least_depth_mapped_without_stairs_searches_its_dead_ends():
    """Medium Level 1 (above the least depth, 2) whose rooms are all within two rooms of the way in: once it
    is mapped its dead ends are searched for the stairs, farthest first, round after round, until found."""
    game = new_game("medium", seed_faces=(2, 2), entrance=(2, 1), v=V)  # Seed 2: level thread 2; 2 passages
    set_threads(game, 3, None)
    force(game, 1, 6)  # 1A: Room 2, 1 passage (2A), thread 2
    game.play("take 1A")
    force(game, 6, 6, 6)  # 2A: loop check (1B open) 6, no; Room 3: 6-6, a dead end 2 rooms in: no check
    game.play("take 2A")
    game.play("go 1")
    # 1B, the level's last passage (no loop check: no other room has one): Room 4 6-6, a dead end 1 room in.
    # The level is mapped without stairs: Room 3 (2 in) checks 6-6, Room 4 (1 in) 5-5, Room 3 again 1-2: 2 <= 2
    force(game, 6, 6, 6, 6, 5, 5, 1, 2)
    game.play("take 1B")
    assert not queued(game) and game.state["level_thread"] == 1
    assert way(game, "down", 3)["level"] == 2 and not any(p["kind"] == "stairs" for p in room(game, 4)["passages"])
    assert game.state["log"][-1] == ("Level 1 is mapped without stairs down, so its dead ends are searched: the stairs "
                            "down are in Room 3.")
    game.play("go 3")
    assert any(a.code == "stairs" for a in game.legal())


def test_a_small_dungeon_finds_a_second_level_at_its_first_far_dead_end_showing_a_6():
    """Under version 3 a Small dungeon never made a level check (its one die never shows doubles)."""
    game = new_game("small", seed_faces=(3, 5), entrance=(1,), v=V)  # Seed 3, one entrance passage
    set_threads(game, 3)
    force(game, 1)  # Room 2: 1 passage, thread 2
    game.play("take 1A")
    force(game, 1)  # Room 3: 1 passage, thread 1
    game.play("take 2A")
    force(game, 6, 2, 4)  # Room 4: 6 over thread 1, a dead end 3 rooms in showing a 6: check lower 2 <= 3
    game.play("take 3A")
    assert not queued(game) and game.state["level_thread"] == 2 and way(game, "down", 4)["level"] == 2


def test_the_trigger_by_size_type_distance_and_dice():
    assert not P.level_trigger_v4("medium", "crypt", 1, 2, [6, 6], True, 0)  # within two rooms: never
    assert P.level_trigger_v4("medium", "cave", 1, 3, [6, 5], False, 0)  # above the least depth: every room
    assert P.level_trigger_v4("small", "cave", 1, 3, [6], True, 0)
    assert not P.level_trigger_v4("small", "crypt", 1, 5, [6], True, 1)  # Small: the first far dead end only
    assert not P.level_trigger_v4("small", "crypt", 1, 3, [5], True, 0)
    assert P.level_trigger_v4("large", "crypt", 3, 4, [5, 5, 6], True, 2)  # catacombs: every far dead end
    assert not P.level_trigger_v4("large", "cave", 3, 4, [5, 5, 6], True, 2)  # caves: the first only
    assert not P.level_trigger_v4("large", "crypt", 3, 4, [5, 5, 1], False, 0)  # with passages: none
    assert P.level_found_v4("large", 1, 2, 3) and not P.level_found("large", 1, 2, 3)
    assert P.level_check_possible_v4("medium", 1) and not P.level_check_possible_v4("large", 1)


# ---------------------------------------------------------------- what version 4 gives, on a fixed sample
SEEDS = 150  # per Size and type; the page's figures: figures/levels.py, 20,000 per Size and type


@pytest.fixture(scope="module")
def sample() -> dict:
    return {(size, kind): measured(size, kind, SEEDS, V) for size in SIZES for kind in ("cave", "crypt")}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", ["cave", "crypt"])
def test_every_stairs_from_a_roll_and_in_the_level(sample, size, kind):
    figures = sample[size, kind]
    assert figures["rolled"] == 100.0 and not any(figures["levels"][DEPTHS[size][1]:])
    assert figures["near"] <= 15
    behind, dead = figures["behind_secret"]
    assert dead <= 0.6 * behind


def test_levels_in_the_articles_ranges(sample):
    for kind in ("cave", "crypt"):
        small = sample["small", kind]["levels"]
        assert 0.10 * SEEDS <= small[1] + small[2] <= 0.40 * SEEDS and small[2] <= 0.08 * SEEDS
        assert sample["medium", kind]["in_range"] == 100.0
        assert sample["large", kind]["in_range"] >= 94  # only Seed 2 (1 in 36) cannot reach Level 3
        assert set(sample["large", kind]["out_by_seed"]) <= {2}
    mean = {kind: sum(k * c for k, c in enumerate(sample["large", kind]["levels"], 1)) for kind in ("cave", "crypt")}
    assert mean["crypt"] > mean["cave"]
