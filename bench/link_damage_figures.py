"""Hand-damaged links (issue 46, item 4): how many open another game with no word.

    /work/main/.venv/bin/python bench/link_damage_figures.py [--utm]

Every golden link (tests/golden/links.json) is damaged each of three ways, two forms a way:

- capitals: every key in capitals (?SEED=..&PLAYERS=..), and only the seed's key (?SEED=..&players=..);
- encoded twice: the whole query percent-encoded once more (seed%3Dabc%26v%3D2), and twice more (%253D);
- cut inside a %-escape: the link cut just after its last "%" and one character later (ending in "%" or
  "%2"); a link with no %-escape cannot be cut inside one, so it gives no case (only 2 golden links hold one);
- encoded twice, then cut: the query percent-encoded once more, then cut so inside its last escape.

With --utm, "&utm_source=chat&fbclid=IwAR0x" is appended to each damaged link (a tracker's parameters).

Each damaged link is opened as a page load opens it (test_golden_links.opened: parse_query, then open_game
on an empty save store) and compared with what the golden link opens (every fact but the messages):
"same" opens the same game, "said" another game with a message, "silent" another game with no message.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import test_golden_links as golden  # noqa: E402

UTM = "&utm_source=chat&fbclid=IwAR0x"


def _keys_upper(query: str, only_first: bool) -> str:
    fields = query.lstrip("?").split("&")
    out = []
    for i, field in enumerate(fields):
        key, eq, value = field.partition("=")
        out.append((key.upper() if i == 0 or not only_first else key) + eq + value)
    return "?" + "&".join(out)


def damaged(query: str) -> dict[str, list[str]]:
    """The damaged forms of a link, by way of damage."""
    bare = query.lstrip("?")
    forms = {
        "capitals": [_keys_upper(query, False), _keys_upper(query, True)],
        "encoded twice": ["?" + quote(bare, safe=""), "?" + quote(quote(bare, safe=""), safe="")],
        "cut in an escape": [],
    }
    forms["cut in an escape"] = _cut(query)
    forms["encoded twice, then cut"] = _cut(forms["encoded twice"][0])
    return forms


def _cut(query: str) -> list[str]:
    """The link cut inside its last %-escape, just after the "%" and one character later."""
    if "%" not in query:
        return []
    at = query.rindex("%")
    return [query[: at + 1], query[: at + 2]]


def outcome(page: str, query: str, promised: dict) -> str:
    try:
        got = golden.facts(page, query)
    except Exception as exc:  # a crash is a figure here
        return f"crash {type(exc).__name__}"
    messages = got.pop("messages")
    same = got == {k: v for k, v in promised.items() if k != "messages"}
    return "same" if same else ("said" if messages else "silent")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--utm", action="store_true", help="append a tracker's parameters to each damaged link")
    args = parser.parse_args()
    ways = ("capitals", "encoded twice", "cut in an escape", "encoded twice, then cut")
    counts: dict = defaultdict(lambda: defaultdict(int))  # (page, way) -> outcome -> n
    links: dict = defaultdict(int)
    for entry in golden.golden_links():
        page = entry["page"]
        links[page] += 1
        for way, forms in damaged(entry["query"]).items():
            for form in forms:
                counts[page, way][outcome(page, form + (UTM if args.utm else ""), entry["opens"])] += 1
    pages = sorted(links)
    print("| page | links | " + " | ".join(f"{w}: silent / cases (same, said)" for w in ways) + " |")
    print("|---|---|" + "---|" * len(ways))

    def cell(rows: list[dict]) -> str:
        total = defaultdict(int)
        for row in rows:
            for k, n in row.items():
                total[k] += n
        cases = sum(total.values())
        extra = ", ".join(f"{k} {n}" for k, n in sorted(total.items()) if k.startswith("crash"))
        return f"{total['silent']} / {cases} ({total['same']}, {total['said']}{', ' + extra if extra else ''})"

    for page in pages:
        print(f"| {page} | {links[page]} | " + " | ".join(cell([counts[page, w]]) for w in ways) + " |")
    print(f"| all | {sum(links.values())} | " + " | ".join(cell([counts[p, w] for p in pages]) for w in ways) + " |")


if __name__ == "__main__":
    main()
