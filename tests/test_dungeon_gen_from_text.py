"""The Dungeon Generator checked against its source text (seed 003), written
from the article, RULINGS.md and the in-page rulings, independently of the
other Dungeon Generator tests.

The article changes its mind several times; the engine implements the FINAL
procedure (entrance = highest of 1/2/3 d6, 1/2/3 threads each worth 1d6 +
Seed, used one after another). Where a worked example was walked under an
earlier draft (entrance passages = Seed, one thread per entrance passage
worth the Seed, "1 connection per die under the thread"), the scenario keeps
the example's numbers where the final rules allow and says where it adapts.

Every step forces its dice and checks that exactly those dice, in that
order, were rolled (`step`): a die too many or too few fails the test.
"""

from __future__ import annotations

import json

import pytest

from dungeon_gen_helpers import (
    NO_SECRETS,
    codes,
    force,
    force_search,
    force_secret,
    level,
    map_of,
    mapped,
    new_game,
    queued,
    room,
    way,
)
from pyapp.dungeon_gen import procedure as P, rules
from pyapp.dungeon_gen.bot import auto_action
from pyapp.dungeon_gen.ruleset import RULESET
from pyapp.engine import Game, IllegalAction


# ------------------------------------------------------------------ helpers
def rolled(game: Game) -> list[int]:
    """Every face rolled by the last action, in order (the dice tray)."""
    return [face for _, faces, _ in game.state["rolls"] for face in faces]


def step(game: Game, code: str, *faces: int, auto: bool = False) -> None:
    """Play `code` with exactly `faces` coming up on the main stream.
    With auto=True, `code` must also be the fixed order's next move."""
    if auto:
        assert auto_action(game.state) == code
    force(game, *faces)
    game.play(code)
    assert rolled(game) == list(faces), f"{code}: rolled {rolled(game)}, expected {list(faces)}"
    assert not queued(game)


def search(game: Game, *faces: int) -> None:
    """Search the current room with exactly `faces` on the search stream."""
    main_before = dict(game.state["dice"], search=None)
    force_search(game, *faces)
    game.play("search")
    assert rolled(game) == list(faces)
    assert not game.state["dice"]["search"]["q"]
    assert dict(game.state["dice"], search=None) == main_before  # the structure's dice are untouched


def labels(game: Game, number: int, level_no: int | None = None, kind: str | None = None) -> list[str]:
    return [p["label"] for p in room(game, number, level_no)["passages"] if kind is None or p["kind"] == kind]


def threads(game: Game, level_no: int | None = None) -> list:
    return level(game, level_no)["threads"]


def snapshot(game: Game) -> str:
    return json.dumps(game.state, sort_keys=True)


# ------------------------------------------------------------ Size and Seed
@pytest.mark.parametrize("face, size", [(1, "small"), (2, "small"), (3, "medium"), (4, "medium"), (5, "medium"),
                                        (6, "large")])
def test_size_roll_1_2_small_3_5_medium_6_large(face, size):
    game = Game(RULESET, "size", {"size": "roll"})
    entrance = (1,) * {"small": 1, "medium": 2, "large": 3}[size]
    game.state = rules.new_state("size", game.settings, forced=(face, 2, 5, *entrance))
    assert game.state["size"] == size and not queued(game)
    assert rolled(game)[:1] == [face]


@pytest.mark.parametrize("size, faces, seed", [
    ("small", (5, 2), 2), ("small", (2, 5), 2),  # 2d6, take lower
    ("medium", (5, 2), 5), ("medium", (2, 5), 5),  # 2d6, take higher
    ("large", (5, 2), 7), ("large", (6, 6), 12), ("large", (1, 1), 2),  # 2d6, add
])
def test_seed_is_read_from_2d6_by_size(size, faces, seed):
    game = new_game(size, seed_faces=faces, entrance=(1,) * P.dice_count(size))
    assert game.state["seed_value"] == seed
    assert game.state["level_thread"] == seed  # the level thread starts equal to the Seed


def test_dungeon_is_recorded_as_name_size_seed():
    """'[Dungeon Name] Size: Small Seed: 2'"""
    game = new_game("small", seed_faces=(2, 5), entrance=(2,), name="Old Mine")
    assert "Old Mine" in game.state["log"][0] and "Small" in game.state["log"][0] and "Seed 2" in game.state["log"][0]


@pytest.mark.parametrize("size, entrance, passages", [
    ("small", (4,), 4), ("medium", (2, 5), 5), ("large", (2, 5, 3), 5),
    ("large", (6, 6, 6), 6), ("large", (1, 1, 1), 1),
])
def test_entrance_passages_are_the_highest_of_x_d6(size, entrance, passages):
    """Final rule: not the Seed any more; 1d6/2d6/3d6 by Size, take the highest (so at most 6)."""
    game = new_game(size, seed_faces=(6, 6), entrance=entrance)
    assert labels(game, 1) == [f"1{c}" for c in "ABCDEF"[:passages]]
    assert threads(game) == [None] * len(entrance)  # 1/2/3 threads, not one per passage


# ------------------------------------------------------------ the Small walk
def small_walk(searching: bool) -> Game:
    """The article's Small walk: Seed 2, an entrance with two passages (the
    draft's "passages = Seed"; here the entrance's 1d6 shows 2).
    ADAPTED: the draft's thread was the Seed, 2; the final thread is 1d6 + 2,
    at least 3, so the thread die shows 1 (thread 3) and Room 2's "3! dead
    end" becomes a 4. Room 3's 2 "has another connection" (one, by the draft's
    rule); under the final "lowest die" rule a 2 would give two, so it shows
    a 1. Room 4 then needs 2 or under (the draft: a 1) and rolls 3 again.
    Searches: Reynard Puck, INT 3, no Dungeoneering: 2d6 + 3 vs 9."""
    game = new_game("small", seed_faces=(2, 5), entrance=(2,), int=3, dungeoneering=0)
    assert game.state["seed_value"] == 2 and labels(game, 1) == ["1A", "1B"]
    if searching:
        search(game, 3, 3)  # 6 + 3 = 9: pass; the entrance holds no secret
        assert room(game, 1)["search"] == "passed" and room(game, 1)["mark"] == ""
    # 1A: no loop-back check (no OTHER room has unexplored passages); thread 1 starts at 1 + 2 = 3;
    # Room 2 rolls 4: a dead end; its level check: lower of 3-4 is not under the level thread 2.
    step(game, "take 1A", 1, 4, 3, 4, auto=True)
    assert room(game, 2)["dead"] and threads(game) == [3]  # a dead end leaves the thread alone
    if searching:
        search(game, 5, 1)  # 6 + 3 = 9: pass; nothing
    step(game, "back")
    assert game.state["at"] == [1, 1]
    step(game, "take 1B", 1)  # Room 3 rolls 1 at thread 3: one passage, the thread drops to 2
    assert labels(game, 3) == ["3A"] and threads(game) == [2]
    if searching:
        search(game, 1, 1)  # snake-eyes: 2 + 3 = 5, a fail: "?"
        assert room(game, 3)["mark"] == "?" and "search" not in codes(game)
    step(game, "take 3A", 3)  # Room 4 rolls 3 over thread 2: a dead end; no level check (Room 2 made the level's one)
    assert room(game, 4)["dead"] and threads(game) == [2]
    return game


def test_small_walk_rooms_and_searches_as_far_as_the_engine_allows():
    game = small_walk(searching=True)
    assert len(level(game)["rooms"]) == 4 and game.state["level_thread"] == 2
    assert [room(game, n)["mark"] for n in (1, 2, 3)] == ["", "", "?"]
    assert game.state["counts"] == {"loops": 0, "dead_ends": 2, "searches": 3, "secrets": 0}
    assert mapped(game)  # every passage explored: the map is complete


def test_small_walk_searches_every_room_after_mapping_as_the_article_does():
    """'I go back through the rooms to search for secrets... I roll 4 times,
    once for each room, and pass the first 2 checks while failing the second 2
    (snake-eyes twice)... question marks next to rooms 3 and 4.'"""
    game = small_walk(searching=False)
    for number, faces in ((1, (3, 3)), (2, (5, 1)), (3, (1, 1)), (4, (1, 1))):
        if game.state["at"][1] != number:
            game.play(f"go {number}")
        search(game, *faces)
    assert [room(game, n)["mark"] for n in (1, 2, 3, 4)] == ["", "", "?", "?"]
    assert not game.over and "close" in codes(game)
    game.play("close")
    assert game.over and game.legal() == []


def test_small_walk_secret_passage_in_a_dead_end_gets_the_next_letter():
    """'Room #4 is a dead end. …or is it?' A secret passage found in a dead end
    is lettered after its passages (a dead end has none: 2A) and explored like
    any passage. Whether Room 2 holds it was rolled with the room (secret
    stream: 1 = a secret, crypt table 2 = a passage); the search only finds it."""
    game = new_game("small", seed_faces=(2, 5), entrance=(1,), type="crypt")
    force_secret(game, 1, 2)
    step(game, "take 1A", 1, 4, 3, 4)
    assert mapped(game) and room(game, 2)["hidden"][0] == "passage"
    search(game, 4, 4)  # 8 + 3 = 11 >= 9: found
    assert way(game, "2A", 2)["secret"] and way(game, "2A", 2)["kind"] == "unexplored"
    assert game.state["counts"]["secrets"] == 1 and "take 2A" in codes(game) and not mapped(game)
    # 2A: no loop-back check (no other room has unexplored passages); Room 3 rolls 2 at thread 3
    step(game, "take 2A", 2)
    assert labels(game, 3) == ["3A", "3B"] and threads(game) == [2]


# ------------------------------------------------------------ the Large walk
# ADAPTED: the article's Large walk used the draft rules: Seed 7, seven
# entrance passages (1A-1G) and Thread A = the Seed, 7. Under the final rules
# a thread is 1d6 + Seed (at least 8 with Seed 7), and an entrance has at most
# 6 passages. To keep every number of the walk, the Seed is 6 (3 + 3) and the
# first thread's die shows 1: Thread 1 = 7. The entrance rolls 6-2-1: 1A-1F.
# No level check: a Large level above depth 3 has its stairs down in its first
# dead end (Room 5) without a roll. Loop-back checks are rolled on every first
# traversal while another room has unexplored passages, and miss (2-6) until 12A.
LARGE_WALK = [
    # (code, dice on the main stream, check)
    ("take 1A", (1, 3, 5, 4), lambda g: labels(g, 2) == ["2A", "2B", "2C"] and threads(g) == [6, None, None]),
    ("take 2A", (2, 1, 6, 6), lambda g: labels(g, 3) == ["3A"] and threads(g)[0] == 5),  # Room 3 rolls a 1
    ("take 3A", (3, 1, 5, 6), lambda g: labels(g, 4) == ["4A"] and threads(g)[0] == 4),  # Room 4 rolls a 1
    # Room 5: "by this point, the thread was 4, and I rolled 6-5-5": a dead end, the level's first: stairs down
    ("take 4A", (4, 6, 5, 5), lambda g: room(g, 5)["dead"] and threads(g)[0] == 4 and labels(g, 5) == ["down"]),
    ("go 2", (), lambda g: g.state["at"] == [1, 2]),  # "backtracked all the way to Room 2"
    ("take 2B", (5, 2, 4, 6), lambda g: labels(g, 6) == ["6A", "6B"] and threads(g)[0] == 3),  # lowest 2: thread 3
    ("take 6A", (6, 1, 3, 5), lambda g: labels(g, 7) == ["7A"] and threads(g)[0] == 2),  # Room 7: 1; thread 2
    ("take 7A", (2, 3, 4, 5), lambda g: room(g, 8)["dead"] and threads(g)[0] == 2),  # Room 8: dead end
    ("go 6", (), lambda g: g.state["at"] == [1, 6]),
    ("take 6B", (3, 6, 4, 4), lambda g: room(g, 9)["dead"]),  # "I rolled 6-4-4": Room 9 a dead end
    ("go 2", (), lambda g: g.state["at"] == [1, 2]),
    ("take 2C", (4, 2, 3, 3), lambda g: labels(g, 10) == ["10A", "10B"] and threads(g)[0] == 1),  # Room 10: 2
    ("take 10A", (5, 2, 3, 4), lambda g: room(g, 11)["dead"]),  # "11 was a dead-end"
    ("go 10", (), lambda g: g.state["at"] == [1, 10]),
    ("take 10B", (6, 1, 4, 4), lambda g: labels(g, 12) == ["12A"] and threads(g) == [0, None, None]),  # thread 0
    # 12A: the loop-back check hits; Room 1 is the only room with unexplored passages (1B-1F here,
    # 1B-1G in the article); 1d6 = 3 picks the third, 1D. 1D is crossed off; we stand in Room 1.
    ("take 12A", (1, 3), lambda g: way(g, "12A", 12)["to"] == 1 and way(g, "12A", 12)["via"] == "1D"
        and way(g, "1D", 1)["kind"] == "loop" and g.state["at"] == [1, 1] and len(level(g)["rooms"]) == 12),
    # ADAPTED: the article's draft ends a thread at 0 ("I won't even be rolling"); the final rule starts the
    # next thread: 1B -> Room 13 (no loop check: no OTHER room has unexplored passages), Thread 2 = 1 + 6 = 7,
    # 3 connections, "the thread is now 6".
    ("take 1B", (1, 3, 3, 4), lambda g: labels(g, 13) == ["13A", "13B", "13C"] and threads(g) == [0, 6, None]
        and room(g, 13)["thread"] == 1),
    ("take 13A", (2, 1, 2, 2), lambda g: labels(g, 14) == ["14A"] and threads(g)[1] == 5),  # Room 14: 1; thread 5
    ("take 14A", (3, 3, 4, 6), lambda g: len(labels(g, 15)) == 3 and threads(g)[1] == 4),  # Room 15: 3; thread 4
]


def large_walk_game() -> Game:
    game = new_game("large", seed_faces=(3, 3), entrance=(6, 2, 1), seed="large-walk")
    assert game.state["seed_value"] == 6 and labels(game, 1) == [f"1{c}" for c in "ABCDEF"]
    return game


def test_large_walk_step_by_step_in_the_fixed_order():
    game = large_walk_game()
    for code, faces, check in LARGE_WALK:
        step(game, code, *faces, auto=True)  # the fixed order takes exactly the article's route
        assert check(game), code
    assert labels(game, 1, kind="unexplored") == ["1C", "1E", "1F"]
    assert [room(game, n)["thread"] for n in (2, 12, 13)] == [0, 0, 1]
    assert game.state["counts"]["loops"] == 1 and game.state["level_thread"] == 6


def test_large_walk_whole_mode_gives_the_same_dungeon_as_exploring_it():
    game = large_walk_game()
    for code, faces, _ in LARGE_WALK:
        step(game, code, *faces)
    game.play("finish")
    game.play("close")
    assert game.over
    everything = [f for _, faces, _ in LARGE_WALK for f in faces]
    settings = {**game.settings, "mode": "whole"}
    state = rules.new_state("large-walk", settings, forced=(3, 3, 6, 2, 1, *everything), secrets=NO_SECRETS)
    assert rules.is_over(state) and map_of(state) == map_of(game.state)


def test_a_loop_back_passage_is_walked_again_without_any_roll():
    """'when you go down a passage for the FIRST time': walking a known
    passage or a loop again rolls nothing."""
    game = large_walk_game()
    for code, faces, _ in LARGE_WALK[:16]:  # up to the 12A loop-back
        step(game, code, *faces)
    force(game, 1, 1, 1, 1)
    game.play("take 1D")  # Room 1 -> Room 12 through the loop
    assert game.state["at"] == [1, 12] and queued(game) == [1, 1, 1, 1]
    game.play("take 12A")
    game.play("take 1A")  # a known passage: into Room 2
    assert game.state["at"] == [1, 2] and queued(game) == [1, 1, 1, 1]
    game.state["dice"]["q"].clear()


# ------------------------------------------------------------ room passages
def chain(game: Game, rooms: int, passages: int = 1) -> None:
    """From Room 1 along nA: each new room has `passages` passages (all dice
    show that number); loop-back checks, when due, miss (6)."""
    dice = P.dice_count(game.state["size"])
    for n in range(1, rooms + 1):
        check = (6,) if level(game)["open"] - room(game, n)["open"] else ()
        start = (6,) if threads(game)[level(game)["thread"]] is None else ()
        step(game, f"take {n}A", *check, *start, *(passages,) * dice)


def test_seed_10_three_deep_thread_7_rolls_3_3_2_for_two_passages():
    """'a Large dungeon with a Seed of 10, ... the thread number is 7. You
    roll 3d6, getting 3-3-2 ... the lowest roll is 2, so there are 2 passages.
    The thread is reduced to 6.' ADAPTED: the final thread is 1d6 + 10 (here
    16), so it is 7 after nine rooms with passages."""
    game = new_game("large", seed_faces=(4, 6), entrance=(1, 1, 1))
    assert game.state["seed_value"] == 10
    chain(game, 9)
    assert threads(game)[0] == 7
    step(game, "take 10A", 3, 3, 2)  # no loop check: no other room has unexplored passages
    assert labels(game, 11) == ["11A", "11B"] and threads(game)[0] == 6


@pytest.mark.parametrize("thread_die, faces, passages", [
    (1, (5, 3, 6), 3),  # thread 3: a die equal to the thread counts
    (1, (4, 2, 1), 1),  # the lowest of those at or under the thread
    (1, (4, 5, 6), 0),  # none at or under: a dead end
    (6, (6, 6, 6), 6),  # thread 8: three 6s give 6 passages
])
def test_room_passages_are_the_lowest_die_at_or_under_the_thread(thread_die, faces, passages):
    game = new_game("large", seed_faces=(1, 1), entrance=(1, 1, 1))  # Seed 2
    step(game, "take 1A", thread_die, *faces)  # a dead end on Large Level 1 has stairs down without a roll
    assert len(labels(game, 2)) - (passages == 0) == passages
    assert threads(game)[0] == thread_die + 2 - (1 if passages else 0)
    assert room(game, 2)["dead"] == (passages == 0)


def test_threads_follow_one_another_then_every_room_is_a_dead_end():
    """Medium: 2 threads of 1d6 + Seed. At 0 the next thread starts; once both
    are spent every new room is a dead end, with no room dice."""
    game = new_game("medium", seed_faces=(1, 1), entrance=(1, 1))  # Seed 1, one passage
    step(game, "take 1A", 1, 1, 6)  # thread 1 = 1 + 1 = 2; Room 2: one passage; thread 1
    step(game, "take 2A", 1, 5)  # Room 3: one passage; thread 0
    assert threads(game) == [0, None]
    step(game, "take 3A", 1, 6, 1)  # thread 2 starts: 1 + 1 = 2; Room 4: one passage
    assert threads(game) == [0, 1] and room(game, 4)["thread"] == 1
    step(game, "take 4A", 1, 1)  # Room 5: one; thread 2 at 0
    step(game, "take 5A")  # every thread spent: a dead end without a roll; stairs down (Medium Level 1: no check)
    assert room(game, 6)["dead"] and room(game, 6)["thread"] is None and labels(game, 6) == ["down"]
    assert len(level(game)["rooms"]) == 6 and game.state["level_thread"] == 1


@pytest.mark.parametrize("size, faces, lowest", [("small", (1, 6), 2), ("medium", (1, 1), 2), ("large", (1, 1), 3)])
def test_threads_are_never_smaller_than_2_or_3_for_large(size, faces, lowest):
    dice = P.dice_count(size)
    game = new_game(size, seed_faces=faces, entrance=(1,) * dice)
    step(game, "take 1A", 1, *(6,) * dice)  # a dead end; the level thread (Seed 1, or 2 for Large) is never beaten
    assert threads(game)[0] == lowest


# ------------------------------------------------------------ loop-backs
def test_no_loop_back_check_when_only_the_room_left_has_unexplored_passages():
    game = new_game("large", seed_faces=(6, 6), entrance=(1, 1, 1))
    step(game, "take 1A", 6, 3, 3, 3)  # Room 2 with 2A-2C; Room 1 now fully explored
    step(game, "take 2A", 1, 1, 1)  # no check: the 1s are Room 3's dice, not a loop-back
    assert labels(game, 3) == ["3A"] and len(level(game)["rooms"]) == 3


def test_loop_back_check_misses_on_2_to_6():
    game = new_game("large", seed_faces=(6, 6), entrance=(2, 1, 1))
    step(game, "take 1A", 6, 1, 1, 1)
    for miss in (2, 3, 4, 5, 6):
        n = len(level(game)["rooms"])
        step(game, f"take {n}A", miss, 1, 1, 1)
        assert len(level(game)["rooms"]) == n + 1  # a new room each time


def test_seven_candidate_rooms_are_chosen_with_2d6():
    """'(You can use 2d6 or 3d6 if there are somehow more than 6 nodes with
    available unexplored connections.)' Seed 12 keeps the thread high."""
    game = new_game("large", seed_faces=(6, 6), entrance=(6, 6, 6))
    chain(game, 7, passages=2)  # Rooms 1-8, each with an unexplored passage
    step(game, "take 8A", 1, 3, 4)  # hit; 7 candidates (Rooms 1-7): 2d6 = 7 -> Room 7, its first open passage
    assert way(game, "8A", 8)["to"] == 7 and way(game, "8A", 8)["via"] == "7B"
    assert game.state["at"] == [1, 7]


def test_thirteen_candidate_rooms_are_chosen_with_3d6():
    game = new_game("large", seed_faces=(6, 6), entrance=(6, 6, 6))
    chain(game, 13, passages=2)  # Rooms 1-14
    step(game, "take 14A", 1, 1, 1, 2)  # 3d6 = 4 -> Room 4
    assert way(game, "14A", 14)["to"] == 4 and way(game, "4B", 4)["via"] == "14A"


def test_loop_back_picks_the_closest_room_number():
    game = new_game("large", seed_faces=(6, 6), entrance=(2, 1, 1))  # 1A, 1B
    step(game, "take 1A", 6, 3, 3, 3)  # Room 2: 2A-2C
    step(game, "take 2A", 6, 2, 2, 2)  # Room 3: 3A, 3B; Rooms 1, 2, 3 open
    step(game, "take 3A", 6, 2, 2, 2)  # Room 4: 4A, 4B; candidates from 4: Rooms 1, 2, 3
    step(game, "take 4A", 1, 6)  # hit; 1d6 = 6 -> Room 3 (closest)
    assert way(game, "4A", 4)["to"] == 3 and way(game, "3B", 3)["via"] == "4A"


def test_gap_room_choice_dice_follow_the_count_so_some_candidates_can_never_be_chosen():
    """GAP (documented, follows the ruling): the text picks the dice by how
    many candidates there are, then the closest room NUMBER. With 7-12
    candidates 2d6 never shows 1, so Room 1 is never chosen while Room 2 is a
    candidate; with 2 candidates Rooms 1 and 13, 1d6 always gives Room 1."""
    assert all(P.closest(range(1, 8), a + b) != 1 for a in range(1, 7) for b in range(1, 7))
    assert {P.closest([1, 13], f) for f in range(1, 7)} == {1}


def test_loop_back_to_a_single_possible_passage_rolls_nothing_more():
    game = new_game("large", seed_faces=(6, 6), entrance=(2, 1, 1))  # 1A, 1B
    step(game, "take 1A", 6, 1, 1, 1)  # Room 2: one passage
    step(game, "take 2A", 1)  # hit; only Room 1 has one (1B): no choice roll; no new room, no thread used
    assert way(game, "2A", 2)["via"] == "1B" and mapped(game) and threads(game) == [17, None, None]


def test_loop_back_tie_goes_to_the_lower_room_number():
    """The text gives no tie rule; the in-page ruling says ties go lower."""
    game = new_game("large", seed_faces=(6, 6), entrance=(2, 1, 1))  # 1A, 1B
    step(game, "take 1A", 6, 1, 1, 1)  # Room 2: one passage
    step(game, "take 2A", 6, 2, 2, 2)  # loop check (1B open) misses; Room 3: 3A, 3B
    step(game, "take 3A", 6, 2, 2, 2)  # Room 4: candidates from 4 are Rooms 1 and 3
    step(game, "take 4A", 1, 2)  # hit; 1d6 = 2 is as close to 1 as to 3 -> Room 1, through 1B
    assert way(game, "4A", 4)["to"] == 1 and way(game, "1B", 1)["via"] == "4A"


# ------------------------------------------------------------ levels
def test_levels_first_dead_end_checks_strictly_under_minus_one_separate_maps_stairs_both_ways():
    game = new_game("small", seed_faces=(4, 4), entrance=(2,), seed="levels")  # Seed 4; 1A, 1B
    # 1A: thread 1 + 4 = 5; Room 2 rolls 6: the level's first dead end; level check lower of 3-5 = 3 < 4: stairs
    step(game, "take 1A", 1, 6, 3, 5)
    assert game.state["level_thread"] == 3 and labels(game, 2) == ["down"] and not game.over
    assert game.state["log"][-1] == "1A leads to Room 2: a dead end, with stairs down."  # one stop, no "!."
    step(game, "back")
    step(game, "take 1B", 6)  # no loop check (stairs are not passages); Room 3: a dead end, not the first: no check
    assert labels(game, 3) == [] and game.state["level_thread"] == 3
    step(game, "go 2")
    step(game, "stairs", 2)  # a new node map; its landing rolls like an entrance: 2 passages
    assert game.state["at"] == [2, 1] and labels(game, 1, 2) == ["up", "1A", "1B"]
    assert threads(game, 2) == [None] and threads(game, 1) == [5]  # fresh threads for the new level
    # Level 2 1A: its own thread 1 + 4 = 5; Room 2 (numbered per level) dead end; level check lower 2 < 3
    step(game, "take 1A", 1, 6, 2, 6)
    assert game.state["level_thread"] == 2 and labels(game, 2, 2) == ["down"]
    assert len(level(game, 1)["rooms"]) == 3 and len(level(game, 2)["rooms"]) == 2
    step(game, "back")
    step(game, "stairs")  # up: stairs work both ways
    assert game.state["at"] == [1, 2]
    step(game, "stairs")  # down again, no new level
    assert game.state["at"] == [2, 1] and len(game.state["levels"]) == 3 and not level(game, 3)["rooms"]
    # Level 3 is a Small dungeon's deepest (1-3 levels): its dead ends make no level check
    step(game, "take 1B", 6)  # no loop check; Room 3 rolls 6 over thread 4: a dead end
    step(game, "back")
    step(game, "go 2")
    step(game, "stairs", 1)  # Level 3's landing: 1 passage
    step(game, "take 1A", 1, 6)  # thread 5; Room 2: a dead end, and no level check at the deepest level
    assert labels(game, 2, 3) == [] and mapped(game) and len(game.state["levels"]) == 3


def test_only_a_levels_first_dead_end_checks_even_when_it_misses():
    game = new_game("small", seed_faces=(4, 4), entrance=(2,))  # crypt: every dead end may be the first
    step(game, "take 1A", 1, 6, 4, 4)  # Room 2: dead end; lower 4 is not under 4
    step(game, "back")
    step(game, "take 1B", 6)  # Room 3: dead end: no second check
    assert mapped(game) and len(game.state["levels"]) == 1


def large_third_level(game: Game) -> None:
    """Through Large Levels 1 and 2, whose first dead ends have stairs down without a check
    (Large: 3-7 levels), onto Level 3's landing with one passage."""
    for _ in range(2):
        step(game, "take 1A", 1, 6, 6, 6)  # a dead end: stairs down, no roll
        assert labels(game, 2) == ["down"]
        step(game, "stairs", 1, 1, 1)  # the landing: one passage
    assert game.state["at"] == [3, 1] and game.state["level_thread"] == game.state["seed_value"]


def test_a_level_is_rolled_whole_before_the_level_below():
    """Levels are rolled one after another (so they are numbered by depth):
    going down before Level 1's 1B is explored rolls 1B's room first, out of
    sight, then the landing; no loop-back can join another level."""
    game = new_game("small", seed_faces=(4, 4), entrance=(2,))
    step(game, "take 1A", 1, 6, 2, 3)  # dead end with stairs down (lower 2 < 4)
    # stairs: 1B first (no loop check: no OTHER room has unexplored passages): Room 3 rolls 6, a dead end
    # (no level check: Level 1 has found its stairs down); then Level 2's landing: 1 passage
    force(game, 6, 1)
    game.play("stairs")
    assert not queued(game) and rolled(game) == [1]  # the tray shows the landing, not the unseen room
    assert game.state["rolls"][0] == ["Fixed order", [], "2 moves rolled first, out of sight"]
    assert game.state["at"] == [2, 1] and not room(game, 3, 1)["known"] and labels(game, 1, 1, "room") == ["1A", "1B"]
    step(game, "take 1A", 1, 1)  # no loop check on level 2: Room 2 of level 2 has one passage
    assert labels(game, 2, 2) == ["2A"]


def test_level_check_uses_the_seeds_dice_large_sum():
    game = new_game("large", seed_faces=(2, 2), entrance=(1, 1, 1))  # Seed 4, level thread 4
    large_third_level(game)
    step(game, "take 1A", 1, 6, 6, 6, 2, 2)  # thread 5; dead end; 2 + 2 = 4 is not under 4
    assert game.state["level_thread"] == 4 and mapped(game)


def test_large_level_check_sum_3_under_4_finds_stairs():
    game = new_game("large", seed_faces=(2, 2), entrance=(1, 1, 1))
    large_third_level(game)
    step(game, "take 1A", 1, 6, 6, 6, 1, 2)  # 1 + 2 = 3 < 4
    assert game.state["level_thread"] == 3 and labels(game, 2) == ["down"] and not game.over


# ------------------------------------------------------------ secrets
@pytest.mark.parametrize("intelligence, dungeoneering, seed_faces, size, faces, passes", [
    (0, 0, (1, 6), "small", (4, 4), True),  # Seed 1: 8 + 0 vs 8: meeting it passes
    (0, 0, (1, 6), "small", (4, 3), False),
    (5, 5, (1, 6), "small", (1, 1), True),  # 2 + 10 = 12 vs 8
    (0, 0, (6, 6), "large", (6, 6), False),  # Seed 12: 12 vs 19, never
    (5, 5, (6, 6), "large", (4, 5), True),  # 19 vs 19
    (5, 5, (6, 6), "large", (4, 4), False),  # 18 vs 19
    (3, 0, (2, 5), "small", (3, 3), True),  # Reynard, Seed 2: "9 or above"
    (3, 0, (2, 5), "small", (3, 2), False),
    (2, 4, (5, 5), "medium", (3, 3), True),  # 6 + 2 + 4 = 12 vs 12
])
def test_search_check_is_2d6_plus_int_plus_dungeoneering_vs_7_plus_seed(intelligence, dungeoneering, seed_faces,
                                                                           size, faces, passes):
    dice = P.dice_count(size)
    game = new_game(size, seed_faces=seed_faces, entrance=(1,) * dice, int=intelligence, dungeoneering=dungeoneering)
    need = 7 + game.state["seed_value"]
    assert f"2d6+{intelligence + dungeoneering} vs {need}" in next(a.hint for a in game.legal() if a.code == "search")
    search(game, *faces)
    assert room(game, 1)["mark"] == ("" if passes else "?")
    assert room(game, 1)["search"] == ("passed" if passes else "failed")


def test_searcher_extremes_outside_the_settings_are_refused():
    _, problems = RULESET.parse_settings({"int": "6", "dungeoneering": "-1"})
    assert len(problems) == 2


@pytest.mark.parametrize("kind", ["cave", "crypt", "ruin", "lair"])
def test_a_pass_finds_a_secret_only_on_a_1_and_reads_the_type_table(kind):
    """The room's secret is rolled with the room (1 in 6, then the type's table);
    a passed search reveals it, whatever it is."""
    from pyapp.dungeon_gen.data import SECRETS
    for face in range(1, 7):
        game = new_game("small", seed_faces=(2, 5), entrance=(1,), type=kind, secret=(1, face, *NO_SECRETS))
        force_search(game, 6, 6)
        game.play("search")
        found_kind, text = SECRETS[kind][face]
        if found_kind == "passage":
            assert way(game, "1B", 1)["secret"] and text in game.state["log"][-1]
        else:
            assert game.view().panel.count(f"{found_kind.title()}: ") >= 1 and text in game.state["log"][-1]
        assert game.state["counts"]["secrets"] == 1
    for miss in range(2, 7):
        game = new_game("small", seed_faces=(2, 5), entrance=(1,), type=kind, secret=(miss, *NO_SECRETS))
        search(game, 6, 6)
        assert room(game, 1)["hidden"] is None and labels(game, 1) == ["1A"]
        assert game.state["counts"]["secrets"] == 0


def test_question_mark_room_is_searched_again_later_and_a_pass_clears_it():
    game = new_game("small", seed_faces=(2, 5), entrance=(2,))
    search(game, 1, 1)  # fail: "?"
    assert room(game, 1)["mark"] == "?" and "search" not in codes(game)
    assert '<text class="dg-mark"' in game.view().board  # the node shows its "?"
    step(game, "take 1A", 1, 4, 3, 4)  # leave...
    step(game, "back")  # ...and come back later
    assert "search" in codes(game)
    search(game, 6, 6)
    assert room(game, 1)["mark"] == "" and "search" not in codes(game)


# ------------------------------------------------------------ edge cases
def test_large_seed_2_with_one_entrance_passage():
    """'a Large dungeon with a Seed of 2 and only 1 entrance connection':
    3 threads, each 1d6 + 2, none under 3. The final rules still allow a
    two-room Large level: thread 3 and 4-5-6 in Room 2. The level thread 2
    can never be beaten by a 2d6 sum, but a Large dungeon has 3 levels at
    least: Room 2, Level 1's first dead end, has stairs down without a roll."""
    game = new_game("large", seed_faces=(1, 1), entrance=(1, 1, 1))
    assert game.state["seed_value"] == 2 and labels(game, 1) == ["1A"] and threads(game) == [None] * 3
    step(game, "take 1A", 1, 4, 5, 6)
    assert threads(game) == [3, None, None] and room(game, 2)["dead"] and labels(game, 2) == ["down"]
    assert len(level(game)["rooms"]) == 2 and game.state["level_thread"] == 2


def test_seed_12_entrance_at_most_6_threads_up_to_18():
    game = new_game("large", seed_faces=(6, 6), entrance=(6, 6, 6))
    assert game.state["seed_value"] == 12 and game.state["level_thread"] == 12 and len(labels(game, 1)) == 6
    step(game, "take 1A", 6, 6, 6, 6)
    assert threads(game) == [17, None, None] and len(labels(game, 2)) == 6
    assert next(a.hint for a in game.legal() if a.code == "search").startswith("2d6+3 vs 19")


# ------------------------------------------------------------ illegal actions
@pytest.mark.parametrize("code", ["take 2A", "take 1Z", "back", "stairs", "go 1", "go 2", "dance", "take", ""])
def test_illegal_actions_are_refused_with_a_message_and_change_nothing(code):
    game = new_game("medium", seed_faces=(3, 4), entrance=(2, 1))
    before = snapshot(game)
    with pytest.raises(IllegalAction) as refused:
        game.play(code)
    said = str(refused.value)  # "" is no code at all: a MalformedAction, which lists the moves too
    assert ("is not allowed now" in said or "is not an action code" in said) and "take 1A" in said
    assert snapshot(game) == before and game.actions == []


def test_a_second_search_and_play_after_the_end_are_refused():
    game = small_walk(searching=False)
    game.play("close")
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="Nothing is left to play here"):
        game.play("take 1A")
    assert snapshot(game) == before and game.legal() == []
    game = new_game("small", seed_faces=(2, 5), entrance=(2,))
    search(game, 6, 6)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="not allowed"):
        game.play("search")
    assert snapshot(game) == before
