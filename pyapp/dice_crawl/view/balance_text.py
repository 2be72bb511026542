"""The rules panel's balance section: win rates of equal bots (balance_figures.py, written by balance.py)
and what each rules version changed from the one before (data.CHANGES)."""

from __future__ import annotations

from ...markup import escape, table
from ..core import costs
from ..data import BASE_GAME_SINCE, CHANGES, CLASS_IDS, CLASS_NAMES, RACE_IDS, RACE_NAMES, RULES_VERSION
from ..vaults_data import SET_NAMES
from .balance_figures import FIGURES
from .vault_balance_figures import FIGURES as VAULT_FIGURES

COMMAND = "python3 -m pyapp.dice_crawl.figures.balance --games GAMES --players N --write"
VAULT_COMMAND = "python3 -m pyapp.dice_crawl.figures.vaults --games GAMES --players 2 --write"


AIM = 5.0  # points of win rate: every card from the mean of its kind, every seat from the fair share


def spread(rates: dict) -> str:
    values = list(rates.values())
    mean = sum(values) / len(values)
    return f"mean {mean:.1f}%, from {min(values):.1f}% to {max(values):.1f}%"


def off_mean(rates: dict) -> list[str]:
    """The cards further than AIM points from the mean of their kind."""
    mean = sum(rates.values()) / len(rates)
    return [f"{name} {rate:.1f}%" for name, rate in sorted(rates.items()) if abs(rate - mean) > AIM]


def seat_words(n: int, seats: dict) -> str:
    """Both measures of a seat advantage: the largest gap to the fair share (100 / players) and the spread."""
    fair, values = 100 / n, list(seats.values())
    gap = max(values, key=lambda v: abs(v - fair))
    return (f"largest gap to the fair share {gap - fair:+.1f} points, spread {max(values) - min(values):.1f} points "
            f"(best seat minus worst)")


def verdict(n: int) -> str:
    figures = FIGURES[n]
    outside = off_mean(figures["race"]) + off_mean(figures["class"])
    cards = f"outside: {', '.join(outside)}" if outside else "every card within it"
    return f"<li>{n} players{older(n)}: {escape(cards)}; seats: {seat_words(n, figures['position'])}.</li>"


def older(n: int) -> str:
    """A column measured under older rules says so (a run of the newest rules that did not finish), unless the
    base game has not changed since."""
    version = FIGURES[n].get("rules", 2)  # the figures before version 3 did not name their rules: version 2's
    return "" if version >= BASE_GAME_SINCE else f", rules version {version}"


def since() -> str:
    if BASE_GAME_SINCE == RULES_VERSION:
        made = sorted({FIGURES[n].get("rules", 2) for n in FIGURES if FIGURES[n].get("rules", 2) < BASE_GAME_SINCE})
        if not made:
            return ""
        return (f" The figures marked rules version {', '.join(map(str, made))} were measured before version "
                f"{BASE_GAME_SINCE} changed the base game (what it changed: Rules versions, below), and are shown "
                "until a run of the newest rules replaces them.")
    return f" The base game has played the same since rules version {BASE_GAME_SINCE}, so these figures hold for it."


def capped(figures: dict) -> str:
    """The share of the games the round limit ended (figures from before version 4 did not count them)."""
    if "capped" not in figures:
        return "not counted"
    return f"{100 * figures['capped'] / figures['games']:.1f}%"


def balance_html() -> str:
    if not FIGURES:
        return ""
    counts = sorted(FIGURES)
    head = ["Turn position or card", *(f"{n} players ({FIGURES[n]['games']:,} games{older(n)})" for n in counts)]
    rows = [["Mean rounds", *(FIGURES[n]["mean_rounds"] for n in counts)],
            ["Games that reached the round limit", *(capped(FIGURES[n]) for n in counts)]]
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
        "and class, in % of the games each was seated (a draw wins for no one, so the rates sum to a little "
        f"under 100%; seats and first player by the seeded dice).{since()} The Elf and the Warrior are the "
        "text's cards, kept as printed: the tuning changes the other cards only. Made by "
        f"<code>{escape(COMMAND)}</code>. The aim: every card within {AIM:.0f} points of the mean of its kind, and no "
        f"seat more than {AIM:.0f} points from the fair share (100% / players). A seat's advantage is given two ways: "
        "its largest gap to the fair share, and the spread from the best seat to the worst.</p>"
        f"<ul>{spreads}</ul><ul>{''.join(verdict(n) for n in counts)}</ul>"
        + table(head, rows) + vaults_html() + changes_html()
    )


def vaults_html() -> str:
    """The Forbidden Vaults cards: each set played alone, each game seating one of its cards (figures/vaults.py)."""
    if not VAULT_FIGURES:
        return ""
    rows, outside = [], []
    for key, f in VAULT_FIGURES.items():
        for card, rate in f["cards"].items():
            rows.append([SET_NAMES[key], card, f"{rate}%", f"{rate - f['mean']:+.1f}", f"{f['seated'][card]:,}",
                         f"{f['games']:,}{older_rules(f['rules'])}"])
            if abs(rate - f["mean"]) > AIM:
                outside.append(f"{card} {rate:.1f}%")
    players = sorted({f["players"] for f in VAULT_FIGURES.values()})
    verdict_ = f"outside the aim: {', '.join(outside)}" if outside else f"every set card within {AIM:.0f} points"
    made = sorted({f["rules"] for f in VAULT_FIGURES.values()})
    if made[0] < BASE_GAME_SINCE:  # the set cards were measured against a base game that changed since
        verdict_ += (f" (measured under rules version {', '.join(map(str, made))}, against the base game of that "
                     f"version; version {BASE_GAME_SINCE} changed the base game since)")
    return (
        f"<h3>Forbidden Vaults cards ({', '.join(map(str, players))} players)</h3><p>Each set played on its own, its "
        "tiles shuffled in; each game gives one of the set's four cards, in turn, to one seat in turn, and deals "
        "the rest from the piles. A set card's win rate is beside the mean win rate of a seat in those games (the "
        f"gap, in points). Made by <code>{escape(VAULT_COMMAND)}</code>; "
        f"{escape(verdict_)}.</p>"
        + "<details class='dc-table'><summary>Every set card's win rate</summary>"
        + table(["Set", "Card", "Win rate", "Gap to the mean", "Seats", "Games"], rows) + "</details>"
    )


def older_rules(version: int) -> str:
    return "" if version == RULES_VERSION else f" (rules version {version})"


def changes_html() -> str:
    items = []
    for version, changes in sorted(CHANGES.items()):
        # a candidate (data.CANDIDATE) is said to be one: no new game or link plays it yet
        name = f"Version {version}" if version <= RULES_VERSION else (
            f"Version {version}, in preparation (no game or link plays it yet)")
        what = [f"tile {old} becomes {tile_words(new)}" for old, new in changes["tiles"].items()]
        what += [f"{RACE_NAMES[old]}: {card_words(card)}" for old, card in changes["races"].items()]
        what += [f"{CLASS_NAMES[old]}: {card_words(card)}" for old, card in changes["classes"].items()]
        what = ([changes["rule"]] if "rule" in changes else []) + what
        items.append(f"<li>{escape(name)}: {escape('; '.join(what) or 'no change to the numbers')}.</li>")
    return ("<h3>Rules versions</h3><p>Links made before a version open with the numbers they were made with "
            "(version 1 is the first release's tables).</p><details class='dc-table'><summary>What each version "
            f"changed</summary><ul>{''.join(items)}</ul></details>")


def tile_words(row: tuple) -> str:
    _shape, icons, points, hoards, power = row
    return f"icons {' '.join(map(str, icons))}, {points} points, {hoards} Hoards{', ' + power if power else ''}"


def card_words(card: tuple) -> str:
    """A card's Powers with their costs, and the unlock pair where it is not the cost (the sets' Powers)."""
    return ", ".join(f"{pw['label']} [{pw['cost'] or 'free'}]"
                     + (f" (unlock: {costs.unlock_words(pw['unlock'])})" if pw["unlock"] != pw["cost"] else "")
                     for pw in card[1])

