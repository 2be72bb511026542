"""The rules panel's balance section: win rates of equal bots (balance_figures.py, written by balance.py)
and what each rules version changed from the one before (data.CHANGES)."""

from __future__ import annotations

from ..markup import escape, table
from .balance_figures import FIGURES
from .data import CHANGES, CLASS_IDS, CLASS_NAMES, RACE_IDS, RACE_NAMES, RULES_VERSION

COMMAND = "python3 -m pyapp.dice_crawl.balance --games GAMES --players N --write"


def spread(rates: dict) -> str:
    values = list(rates.values())
    mean = sum(values) / len(values)
    return f"mean {mean:.1f}%, from {min(values):.1f}% to {max(values):.1f}%"


def balance_html() -> str:
    if not FIGURES:
        return ""
    counts = sorted(FIGURES)
    head = ["Turn position or card", *(f"{n} players ({FIGURES[n]['games']:,} games)" for n in counts)]
    rows = [["Mean rounds", *(FIGURES[n]["mean_rounds"] for n in counts)]]
    seats = max(len(FIGURES[n]["position"]) for n in counts)
    rows += [[f"Turn position {k}", *(f"{FIGURES[n]['position'].get(str(k), '')}%"
                                      if str(k) in FIGURES[n]["position"] else "" for n in counts)]
             for k in range(1, seats + 1)]
    newest = {"race": [RACE_NAMES[k] for k in RACE_IDS[RULES_VERSION]],  # the base cards a new game deals
              "class": [CLASS_NAMES[k] for k in CLASS_IDS[RULES_VERSION]]}
    for what, names in newest.items():
        rows += [[name, *(f"{FIGURES[n][what][name]}%" if name in FIGURES[n][what] else "" for n in counts)]
                 for name in sorted(set(names))]
    spreads = "".join(f"<li>{n} players: races {spread(FIGURES[n]['race'])}; classes "
                      f"{spread(FIGURES[n]['class'])}; fair share {100 / n:.1f}%</li>" for n in counts)
    return (
        f"<h3>Balance (rules version {RULES_VERSION})</h3><p>Win rates of equal normal bots, by turn position, race "
        "and class, in % of the games each was seated (a draw wins for no one; seats and first player by "
        f"the seeded dice). Made by <code>{escape(COMMAND)}</code>. The aim is every card within 5 points of "
        "the mean; not reached yet: the text's Elf and Warrior, kept as printed, are the furthest from it.</p>"
        f"<ul>{spreads}</ul>"
        + table(head, rows) + changes_html()
    )


def changes_html() -> str:
    items = []
    for version, changes in sorted(CHANGES.items()):
        what = [f"tile {old} becomes {tile_words(new)}" for old, new in changes["tiles"].items()]
        what += [f"{RACE_NAMES[old]}: {card_words(card)}" for old, card in changes["races"].items()]
        what += [f"{CLASS_NAMES[old]}: {card_words(card)}" for old, card in changes["classes"].items()]
        items.append(f"<li>Version {version}: {escape('; '.join(what) or 'no change to the numbers')}.</li>")
    return ("<h3>Rules versions</h3><p>Links made before a version open with the numbers they were made with "
            f"(version 1 is the first release's tables).</p><ul>{''.join(items)}</ul>")


def tile_words(row: tuple) -> str:
    shape, icons, points, hoards, power = row
    return f"icons {' '.join(map(str, icons))}, {points} points, {hoards} Hoards{', ' + power if power else ''}"


def card_words(card: tuple) -> str:
    return ", ".join(f"{pw['label']} [{pw['cost'] or 'free'}]" for pw in card[1])

