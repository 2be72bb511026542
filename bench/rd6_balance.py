"""3RD6 Dungeon balance by class with a new game's settings (the newest rules): pyapp/rd6/balance.py's rows.

    PYTHONPATH=. .venv/bin/python bench/rd6_balance.py 1000
"""

from __future__ import annotations

import sys

from pyapp import lab, stats_chart
from pyapp.rd6 import lab as rd6_lab
from pyapp.rd6.data import CLASS_KEYS, CLASSES
from pyapp.registry import RULESETS


def main(games: int) -> None:
    ruleset = RULESETS["three-rd6-dungeon"]
    print(f"# {games} games per class, seeds balance-<class>/lab/<i>, "
          f"a new game's settings (rules version {ruleset.rules_version})")
    for key in CLASS_KEYS:
        settings = {**ruleset.newest(), "class": key}
        one = lab.Lab(ruleset, settings_for=lambda s, i: s, measure=rd6_lab.measure, report=rd6_lab.report)
        runs = lab.measure_all(one, f"balance-{key}", settings, games)
        won = round(100 * sum(r["end"] == "won" for r in runs) / games)
        fell = round(100 * sum(r["end"] == "dead" for r in runs) / games)
        rooms = stats_chart.number(stats_chart.median([r["rooms"] for r in runs]))
        print(f'    ("{CLASSES[key]["name"]}", {won}, {fell}, {rooms}),')


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
