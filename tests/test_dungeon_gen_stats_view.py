"""The Statistics panel's view: per Size a summary line, five small bar
charts (one <title> per bar, min/median/max on the axis) and the exact
numbers in a collapsed table."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from pyapp.dungeon_gen import stats

SVG = "{http://www.w3.org/2000/svg}"


def results(n: int = 80, seed: str = "view") -> list[dict]:
    return [stats.summarise(size, n, seed) for size in stats.SIZES]


def test_each_size_has_a_summary_line_five_charts_and_a_collapsed_table():
    """Levels, rooms and rooms per level (the level ruling's figures), loop-backs, dead ends."""
    data = results()
    html = stats.results_html(data)
    assert html.count("<svg") == 15 and html.count("<details>") == 3 and "<details open" not in html
    assert html.count("<summary>Table</summary>") == 3 and html.count("<table") == 15
    assert html.count("<figcaption>Levels</figcaption>") == 3 and html.count("Rooms per level</figcaption>") == 3
    for result in data:
        rooms = result["rooms"]
        line = f"Rooms: median {rooms['median']:g}, range {rooms['min']}-{rooms['max']}"
        assert line in html
    # every rule of its own stylesheet is dg- scoped (an inline <style> applies to the whole page)
    style = re.search(r"<style>(.*?)</style>", html).group(1)
    for selector in re.findall(r"(?:^|})([^{}]+)\{", style):
        assert all(part.strip().startswith(".dg-") for part in selector.split(",")), selector


def test_charts_are_small_fixed_size_svgs_whose_bar_titles_add_up():
    data = results()
    html = stats.results_html(data)
    charts = re.findall(r"<svg.*?</svg>", html)
    index = 0
    for result in data:
        for key, _ in stats.METRICS:
            root = ET.fromstring(charts[index])
            index += 1
            assert int(root.get("width")) <= 170 and root.get("role") == "img" and "median" in root.get("aria-label")
            bars = [el for el in root.iter(SVG + "rect") if el.get("class") == "dg-bar"]
            titles = [el.find(SVG + "title").text for el in bars]
            assert titles and all(re.fullmatch(r"\d+(-\d+)? [a-z -]+: \d+ dungeons?, [\d.e+]+%", t) for t in titles)
            assert sum(int(t.split(": ")[1].split()[0]) for t in titles) == result["n"]
            texts = [el.text or "" for el in root.iter(SVG + "text")]
            assert str(result[key]["min"]) in texts and any(t.startswith("median ") for t in texts)
            if result[key]["max"] != result[key]["min"]:
                assert str(result[key]["max"]) in texts


def test_bar_title_wording():
    metric = {"median": 1, "min": 1, "max": 2, "counts": {1: 3, 2: 1}}
    svg = stats.chart_svg("small", "levels", "Levels", metric, 4)
    assert "1 level: 3 dungeons, 75%" in svg and "2 levels: 1 dungeon, 25%" in svg
    wide = {"median": 45, "min": 1, "max": 160, "counts": {v: 1 for v in range(1, 161)}}
    svg = stats.chart_svg("large", "rooms", "Rooms", wide, 160)
    assert "1-10 rooms: 10 dungeons, 6.25%" in svg and svg.count('class="dg-bar"') == stats.MAX_BARS


def test_a_single_value_draws_one_bar():
    metric = {"median": 1, "min": 1, "max": 1, "counts": {1: 5}}
    root = ET.fromstring(stats.chart_svg("small", "levels", "Levels", metric, 5))
    assert len([el for el in root.iter(SVG + "rect") if el.get("class") == "dg-bar"]) == 1
