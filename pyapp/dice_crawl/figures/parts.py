"""A long figures run played in parts, on other days or machines, then merged. A part holds the counts of games
first .. first + games - 1 of one run; game n's seed depends on n only, so the merged parts give the counts
the whole run gives. A part is saved as JSON (the command line's --part FILE) and merged with --merge."""

from __future__ import annotations

import json
from pathlib import Path

from ..data import CANDIDATE, RULES_VERSION


def add_arguments(parser) -> None:
    parser.add_argument("--first", type=int, default=0, help="the number of the first game: a part of a longer run")
    parser.add_argument("--part", metavar="FILE", help="save the counts as JSON, for --merge")
    parser.add_argument("--merge", metavar="FILE", nargs="+", help="report (and --write) saved parts as one run")
    parser.add_argument("--rules", type=int, default=RULES_VERSION, choices=range(1, (CANDIDATE or RULES_VERSION) + 1),
                        help=f"the rules version played (default {RULES_VERSION}, the newest"
                             + (f"; {CANDIDATE}: the candidate in data.CHANGES, measured before any player meets it)"
                                if CANDIDATE else ")"))


def parsed(parser):
    """The command line's arguments, --write refused on a part: only a merge of every part may be written."""
    args = parser.parse_args()
    if args.write and args.first:
        parser.error("--write takes a whole run (from game 0): save the parts with --part, then --merge them")
    return args


def save(path: str, counts: dict) -> None:
    Path(path).write_text(json.dumps(counts), encoding="utf-8")


def load(paths: list[str]) -> list[dict]:
    return [json.loads(Path(path).read_text(encoding="utf-8")) for path in paths]


def merged(parts: list[dict], same: tuple[str, ...]) -> dict:
    """The counts of one run from its parts, refused unless they are of the same run (equal `same` fields) and
    their games follow on from game 0 with none missing or played twice. Every other field is a count, or a
    dict of counts, and sums."""
    parts = sorted(parts, key=lambda part: part["first"])
    if any(tuple(part[k] for k in same) != tuple(parts[0][k] for k in same) for part in parts):
        raise ValueError("the parts are not of one run: " + "; ".join(
            ", ".join(f"{k} {part[k]}" for k in same) for part in parts))
    games = 0
    for part in parts:
        if part["first"] != games:
            raise ValueError(f"the parts do not follow on: game {games} is next, a part starts at {part['first']}")
        games += part["games"]
    total = {k: parts[0][k] for k in same}
    return {**total, **{key: summed([part[key] for part in parts]) for key in parts[0] if key not in total},
            "first": 0}


def summed(values: list):
    if isinstance(values[0], dict):
        keys = dict.fromkeys(key for value in values for key in value)
        return {key: summed([value[key] for value in values if key in value]) for key in keys}
    return sum(values)
