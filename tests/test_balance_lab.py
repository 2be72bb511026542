"""The balance labs (3 Dice Dungeon, Tiles & HP, Tabletop Dungeon): figures
from fixed seeds, games that always end, Progress a page can draw and
cancel, and the page's slicing of a run (pyapp/webapp/tool_run.py)."""

from __future__ import annotations

import dataclasses
import re

from hypothesis import given, settings, strategies as st

from pyapp import lab, stats_chart
from pyapp.engine import Game, Progress
from pyapp.registry import RULESETS
from pyapp.tabletop import lab as tabletop_lab
from pyapp.three_dice import lab as dice_lab
from pyapp.webapp import tools_html
from pyapp.webapp.tool_run import DRAW_S, ToolRun

CLASSIC, TILES = RULESETS["three-dice-dungeon"], RULESETS["three-dice-dungeon-tiles"]
TABLETOP = RULESETS["tabletop-dungeon"]


def finished(pieces) -> list:
    return list(pieces)


def dice_runs(ruleset, n: int, cap: int = 100, seed: str = "lab-test", **opts) -> list[dict]:
    return lab.measure_all(dice_lab.make_lab(ruleset, cap), seed, {**ruleset.defaults(), **opts}, n)


# ---------------------------------------------------------------- every page with a lab
def test_each_lab_page_offers_a_balance_lab_with_progress_and_cancel():
    for ruleset in (CLASSIC, TILES, TABLETOP):
        assert [t.key for t in ruleset.tools] == ["lab"]
        html = tools_html(ruleset, ruleset.defaults())
        assert 'id="tool-lab-progress" hidden' in html and "<progress" in html
        assert 'data-control="tool-cancel" data-tool="lab" hidden>Cancel</button>' in html


def test_game_i_uses_the_seed_game_seed_lab_i_and_plays_the_auto_play_to_its_end():
    runs = dice_runs(CLASSIC, 3, seed="fixed")
    for index, figures in enumerate(runs):
        game = Game(CLASSIC, f"fixed/lab/{index}")
        while not game.over and game.state["made"] <= 100:
            game.auto()
        assert figures == dice_lab.measure(game.state, len(game.actions), {})


def test_figures_are_reproducible_from_the_seed_and_differ_for_another():
    assert dice_runs(TILES, 20) == dice_runs(TILES, 20)
    assert dice_runs(TILES, 20) != dice_runs(TILES, 20, seed="other")


# ---------------------------------------------------------------- 3 Dice Dungeon's figures
def test_dice_figures_from_fixed_seeds():
    runs = dice_runs(CLASSIC, 40, cap=30, seed="fig")
    figures = dice_lab.summary(runs, 30)
    assert figures["n"] == 40 and sum(figures["ends"].values()) == 40
    assert set(figures["ends"]) <= {"dead", "capped", "won", "retired", "unfinished"}
    assert figures["early"] == sum(r["end"] == "dead" and r["locations"] <= 1 for r in runs)
    assert all(0 <= r["locations"] <= 30 for r in runs)
    assert all(r["locations"] == 30 for r in runs if r["end"] == "capped")
    low, high = figures["locations"]["middle"]
    assert figures["locations"]["min"] <= low <= figures["locations"]["median"] <= high
    text = " ".join(dice_lab.lines(figures))
    assert "Lost in the first two locations" in text and "stop at location 30" in text and "middle half" in text


def test_an_early_death_counts_and_locations_survived_leave_out_the_fatal_one():
    state = CLASSIC.new_state("x", CLASSIC.defaults())
    state.update(over="dead", made=2, deepest=1)
    assert dice_lab.measure(state, 10, {}) | {"xp": 0} == {"end": "dead", "early": True, "locations": 1,
                                                         "deepest": 1, "xp": 0}
    state.update(made=3)
    assert not dice_lab.measure(state, 10, {})["early"]
    state.update(over=None, made=101)
    assert dice_lab.measure(state, 10, {}, cap=100)["end"] == "capped"


@settings(max_examples=8, deadline=None)
@given(cap=st.integers(dice_lab.MIN_CAP, 12), seed=st.text("abcxyz", min_size=1, max_size=4),
       mode=st.sampled_from(("endless", "quest")), tiles=st.booleans())
def test_every_game_ends_by_the_cap_whatever_the_settings(cap, seed, mode, tiles):
    ruleset = TILES if tiles else CLASSIC
    for figures in dice_runs(ruleset, 3, cap=cap, seed=seed, mode=mode):
        assert figures["locations"] <= cap and figures["end"] != "unfinished"


def test_a_policy_that_never_ends_still_stops_at_the_step_limit(monkeypatch):
    monkeypatch.setattr(lab, "MAX_STEPS", 50)
    stuck = dataclasses.replace(CLASSIC, is_over=lambda state: False, apply=lambda state, code: None)
    never_over = lab.Lab(stuck, settings_for=lambda s, i: s, measure=lambda state, steps, notes: {"steps": steps},
                         report=lambda runs, total: "")
    assert lab.measure_all(never_over, "s", CLASSIC.defaults(), 2) == [{"steps": 50}, {"steps": 50}]


def test_the_report_draws_a_chart_per_figure_and_says_how_swing_is_measured():
    html = dice_lab.report(dice_runs(CLASSIC, 30, seed="chart"), 30)
    assert html.count("<svg") == 3 and "Auto-played: 30 games" in html
    for title in ("Locations survived", "Deepest level", "XP"):
        assert f"<figcaption>{title}</figcaption>" in html
    assert dice_lab.SWING in html and "<summary>Table</summary>" in html
    assert "10 of 30 games so far" in dice_lab.report(dice_runs(CLASSIC, 10, seed="chart"), 30)


# ---------------------------------------------------------------- Tabletop Dungeon's figures
def test_the_parties_tried_are_the_seats_one_to_four_then_each_other_kind_alone():
    settings_ = {**TABLETOP.defaults(), "class1": "wizard", "class2": "wizard", "class3": "archer"}
    assert tabletop_lab.parties(settings_) == [
        ("wizard",), ("wizard", "wizard"), ("wizard", "wizard", "archer"), ("wizard", "wizard", "archer", "archer"),
        ("knight",), ("barbarian",), ("archer",)]
    made = tabletop_lab.party_settings(settings_, ("knight", "archer"))
    assert made["heroes"] == 2 and made["class1"] == "knight" and made["class2"] == "archer"


def test_tabletop_games_take_the_parties_in_turn_and_note_the_dragon_turn():
    runs = lab.measure_all(tabletop_lab.make_lab(TABLETOP, TABLETOP.defaults()), "tt", TABLETOP.defaults(), 14)
    names = [tabletop_lab.party_name(p) for p in tabletop_lab.parties(TABLETOP.defaults())]
    assert [r["party"] for r in runs] == names * 2
    for index, figures in enumerate(runs):
        party = tabletop_lab.parties(TABLETOP.defaults())[index % 7]
        state = TABLETOP.new_state(f"tt/lab/{index}", tabletop_lab.party_settings(TABLETOP.defaults(), party))
        came = None
        while not TABLETOP.is_over(state):
            TABLETOP.apply(state, TABLETOP.auto_action(state))
            if state["dragon"] and came is None:
                came = state["turn"]
        assert figures["dragon"] == came and figures["won"] == (state["result"] == "won")
        assert figures["turns"] == state["turn"]


def test_tabletop_report_has_the_win_rate_of_every_party_and_the_dragon_chart():
    settings_ = TABLETOP.defaults()
    runs = lab.measure_all(tabletop_lab.make_lab(TABLETOP, settings_), "tt-report", settings_, 21)
    names = [tabletop_lab.party_name(p) for p in tabletop_lab.parties(settings_)]
    html = tabletop_lab.report(runs, 21, names)
    assert "<figcaption>Win rate by party</figcaption>" in html
    for name in names:
        wins = sum(r["won"] for r in runs if r["party"] == name)
        assert f'<th scope="row">{name}</th><td>3</td><td>{wins}</td>' in html
    came = [r["dragon"] for r in runs if r["dragon"] is not None]
    assert ("<figcaption>Turn the Dragon came</figcaption>" in html) == bool(came)
    assert f"The Dragon came in {lab.percent(len(came), 21)} of the games" in html


# ---------------------------------------------------------------- Progress and the page's slicing
def test_a_run_yields_progress_to_the_total_with_figures_made_only_when_asked():
    game = Game(CLASSIC, "progress")
    pieces = finished(CLASSIC.tools[0].run(game, {"games": "4", "cap": "10"}))
    progress = [p for p in pieces if isinstance(p, Progress)]
    assert len(progress) == len(pieces) and progress[0].done == 0 and progress[-1].done == progress[-1].total == 4
    assert [p.done for p in progress] == sorted(p.done for p in progress)
    with_figures = [p for p in progress if p.html]
    assert [p.done for p in with_figures] == [1, 2, 3, 4] and all(callable(p.html) for p in with_figures)
    runs = dice_runs(CLASSIC, 4, cap=10, seed="progress")
    assert with_figures[1].text() == dice_lab.report(runs[:2], 4, 10)  # partial figures: the first two games
    assert with_figures[-1].text() == dice_lab.report(runs, 4, 10)


def test_form_values_are_read_safely():
    assert lab.read_int({"games": "abc"}, "games", 1000, 1, 20_000) == 1000
    assert lab.read_int({"games": "0"}, "games", 1000, 1, 20_000) == 1
    assert lab.read_int({"games": "999999"}, "games", 1000, 1, 20_000) == 20_000


class Clock:
    def __init__(self, step: float):
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_the_page_pulls_pieces_for_one_slice_and_redraws_figures_at_most_every_draw_s():
    pieces = [Progress(i, 100, (lambda i=i: f"after {i}") if i % 10 == 0 else "") for i in range(1, 101)]
    clock = Clock(0.001)
    run = ToolRun(pieces, clock.now)
    assert run.pull(clock, seconds=0.0095) is False
    assert run.count_text() == "10 of 100"  # a piece takes 1 ms of the clock: the tenth passes the slice
    assert not run.due(clock.now)
    clock.now += DRAW_S
    assert run.due(clock.now) and run.take_figures(clock.now) == "after 10"
    assert run.take_figures(clock.now) is None  # nothing new since
    while not run.pull(clock, seconds=0.0105):
        pass
    assert run.over and run.due(clock.now) and run.take_figures(clock.now) == "after 100"


def test_a_cancelled_run_keeps_the_figures_of_the_finished_games():
    game = Game(TABLETOP, "cancel")
    run = ToolRun(TABLETOP.tools[0].run(game, {"games": "50"}), 0.0)
    clock = Clock(0.0)
    while run.done < 3:
        assert run.pull(clock, seconds=0.0) is False
    partial = run.take_figures(clock.now)  # what the page draws on Cancel
    assert re.search(r"Auto-played: 3 of 50 games so far", partial)


def test_plain_text_pieces_still_replace_the_output():
    run = ToolRun(["<p>one</p>", "<p>two</p>"], 0.0)
    assert run.pull(Clock(0.0)) is True and run.take_figures(1.0) == "<p>two</p>" and run.count_text() == ""


def test_quartiles_bound_the_middle_half():
    assert stats_chart.quartiles([1, 2, 3, 4, 5, 6, 7, 8]) == (2.5, 6.5)
    assert stats_chart.quartiles([5]) == (5, 5)


def test_the_generator_statistics_report_progress_after_every_dungeon():
    from pyapp.dungeon_gen import stats

    generator = RULESETS["dungeon-generator"]
    pieces = list(generator.tools[0].run(Game(generator, "dg-progress"), {"n": "3"}))
    progress = [p for p in pieces if isinstance(p, Progress)]
    assert [p.done for p in progress] == list(range(1, 10)) and {p.total for p in progress} == {9}
    assert progress[4].text() == '<p role="status">Medium: 2 of 3 dungeons (5 of 9 in all)…</p>'
    assert pieces[-1] == stats.results_html([stats.summarise(size, 3, "dg-progress") for size in stats.SIZES])
