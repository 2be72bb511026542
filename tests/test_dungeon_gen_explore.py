"""Exploring with fixed dice: the article's worked examples, threads, loop-backs,
levels and searches, every move through Game.play."""

from __future__ import annotations

import json

import pytest

from dungeon_gen_helpers import (
    codes,
    force,
    force_search,
    force_secret,
    level,
    mapped,
    new_game,
    queued,
    room,
    set_threads,
    way,
    whole,
)
from pyapp.dungeon_gen import export, rules
from pyapp.dungeon_gen.ruleset import RULESET
from pyapp.engine import Game, IllegalAction


def test_start_rolls_size_seed_and_entrance():
    game = Game(RULESET, "x", {"size": "roll"})
    game.state = rules.new_state("x", game.settings, forced=(6, 3, 4, 2, 5, 1))
    state = game.state
    assert (state["size"], state["seed_value"], state["level_thread"]) == ("large", 7, 7)
    assert [p["label"] for p in room(game, 1)["passages"]] == ["1A", "1B", "1C", "1D", "1E"]
    assert level(game)["threads"] == [None, None, None]  # not started yet
    assert state["rolls"][0] == ["Size", [6], "Large"]


def test_chosen_size_rolls_no_size_die():
    game = new_game("medium", seed_faces=(2, 5), entrance=(3, 1))
    assert game.state["seed_value"] == 5 and len(room(game, 1)["passages"]) == 3
    assert game.state["rolls"][0][0].startswith("Seed")


def test_small_example_walk():
    """Seed 2, a thread at 2: Room 2 rolls 3 (dead end), Room 3 rolls 2 (thread
    1), Room 4 needs a 1 and rolls 3 (dead end). The article walked this before
    its final "lowest die" rule, under which Room 3's 2 gives 2 passages."""
    game = new_game("small", seed_faces=(2, 5), entrance=(2,))
    assert game.state["seed_value"] == 2
    set_threads(game, 2)
    force(game, 3, 3, 4)  # Room 2's die; its level check: lower of 3-4 is not under 2
    game.play("take 1A")
    assert room(game, 2)["dead"] and level(game)["threads"] == [2]
    assert game.state["at"] == [1, 2] and not queued(game)
    game.play("back")
    force(game, 2)  # no loop-back check: no OTHER room has unexplored passages
    game.play("take 1B")
    assert [p["label"] for p in room(game, 3)["passages"]] == ["3A", "3B"]
    assert level(game)["threads"] == [1]
    force(game, 3)  # 3A: no loop check (only Room 3 has passages); Room 4 rolls 3; no level check (not the first)
    game.play("take 3A")
    assert room(game, 4)["dead"] and level(game)["threads"] == [1]
    assert "Room 4: 1d6 = 3, thread 1 -&gt; dead end" in game.view().dice
    game.play("back")
    force(game, 1)  # 3B: still no check; Room 5 rolls 1 at thread 1: one passage, thread 0
    game.play("take 3B")
    assert [p["label"] for p in room(game, 5)["passages"]] == ["5A"] and level(game)["threads"] == [0]
    game.play("take 5A")  # thread 0 and no thread left -> dead end, no room die, no level check
    assert room(game, 6)["dead"] and room(game, 6)["thread"] is None
    assert mapped(game) and "close" in codes(game) and not queued(game)


def test_large_example_thread_7_rolls_3_3_2():
    game = new_game("large", seed_faces=(3, 4), entrance=(1, 1, 1))
    set_threads(game, 7, None, None)
    force(game, 3, 3, 2)
    game.play("take 1A")
    assert [p["label"] for p in room(game, 2)["passages"]] == ["2A", "2B"]
    assert level(game)["threads"] == [6, None, None]


def test_a_dead_end_does_not_reduce_the_thread():
    game = new_game("large", seed_faces=(2, 2), entrance=(1, 1, 1))
    set_threads(game, 4, None, None)
    force(game, 6, 5, 5, 6, 6)  # room dice, then a level check (sum 12 not under 4)
    game.play("take 1A")
    assert room(game, 2)["dead"] and level(game)["threads"] == [4, None, None]


def test_threads_start_when_needed_and_follow_one_another():
    game = new_game("medium", seed_faces=(1, 2), entrance=(2, 1))  # Seed 2, 2 passages
    force(game, 1, 1, 6)  # thread 1 = 1 + 2 = 3; room 2 rolls 1-6: one passage
    game.play("take 1A")
    assert level(game)["threads"] == [2, None]
    set_threads(game, 0, None)
    force(game, 6, 4, 2, 5)  # loop check (no), thread 2 = 4 + 2 = 6, room 3 rolls 2-5
    game.play("take 2A")
    assert level(game)["threads"] == [0, 5] and level(game)["thread"] == 1
    assert room(game, 3)["thread"] == 1 and len(room(game, 3)["passages"]) == 2
    panel = game.view().panel
    assert "<s>Thread 1: 0</s>" in panel and "Thread 2: 5 (current)" in panel


def test_every_thread_spent_means_dead_ends_without_a_roll():
    game = new_game("small", seed_faces=(3, 3), entrance=(2,))
    set_threads(game, 0, current=1)
    game.play("take 1A")  # no die at all: no room dice, and a crypt's dead end with every thread spent checks no level
    assert room(game, 2)["dead"] and room(game, 2)["thread"] is None
    assert game.state["rolls"] == [["Room 2", [], "every thread spent -> dead end"]]


def chain_to_room_12(game: Game) -> None:
    """1A -> 2 -> 3 ... -> 12, each room with one passage, no loop-backs."""
    set_threads(game, 18, None, None)
    force(game, 1, 6, 6)  # room 2 (no loop check: only the entrance has passages)
    game.play("take 1A")
    for n in range(2, 12):
        force(game, 6, 1, 6, 6)  # loop check no, then one passage
        game.play(f"take {n}A")
    assert game.state["at"] == [1, 12]


def test_loop_back_example_room_12_to_1D():
    game = new_game("large", seed_faces=(3, 4), entrance=(6, 1, 1))
    one = room(game, 1)
    one["passages"].append({"label": "1G", "kind": "unexplored", "to": None, "secret": False, "known": False})
    one["open"] += 1
    level(game)["open"] += 1
    game.state["open"] += 1
    chain_to_room_12(game)
    force(game, 1, 3)  # the loop-back check hits; Room 1 is the only candidate: 3 -> the third of 1B-1G
    game.play("take 12A")
    assert way(game, "12A", 12) == {"label": "12A", "kind": "loop", "to": 1, "secret": False, "via": "1D",
                                    "known": True}
    assert way(game, "1D", 1) == {"label": "1D", "kind": "loop", "to": 12, "secret": False, "via": "12A",
                                  "known": True}
    assert game.state["at"] == [1, 1] and game.state["counts"]["loops"] == 1
    unexplored = [p["label"] for p in room(game, 1)["passages"] if p["kind"] == "unexplored"]
    assert unexplored == ["1B", "1C", "1E", "1F", "1G"]
    assert len(level(game)["rooms"]) == 12  # no new room


def test_loop_back_with_several_rooms_takes_the_closest_number():
    game = new_game("large", seed_faces=(3, 4), entrance=(3, 1, 1))
    set_threads(game, 18, None, None)
    force(game, 2, 6, 6)  # room 2: two passages
    game.play("take 1A")
    force(game, 6, 2, 6, 6)  # room 3 via 2A: two passages
    game.play("take 2A")
    # candidates: 1 (1B, 1C), 2 (2B) -> a 2 on 1d6 picks Room 2
    force(game, 1, 2)
    game.play("take 3A")
    assert way(game, "3A", 3)["to"] == 2 and way(game, "2B", 2)["kind"] == "loop"
    assert game.state["at"] == [1, 2]


def test_no_loop_back_check_when_only_this_room_has_passages():
    game = new_game("medium", seed_faces=(5, 5), entrance=(3, 1))
    force(game, 1, 1, 1)  # thread 6; room 2 rolls 1-1: one passage (no loop check first)
    game.play("take 1A")
    assert level(game)["rooms"][1]["from"] == [1, "1A"] and not queued(game)


def found_stairs(size: str = "small", secret=()) -> Game:
    """Room 2 a dead end with stairs down (Small: by a check; Medium: no check above depth 2);
    `secret`: Room 2's secret dice."""
    dice = 1 if size == "small" else 2
    game = new_game(size, seed_faces=(4, 4), entrance=(1,) * dice)  # Seed 4, one passage
    set_threads(game, *([3] + [None] * (dice - 1)))
    force_secret(game, *secret)
    force(game, *([6] * dice), *((2, 3) if size == "small" else ()))  # room 2: dead end; Small: check 2 < 4
    game.play("take 1A")
    return game


def test_level_check_on_a_dead_end_places_stairs_down():
    game = found_stairs()
    assert game.state["level_thread"] == 3
    # the level below is numbered when found (levels are rolled one after another: numbers go by depth)
    assert way(game, "down", 2) == {"label": "down", "kind": "stairs", "to": 1, "secret": False, "level": 2,
                                    "known": False}
    assert level(game, 2)["rooms"] == []  # found, not rolled yet
    assert not game.over and "stairs" in codes(game)
    force(game, 3)  # the landing: highest of 1d6 = 3 passages
    game.play("stairs")
    assert game.state["at"] == [2, 1]
    landing = room(game, 1)
    assert [p["label"] for p in landing["passages"]] == ["up", "1A", "1B", "1C"]
    assert level(game, 2)["threads"] == [None] and level(game, 2)["from"] == [1, 2]
    game.play("stairs")  # and back up
    assert game.state["at"] == [1, 2]
    assert way(game, "down", 2)["level"] == 2


def test_level_check_strictly_under():
    game = new_game("small", seed_faces=(4, 4), entrance=(1,))
    set_threads(game, 3)
    force(game, 6, 4, 5)  # lower 4 is not under the level thread 4
    game.play("take 1A")
    assert game.state["level_thread"] == 4 and mapped(game)


def test_impossible_level_check_is_not_rolled():
    game = new_game("small", seed_faces=(1, 4), entrance=(1,))  # Seed 1: lower of 2d6 is never under 1
    set_threads(game, 1)
    force(game, 6)
    game.play("take 1A")
    assert room(game, 2)["dead"] and not queued(game) and mapped(game)


def test_each_new_level_has_fresh_threads_and_stairs_are_walked_both_ways():
    game = found_stairs("medium")
    force(game, 2, 1)  # landing: highest of 2d6 = 2
    game.play("stairs")
    force(game, 5, 3, 4)  # thread 1 of level 2 = 5 + Seed 4; room 2 rolls 3-4: 3 passages
    game.play("take 1A")
    assert level(game, 2)["threads"] == [8, None] and level(game, 1)["threads"] == [3, None]
    assert len(room(game, 2, 2)["passages"]) == 3
    game.play("back")
    game.play("stairs")
    assert game.state["at"] == [1, 2]


def test_search_pass_and_nothing_then_no_second_search():
    game = found_stairs()
    force_search(game, 3, 3)  # 6 + 3 + 0 = 9 vs 7 + 4 = 11: fail
    game.play("search")
    assert room(game, 2)["mark"] == "?" and "search" not in codes(game)
    force(game, 3)
    game.play("stairs")  # leave ...
    game.play("stairs")  # ... and come back: a "?" room may be searched again
    assert "search" in codes(game)
    force_search(game, 6, 6)  # 12 + 3 = 15 pass; the room holds no secret
    game.play("search")
    assert room(game, 2)["mark"] == "" and room(game, 2)["search"] == "passed"
    game.play("stairs")
    game.play("stairs")
    assert "search" not in codes(game)


def test_searched_room_without_question_mark_cannot_be_searched_again():
    game = found_stairs()
    force_search(game, 6, 6)
    game.play("search")
    game.play("back")
    game.play("go 2")
    assert "search" not in codes(game)


@pytest.mark.parametrize("kind, face, expect", [("cave", 1, "passage"), ("cave", 4, "treasure"), ("crypt", 6, "other"),
                                                ("lair", 1, "passage"), ("ruin", 3, "treasure")])
def test_secret_table_by_dungeon_type(kind, face, expect):
    game = new_game("small", seed_faces=(4, 4), entrance=(1,), type=kind)
    set_threads(game, 3)
    force_secret(game, 1, face)  # Room 2 holds a secret, rolled with it
    force(game, 6, 2, 3)
    game.play("take 1A")
    open_before = game.state["open"]
    force_search(game, 6, 6)
    game.play("search")
    here = room(game, 2)
    if expect == "passage":
        assert way(game, "2A", 2) == {"label": "2A", "kind": "unexplored", "to": None, "secret": True, "known": False}
        assert game.state["open"] == open_before + 1 and "take 2A" in codes(game)
    else:
        assert here["hidden"][0] == expect and f"{expect.title()}: " in game.view().panel
        assert game.state["open"] == open_before
    assert game.state["counts"]["secrets"] == 1


def test_searching_uses_its_own_stream_and_never_changes_later_rooms():
    plain = Game(RULESET, "streams", {"size": "medium"})
    searched = Game(RULESET, "streams", {"size": "medium"})
    main_before = dict(searched.state["dice"], search=None)
    force_search(searched, 1, 1)  # a sure fail: no secret can change the map
    searched.play("search")
    assert dict(searched.state["dice"], search=None) == main_before
    for game in (plain, searched):
        game.play("finish")
    assert plain.state["levels"][0]["rooms"][1:] == searched.state["levels"][0]["rooms"][1:]
    assert plain.state["levels"][1:] == searched.state["levels"][1:]


def test_a_search_is_a_roll_so_it_cannot_be_undone():
    game = Game(RULESET, "undo", {})
    game.play("search")
    assert not game.can_undo()
    game.play("finish") if not game.over else None


def test_walking_rolls_nothing_and_can_be_undone():
    game = new_game("medium", seed_faces=(5, 5), entrance=(3, 1))
    force(game, 1, 1, 1)
    game.play("take 1A")
    game.play("go 1")
    assert game.can_undo()
    game.undo()
    assert game.state["at"] == [1, 2]


def test_illegal_codes_are_refused():
    game = Game(RULESET, "refuse", {})
    for code in ("take 9Z", "go 99", "stairs", "back", "dance", "go 1"):
        with pytest.raises(IllegalAction):
            game.play(code)


def test_whole_mode_is_complete_from_the_start():
    state = whole("whole", size="large")
    assert rules.is_over(state) and rules.legal_actions(state) == []
    assert state["counts"]["searches"] == 0


def test_finish_completes_the_dungeon():
    game = Game(RULESET, "finish", {"size": "small"})
    game.play("finish")
    assert mapped(game) and "mapped" in game.state["log"][-1]


# ---------------------------------------------------------------- same seed, same dungeon
def played(seed: str, first: list[str], settings: dict | None = None, search: bool = False) -> Game:
    """`first` codes, then the auto play to the closed map (searching every room first with `search`)."""
    game = Game(RULESET, seed, {**(settings or {}), "mode": "explore"})
    for code in first:
        game.play(code)
    while not game.over:
        if search and "search" in codes(game):
            game.play("search")
        else:
            game.auto()
    return game


def rooms_of(game: Game) -> dict:
    """(level, room) -> the room as the Map JSON download has it."""
    data = json.loads(export.map_json(game.state))
    return {(lv["level"], r["number"]): r for lv in data["levels"] for r in lv["rooms"]}


def test_seed_abc_explored_in_another_order_is_the_same_dungeon():
    """The issue's seed: opening 1B before 1A used to give another dungeon."""
    usual = played("abc", [])
    other = played("abc", ["take 1F", "go 1", "take 1B", "go 1", "take 1D"])
    assert rooms_of(other) == rooms_of(usual) == rooms_of(played("abc", ["finish"]))


def test_seed_q8_a_found_secret_passage_changes_no_other_room():
    """Seed q8, INT 5, Dungeoneering 5: searching every room finds a secret
    passage; every room also found without searching is the same room."""
    opts = {"int": 5, "dungeoneering": 5}
    searched, plain = played("q8", [], opts, search=True), played("q8", [], opts)
    assert searched.state["counts"]["secrets"] and any(
        p["secret"] for r in rooms_of(searched).values() for p in r["passages"])
    bare = rooms_of(plain)
    for key, found in rooms_of(searched).items():
        if key in bare:
            found = {**found, "passages": [p for p in found["passages"] if not p["secret"]], "mark": "", "secret": ""}
            assert found == {**bare[key], "mark": ""}, key
    assert set(bare) <= set(rooms_of(searched))


def test_a_save_from_before_the_fixed_order_is_replayed_or_refused_with_a_reason():
    """State version 2: a version-1 save (its state in the old layout) is rebuilt
    from its seed and actions; one whose actions no longer fit is refused."""
    from pyapp.engine import BadSave
    old_state = {"levels": [], "at": [1, 1], "open": 3}  # the old layout: never read
    save = {"format": 1, "ruleset": "dungeon-generator", "version": 1, "seed": "abc",
            "settings": {**RULESET.defaults(), "mode": "explore"}, "actions": ["take 1A", "take 2A", "go 1"],
            "undo_floor": 3, "state": old_state}
    loaded = Game.from_json(RULESET, json.dumps(save))
    fresh = Game.replay(RULESET, "abc", save["settings"], save["actions"])
    assert RULESET.state_version == 2 and loaded.state == fresh.state and loaded.state["at"] == [1, 1]
    stale = {**save, "actions": ["take 1A", "go 9"], "undo_floor": 2}  # Room 9 is not known at that point any more
    with pytest.raises(BadSave, match=r"Replay stops at step 2 \('go 9'\)"):
        Game.from_json(RULESET, json.dumps(stale))


def test_level_trigger_caves_check_only_once_every_thread_is_spent():
    """A cave's dead end rolls no level check while its level has a thread left;
    the first one rolled once every thread is spent does."""
    game = new_game("small", seed_faces=(4, 4), entrance=(2,), type="cave")  # Seed 4
    set_threads(game, 3)
    force(game, 6)  # 1A: Room 2 rolls 6 over thread 3: a dead end, and no level check
    game.play("take 1A")
    assert room(game, 2)["dead"] and not queued(game) and game.state["level_thread"] == 4
    set_threads(game, 0)
    force(game, 2, 3)  # 1B: every thread spent, Room 3 a dead end: level check lower 2 < 4
    game.play("go 1")
    game.play("take 1B")
    assert not queued(game) and game.state["level_thread"] == 3 and way(game, "down", 3)["level"] == 2


def test_level_trigger_a_crypt_checks_at_the_first_dead_end_of_each_thread():
    """Medium Level 2 (at the least depth 2, so checks are rolled): thread 1's first dead end checks and misses,
    its second does not check; thread 2's first dead end checks again."""
    game = new_game("medium", seed_faces=(4, 4), entrance=(1, 1))  # Seed 4: level thread 4
    set_threads(game, 3, None)
    force(game, 6, 6)  # Room 2: a dead end, the first of Level 1: stairs down without a roll (Medium: 2-5 levels)
    game.play("take 1A")
    force(game, 4, 1)  # Level 2's landing: highest of 2d6 = 4 passages
    game.play("stairs")
    set_threads(game, 3, None)
    force(game, 6, 6, 4, 5)  # 1A: Room 2 dead end on thread 1: level check higher of 4-5 = 5, not under 4
    game.play("take 1A")
    game.play("back")
    force(game, 6, 6)  # 1B (no loop check: only Room 1 has passages): Room 3 dead end on thread 1 again: no check
    game.play("take 1B")
    assert not queued(game) and game.state["level_thread"] == 4
    set_threads(game, 0, 5, current=1)
    game.play("back")
    force(game, 6, 6, 2, 3)  # 1C: Room 4 dead end, thread 2's first: level check higher of 2-3 = 3 < 4: stairs
    game.play("take 1C")
    assert not queued(game) and game.state["level_thread"] == 3 and way(game, "down", 4)["level"] == 3


def test_level_trigger_one_stairs_down_per_level():
    """A level makes one level check, at its first dead end (a crypt's), so a level has one stairs down at most."""
    game = new_game("small", seed_faces=(4, 4), entrance=(2,), type="crypt")
    set_threads(game, 3)
    force(game, 6, 2, 3)  # Room 2: dead end, level check lower 2 < 4: stairs down
    game.play("take 1A")
    force(game, 6)  # Room 3: dead end, no check any more on this level
    game.play("go 1")
    game.play("take 1B")
    assert not queued(game) and game.state["level_thread"] == 3 and len(game.state["levels"]) == 2


@pytest.mark.parametrize("version", [1, 2])
def test_a_secret_passage_opens_a_thread_of_its_own(version):
    """Issue 31: secret passages are rolled once every other thread is spent, so under rules version 1 the
    room behind one was a dead end (93-96% of them). From version 2 a secret passage opens a thread of its
    own, 1d6 + Seed, and the rooms behind it go on with that thread."""
    game = new_game("small", seed_faces=(2, 5), entrance=(1,), secret=(6, 1, 1), v=version)  # Seed 2, 1A
    force(game, 1, 6, 6, 6)  # thread 1 = 1 + 2; Room 2: 6, a dead end; its level check 6-6, no stairs
    game.play("take 1A")
    assert room(game, 2)["hidden"] == ["passage", "A sarcophagus lid that slides onto a stair"]
    force_search(game, 6, 6)
    game.play("search")  # 12 + 3 against 9: found, 2A
    set_threads(game, 0)  # thread 1 spent, as it is when the fixed order reaches the secret passages
    force(game, 4, 2)
    game.play("take 2A")
    behind = room(game, 3)
    if version == 1:
        assert behind["dead"] and behind["thread"] is None and level(game)["threads"] == [0]
        assert queued(game) == [4, 2]  # a dead end without a roll
        return
    # the secret thread: 4 + Seed 2 = 6; Room 3 rolls 2 against it: 2 passages, the thread drops to 5
    assert level(game)["threads"] == [0, 5] and level(game)["secret_from"] == ["2A"]
    assert not behind["dead"] and behind["thread"] == 1 and [p["label"] for p in behind["passages"]] == ["3A", "3B"]
    force(game, 1)
    game.play("take 3A")  # the rooms behind go on with the secret thread, not the spent one
    assert room(game, 4)["thread"] == 1 and level(game)["threads"] == [0, 4]
    assert "secret thread of 2A: 4" in RULESET.render(game.state, game.legal()).panel
