"""The project's own dice: a seeded PRNG whose whole state lives in the game state.

Why not `random`: its algorithms may change between Python versions and a
float seed hashes differently in Pyodide, so old share links would stop
giving the same dungeon. The algorithm here is fixed forever:

* seed text -> 64-bit start value: the first 8 bytes (big-endian) of
  SHA-256 of the UTF-8 seed text;
* generator: SplitMix64 (Steele, Lea & Flood 2014): add the golden-gamma
  0x9E3779B97F4A7C15 to the state, then mix with two xor-shift-multiplies;
* a die of N sides: take the 64-bit output, reject values at or above the
  largest multiple of N below 2**64 (so every face is equally likely), and
  return 1 + value % N.

The dice state is a plain JSON dict ``{"s": "<16 hex digits>", "q": [...]}``.
``q`` is a queue of forced faces, consumed before the generator: the
scenario tests use it to fix the dice; normal play never fills it.
"""

from __future__ import annotations

import hashlib

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: str) -> dict:
    """The dice state for a seed text."""
    start = int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:8], "big")
    return {"s": f"{start:016x}", "q": []}


def _next64(dice: dict) -> int:
    state = (int(dice["s"], 16) + GAMMA) & MASK
    dice["s"] = f"{state:016x}"
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def roll(dice: dict, sides: int = 6) -> int:
    """Roll one die of `sides` faces, advancing `dice` in place."""
    if dice["q"]:
        face = dice["q"].pop(0)
        if not 1 <= face <= sides:
            raise ValueError(f"forced face {face} does not fit a d{sides}")
        return face
    limit = (1 << 64) - ((1 << 64) % sides)
    while True:
        value = _next64(dice)
        if value < limit:
            return 1 + value % sides


def roll_many(dice: dict, count: int, sides: int = 6) -> list[int]:
    """`count` dice, the same faces as `count` calls of roll(); the state text
    is read and written once, not once per die (the hot path of generators)."""
    if dice["q"]:  # forced faces first: the general path
        return [roll(dice, sides) for _ in range(count)]
    limit = (1 << 64) - ((1 << 64) % sides)
    state = int(dice["s"], 16)
    faces: list[int] = []
    while len(faces) < count:
        state = (state + GAMMA) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        z ^= z >> 31
        if z < limit:
            faces.append(1 + z % sides)
    dice["s"] = f"{state:016x}"
    return faces


def drew_last(dice: dict, faces: list[int], sides: int = 6) -> bool:
    """Were `faces`, in order, the latest draws of `dice`? A page shows a roll kept in the state as just
    made only while nothing else has been drawn since (engine.just_rolled, of a tray kept as its latest roll).
    It reads the state and consumes nothing: SplitMix64 steps back by subtracting GAMMA. A rejected draw
    (about 1 in 2**62 for a d6) or a forced face makes it say False."""
    if not faces:
        return False
    back = (int(dice["s"], 16) - GAMMA * len(faces)) & MASK
    return roll_many({"s": f"{back:016x}", "q": []}, len(faces), sides) == list(faces)


def force(dice: dict, *faces: int) -> None:
    """Queue faces to come up next (tests and worked examples)."""
    dice["q"].extend(faces)


def new_seed_text(entropy: int) -> str:
    """A short, URL-safe seed text made from a number (the page passes time)."""
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    out = []
    value = entropy & MASK
    for _ in range(8):
        value, digit = divmod(value, len(alphabet))
        out.append(alphabet[digit])
    return "".join(out)
