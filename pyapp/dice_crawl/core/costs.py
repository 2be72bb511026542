"""Power costs and unlocking pairs: the brackets of the cards read as rules.

A bracket is "" (free), "1+".."6+" (a die of at least that value), "1".."6"
(exactly that value) or "doubles" (two equal dice). Unlocking puts two dice
on the Power at once: both must meet its unlock bracket ("" or "1+": any two
dice; "doubles": a pair of equal values).
"""

from __future__ import annotations


def meets(bracket: str, value: int) -> bool:
    if bracket in ("", "doubles"):
        return True
    if bracket.endswith("+"):
        return value >= int(bracket[:-1])
    return value == int(bracket)


def covers(a: str, b: str) -> bool:
    """Whether every die that pays bracket b also pays bracket a (a is no dearer)."""
    if a == "" or a == b:
        return True
    if "doubles" in (a, b) or b == "":
        return False
    return all(meets(a, v) for v in range(1, 7) if meets(b, v))


def payments(bracket: str, pool: list[int]) -> list[int | None]:
    """The ways to pay a cost from the pool, by value (None: free)."""
    if bracket == "":
        return [None]
    values = sorted(set(pool))
    if bracket == "doubles":
        return [v for v in values if pool.count(v) >= 2]
    return [v for v in values if meets(bracket, v)]


def paid_dice(bracket: str, value: int | None) -> list[int]:
    """The dice a payment takes from the pool."""
    if value is None:
        return []
    return [value, value] if bracket == "doubles" else [value]


def unlock_pairs(bracket: str, pool: list[int]) -> list[tuple[int, int]]:
    """The distinct pairs (low, high) in the pool that unlock a Power."""
    values = sorted(set(pool))
    out = []
    for i, a in enumerate(values):
        for b in values[i:]:
            if a == b and pool.count(a) < 2:
                continue
            if bracket == "doubles" and a != b:
                continue
            if meets(bracket, a) and meets(bracket, b):
                out.append((a, b))
    return out


def words(bracket: str) -> str:
    """How the page prints a bracket."""
    return f"[{bracket}]" if bracket else "free"


def unlock_words(bracket: str) -> str:
    if bracket in ("", "1+"):
        return "any two dice"
    if bracket == "doubles":
        return "any doubles"
    if bracket.endswith("+"):
        return f"two dice of {bracket}"
    return f"two {bracket}s"
