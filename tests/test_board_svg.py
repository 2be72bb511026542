"""Every board of every ruleset, in random states, is well-formed SVG with no
stray text, and every clickable thing on it names what it shows (WCAG
"label in name": the visible text is part of the accessible name)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from pyapp import registry, webapp
from pyapp.engine import Game
from random_play import random_game

NS = "{http://www.w3.org/2000/svg}"
TESTED = {**registry.RULESETS, **registry.EXAMPLES}  # every page's ruleset and the example (no page)
TEXT_TAGS = {"text", "title", "desc", "tspan", "style"}  # the only elements that may hold text
NOT_SHOWN = {"title", "desc", "style"}  # text that is not drawn


def tag(element) -> str:
    return element.tag.removeprefix(NS)


def board_of(game) -> str:
    return game.ruleset.render(game.state, game.legal()).board


def parsed(svg: str):
    root = ET.fromstring(svg)  # raises on anything that is not well-formed XML
    assert tag(root) == "svg" and root.tag == NS + "svg"
    return root


def stray_text(root) -> list[str]:
    """Text (or tail text) that sits directly in an element that does not hold text."""
    found = []
    for parent in root.iter():
        if tag(parent) not in TEXT_TAGS and (parent.text or "").strip():
            found.append(f"{tag(parent)}: {parent.text.strip()!r}")
        for child in parent:
            if tag(parent) not in TEXT_TAGS and (child.tail or "").strip():
                found.append(f"after {tag(child)} in {tag(parent)}: {child.tail.strip()!r}")
    return found


def visible_text(element) -> str:
    """The text drawn inside an element (not its <title>), as one line."""
    if tag(element) in NOT_SHOWN or element.get("aria-hidden") == "true":
        return ""
    pieces = [element.text or ""] if tag(element) in TEXT_TAGS else []
    for child in element:
        pieces.append(visible_text(child))
        if tag(element) in TEXT_TAGS:
            pieces.append(child.tail or "")
    return " ".join(" ".join(pieces).split())


def words(text: str) -> str:
    """What a reader hears of a text: symbols alone (arrows, +, ✚) say nothing
    and are left out, as the label-in-name audits do; case does not count."""
    kept = [w for w in text.split() if any(ch.isalnum() for ch in w)]
    return " ".join(kept).lower()


def label_problems(root) -> list[str]:
    problems = []
    for element in root.iter():
        label = element.get("aria-label")
        if element.get("data-action") is None or label is None:
            continue
        shown = words(visible_text(element))
        if shown and shown not in " ".join(label.split()).lower():
            problems.append(f"{element.get('data-action')!r}: shows {shown!r}, named {label!r}")
    return problems


def check_board(svg: str) -> None:
    root = parsed(svg)
    assert stray_text(root) == []
    assert label_problems(root) == []
    assert root.get("id") == "board"


# Settings that draw the most: several players or heroes, tiles chosen by hand.
OPTIONS = {
    "three-dice-dungeon": st.fixed_dictionaries({"players": st.integers(1, 4)}),
    "three-dice-dungeon-tiles": st.fixed_dictionaries({"players": st.integers(1, 4)}),
    "three-rd6-dungeon": st.fixed_dictionaries({
        "class": st.sampled_from(["barbarian", "rogue", "elf", "dwarf", "wizard"]),
        "mind_use": st.sampled_from(["modify", "reroll"]), "locks": st.sampled_from(["sure", "roll"])}),
    "tabletop-dungeon": st.fixed_dictionaries({"heroes": st.integers(1, 4), "placement": st.just("ask")}),
    "dungeon-generator": st.fixed_dictionaries({"mode": st.sampled_from(["explore", "whole"])}),
    "dice-crawl": st.fixed_dictionaries({"players": st.integers(1, 4), "seat1": st.sampled_from(["person", "easy"])}),
}


@pytest.mark.parametrize("slug", list(TESTED))
def test_every_board_of_random_play_is_clean_svg(slug):
    ruleset = TESTED[slug]

    @settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(seed=st.text(max_size=8), opts=OPTIONS.get(slug, st.just({})),
           picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=150), bot_share=st.integers(0, 4))
    def boards_are_clean(seed, opts, picks, bot_share):
        game = random_game(ruleset, seed, opts, picks, bot_share, check=lambda game, _: check_board(board_of(game)))
        check_board(board_of(game))

    boards_are_clean()


def test_the_checks_catch_what_they_look_for():
    stray = '<svg xmlns="http://www.w3.org/2000/svg" id="board"><g>cx="60" cy="60" r="17"<circle r="1"/></g></svg>'
    assert stray_text(parsed(stray))
    mislabelled = ('<svg xmlns="http://www.w3.org/2000/svg" id="board"><g data-action="place 1" aria-label="Place it">'
                   '<text>1</text><text>auto</text></g></svg>')
    assert label_problems(parsed(mislabelled))
    symbol = ('<svg xmlns="http://www.w3.org/2000/svg" id="board"><g data-action="go N" aria-label="Go N">'
              '<text>▲</text></g></svg>')
    assert label_problems(parsed(symbol)) == []
    with pytest.raises(ET.ParseError):
        parsed('<svg xmlns="http://www.w3.org/2000/svg"><g a="1" a="2"/></svg>')


def test_action_buttons_say_their_label_in_their_name():
    """The action buttons take their name from their content: nothing may
    name them otherwise (an aria-label would hide the visible text)."""
    for ruleset in TESTED.values():
        game = Game(ruleset, "labels", {})
        for _ in range(40):
            if game.over:
                break
            html = webapp.actions_html(game.legal())
            for button in re.findall(r"<button[^>]*>", html):
                assert "aria-label" not in button and "aria-labelledby" not in button
            game.auto()


def test_board_style_is_one_constant_per_ruleset_kept_out_of_every_redraw():
    for ruleset in TESTED.values():
        assert ruleset.board_css, f"{ruleset.slug}: its board's style goes in Ruleset.board_css (the contract, render)"
        assert "<style" not in ruleset.board_css
        assert "<style" not in Game(ruleset, "style", {}).view().board


def test_the_dungeon_map_export_carries_its_style():
    from pyapp.dungeon_gen import export
    from pyapp.dungeon_gen.ruleset import RULESET

    game = Game(RULESET, "export", {"mode": "whole"})
    drawing = export.map_svg(game.state)
    assert f"<style>{RULESET.board_css}</style>" in drawing
    root = ET.fromstring(drawing.split("\n", 1)[1])
    assert stray_text(root) == []


# What a browser animates off the page's thread (compositing): anything else is drawn again every frame.
COMPOSITED = {"opacity", "transform"}


@pytest.mark.parametrize("slug", sorted(TESTED))
def test_a_boards_animations_change_only_what_the_browser_composites(slug):
    """A board's CSS animation of anything but opacity or transform repaints the board every frame: the
    tabletop pulse of fill-opacity cost a phone's first load 2.5 s of painting (Lighthouse blocking 136-314 ms)."""
    css = TESTED[slug].board_css
    for name, body in re.findall(r"@keyframes\s+([\w-]+)\s*\{((?:[^{}]*\{[^{}]*\})*)\s*\}", css):
        properties = {p.split(":")[0].strip() for p in re.findall(r"\{([^{}]*)\}", body) for p in p.split(";") if p}
        assert properties and properties <= COMPOSITED, f"{slug}: @keyframes {name} animates {sorted(properties)}"
    assert css.count("@keyframes") == len(re.findall(r"@keyframes\s+[\w-]+\s*\{(?:[^{}]*\{[^{}]*\})*\s*\}", css))
