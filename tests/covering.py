"""Covering arrays for setting tests: rows of setting values in which every
combination of values of any `strength` settings appears at least once.

Every combination of all settings is often far too many games to play in a
test (3 Dice Dungeon has 98,304); a strength-3 array covers every way three
settings can be set together in about a hundred rows. Built greedily (in the
manner of AETG), deterministically: the same factors give the same rows.
"""

from __future__ import annotations

import itertools
import random


def covering_rows(factors: dict[str, tuple], strength: int = 3, seed: int = 11) -> list[dict]:
    """Rows (setting -> value) that cover every `strength`-way combination of `factors`' values."""
    names = list(factors)
    groups = list(itertools.combinations(range(len(names)), strength))
    uncovered = {(group, values) for group in groups
                 for values in itertools.product(*(range(len(factors[names[i]])) for i in group))}
    rng = random.Random(seed)
    rows = []
    while uncovered:
        group, values = min(uncovered)  # start from a combination still missing, then fill in the rest
        row = dict(zip(group, values))
        order = [i for i in range(len(names)) if i not in row]
        rng.shuffle(order)
        for i in order:
            row[i] = max(range(len(factors[names[i]])), key=lambda v: (gain(row, i, v, groups, uncovered), -v))
        uncovered -= {(g, tuple(row[i] for i in g)) for g in groups}
        rows.append({names[i]: factors[names[i]][row[i]] for i in range(len(names))})
    return rows


def gain(row: dict, index: int, value: int, groups: list, uncovered: set) -> int:
    """How many missing combinations setting `index` to `value` would complete with the values fixed so far."""
    trial = {**row, index: value}
    return sum((g, tuple(trial[i] for i in g)) in uncovered
               for g in groups if index in g and all(i in trial for i in g))
