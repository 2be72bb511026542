"""The board in words (issue 48): what a player who cannot see the map reads and walks instead.

A ruleset's `words(state, legal) -> BoardWords` names every place its board shows, with what is in it, from
the same state and the same legal actions as its render (Lichess's blind mode is the model: the position as
text on request, a board walked square by square, commands that answer questions). The page lists the places
(pyapp/webapp/words_html.py), the arrow keys walk them by where they lie (`near`), Enter plays a place's
action, and the question keys read `turn`, `rolls` and `score` (pyapp/webapp/controller.py).

Every board action (Action.board: no button, no number key) that has a target is played from a place here,
so that everything the map offers is offered by keyboard too (tests/test_board_words.py holds every ruleset
to it)."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from .engine import Action, Roll

DIRECTIONS = ("N", "E", "S", "W")  # the arrow keys': up, right, down, left
DIRECTION_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
_UNIT = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


@dataclass(frozen=True)
class Place:
    """One place the board shows: a room, a square, a tile, a node, or a part of the table (the cards)."""

    id: str  # unique in one position ("3,-1", "room 7", "C4"); the page keeps the focus on it across redraws
    name: str  # "Great Hall at 3,-1"
    contents: str  # what is in it, one sentence or a few ("" : nothing)
    at: tuple[float, float]  # where it lies on the board, x to the right and y down: the arrow keys walk by it
    actions: tuple[Action, ...] = ()  # the legal actions played here (the board's buttons at this place)

    def words(self) -> str:
        """Its name and contents, as a screen reader says them when the focus comes to it."""
        return f"{self.name}: {self.contents}" if self.contents else self.name


@dataclass(frozen=True)
class BoardWords:
    """A position in words: the places (the current one first, then in the order a player scans the board)
    and the answers to the question keys."""

    places: tuple[Place, ...]
    turn: str  # whose turn it is and what the game asks now
    score: str  # the score so far, or the final one
    rolls: str  # the latest rolls and what they did ("No dice rolled yet.")
    title: str = "Places"  # what the list is of ("Rooms", "Squares", "Tiles")

    def near(self) -> dict[str, dict[str, str]]:
        """For each place, its neighbour in each direction it has one (`nearest`'s, every pair looked at once:
        the page draws this with every redraw)."""
        out = {}
        for place in self.places:
            px, py = place.at
            best: dict[str, tuple] = {}
            for other in self.places:
                dx, dy = other.at[0] - px, other.at[1] - py
                for way, ahead, aside in (("E", dx, abs(dy)), ("W", -dx, abs(dy)), ("S", dy, abs(dx)),
                                          ("N", -dy, abs(dx))):
                    if ahead > 0 and aside <= ahead:
                        key = (ahead + 2 * aside, aside, other.id)
                        if way not in best or key < best[way]:
                            best[way] = key
            out[place.id] = {way: best[way][2] for way in DIRECTIONS if way in best}
        return out

    def text(self) -> str:
        """The whole position as plain text (the test bot and a transcript read it)."""
        return "\n".join([self.turn, *(p.words() for p in self.places), self.score, self.rolls])


def nearest(place: Place, places: Iterable[Place], direction: str) -> Place | None:
    """The place an arrow key goes to: of those lying `direction`-wards (within 45 degrees of it), the
    closest, a place straight ahead before one aside. On a grid this is the next square or room that way, a
    gap skipped; on a node map, the next node roughly that way."""
    ux, uy = _UNIT[direction]
    best, best_key = None, None
    for other in places:
        dx, dy = other.at[0] - place.at[0], other.at[1] - place.at[1]
        ahead = dx * ux + dy * uy
        aside = abs(dx * uy - dy * ux)
        if ahead <= 0 or aside > ahead:
            continue
        key = (ahead + 2 * aside, aside, other.id)
        if best_key is None or key < best_key:
            best, best_key = other, key
    return best


K = TypeVar("K", bound=Hashable)


def actions_at(legal: list[Action], where: Callable[[tuple], K | None]) -> dict[K, tuple[Action, ...]]:
    """The legal actions with a target, grouped by `where(target)` (a place's id, or None: not on a place)."""
    out: dict[K, list[Action]] = {}
    for action in legal:
        if action.target:
            place = where(action.target)
            if place is not None:
                out.setdefault(place, []).append(action)
    return {place: tuple(found) for place, found in out.items()}


def listing(items: Iterable[str], none: str = "") -> str:
    """'a', 'a and b', 'a, b and c'; `none` for no items."""
    items = [item for item in items if item]
    if not items:
        return none
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def sides_words(sides: Iterable[str]) -> str:
    """"north and east" from "NE"."""
    return listing(DIRECTION_WORDS[s] for s in sides)


def roll_words(entries: list[Roll], none: str = "No dice rolled yet.") -> str:
    """The dice tray in words: "Attack: 3 and 5, hits." per roll."""
    if not entries:
        return none
    joined: list[Roll] = []
    for entry in entries:  # a tray kept die by die (Tabletop's) says a roll of several dice once
        if joined and not entry.outcome and not joined[-1].outcome and joined[-1][::2] == entry[::2]:
            joined[-1] = joined[-1]._replace(faces=[*joined[-1].faces, *entry.faces])
        else:
            joined.append(entry)
    said = []
    for entry in joined:
        faces = listing(str(f) for f in entry.faces)
        die = "" if entry.sides == 6 else f" on d{entry.sides}"
        rolled = f"{faces}{die}, {entry.outcome}" if entry.faces and entry.outcome else f"{faces}{die}" or entry.outcome
        said.append(sentence(f"{entry.what}: {rolled}"))
    return " ".join(said)


def sentence(text: str) -> str:
    """A capital first and a stop at the end."""
    text = text.strip()
    if not text:
        return ""
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


_BREAK = re.compile(r"</(?:p|li|div|h\d|tr|td|th|dd|dt)>|<br\s*/?>")
_TAG = re.compile(r"<[^>]*>")
_ENTITIES = {"&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&nbsp;": " "}
_ENTITY = re.compile("|".join(_ENTITIES))
_SPACE = re.compile(r"\s+")


def plain(html: str) -> str:
    """The text of an HTML fragment a renderer made (pyapp/markup.py's escaping undone), so that the words say
    what the panels show without a second source for it."""
    return _SPACE.sub(" ", _ENTITY.sub(lambda m: _ENTITIES[m.group()], _TAG.sub("", _BREAK.sub(" ", html)))).strip()


def score_words(score: dict | None, so_far: str) -> str:
    """The final score ("Score: 40 points, ...") once the game keeps one, else `so_far`."""
    if not isinstance(score, dict):
        return so_far
    shown = [f"{value} {key.replace('_', ' ')}" for key, value in score.items()
             if key not in ("points", "name", "result") and isinstance(value, (int, str))]
    points = f"{score['points']} points" if "points" in score else ""
    return sentence("Final score: " + listing([points, *shown]))
