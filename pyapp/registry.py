"""Which rulesets exist: build.py makes one page per entry in RULESETS.

PLANNED lists the pages still to come, so the site index can show them.
"""

from __future__ import annotations

from .engine import Ruleset
from .three_dice.ruleset import CLASSIC, TILES

RULESETS: dict[str, Ruleset] = {r.slug: r for r in (CLASSIC, TILES)}

PLANNED: tuple[tuple[str, str, str], ...] = (
    ("dungeon-generator", "Dungeon Generator", "A node map of a dungeon that grows as you explore it."),
    ("tabletop-dungeon", "Tabletop Dungeon", "Co-op heroes against automated monsters on a square grid."),
    ("dice-crawl", "Dice Crawl", "A competitive tile-and-dice game for 1-4 players or bots."),
)


def get(slug: str) -> Ruleset:
    try:
        return RULESETS[slug]
    except KeyError:
        raise KeyError(f"no ruleset {slug!r}; known: {', '.join(RULESETS)}") from None
