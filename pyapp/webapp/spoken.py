"""What the page gives a player who cannot see it (issue 48): the board in words as a list the arrow keys walk,
each step's news said once in a live region, and the answers of the question keys. The words themselves are
the ruleset's (pyapp/places.py); this module makes them page parts, and decides what to say when.

The conventions followed: Lichess's blind mode (the position as text on request, a board walked square by
square, every move announced once, one-key commands that answer questions) and WAI-ARIA's authoring practices
(a composite widget with a roving tabindex: one tab stop, arrow keys inside; `aria-live` regions, polite for
news, assertive only for the game's end; `aria-keyshortcuts` on the parts that have keys)."""

from __future__ import annotations

import re

from ..engine import Action
from ..markup import escape
from ..places import DIRECTIONS, BoardWords, sentence
from .html import button_actions

# The key scheme, the same on every page (static/agent.mjs sends the keys, controller.Page.on_key answers).
QUESTION_KEYS = {"c": "the current place (and the focus goes to it in the board in words)", "t": "whose turn it is",
                 "r": "the last rolls", "s": "the score", "x": "what you can do", "h": "these keys"}
KEYS_TEXT = ("Keys, the same on every page: 1 to 9 play the numbered action, U undoes, A takes an auto step. "
             "C goes to the current place in the board in words and reads it; in it, the arrow keys walk from "
             "place to place (up is north), Home goes to the current place and End to the last one, Page Down and "
             "Page Up to the next and previous place in the list, Enter plays "
             "the place's action (or goes to its actions when it has several) and Tab reaches its actions. "
             "T says whose turn it is, R the last rolls, S the score, X what you can do, H these keys.")


def words_html(words: BoardWords) -> str:
    """The board in words: what the game asks, then the places, the current one first. A place is a button
    (one tab stop for the whole list: the arrow keys move between places, by data-near, the place that way
    as its index) followed by buttons for the actions played there."""
    near = words.near()
    index = {p.id: n for n, p in enumerate(words.places)}
    items = []
    for n, place in enumerate(words.places):
        ways = " ".join(f"{d}{index[near[place.id][d]]}" for d in DIRECTIONS if d in near[place.id])
        count = len(place.actions)
        does = "" if not count else f" ({place.actions[0].label}: Enter)" if count == 1 else f" ({count} actions)"
        actions = "".join(f'<button type="button" class="place-action" data-place-action="{escape(a.code)}" '
                          f'tabindex="-1">'
                          f'{escape(a.label)}</button>' for a in place.actions)
        items.append(f'<li data-place="{escape(place.id)}" data-near="{ways}">'
                     f'<button type="button" class="place" tabindex="{0 if n == 0 else -1}">'
                     f'{escape(place.words())}{escape(does)}</button>{actions}</li>')
    return (f'<p class="words-turn">{escape(words.turn)}</p>'
            f'<ul class="places" aria-label="{escape(words.title)}: the arrow keys walk, Enter plays">'
            f'{"".join(items)}</ul>')


class Announcer:
    """What the live region says after a redraw: the log's new lines, and the dice the step rolled where those
    lines do not already name their faces: each once, never the whole log again. Opening a game, loading one
    or undoing says nothing of the lines already there."""

    def __init__(self) -> None:
        self.seen: list[str] | None = None
        self.over = False

    def forget(self, over: bool = False) -> None:
        """Another game is drawn next (new, loaded, watched): its lines so far are not news."""
        self.seen, self.over = None, over

    def news(self, log: list[str], rolled: bool, rolls: str) -> str:
        seen, self.seen = self.seen, list(log)
        if seen is None:
            return ""
        fresh = new_lines(seen, log)
        said = " ".join(fresh)
        if rolled and _NUMBER.search(rolls) and not faces_said(rolls, said):  # a tile drawn rolls no die
            said = f"{said} Dice: {rolls}".strip()
        return said

    def ended(self, over: bool, result: str, score: str) -> str:
        """The game's end, said once (assertively) as it comes."""
        ended, self.over = over and not self.over, over
        return sentence(f"Game over: {result}") + f" {score}" if ended else ""


def new_lines(seen: list[str], log: list[str]) -> list[str]:
    """The lines of `log` after those already seen (a log that keeps its latest lines may have dropped some of
    the front); none when the two differ otherwise (an undo, another game)."""
    if not seen:
        return list(log)
    for drop in range(len(seen)):
        kept = seen[drop:]
        if log[: len(kept)] == kept:
            return log[len(kept):]
    return []


_NUMBER = re.compile(r"\d+")


def faces_said(rolls: str, lines: str) -> bool:
    """Do the lines name every face the tray words name (then the tray would say them twice)?"""
    faces = [face for part in rolls.split(". ") for face in _NUMBER.findall(part.partition(":")[2])]
    return bool(faces) and set(faces) <= set(_NUMBER.findall(lines))


def answer(key: str, words: BoardWords | None, legal: list[Action]) -> str:
    """What a question key says ("" for a key that asks nothing)."""
    key = key.lower()
    if key == "h":
        return KEYS_TEXT
    if key == "x":
        return can_do(legal, words)
    if words is None or not words.places:
        return ""
    if key == "c":
        return words.places[0].words()
    return {"t": words.turn, "r": words.rolls, "s": words.score}.get(key, "")


BOARD_SAID = 8  # the places X names with their actions (the board in words lists them all)


def can_do(legal: list[Action], words: BoardWords | None) -> str:
    """Key X: the numbered buttons, then the places on the board with actions, each with them ("or" between
    them)."""
    if not legal:
        return "Nothing to play now."
    buttons = [f"{n} {a.label}" for n, a in enumerate(button_actions(legal)[:9], start=1)]
    more = len(button_actions(legal)) - len(buttons)
    places = [p for p in (words.places if words else ()) if p.actions]
    said = "Keys: " + "; ".join(buttons) + "." if buttons else ""
    if more > 0:
        said += f" {more} more buttons."
    if places:
        said += (f" On the board, {len(places)} places offer actions: "
                 + "; ".join(f"{p.name}: {' or '.join(a.label for a in p.actions)}" for p in places[:BOARD_SAID])
                 + ".")
    return said.strip()
