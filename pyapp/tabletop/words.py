"""English for the log, the buttons and the panels: counts with the right
plural, items with their article, and each hero's own pronouns (data.py's
hero sheets carry them)."""

from __future__ import annotations

from .data import HEROES, ITEM_ARTICLE, ITEM_NAMES


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 room', '0 rooms', '2 rooms' ("many" for an irregular plural)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def is_are(count: int) -> str:
    return "is" if count == 1 else "are"


def an_item(item: str) -> str:
    """'a Luck Potion', 'Boots of Speed' (a pair: no article)."""
    article = ITEM_ARTICLE[item]
    return f"{article} {ITEM_NAMES[item]}" if article else ITEM_NAMES[item]


def they(hero: dict) -> str:
    """Subject: 'she', 'he'."""
    return HEROES[hero["cls"]]["pronouns"][0]


def them(hero: dict) -> str:
    """Object: 'her', 'him'."""
    return HEROES[hero["cls"]]["pronouns"][1]


def their(hero: dict) -> str:
    """Possessive: 'her', 'his'."""
    return HEROES[hero["cls"]]["pronouns"][2]
