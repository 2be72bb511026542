"""Nothing told by colour alone (issue 34): in the rendered SVG (a pure function of the state, run here in
CPython) every player's, hero's and monster's mark carries its letter, Dice Crawl's adventurer markers
their seat's shape too, Tabletop's heroes are round and its monsters six-sided, and a generator room
carries its thread's dots or diamond. The colours themselves:
tests/test_colour_palettes.py."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from pyapp import registry
from pyapp.dice_crawl.data import LETTERS as SEAT_LETTERS, SHAPE_OF_SEAT
from pyapp.dungeon_gen.legend import THREAD_DOTS
from pyapp.engine import Game
from pyapp.tabletop.data import LETTER as HERO_LETTER
from pyapp.tabletop.render import LETTERS as MONSTER_LETTERS

NS = "{http://www.w3.org/2000/svg}"
SHAPE_TAG = {"circle": "circle", "square": "rect", "triangle": "polygon", "diamond": "polygon"}


def boards(slug: str, opts: dict, steps: int, seed: str = "marks") -> list[ET.Element]:
    """The board at the start and after each of up to `steps` auto-played steps."""
    game = Game(registry.get(slug), seed, opts)
    out = [ET.fromstring(game.ruleset.render(game.state, game.legal()).board)]
    for _ in range(steps):
        if game.over:
            break
        game.auto()
        out.append(ET.fromstring(game.ruleset.render(game.state, game.legal()).board))
    return out


def classes(element: ET.Element) -> list[str]:
    return (element.get("class") or "").split()


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(NS + "text")]


def test_dice_crawl_units_and_markers_carry_their_seat_letter_and_shape():
    seen_units, seen_markers = set(), set()
    for board in boards("dice-crawl", {"players": 4, "seat1": "easy"}, 120):
        for parent in board.iter():
            children = list(parent)
            for i, child in enumerate(children):
                cls = classes(child)
                seats = [int(c[4:]) for c in cls if c.startswith("dc-p") and c[4:].isdigit()]
                if not seats:
                    continue
                seat = seats[0]
                following = [t.text for t in children[i + 1:] if t.tag == NS + "text"]
                if "dc-unit" in cls:
                    assert SEAT_LETTERS[seat] in following, f"unit of seat {seat} without its letter"
                    seen_units.add(seat)
                elif "dc-marker" in cls:
                    assert child.tag == NS + SHAPE_TAG[SHAPE_OF_SEAT[seat]], f"marker of seat {seat}: {child.tag}"
                    assert following[:1] == [SEAT_LETTERS[seat]], f"marker of seat {seat} without its letter"
                    seen_markers.add(seat)
    assert seen_units == seen_markers == {0, 1, 2, 3}  # every seat checked
    assert len({SHAPE_TAG[s] + str(i > 2) for i, s in enumerate(SHAPE_OF_SEAT)}) == 4  # 4 shapes (2 polygons)


def test_tabletop_heroes_and_monsters_carry_their_letters():
    heroes, monsters = set(), set()
    for board in boards("tabletop-dungeon", {"heroes": 4}, 150):
        for g in board.iter():
            cls = classes(g)
            if "hero" in cls:
                kind = next(c for c in cls if c in HERO_LETTER)
                assert HERO_LETTER[kind] in texts(g), f"{kind} without its letter"
                assert [e.tag for e in g if "body" in classes(e)] == [NS + "circle"]  # heroes are round
                heroes.add(kind)
            elif "mon" in cls:
                kind = next(c for c in cls if c in MONSTER_LETTERS)
                assert MONSTER_LETTERS[kind] in texts(g)
                assert [e.tag for e in g if "tt-body" in classes(e)] == [NS + "polygon"]  # monsters six-sided
                monsters.add(kind)
            elif "tt-chip-g" in cls:  # a monster on a hero's sheet: its letter, or "+n" for several
                shown = texts(g)
                assert shown and (shown[0] in MONSTER_LETTERS.values() or shown[0].startswith("+"))
                assert [e.tag for e in g if "tt-chip" in classes(e)] == [NS + "polygon"]
    assert heroes == set(HERO_LETTER)
    assert monsters >= {"goblin", "orc"}
    # heroes' letters and monsters' letters never share a letter (case counts: g and O beside K, B, W, A)
    assert not set(HERO_LETTER.values()) & set(MONSTER_LETTERS.values())


def test_generator_rooms_carry_their_threads_dots():
    seen = set()
    whole = boards("dungeon-generator", {"mode": "whole", "size": "large"}, 0)
    for board in whole + boards("dungeon-generator", {}, 150):
        for g in board.iter(NS + "g"):
            cls = classes(g)
            if "dg-room" not in cls or not g.get("data-room"):
                continue
            pips = [e for e in g if "dg-pip" in classes(e)]
            thread = next((c for c in cls if c in (*THREAD_DOTS, "dg-ts")), None)
            if thread is None:
                assert pips == []
            elif thread == "dg-ts":
                assert [e.tag for e in pips] == [NS + "polygon"]
            else:
                assert len(pips) == THREAD_DOTS[thread], f"{thread}: {len(pips)} dots"
            seen.add(thread)
    assert {"dg-t0", "dg-t1", "dg-t2"} <= seen


def test_three_dice_says_whose_turn_in_words():
    """3 Dice multiplayer has no player colours (the party moves as one figure): the sheet of the player
    whose turn it is says so in words, with a bar and a border (style.css), not by colour."""
    game = Game(registry.get("three-dice-dungeon"), "marks", {"players": 3})
    marked = 0
    for _ in range(20):
        panel = game.ruleset.render(game.state, game.legal()).panel
        if 'class="sheet active' in panel:
            assert "(your turn)" in panel
            marked += 1
        game.auto()
    assert marked, "no sheet was marked as the active player's: the class was renamed, or the mark is gone"
