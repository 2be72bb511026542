"""Rules version 5 (issue 45, item 2), with fixed dice.

RULINGS: a secret passage opens a side thread of 1d6, "so the rooms behind it are rolled as the article rolls
rooms, not left as dead ends"; one found along a side thread "leads to one secret room and opens no further
thread". Version 4 left that secret room a dead end without a roll. From version 5 it is rolled as every room
is, on the side thread its passage was found along (a dead end once that thread is spent), and it still opens
no thread. Each scene is played under version 5; under version 4 the secret room rolls nothing (checked: every
scene here fails with data.SECRET_ROOMS at 6)."""

from __future__ import annotations

import pytest

from dungeon_gen_helpers import force, force_search, force_secret, level, measured, new_game, queued, room, set_threads
from pyapp.dungeon_gen.data import RULES_VERSION, SIZES
from pyapp.dungeon_gen.ruleset import RULESET

V = 5


def test_version_5_is_kept_below_the_newest():
    assert RULES_VERSION == RULESET.rules_version > V  # version 6 is the newest (test_dungeon_gen_v6.py)


def secret_behind_a_secret(v: int = V):
    """Small Seed 2: Room 2 a dead end holding a secret passage (2A), its thread spent. Behind 2A a side thread of
    4: Room 3 has 2 passages (side thread 3), Room 4 one (4A, side thread 2) and a secret passage, found (4B);
    the fixed order rolls 4A and 3B to place it (two dead ends on a 5: no 6, no level check). The explorer stands
    in Room 4, the side thread at 2, every passage but 4B rolled."""
    game = new_game("small", seed_faces=(2, 5), entrance=(1,), secret=(6, 1, 1), v=v)
    force(game, 1, 6)  # thread 1 = 1 + Seed 2 = 3; Room 2: 6, a dead end
    game.play("take 1A")
    force_search(game, 6, 6)
    game.play("search")  # 12 + 3 against 9: found, 2A
    set_threads(game, 0)
    force(game, 4, 2)  # 2A: side thread 1d6 = 4; Room 3: 2 passages, side thread 3
    game.play("take 2A")
    force_secret(game, 1, 1)  # Room 4 holds a secret passage
    force(game, 1)  # Room 4: 1 passage (4A), side thread 2
    game.play("take 3A")
    force(game, 6, 5, 5)  # 4A: loop check (3B open) 6, no; Room 5: 5, dead end; 3B: Room 6: 5, dead end
    force_search(game, 6, 6)
    game.play("search")  # found: 4B
    assert not queued(game) and level(game)["threads"] == [0, 2] and len(level(game)["rooms"]) == 6
    return game


def test_the_secret_room_behind_a_secret_rolls_on_the_side_thread_it_was_found_along():
    game = secret_behind_a_secret()
    force(game, 2)  # 4B: no loop check (no other passage open); Room 7: 2 at or under side thread 2
    game.play("take 4B")
    secret_room = room(game, 7)
    assert not queued(game) and secret_room["from"] == [4, "4B"] and secret_room["thread"] == 1
    assert not secret_room["dead"] and [p["label"] for p in secret_room["passages"]] == ["7A", "7B"]
    assert level(game)["threads"] == [0, 1] and level(game)["secret_from"] == ["2A"]  # no further thread
    assert ["Room 7", [2], "a secret room behind a secret, side thread 2 -> 2 passages"] in game.state["rolls"]


def test_the_rooms_beyond_a_secret_room_go_on_with_that_side_thread():
    game = secret_behind_a_secret()
    force(game, 1)  # Room 7: 1 passage, side thread 1
    game.play("take 4B")
    force(game, 1)  # 7A: no loop check (no other passage open); Room 8: 1 at or under 1, side thread 0
    game.play("take 7A")
    assert not queued(game) and room(game, 8)["thread"] == 1 and level(game)["threads"] == [0, 0]
    game.play("take 8A")  # the side thread is spent: a dead end without a roll, as along any spent thread
    assert room(game, 9)["dead"] and room(game, 9)["thread"] is None and not queued(game)


def test_a_secret_room_whose_side_thread_is_spent_is_a_dead_end():
    game = secret_behind_a_secret()
    set_threads(game, 0, 0)
    game.play("take 4B")
    secret_room = room(game, 7)
    assert secret_room["dead"] and secret_room["thread"] is None and not secret_room["passages"]
    assert ["Room 7", [], "a secret room behind a secret, its side thread spent -> dead end"] in game.state["rolls"]


def test_version_4_keeps_its_secret_room_a_dead_end_without_a_roll():
    game = secret_behind_a_secret(v=4)
    game.play("take 4B")
    assert room(game, 7)["dead"] and room(game, 7)["thread"] is None and level(game)["threads"] == [0, 2]
    assert ["Room 7", [], "a secret behind a secret: one secret room, no thread"] in game.state["rolls"]


# ---------------------------------------------------------------- what version 5 gives, on a fixed sample
SEEDS = 150  # per Size and type; the page's figures: figures/levels.py, 20,000 per Size and type


@pytest.fixture(scope="module")
def samples() -> dict:
    return {(size, version): measured(size, "crypt", SEEDS, version) for size in SIZES for version in (4, V)}


@pytest.mark.parametrize("size", SIZES)
def test_fewer_dead_ends_behind_secrets_than_version_4_on_the_same_dungeons(samples, size):
    old, new = samples[size, 4], samples[size, V]
    assert new["behind_secret"][1] / new["behind_secret"][0] < old["behind_secret"][1] / old["behind_secret"][0]
    assert new["rolled"] == 100.0
