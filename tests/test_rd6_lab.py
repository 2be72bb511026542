"""The 3RD6 Balance lab: the five classes in turn, reproducible figures, a row per class."""

from __future__ import annotations

from pyapp import lab
from pyapp.engine import Game, Progress
from pyapp.rd6 import lab as rd6_lab
from pyapp.rd6.balance import BALANCE_ROWS
from pyapp.rd6.data import CLASSES
from rd6_helpers import RD6


def test_the_lab_plays_each_class_in_turn_and_every_game_ends():
    runs = lab.measure_all(rd6_lab.make_lab(RD6), "lab-test", RD6.defaults(), 10)
    assert [r["class"] for r in runs] == list(CLASSES) * 2
    assert all(r["end"] in ("won", "dead") for r in runs)
    assert runs == lab.measure_all(rd6_lab.make_lab(RD6), "lab-test", RD6.defaults(), 10)  # reproducible


def test_the_report_shows_survival_by_class_and_names_the_hard_mode():
    runs = lab.measure_all(rd6_lab.make_lab(RD6), "lab-test", RD6.defaults(), 10)
    html = rd6_lab.report(runs, 10)
    assert html.count("<svg") == 2 and "Hard mode: the " in html
    assert all(f'<th scope="row">{spec["name"]}</th>' in html for spec in CLASSES.values())


def test_the_tool_runs_in_steps_from_the_page():
    game = Game(RD6, "tool")
    pieces = list(rd6_lab.TOOL.run(game, {"games": "5"}))
    assert isinstance(pieces[-1], Progress) and pieces[-1].done == 5 and "Auto-played: 5 games" in pieces[-1].text()


def test_the_rules_panel_shows_the_measured_figures_per_class():
    html = RD6.rules_html()
    assert [row[0] for row in BALANCE_ROWS] == [spec["name"] for spec in CLASSES.values()]
    assert "Balance by class" in html and "bench/rd6_balance.py" in html
