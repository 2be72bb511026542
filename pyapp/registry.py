"""Which rulesets exist: build.py makes one page per entry in RULESETS.

EXAMPLES are rulesets the tests run through the same contract as the pages
(tests/test_page_contract.py, tests/test_board_svg.py) but no page is built
for: the minimal example ruleset, pyapp/example/, to copy when adding one.

A ruleset's package is imported the first time it is looked up, so a page
imports only its own ruleset (`get(slug)`); going through all of RULESETS
(the build, the tests) imports them all.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from .engine import Ruleset

# slug -> (module, name of its Ruleset), in the order of the site index
SOURCES: dict[str, tuple[str, str]] = {
    "three-dice-dungeon": (".three_dice.ruleset", "CLASSIC"),
    "three-dice-dungeon-tiles": (".three_dice.ruleset", "TILES"),
    "three-rd6-dungeon": (".rd6.ruleset", "RULESET"),
    "tabletop-dungeon": (".tabletop.ruleset", "RULESET"),
    "dungeon-generator": (".dungeon_gen.ruleset", "RULESET"),
    "dice-crawl": (".dice_crawl.ruleset", "RULESET"),
}

# slug -> (module, name of its Ruleset): tested like a page, never built as one
EXAMPLE_SOURCES: dict[str, tuple[str, str]] = {
    "example": (".example.ruleset", "RULESET"),
}


class LazyRulesets(Mapping):
    """slug -> Ruleset, each imported on first look-up (Python caches the module)."""

    def __init__(self, sources: dict[str, tuple[str, str]]):
        self.sources = sources

    def __getitem__(self, slug: str) -> Ruleset:
        module, name = self.sources[slug]
        return getattr(import_module(module, __package__), name)

    def __iter__(self) -> Iterator[str]:
        return iter(self.sources)

    def __len__(self) -> int:
        return len(self.sources)


RULESETS: Mapping[str, Ruleset] = LazyRulesets(SOURCES)  # one page each
EXAMPLES: Mapping[str, Ruleset] = LazyRulesets(EXAMPLE_SOURCES)  # tests only


def get(slug: str) -> Ruleset:
    if slug not in SOURCES:
        raise KeyError(f"no ruleset {slug!r}; known: {', '.join(SOURCES)}")
    return RULESETS[slug]
