"""Which rulesets exist: build.py makes one page per entry in RULESETS.

PLANNED lists the pages still to come, so the site index can show them.
"""

from __future__ import annotations

from .engine import Ruleset
from .dungeon_gen.ruleset import RULESET as DUNGEON_GENERATOR
from .tabletop.ruleset import RULESET as TABLETOP
from .three_dice.ruleset import CLASSIC, TILES

RULESETS: dict[str, Ruleset] = {r.slug: r for r in (CLASSIC, TILES, TABLETOP, DUNGEON_GENERATOR)}

PLANNED: tuple[tuple[str, str, str], ...] = (
    ("dice-crawl", "Dice Crawl", "A competitive tile-and-dice game for 1-4 players or bots."),
)


def get(slug: str) -> Ruleset:
    try:
        return RULESETS[slug]
    except KeyError:
        raise KeyError(f"no ruleset {slug!r}; known: {', '.join(RULESETS)}") from None
