"""A player who cannot see (issue 48): what it hears and how it chooses, for the browser test that plays every
page by keys and the accessibility tree alone (tests/browser/test_blind_play.py) and for the CPython test that
holds its games short (tests/test_blind_bot.py).

It hears what key X says (pyapp/webapp/spoken.py, can_do): the numbered buttons, then the places on the board
that offer actions, each with its actions. It chooses by the words: each page's preferences are patterns over
those labels, the first that matches wins, a button by its number and a board action by walking to its
place; nothing is drawn at random. The settings and seeds below end a game in a few dozen steps."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# page -> (query, the patterns in the order it prefers them). A pattern is (regex, where): "key" plays a
# numbered button, "board" walks the board in words to the place and plays it there, "any" either (a button
# first), "walked" a button once the player has played on the board. Past every pattern, key 1.
PLAYS: dict[str, tuple[str, tuple[tuple[str, str], ...]]] = {
    "three-dice-dungeon": ("?seed=blind-41", (
        (r"^Attack with BODY", "key"), (r"^BODY 6", "key"), (r"^Leave the dungeon", "walked"),
        (r"^Go \w \(unexplored\)", "board"), (r"^Go ", "board"))),
    "three-dice-dungeon-tiles": ("?seed=blind-7&difficulty=hard", (
        (r"^Attack with BODY", "key"), (r"^BODY 6", "key"), (r"^Leave the dungeon", "walked"),
        (r"^Go \w \(unexplored\)", "board"), (r"^Go ", "board"))),
    "three-rd6-dungeon": ("?seed=blind-21&class=wizard", (
        (r"^Attack", "any"), (r"^Go down", "any"), (r"^Go \w \(unexplored\)", "board"), (r"^Break down", "key"),
        (r"^Go ", "board"))),
    "tabletop-dungeon": ("?seed=blind-46&heroes=1&class1=wizard", (
        (r"^Attack", "any"), (r"^Move onto .* take it on", "board"), (r"^Open door", "board"),
        (r"^Place it \(automatic", "key"), (r"^Move ", "board"), (r"^End the heroes", "key"))),
    "dungeon-generator": ("?seed=blind-20&size=small", (
        (r"^Close", "key"), (r"^Take ", "board"), (r"^Go to Room", "board"), (r"^Search", "key"))),
    "dice-crawl": ("?seed=blind-44&players=1&max_rounds=10", (
        (r"^Put a", "board"), (r"^Hoard a", "any"), (r"^Unlock", "key"), (r"^Reveal", "any"),
        (r"^Roll", "key"), (r"^Turn ", "key"), (r"^Use a", "key"), (r"^Explore|^Move", "any"),
        (r"^End the turn", "key"))),
}
# Tabletop's monsters and Dice Crawl's rules step on a timer at the page's speed: the bot chose instant.
SPEED = "0"


@dataclass
class Heard:
    """What key X said: the numbered buttons' labels (key 1 first) and each board place's actions."""

    keys: list[str] = field(default_factory=list)
    board: dict[str, list[str]] = field(default_factory=dict)


def heard(text: str) -> Heard:
    """Key X's answer, read back: "Keys: 1 a; 2 b. On the board, 2 places offer actions: P: a or b; Q: c."."""
    out = Heard()
    keys, _, board = text.partition("On the board, ")
    if keys.startswith("Keys: "):
        for part in keys[len("Keys: "):].strip().rstrip(".").split("; "):
            number, _, label = part.partition(" ")
            if number.isdigit():
                out.keys.append(label)
    if board:
        for part in board.partition(": ")[2].rstrip(".").split("; "):
            place, _, actions = part.partition(": ")
            out.board[place] = actions.split(" or ")
    return out


def choose(slug: str, said: Heard, walked: bool = False) -> tuple[str, int, str] | tuple[str, str, str]:
    """("key", number, label) or ("board", place, label): the first pattern of the page's that the words
    match; key 1 when none does. `walked`: the player has played on the board."""
    for pattern, where in PLAYS[slug][1]:
        if where in ("key", "any") or (where == "walked" and walked):
            for n, label in enumerate(said.keys, start=1):
                if re.search(pattern, label):
                    return ("key", n, label)
        if where in ("board", "any"):
            for place, labels in said.board.items():
                for label in labels:
                    if re.search(pattern, label):
                        return ("board", place, label)
    return ("key", 1, said.keys[0] if said.keys else "")
