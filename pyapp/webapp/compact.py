"""Compact replays (issue 46): each move written as its place among the legal actions offered then.

Every ruleset has the engine's one shape: a state, the list of its legal actions (`Ruleset.legal_actions`, in
the ruleset's order), and a way to apply one. A move is then its index in that list, and a whole game the
indices of its moves: the link's `replay=` value is "~1" and then characters of the URL-safe base64 alphabet
(A-Z, a-z, 0-9, "-", "_": six bits each, none escaped in a URL). "~" tells it from the code form that links
made before wrote (links.py: a code list never starts with "~", no code being empty); "1" is this form's
version. Its bits, in order:

- the number of moves, five bits a character, low bits first, the sixth bit set while another follows;
- a check of 24 bits: the low bits of the CRC-32 of the moves' codes, newline-joined, in UTF-8. Tampering, a
  cut, or a later release that offered the legal actions in another order gives a link whose moves fail it,
  and the page says so rather than opening another game;
- the moves, arithmetic-coded (Witten, Neal and Cleary's coder, 32 bits): among `n` actions offered, index
  `i` weighs 2k + 1, where k is how often this game picked index i among n before. A step that offers one
  action costs nothing; a game that picks as a player does (the same attack, again and again) costs a
  fraction of a bit a move; one that picks at random about log2(n) bits.

Trailing zero bits are left out (the reader reads zeros past the end), so a text never ends in "A", and a
text is read only if writing its moves again gives that very text: one game has one compact replay.
"""

from __future__ import annotations

import binascii

from ..engine import Ruleset

MARK = "~1"  # what starts a compact replay (see above); "~" and another version: a later form
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_SEXTET = {ch: n for n, ch in enumerate(ALPHABET)}
_CHECK_BITS = 24
_TOP = (1 << 32) - 1
_HALF = 1 << 31
_QUARTER = 1 << 30


class Damaged(ValueError):
    """A compact replay that cannot be read; the message says why, for the player."""


def check(codes: list[str]) -> int:
    """The compact replay's check of these moves (see above)."""
    return binascii.crc32("\n".join(codes).encode("utf-8")) & ((1 << _CHECK_BITS) - 1)


def pack(picks: list[tuple[int, int]], codes: list[str]) -> str:
    """The compact replay of a game's moves: (index, number offered) of each (Game.picks), and their codes."""
    bits: list[int] = []
    count = len(picks)
    while True:  # the number of moves, five bits a character
        more = count >= 32
        bits += _bits((count & 31) | (32 if more else 0), 6)
        count >>= 5
        if not more:
            break
    bits += _bits(check(codes), _CHECK_BITS)
    bits += _Encoder().moves(picks)
    while bits and not bits[-1]:
        bits.pop()
    bits += [0] * (-len(bits) % 6)
    return MARK + "".join(ALPHABET[_number(bits[i:i + 6])] for i in range(0, len(bits), 6))


class Reader:
    """Reads a compact replay (the text after MARK) one move at a time, as the game offers each step's
    actions: `count`, then `pick(n)` for each move, then `finish(codes)`, which checks the whole."""

    def __init__(self, text: str, most: int):
        if any(ch not in _SEXTET for ch in text):
            raise Damaged("The replay in the link holds characters that a replay never has: it is damaged.")
        self.text = text
        self._bits = [bit for ch in text for bit in _bits(_SEXTET[ch], 6)]
        self._at = 0
        self.count = 0
        for shift in range(0, 20, 5):
            group = self._read(6)
            self.count |= (group & 31) << shift
            if not group & 32:
                break
        else:
            raise Damaged("The replay in the link is damaged: its number of moves cannot be read.")
        if self.count > most:
            raise Damaged(f"The replay is too long ({self.count} steps; at most {most}).")
        self._check = self._read(_CHECK_BITS)
        self._decoder = _Decoder(self._read)
        self.picks: list[tuple[int, int]] = []

    def _read(self, width: int) -> int:
        """The next `width` bits as a number; zeros past the end."""
        value = _number(self._bits[self._at:self._at + width] + [0] * max(0, self._at + width - len(self._bits)))
        self._at += width
        return value

    def pick(self, offered: int) -> int:
        """The next move's index among the `offered` legal actions of its step."""
        pick = self._decoder.pick(offered)
        self.picks.append((pick, offered))
        return pick

    def finish(self, codes: list[str]) -> None:
        """Raise Damaged unless the moves read are the ones the link was written for."""
        if check(codes) != self._check or pack(self.picks, codes) != MARK + self.text:
            raise Damaged("The replay in the link is damaged: its moves do not match its check (it was cut short "
                          "or changed).")


def read(ruleset: Ruleset, seed: str, settings: dict, text: str, most: int) -> list[str]:
    """The codes of a compact replay's moves (`text` without MARK), read by playing them from the seed's new
    game, each step's legal actions saying what its index means; raises Damaged. (The game is played again as
    the page opens it, Game.replay: this reads, it keeps nothing.)"""
    reader = Reader(text, most)
    state = ruleset.new_state(seed, ruleset.checked_settings(settings))
    codes: list[str] = []
    for step in range(reader.count):
        offered = [action.code for action in ruleset.legal_actions(state)]
        if not offered:
            raise Damaged(f"The replay in the link is damaged: it goes on after the game ended (move {step + 1} "
                          f"of {reader.count}).")
        code = offered[reader.pick(len(offered))]
        ruleset.apply(state, code)
        codes.append(code)
    reader.finish(codes)
    return codes


def _bits(value: int, width: int) -> list[int]:
    return [(value >> shift) & 1 for shift in range(width - 1, -1, -1)]


def _number(bits: list[int]) -> int:
    value = 0
    for bit in bits:
        value = value << 1 | bit
    return value


class _Model:
    """How likely each index is among n offered: 2k + 1 for an index picked k times among n before."""

    def __init__(self):
        self.counts: dict[int, list[int]] = {}

    def weights(self, offered: int) -> list[int]:
        return [2 * k + 1 for k in self.counts.setdefault(offered, [0] * offered)]

    def seen(self, pick: int, offered: int) -> None:
        self.counts[offered][pick] += 1


def _narrowed(low: int, high: int, weights: list[int], pick: int) -> tuple[int, int]:
    """The coder's interval once `pick` is coded among these weights."""
    span, total, below = high - low + 1, sum(weights), sum(weights[:pick])
    return low + span * below // total, low + span * (below + weights[pick]) // total - 1


class _Encoder:
    def __init__(self):
        self.low, self.high, self.pending, self.out = 0, _TOP, 0, []

    def moves(self, picks: list[tuple[int, int]]) -> list[int]:
        model = _Model()
        for pick, offered in picks:
            if offered > 1:  # one action offered: nothing to say
                self.low, self.high = _narrowed(self.low, self.high, model.weights(offered), pick)
                model.seen(pick, offered)
                self._settle()
        self.pending += 1
        self._emit(0 if self.low < _QUARTER else 1)
        return self.out

    def _emit(self, bit: int) -> None:
        self.out += [bit] + [1 - bit] * self.pending
        self.pending = 0

    def _settle(self) -> None:
        while True:
            if self.high < _HALF:
                self._emit(0)
            elif self.low >= _HALF:
                self._emit(1)
                self.low, self.high = self.low - _HALF, self.high - _HALF
            elif self.low >= _QUARTER and self.high < _HALF + _QUARTER:
                self.pending += 1
                self.low, self.high = self.low - _QUARTER, self.high - _QUARTER
            else:
                return
            self.low, self.high = 2 * self.low, 2 * self.high + 1


class _Decoder:
    def __init__(self, read):
        self.read = read
        self.low, self.high, self.value = 0, _TOP, read(32)
        self.model = _Model()

    def pick(self, offered: int) -> int:
        if offered == 1:
            return 0
        if not self.low <= self.value <= self.high:  # never so in a text the coder wrote
            raise Damaged("The replay in the link is damaged: its moves cannot be read.")
        weights = self.model.weights(offered)
        span, total = self.high - self.low + 1, sum(weights)
        target = ((self.value - self.low + 1) * total - 1) // span
        pick, below = 0, weights[0]
        while below <= target:
            pick += 1
            below += weights[pick]
        self.low, self.high = _narrowed(self.low, self.high, weights, pick)
        self.model.seen(pick, offered)
        while True:
            if self.high < _HALF:
                pass
            elif self.low >= _HALF:
                self.low, self.high, self.value = self.low - _HALF, self.high - _HALF, self.value - _HALF
            elif self.low >= _QUARTER and self.high < _HALF + _QUARTER:
                self.low, self.high, self.value = self.low - _QUARTER, self.high - _QUARTER, self.value - _QUARTER
            else:
                return pick
            self.low, self.high, self.value = 2 * self.low, 2 * self.high + 1, 2 * self.value + self.read(1)
