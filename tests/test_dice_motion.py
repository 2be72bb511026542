"""Dice that roll (issue 34): the renderers mark the dice the latest action rolled (data-rolled), and only
them; the page asks them to tumble (the "roll" operation) only after a step that rolled, never on opening a
game, after Undo or on a redraw that rolled nothing. The tumble itself is the browser's
(tests/browser/test_dice_roll.py)."""

import json
import re
from collections import Counter

import pytest

from page_agent import Agent, opened
from pyapp import dice
from pyapp.dice_faces import die_svg, roll_figure
from pyapp.engine import Game
from pyapp.registry import RULESETS
from pyapp.webapp.motion import RollWatch

DIE = re.compile(r'<svg class="die" data-face="(\d+)" data-sides="(\d+)"( data-rolled="")?')


def dice_shown(html: str) -> tuple[list, list]:
    """(the marked dice, the other dice) of a dice tray, each as (face, sides)."""
    marked, other = [], []
    for face, sides, rolled in DIE.findall(html):
        (marked if rolled else other).append((int(face), int(sides)))
    return marked, other


@pytest.fixture
def rolled_faces(monkeypatch):
    """Every face the seeded dice give while it is on (tile draws and such too), newest step's only."""
    faces: list = []
    roll, roll_many = dice.roll, dice.roll_many

    def counted_roll(state, sides=6):
        face = roll(state, sides)
        faces.append((face, sides))
        return face

    def counted_many(state, count, sides=6):
        got = roll_many(state, count, sides)
        faces.extend((face, sides) for face in got)
        return got

    monkeypatch.setattr(dice, "roll", counted_roll)
    monkeypatch.setattr(dice, "roll_many", counted_many)
    return faces


def test_the_dice_tell_their_latest_draw_without_drawing():
    state = dice.seed_state("motion-draws")
    faces = dice.roll_many(state, 4)
    kept = dict(state)
    assert dice.drew_last(state, faces) and state == kept  # nothing consumed
    assert dice.drew_last(state, faces[-2:])
    assert not dice.drew_last(state, faces[:2]) or faces[:2] == faces[-2:]
    assert not dice.drew_last(state, [])
    dice.roll(state, 17)  # anything drawn since: no longer the latest
    assert not dice.drew_last(state, faces)


def test_a_die_says_it_was_just_rolled_only_when_told():
    assert 'data-rolled=""' in die_svg(4, rolled=True)
    assert "data-rolled" not in die_svg(4)
    figure = roll_figure("Attack", [2, 5], rolled=True)
    assert figure.count('data-rolled=""') == 2
    assert "data-rolled" not in roll_figure("Attack", [2, 5])


SEEDS = ("motion-1", "motion-2", "motion-3")


@pytest.mark.parametrize("slug", sorted(RULESETS))
def test_renderers_mark_the_dice_the_latest_step_rolled_and_only_them(slug, rolled_faces):
    """After a step that rolled (the page then asks the marked dice to tumble), every marked die shows a face
    that step rolled. After a step that rolled nothing (the page tumbles nothing), no die is marked, but in
    Dice Crawl, whose state keeps its latest roll without saying when it was made: there, a roll stays
    marked while it is the dice's latest draw."""
    ruleset = RULESETS[slug]
    steps_marked = steps_rolled = 0
    for seed in SEEDS:
        game = Game(ruleset, seed, {})
        for _ in range(250):
            if game.over:
                break
            rolled_faces.clear()
            before = json.dumps(game.state["dice"], sort_keys=True)
            game.auto()
            marked, _ = dice_shown(game.view().dice)
            rolled = json.dumps(game.state["dice"], sort_keys=True) != before
            steps_rolled += rolled
            steps_marked += bool(marked)
            if not rolled:  # the page tumbles nothing; a mark may stay only on the dice's latest draw
                if marked:
                    assert slug == "dice-crawl", f"{slug} {seed} step {len(game.actions)}: marked, yet nothing rolled"
                    assert dice.drew_last(game.state["dice"], game.state["roll"][1])
                continue
            left = Counter(marked) - Counter(rolled_faces)
            assert not left, f"{slug} {seed} step {len(game.actions)}: {sorted(left.elements())} were not rolled now"
    assert steps_rolled and steps_marked, f"{slug}: no step rolled dice that the tray marked"


def test_three_dice_every_die_in_the_tray_is_the_latest_steps():
    """3 Dice Dungeon (and 3RD6, which draws with it) empties its tray as each action starts: all it shows
    was just rolled, and a step that rolls nothing shows an empty tray."""
    for slug in ("three-dice-dungeon", "three-rd6-dungeon"):
        game = Game(RULESETS[slug], "motion-tray", {})
        for _ in range(60):
            if game.over:
                break
            game.auto()
            marked, other = dice_shown(game.view().dice)
            assert not other, f"{slug}: an unmarked die in a tray of this step's dice"
            assert bool(marked) == bool(game.state["rolls"] and any(faces for _, faces, _ in game.state["rolls"]))


def test_tabletop_marks_its_tray_only_while_the_latest_action_is_the_one_that_rolled():
    game = Game(RULESETS["tabletop-dungeon"], "motion-tabletop", {})
    seen = set()
    for _ in range(200):
        if game.over:
            break
        game.auto()
        marked, other = dice_shown(game.view().dice)
        now = game.state["rolls_at"] == game.state["acts"]
        assert (marked and not other) if now and game.state["rolls"] else not marked
        seen.add((bool(marked), bool(other)))
    assert (True, False) in seen and (False, True) in seen  # both: fresh rolls, and older rolls left shown


def test_dice_crawl_marks_a_crawl_roll_until_a_die_is_spent():
    game = Game(RULESETS["dice-crawl"], "motion-crawl", {})
    crawls = 0
    for _ in range(300):
        if game.over:
            break
        code = game.ruleset.auto_action(game.state)
        game.play(code)
        marked, other = dice_shown(game.view().dice)
        if code == "roll":
            crawls += 1
            assert marked and not other, f"step {len(game.actions)}: a Crawl roll is not marked"
        elif game.state["pool"] and game.state["roll"] and game.state["roll"][0] == "Crawl" \
                and len(game.state["pool"]) < len(game.state["roll"][1]):
            assert not marked, f"step {len(game.actions)}: a die was spent, yet the pool is still marked"
    assert crawls >= 5


# -- the page: when it asks the agent to tumble the marked dice ---------------------------------------
def test_roll_watch_says_rolled_only_after_the_dice_changed_in_the_same_game():
    watch = RollWatch()
    game = Game(RULESETS["three-dice-dungeon"], "motion-watch", {})
    assert not watch.drawn(game.state)  # the first drawing of a game: nothing was just rolled
    assert not watch.drawn(game.state)  # a redraw of the same state
    start = json.dumps(game.state["dice"])
    while json.dumps(game.state["dice"]) == start:
        game.auto()
    assert watch.drawn(game.state)
    assert not watch.drawn(game.state)
    watch.forget()
    game.auto()
    assert not watch.drawn(game.state)  # another game drawn after forget(): not a roll


def test_the_page_asks_for_a_tumble_only_after_a_step_that_rolled(dice_page):
    agent = Agent()
    page = dice_page.start(opened("three-dice-dungeon", "?seed=motion-page"), agent)
    assert "roll" not in agent.names()  # opening: the character's dice are drawn still
    for _ in range(40):  # play until a step rolls, then one that does not, then take that one back
        agent.batches.clear()
        before = json.dumps(page.game.state["dice"])
        page.handle(json.dumps({"kind": "key", "key": "a"}))
        rolled = json.dumps(page.game.state["dice"]) != before
        assert ("roll" in agent.names()) == rolled
        if not rolled and page.game.can_undo():
            agent.batches.clear()
            page.handle(json.dumps({"kind": "control", "control": "undo", "data": {}}))
            assert "roll" not in agent.names()  # Undo never goes back past a roll: nothing tumbles
            break
    else:
        pytest.fail("no undoable step in 40")
    agent.batches.clear()
    page.handle(json.dumps({"kind": "control", "control": "slot-new", "data": {}}))
    assert "roll" not in agent.names()  # a new game opens still


# -- figures that move (Tabletop) ------------------------------------------------------------------------
FIGURE = re.compile(r'<g[^>]* data-figure="([^"]+)" data-at="([^"]+)"(?: data-path="([^"]+)")?')


def figures(board: str) -> dict:
    return {name: (where, path) for name, where, path in FIGURE.findall(board)}


def test_tabletop_figures_say_where_they_are_and_the_monster_that_moved_its_way():
    from pyapp.tabletop.render import at, centre

    game = Game(RULESETS["tabletop-dungeon"], "motion-walk", {})
    paths = 0
    for _ in range(300):
        if game.over:
            break
        game.auto()
        shown = figures(game.view().board)
        state = game.state
        for hero in state["heroes"]:
            if not hero["out"]:
                assert shown[f"hero-{hero['seat']}"][0] == at(*centre(hero["sq"]))
        for m in state["monsters"]:
            where, path = shown[f"monster-{m['id']}"]
            assert where == at(*centre(m["sq"]))
            last = state.get("last_move")
            if path:
                paths += 1
                assert state["phase"] == "monsters" and last["id"] == m["id"]
                points = path.split(" ")
                assert points[0] == at(*centre(last["from"])) and points[-1] == where
                assert len(points) == len(last["path"]) >= 2
        assert sum(1 for _, path in shown.values() if path) <= 1  # one monster moves at a time
    assert paths > 0


@pytest.mark.parametrize("slug", ["three-dice-dungeon", "three-dice-dungeon-tiles", "three-rd6-dungeon"])
def test_the_3_dice_hero_is_a_figure_that_walks_on_one_map_only(slug):
    """The hero's token gives its place; its name carries the level, so a new level's map starts it afresh."""
    game = Game(RULESETS[slug], "motion-hero", {})
    seen = set()
    for _ in range(200):
        if game.over:
            break
        game.auto()
        shown = figures(game.view().board)
        heroes = [name for name in shown if name.startswith("hero-")]
        assert len(heroes) <= 1
        seen.update(heroes)
    assert seen


ROUTE = re.compile(r'data-route="([^"]*)"')


def test_tabletop_move_targets_give_the_route_the_hero_walks_and_the_move_follows_it():
    from pyapp.tabletop.render import C

    game = Game(RULESETS["tabletop-dungeon"], "motion-route", {})
    walked = 0
    for _ in range(300):
        if game.over:
            break
        board = game.view().board
        squares = [a for a in game.legal() if a.target and a.target[0] == "square"]
        routes = ROUTE.findall(board)
        assert len(routes) == (len(squares) if 'class="reach' in board else 0)  # a route on each move target
        before = figures(board)
        game.auto()
        after = figures(game.view().board)
        for who, (where, _) in after.items():
            was = before.get(who, (None,))[0]
            if who.startswith("hero-") and was and was != where:
                route = next((r.split(" ") for r in routes if r.split(" ")[0] == was and r.split(" ")[-1] == where),
                             None)
                assert route, f"{who} moved {was} -> {where} by no offered route"
                steps = [tuple(map(float, p.split(","))) for p in route]
                assert all(max(abs(ax - bx), abs(ay - by)) == C for (ax, ay), (bx, by) in zip(steps, steps[1:]))
                walked += 1
    assert walked > 0


def test_the_page_keeps_places_and_moves_figures_in_the_same_game_only(dice_page):
    agent = Agent()
    page = dice_page.start(opened("tabletop-dungeon", "?seed=motion-walk"), agent)
    assert "keep-places" not in agent.names()  # opening: nothing moved
    agent.batches.clear()
    page.handle(json.dumps({"kind": "key", "key": "a"}))
    names = agent.names()
    assert names.index("keep-places") < names.index("html") and "move-figures" in names
    (speed,) = {op[2] for batch in agent.batches for op in batch if op[0] == "move-figures"}
    assert speed == page.step_delay()  # the page's speed setting
    agent.batches.clear()
    page.handle(json.dumps({"kind": "control", "control": "slot-new", "data": {}}))
    assert "keep-places" not in agent.names()  # another game: its figures do not walk from the old one's
    other = Agent()
    page = dice_page.start(opened("dungeon-generator", "?seed=motion-walk"), other)
    page.handle(json.dumps({"kind": "key", "key": "a"}))
    assert "keep-places" not in other.names()  # a board without figures that move: nothing asked
