"""The article's dice steps as pure functions: exact odds by enumerating every
face, and the worked examples' numbers."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from pyapp.dungeon_gen import procedure as P
from pyapp.dungeon_gen.data import SECRETS

D6 = range(1, 7)


def odds(outcomes) -> dict:
    """Exact distribution of a list of equally likely outcomes."""
    outcomes = list(outcomes)
    dist: dict = {}
    for value in outcomes:
        dist[value] = dist.get(value, 0) + Fraction(1, len(outcomes))
    return dist


def test_size_odds_are_one_third_one_half_one_sixth():
    assert odds(P.size_from_face(f) for f in D6) == {
        "small": Fraction(1, 3), "medium": Fraction(1, 2), "large": Fraction(1, 6)}


@pytest.mark.parametrize("size, expected", [
    ("small", {k: Fraction(13 - 2 * k, 36) for k in D6}),  # lower of 2d6
    ("medium", {k: Fraction(2 * k - 1, 36) for k in D6}),  # higher of 2d6
    ("large", {k: Fraction(6 - abs(k - 7), 36) for k in range(2, 13)}),  # sum of 2d6
])
def test_seed_odds_for_each_size(size, expected):
    assert odds(P.seed_from_faces(size, a, b) for a, b in product(D6, D6)) == expected


def test_overall_seed_odds_combine_size_and_seed():
    dist = odds(P.seed_from_faces(P.size_from_face(s), a, b) for s, a, b in product(D6, D6, D6))
    assert dist[1] == Fraction(1, 3) * Fraction(11, 36) + Fraction(1, 2) * Fraction(1, 36)
    assert dist[12] == Fraction(1, 6) * Fraction(1, 36)
    assert sum(dist.values()) == 1


@pytest.mark.parametrize("size, dice, most", [("small", 1, 6), ("medium", 2, 6), ("large", 3, 6)])
def test_entrance_is_the_highest_of_x_dice(size, dice, most):
    assert P.dice_count(size) == dice
    dist = odds(P.entrance_passages(faces) for faces in product(D6, repeat=dice))
    assert max(dist) == most and min(dist) == 1
    assert dist[1] == Fraction(1, 6 ** dice)
    assert P.entrance_passages((2, 5, 3)) == 5


def test_thread_is_1d6_plus_seed():
    assert [P.thread_value(f, 2) for f in D6] == [3, 4, 5, 6, 7, 8]


def test_room_passages_is_the_lowest_die_at_or_under_the_thread():
    assert P.room_passages(7, (3, 3, 2)) == 2  # the article's Large example
    assert P.room_passages(4, (6, 5, 5)) == 0  # Room 5: a dead end
    assert P.room_passages(3, (6, 4, 4)) == 0  # Room 9
    assert P.room_passages(2, (3,)) == 0  # the Small example's Room 2
    assert P.room_passages(2, (2,)) == 2 and P.room_passages(1, (3,)) == 0
    assert P.room_passages(3, (5, 3)) == 3  # "at or under": equal counts
    assert P.room_passages(0, (1, 1, 1)) == 0


def test_room_passage_odds_medium_thread_3():
    dist = odds(P.room_passages(3, faces) for faces in product(D6, D6))
    assert dist == {0: Fraction(9, 36), 1: Fraction(11, 36), 2: Fraction(9, 36), 3: Fraction(7, 36)}


def test_loop_back_is_one_in_six():
    assert odds(P.loop_back(f) for f in D6) == {True: Fraction(1, 6), False: Fraction(5, 6)}


def test_choice_dice_and_closest_number():
    assert [P.dice_for_choices(n) for n in (2, 6, 7, 12, 13, 40)] == [1, 1, 2, 2, 3, 3]
    assert P.closest([1, 4, 9], 3) == 4
    assert P.closest([2, 4], 3) == 2  # ties go to the lower number
    assert P.closest([17, 40], 6) == 17
    assert P.closest(range(1, 7), 3) == 3  # 1B-1G by position: a 3 is the third, 1D


@pytest.mark.parametrize("size", ["small", "medium", "large"])
@pytest.mark.parametrize("thread", range(0, 13))
def test_level_check_is_strictly_under_with_the_seeds_dice(size, thread):
    dist = odds(P.level_found(size, a, b, thread) for a, b in product(D6, D6))
    under = sum((p for k, p in odds(P.seed_from_faces(size, a, b) for a, b in product(D6, D6)).items() if k < thread),
                Fraction(0))
    assert dist.get(True, Fraction(0)) == under
    assert P.level_check_possible(size, thread) == (under > 0)


def test_level_check_examples():
    assert P.level_found("small", 1, 6, 2) and not P.level_found("small", 2, 6, 2)  # 2 is not under 2
    assert odds(P.level_found("medium", a, b, 4) for a, b in product(D6, D6))[True] == Fraction(9, 36)
    assert odds(P.level_found("large", a, b, 7) for a, b in product(D6, D6))[True] == Fraction(15, 36)


def test_search_threshold_is_seven_plus_seed():
    # Reynard: INT 3, Dungeoneering 0, Seed 2 -> 9 or more on 2d6 + 3.
    assert P.search_passes(3, 3, 3, 0, 2) and not P.search_passes(3, 2, 3, 0, 2)
    assert not P.search_passes(1, 1, 3, 0, 2)  # the article's snake-eyes
    assert P.search_passes(1, 1, 5, 5, 2)
    dist = odds(P.search_passes(a, b, 3, 0, 2) for a, b in product(D6, D6))
    assert dist[True] == Fraction(26, 36)  # 2d6 >= 6


def test_secret_is_one_in_six_and_tables_cover_every_face():
    assert odds(P.secret_exists(f) for f in D6)[True] == Fraction(1, 6)
    for kind, table in SECRETS.items():
        assert sorted(table) == list(D6)
        assert {P.secret_entry(kind, f)[0] for f in D6} <= {"passage", "treasure", "other"}
        assert any(P.secret_entry(kind, f)[0] == "passage" for f in D6)
