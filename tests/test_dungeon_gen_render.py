"""The node map's geometry, the board and panels, exports, the statistics tool
and the in-page rules."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from bench import loop_figures
from dungeon_gen_helpers import force, new_game, set_threads, whole
from pyapp.dungeon_gen import export, layout, render, rules, stats
from pyapp.dungeon_gen.data import RULES_VERSION, SECRETS
from pyapp.dungeon_gen.level_figures import FIGURES
from pyapp.dungeon_gen.rules_text import LEVEL_FIGURES, figure_rows
from pyapp.dungeon_gen.ruleset import RULESET
from pyapp.dungeon_gen.view import visible_levels
from pyapp.engine import Game, Progress
from pyapp.svg import root as svg_root

HOSTILE = '<img src=x onerror=alert(1)>"&'


def segment_distance(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    if dx == dy == 0:
        return math.hypot(px - ax, py - ay)
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def edges_with_ends(lay: dict) -> list[tuple[list, set]]:
    """Every polyline with the keys of the two nodes it joins."""
    slot_key = {id(s["passage"]): ("slot", s["room"], s["passage"]["label"]) for s in lay["slots"]}
    out = []
    for edge in lay["tree"]:
        end = ("room", edge["to"]) if edge["to"] is not None else slot_key[id(edge["passage"])]
        out.append((edge["points"], {("room", edge["from"]), end}))
    out += [(loop["points"], {("room", loop["from"]), ("room", loop["to"])}) for loop in lay["loops"]]
    return out


def check_geometry(level: dict) -> int:
    lay = layout.level_layout(level)
    nodes = layout.nodes(lay)
    for i, (x1, y1, r1, _) in enumerate(nodes):
        for x2, y2, r2, _ in nodes[i + 1:]:
            assert math.hypot(x1 - x2, y1 - y2) > r1 + r2, "nodes overlap"
    for points, ends in edges_with_ends(lay):
        for a, b in zip(points, points[1:]):
            for x, y, r, key in nodes:
                if key in ends:
                    continue
                assert segment_distance((x, y), a, b) > r, f"an edge passes through {key}"
    return len(level["rooms"])


def dungeons(count: int, size: str):
    return [whole(f"geometry-{size}-{i}", size=size) for i in range(count)]


@pytest.mark.parametrize("size, count", [("small", 40), ("medium", 25), ("large", 8)])
def test_no_overlapping_nodes_and_no_edge_through_a_node(size, count):
    rooms = sum(check_geometry(level) for state in dungeons(count, size) for level in state["levels"])
    assert rooms >= 2 * count


@pytest.mark.parametrize("seed", ["huge-1", "huge-2", "huge-3"])
def test_geometry_holds_for_levels_of_hundreds_of_rooms(seed):
    """Threads set far above the dice (by hand) give one level of 150+ rooms."""
    game = Game(RULESET, seed, {"size": "large"})
    set_threads(game, 60, 60, 60)
    game.play("finish")
    level = game.state["levels"][0]
    assert check_geometry(level) >= 150 and game.state["counts"]["loops"] > 5


def test_geometry_mid_exploration_with_stubs_and_stairs():
    rooms = stubs = stairs = 0
    for i in range(12):
        game = Game(RULESET, f"mid-{i}", {"size": ("small", "medium", "large")[i % 3]})
        for _ in range(25 + 7 * i):
            if game.over:
                break
            game.auto()
        for level in game.state["levels"]:
            rooms += check_geometry(level)
            stubs += len(layout.level_layout(level)["slots"])
        stairs += len(game.state["levels"]) > 1
    assert rooms > 200 and stubs > 50 and stairs >= 4  # the maps checked had unexplored passages and levels


def test_board_is_escaped_svg_with_clickable_rooms_stubs_and_stairs():
    game = new_game("small", seed_faces=(4, 4), entrance=(2,), name=HOSTILE)
    set_threads(game, 3)
    force(game, 6, 2, 3)  # a dead end with stairs down
    game.play("take 1A")
    view = game.view()
    board = view.board
    root = ET.fromstring(board)
    assert root.get("id") == "board" and "<img" not in board and "<style>" not in board  # style: RULESET.board_css
    actions = {el.get("data-action"): el for el in root.iter() if el.get("data-action")}
    assert set(actions) == {"go 1", "stairs"}
    for el in actions.values():
        assert el.get("tabindex") == "0" and el.get("role") == "button" and el.get("aria-label")
    game.play("back")
    root = ET.fromstring(game.view().board)
    actions = {el.get("data-action") for el in root.iter() if el.get("data-action")}
    assert actions == {"go 2", "take 1B"}  # the stairs in Room 2 are reached by walking there
    assert 'class="dg-room dg-root dg-current"' in game.view().board
    for part in ("status", "panel", "dice"):
        assert "<img" not in getattr(view, part)


def test_panel_is_the_scratch_paper_and_room_key():
    game = new_game("small", seed_faces=(2, 5), entrance=(2,), name="Mossy Vault")
    panel = game.view().panel
    assert "[Mossy Vault] Size: Small Seed: 2" in panel
    assert "Thread 1: not started yet" in panel and "Level thread: 2" in panel
    assert "entrance; 1A unexplored; 1B unexplored" in panel


def test_dice_tray_says_what_each_roll_was_for():
    game = new_game("large", seed_faces=(3, 4), entrance=(1, 1, 1))
    set_threads(game, 3, None, None)
    force(game, 6, 4, 4, 5, 5)
    game.play("take 1A")
    assert "Room 2: 3d6 = 6-4-4, thread 3 -&gt; dead end" in game.view().dice


def test_exports_parse_and_list_every_room():
    game = Game(RULESET, "export", {"size": "medium", "name": HOSTILE})
    game.play("finish")
    svg = RULESET.downloads[0].make(game)
    root = ET.fromstring(svg.split("\n", 1)[1])
    assert root.tag == "{http://www.w3.org/2000/svg}svg" and "<img" not in svg and "&lt;img" in svg
    assert not any(el.get("data-action") for el in root.iter())
    data = json.loads(export.map_json(game.state))
    assert data["format"] == "dice-dungeons/dungeon-map" and data["version"] == 1
    assert data["seed"] == "export" and data["name"] == HOSTILE and data["complete"] is True
    assert [lv["level"] for lv in data["levels"]] == list(range(1, len(game.state["levels"]) + 1))
    for level in data["levels"]:
        for room in level["rooms"]:
            assert {"number", "passages", "from", "thread", "dead_end", "mark"} <= set(room)
            for way in room["passages"]:
                assert {"label", "to", "kind"} <= set(way)
    markdown = export.room_key_markdown(game.state)
    assert "\\<img" in markdown and markdown.count("<") == markdown.count("\\<")
    known = [room for lv in game.state["levels"] for room in lv["rooms"] if room["known"]]
    for room in known:  # every room found (rooms behind unfound secret passages are not)
        assert f"**Room {room['n']}**" in markdown
    assert markdown.count("- **Room ") == len(known)
    keys = [d.key for d in RULESET.downloads]
    assert keys == ["svg", "png", "json", "md"] and RULESET.downloads[1].make is None


def test_statistics_summarise_is_reproducible():
    first = stats.summarise("medium", 30, "seed")
    assert first == stats.summarise("medium", 30, "seed")
    assert first["n"] == 30 and sum(first["rooms"]["counts"].values()) == 30
    assert first["rooms"]["min"] <= first["rooms"]["median"] <= first["rooms"]["max"]
    assert stats.summarise("small", 30, "other") != stats.summarise("small", 30, "seed")


def test_statistics_tool_yields_progress_then_histograms():
    game = Game(RULESET, "tool", {"name": HOSTILE})
    tool = RULESET.tools[0]
    form = tool.form_html(game.settings)
    assert 'name="n"' in form and 'value="1000"' in form and "EACH Size" in form
    out = list(tool.run(game, {"n": "120"}))
    progress, final = out[:-1], out[-1]
    assert len(progress) == 360 and all(isinstance(p, Progress) for p in progress)  # one per dungeon, 3 Sizes
    assert [p.done for p in progress] == list(range(1, 361)) and {p.total for p in progress} == {360}
    assert "Small: 100 of 120" in progress[99].html()
    assert final.count("<table") == 15 and "<caption>" in final and "aria-label" in final
    assert "median" in final and "<img" not in final
    assert stats.read_n({"n": "0"}) == 1 and stats.read_n({"n": "99999"}) == 20000 and stats.read_n({"n": "x"}) == 1000


def test_rules_page_has_procedure_tables_and_rulings():
    html = RULESET.rules_html()
    assert "Rulings" in html and "fixed order" in html and "own dice stream" in html
    for table in SECRETS.values():
        for _, text in table.values():
            assert text.replace("'", "&#x27;") in html
    assert "dice-dungeons/dungeon-map" in html


def test_loops_at_one_room_leave_it_on_separate_lanes():
    """Two loop-back lines at the same room take different lanes: different exit
    points on its circle and different corners, so they never share a stretch.
    A line that would cross a tree edge is drawn as stubs, which leaves few
    lines on real maps, so the lanes are checked with no tree to avoid."""
    seen = 0
    states = dungeons(12, "large") + [huge for huge in (huge_level(s) for s in ("huge-1", "huge-2"))]
    for state in states:
        for level in state["levels"]:
            lines, _ = layout.loop_edges(level, layout.level_layout(level)["rooms"], [])
            ends: dict[int, list] = {}
            for loop in lines:
                pts = loop["points"]
                ends.setdefault(loop["from"], []).append((loop["lane"], pts[1], pts[2]))
                ends.setdefault(loop["to"], []).append((loop["lane"], pts[-2], pts[-3]))
            for room, lanes in ends.items():
                if len(lanes) > layout.LANES:
                    continue
                assert len({lane for lane, _, _ in lanes}) == len(lanes), f"room {room} reuses a lane"
                for i, (_, exit_a, corner_a) in enumerate(lanes):
                    for _, exit_b, corner_b in lanes[i + 1:]:
                        seen += 1
                        assert math.dist(exit_a, exit_b) >= 4 and math.dist(corner_a, corner_b) >= 4
    assert seen > 10


def huge_level(seed: str) -> dict:
    game = Game(RULESET, seed, {"size": "large"})
    set_threads(game, 60, 60, 60)
    game.play("finish")
    return game.state


def test_board_is_viewed_whole_and_the_page_scales_it_to_its_frame():
    game = Game(RULESET, "natural", {"size": "small"})
    root = ET.fromstring(game.view().board)
    width, height = float(root.get("width")), float(root.get("height"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}" and "dg-map" in root.get("class")
    assert width >= 400 and height > 0  # a map of one room is not blown up to the column
    # no size of its own on the page: the frame scales the whole map (static/style.css, board_view.mjs)
    assert root.get("style") is None and root.get("data-natural") is None


def test_every_clickable_node_is_a_focusable_named_button():
    """Keyboard: each node with a data-action is in the tab order as a button
    whose name says what is there; every map-only action has a node."""
    for i in range(6):
        game = Game(RULESET, f"keys-{i}", {"size": ("small", "medium", "large")[i % 3]})
        for _ in range(20 + 5 * i):
            if game.over:
                break
            game.auto()
        root = ET.fromstring(game.view().board)
        assert root.get("role") == "group"  # not "img": that would hide the buttons inside
        nodes = {el.get("data-action"): el for el in root.iter() if el.get("data-action")}
        for code, el in nodes.items():
            assert el.get("tabindex") == "0" and el.get("role") == "button" and el.get("aria-label")
            if code.startswith("go ") and el.get("data-room"):
                assert el.get("aria-label").startswith(f"Room {code[3:]}: ")
        board_only = {a.code for a in game.legal() if a.board}
        assert board_only <= set(nodes)


def test_room_node_names():
    from pyapp.dungeon_gen.render import room_label
    room = {"n": 7, "open": 2, "dead": False, "mark": "", "passages": []}
    assert room_label(room) == "Room 7: 2 passages unexplored"
    room = {"n": 3, "open": 0, "dead": True, "mark": "?",
            "passages": [{"kind": "stairs", "label": "down", "level": None}]}
    assert room_label(room) == "Room 3: dead end, stairs down (unexplored), marked ? (search again)"
    room = {"n": 1, "open": 1, "dead": False, "mark": "", "passages": [{"kind": "stairs", "label": "up", "level": 2}]}
    assert room_label(room) == "Room 1: 1 passage unexplored, stairs up to Level 2"


def test_a_closed_map_shows_every_level_and_its_key_while_exploring_shows_one():
    seed = next(f"levels-{i}" for i in range(200) if len(whole(f"levels-{i}", size="large")["levels"]) >= 3)
    done = whole(seed, size="large")
    view = RULESET.render(done, RULESET.legal_actions(done))
    levels = len(done["levels"])
    assert view.board.count('class="dg-head"') == levels and f"all {levels} levels" in view.board
    assert view.panel.count("Room key, level") == levels
    assert 'data-action="' not in view.board  # a closed map is for reading and printing
    ET.fromstring(view.board)
    exploring = Game(RULESET, seed, {"size": "large"})
    for _ in range(5):
        exploring.auto()
    view = exploring.view()
    assert view.board.count('class="dg-head"') == 1 and view.panel.count("Room key, level") == 1


def test_stacked_levels_never_overlap():
    """The whole-dungeon map (a closed map, and the SVG export) puts each
    level's map below the one before: every node of a level lies between its
    heading and the next level's heading."""
    seed = next(f"stack-{i}" for i in range(200) if len(whole(f"stack-{i}", size="large")["levels"]) >= 3)
    done = whole(seed, size="large")
    for svg in (RULESET.render(done, RULESET.legal_actions(done)).board, export.map_svg(done)):
        root = ET.fromstring(svg.split("?>", 1)[-1])
        spaced = [el for el in root.iter() if el.get("class") in ("dg-head",) or el.tag.endswith("circle")]
        heads = [float(el.get("y")) for el in spaced if el.get("class") == "dg-head"]
        assert heads == sorted(heads) and len(heads) == len(done["levels"])
        bottoms = heads[1:] + [math.inf]
        level = -1
        for el in spaced:
            if el.get("class") == "dg-head":
                level += 1
                continue
            assert heads[level] < float(el.get("cy")) < bottoms[level]


def test_whole_mode_never_says_game_over_and_current_marks_only_the_thread_in_use():
    """A generator is not a game that ends: Whole mode's page and refusals say so
    in its own words; "(current)" marks one thread at most, never in Whole mode."""
    from pyapp import webapp
    from pyapp.engine import IllegalAction
    game = Game(RULESET, "w1", {"mode": "whole", "size": "large", "type": "crypt"})
    assert len(game.state["levels"]) > 1
    page = webapp.actions_html(game.legal(), RULESET.done_text) + game.view().status + game.view().panel
    assert "game is over" not in page.lower() and "The map is complete" in page and "(current)" not in page
    try:
        game.play("take 1A")
    except IllegalAction as refused:
        assert "game is over" not in str(refused).lower()
    explored = Game(RULESET, "w1", {"mode": "explore", "size": "large", "type": "crypt"})
    for _ in range(40):
        explored.auto()
    assert explored.view().panel.count("(current)") <= 1
    explored.play("finish")
    assert "(current)" not in explored.view().panel


def levels_of(game: Game) -> list[dict]:
    return game.state["levels"]


def test_levels_are_numbered_by_depth(monkeypatch):
    """Every level deeper than another has a higher number, however the explorer
    discovers them. The real trigger gives a level one stairs down at most (the
    level tree is a chain, where any numbering goes by depth), so here every
    triggering dead end may find stairs: Level 1 gets several, and the explorer
    goes down the first ones before Level 1 is finished, so numbering by discovery
    would give a deeper level a lower number than a shallower one."""
    from pyapp.dungeon_gen import generate
    from pyapp.dungeon_gen.level_tree import depths
    monkeypatch.setattr(generate, "has_stairs_down", lambda level: False)
    branched = 0
    for i in range(12):
        game = Game(RULESET, f"depth-{i}", {"size": "large", "type": "crypt"})
        for _ in range(60):  # down every stairs as soon as it is found, else the fixed order; then the rest
            room = game.state["levels"][game.state["at"][0] - 1]["rooms"][game.state["at"][1] - 1]
            new = [p for p in room["passages"] if p["label"] == "down" and not levels_of(game)[p["level"] - 1]["rooms"]]
            game.play("stairs") if new else game.auto()
            if "finish" not in [a.code for a in game.legal()]:
                break
        else:
            game.play("finish")
        levels = levels_of(game)
        depth = depths(levels)
        stairs_from = [lv["from"][0] for lv in levels if lv["from"]]
        branched += len(set(stairs_from)) < len(stairs_from)
        assert [depth[n] for n in sorted(depth)] == sorted(depth.values()), i
    assert branched  # some level had two stairs down: the test can tell the two numberings apart


def test_level_tree_and_a_print_copy_of_every_level_while_exploring():
    """Mid-exploration on Level 2 of a deeper dungeon: the panel shows the level
    tree (Level 1's stairs room -> Level 2) and carries, for print and PNG, every
    known level; the board itself shows the current level only."""
    game = Game(RULESET, "w1", {"size": "large", "type": "crypt"})
    while game.state["at"][0] < 2:
        game.auto()
    view = game.view()
    stairs_room = game.state["levels"][1]["from"][1]
    assert 'class="dg-tree"' in view.panel and f"Level 1 Room {stairs_room} to Level 2" in view.panel
    assert 'class="dg-tree-node dg-tree-here" data-level="2"' in view.panel
    copy = view.panel[view.panel.index('id="board-print"'):]
    assert "Level 1</text>" in copy and "Level 2</text>" in copy and "data-action" not in copy
    assert "dg-has-print" in view.board and "Level 1</text>" not in view.board
    one = Game(RULESET, "w4", {"size": "large", "type": "crypt"})  # a single level: no tree, no copy
    assert "dg-tree" not in one.view().panel and "board-print" not in one.view().panel


def tree_crossings(level: dict) -> int:
    segments = [(edge_index, p, q) for edge_index, edge in enumerate(layout.level_layout(level)["tree"])
                for p, q in zip(edge["points"], edge["points"][1:])]
    return sum(layout.crossing_point(p, q, r, s) is not None for i, (e1, p, q) in enumerate(segments)
               for e2, r, s in segments[i + 1:] if e1 != e2)


def test_tree_edges_never_cross_on_big_dungeons():
    """Big maps stay readable: the passages of the tree (first discoveries) never cross one another."""
    levels = [lv for i in range(3) for lv in whole(f"w{i + 1}", size="large", type="crypt")["levels"]]
    levels += huge_level("huge-1")["levels"][:1]
    assert sum(len(lv["rooms"]) for lv in levels) > 600
    assert [tree_crossings(lv) for lv in levels] == [0] * len(levels)


SYMBOLS = ("dg-root", "dg-t0", "dg-t1", "dg-t2", "dg-spent", "dg-dead", "dg-current", "dg-edge", "dg-secret",
           "dg-loop", "dg-far", "dg-stub", "dg-stairs", "dg-unexplored", "dg-mark", "dg-gem")


def drawn_symbols(root) -> tuple[set, set]:
    """(symbol classes drawn on the map outside its legend, symbols the legend explains)."""
    legend = next((g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "dg-legend"), None)
    inside = set() if legend is None else {id(el) for el in legend.iter()}
    drawn = {cls for el in root.iter() if id(el) not in inside for cls in (el.get("class") or "").split()}
    explained = set() if legend is None else {g.get("data-symbol") for g in legend.iter() if g.get("data-symbol")}
    return drawn & set(SYMBOLS), explained


def test_every_symbol_drawn_has_a_legend_entry():
    states = [whole(f"w{i}", size="large", type="crypt") for i in (1, 2)]
    for i in range(6):
        game = Game(RULESET, f"legend-{i}", {"size": "medium", "type": "crypt", "int": i, "dungeoneering": i})
        for _ in range(30 + 20 * i):
            code = "search" if "search" in {a.code for a in game.legal()} else game.ruleset.auto_action(game.state)
            if game.over:
                break
            game.play(code)
        states.append(game.state)
    seen = set()
    for state in states:
        for drawing in (RULESET.render(state, rules.legal_actions(state)).board, export.map_svg(state)):
            root = ET.fromstring(drawing.split("\n", 1)[-1] if drawing.startswith("<?xml") else drawing)
            drawn, explained = drawn_symbols(root)
            assert drawn <= explained, drawn - explained
            seen |= drawn
    # (a loop-back line, dg-loop, is drawn only where it crosses no tree edge: rare on real maps; its legend
    # entry is held by `drawn <= explained` wherever one is drawn)
    assert {"dg-far", "dg-stub", "dg-stairs", "dg-current", "dg-mark"} <= seen


def test_panel_is_compact_one_line_of_threads_per_level():
    state = whole("w17", size="large", type="crypt")
    panel = RULESET.render(state, []).panel
    assert len(state["levels"]) == 7 and panel.count("<h4>") == 0
    assert panel.count("<ul class=\"dg-threads\">") == 1 and "<li>Level 7: " in panel


def test_rules_panel_states_the_level_trigger_and_its_figures():
    """Issue 45 (items 2 and 3): the panel says what rules version 4 does, and shows its figures."""
    html = RULESET.rules_html()
    text = " ".join(html.split())
    assert "<b>at or under</b> the level thread" in text and "<b>three rooms from its level's way in</b>" in text
    assert "searches its dead ends for them, farthest from the way in first" in text
    assert "<b>dead end whose dice show doubles</b> (a Small room rolls one die: <b>a 6</b>)" in text
    assert "A level at the Size's greatest depth (Small 3, Medium 5, Large 7) makes no check" in text
    assert "No stairs are placed without a roll" in text and "Large dungeon with Seed 2 (1 in 36 of them)" in text
    assert "<b>side thread of its own, 1d6</b> (without the Seed)" in text and "<b>one secret room</b>" in text
    assert "Rules version 3, kept for the links made with it" in text and LEVEL_FIGURES[0][3] in html
    figures = FIGURES["large", "crypt"]
    assert f"rules version {figures['rules']}, {figures['seeds']:,} whole dungeons per Size and type" in html
    assert f"<td>{figures['in_range']}%</td><td>{figures['rooms']}</td><td>{figures['largest_level']}</td>" in html
    assert "numbered by depth" in html and "level tree" in html and "legend" in html
    assert "a short stub at each of its rooms ending in a tag that names the other room" in html
    assert "so no loop-back crosses a passage of the map" in html
    assert "function of seed" in html.lower() or "same seed and settings, same dungeon" in html.lower()


def test_rules_panel_says_the_secret_room_rolls_on_its_side_thread_and_keeps_version_4s_figures():
    """Issue 45 (item 2), rules version 5: the secret room behind a secret is rolled like any room on the side
    thread it lies along; version 4's figures stay under their own heading for the links made with it."""
    html = RULESET.rules_html()
    text = " ".join(html.split())
    assert ("the secret room rolls its passages like any room, on the side thread it lies along (a dead end once "
            "that thread is spent)") in text
    assert "from rules version 5 its secret room rolls on the side thread it lies along" in text
    assert "<summary>Rules version 4 (links made with it)</summary>" in html
    assert "<td>Small</td><td>cave</td><td>1-3</td><td>80.2 / 15.7 / 4.1 / 0 / 0 / 0 / 0</td>" in html
    assert FIGURES["small", "cave"]["rules"] >= 5  # version 6's since (the next test)


def test_rules_panel_shows_version_6s_cave_table_and_keeps_version_5s_figures():
    """Issue 45 (item 2), rules version 6: caves' secret table has 2 passages in 6; the panel shows it (a new
    game's), the row versions 1-5 read otherwise, version 6's figures, and version 5's under their own heading."""
    html = RULESET.rules_html()
    text = " ".join(html.split())
    caves = html[html.index("<h4>Cave</h4>"):html.index("<h4>Crypt</h4>")]
    newest, older = caves.split("<p>Rules versions 1-5 (links made with them) read it otherwise:</p>")
    assert newest.count("<td>passage</td>") == 2 and "<td>3</td><td>other</td><td>A hidden spring of clear, cold " \
        "water</td>" in newest and "flooded tunnel" not in newest
    assert older.count("<tr><td>") == 1 and "<td>3</td><td>passage</td><td>A flooded tunnel you can swim " \
        "through</td>" in older
    assert "From rules version 6 caves' has two passages in six, as crypts' and ruins'" in text
    assert "<summary>Rules version 5 (links made with it)</summary>" in html and "52.2%" in html
    assert FIGURES["small", "cave"]["rules"] == RULES_VERSION == 6
    row = figure_rows()[0]  # Small caves: version 6's aims met (version 1's largest level: 46 rooms)
    assert row[:3] == ["Small", "cave", "1-3"] and row[6] == 67 and row[-1] == "49.2%"
    assert "<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" in html
    rules = next(setting for setting in RULESET.settings if setting.key == "v")
    assert rules.help.startswith("6 (a new dungeon): as 5, and caves' secret table has 2 passages in 6")


# ---------------------------------------------------------------- loop-backs on big maps
BIG = [state for _, state in loop_figures.big_seeds(6, 300)]  # whole Large lairs of 300+ rooms


def big_layouts():
    return [(level, layout.level_layout(level)) for state in BIG for level in state["levels"]]


def test_loop_back_drawings_cross_no_tree_edge_and_stay_short():
    """A loop-back between rooms far apart on the grid, or one whose line would
    cut a tree edge, is two stubs, which cross no tree edge; so no loop-back
    drawing crosses a tree edge (near lines crossed up to 6 each, 364 in all on
    loop_figures' 20 lairs); the drawing of loop-backs is short (a long line
    across the whole tree was hundreds of pixels)."""
    stubs = lines = drawn = 0
    for level, lay in big_layouts():
        for stub in lay.get("stubs", []):
            stubs += 1
            assert loop_figures.crossings(stub["points"], lay) == 0, (level["level"], stub)
        for loop in lay["loops"]:
            lines += 1
            full = far_ends(lay) & {loop["from"], loop["to"]}  # no stub place left: the line stays
            assert loop_figures.crossings(loop["points"], lay) == 0 or full, (level["level"], loop["from"], loop["to"])
            assert layout.close(lay["rooms"][loop["from"]], lay["rooms"][loop["to"]]) or full
        drawn += sum(loop_figures.length(points) for points in loop_figures.loop_drawings(lay))
    loops = lines + stubs // 2
    assert stubs > 100 and loops > 300 and drawn / loops < 120


def far_ends(lay: dict) -> set:
    """Rooms whose every stub place is taken (a further far loop there keeps its line)."""
    count: dict[int, int] = {}
    for stub in lay.get("stubs", []):
        count[stub["room"]] = count.get(stub["room"], 0) + 1
    return {room for room, n in count.items() if n >= layout.STUBS}


def test_every_far_loop_backs_two_stubs_name_each_other():
    seen = 0
    for state, level in [(big, level) for big in BIG[:2] for level in visible_levels(big)]:
        parts = render.level_parts(state, level, layout.level_layout(level), {}, 0, "heading")
        board = ET.fromstring(svg_root(*parts))
        tags = [g for g in board.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "dg-far"]
        ends = {}
        for g in tags:
            title = g.find("{http://www.w3.org/2000/svg}title").text
            here, there = g.get("data-room"), g.get("data-to")
            assert g.find("{http://www.w3.org/2000/svg}text").text == f"⟲{there}"
            assert title.startswith("Loop-back ") and title.endswith(f" to Room {there}")
            labels = title[len("Loop-back "):title.index(" to Room")].split(" = ")
            ends[(here, labels[0])] = (there, labels[1])
        for (here, label), (there, via) in ends.items():  # the other end's stub names this room back
            assert ends[(there, via)] == (here, label)
            seen += 1
    assert seen > 50


def test_a_stub_tag_walks_to_the_room_it_names():
    """While exploring, a stub's tag "⟲N" is a button that walks to Room N (as a click
    on Room N does), which the page then shows as "you are here" and keeps in view."""
    game = Game(RULESET, "tags", {"size": "large", "type": "lair"})
    tags = []
    while not tags and not rules.mapped(game.state):
        game.auto()
        board = ET.fromstring(game.view().board)
        tags = [g for g in board.iter("{http://www.w3.org/2000/svg}g")
                if g.get("class") == "dg-far" and g.get("data-action")]
    assert tags
    to = tags[0].get("data-to")
    assert tags[0].get("data-action") == f"go {to}" and tags[0].get("aria-label").startswith(f"Room {to}: walk there")
    assert f"(⟲{to})" in tags[0].get("aria-label") and tags[0].get("role") == "button"
    game.play(f"go {to}")
    board = ET.fromstring(game.view().board)
    assert game.state["at"][1] == int(to) and any(
        g.get("data-room") == to and "dg-room" in g.get("class", "") and "dg-current" in g.get("class", "")
        for g in board.iter("{http://www.w3.org/2000/svg}g"))


def test_stubs_at_one_room_never_meet_and_miss_every_node():
    checked = 0
    for _level, lay in big_layouts():
        by_room: dict[int, list] = {}
        for stub in lay.get("stubs", []):
            by_room.setdefault(stub["room"], []).append(stub["points"])
            a, b = stub["points"]
            width = 10 + 6 * len(str(stub["to"]))  # the tag "⟲37" in bold 10 px, right of the stub's end
            for x, y, r, key in layout.nodes(lay):
                if key != ("room", stub["room"]):
                    assert segment_distance((x, y), a, b) > r + 2, (stub, key)
                near = (min(max(x, b[0] + 2), b[0] + 2 + width), min(max(y, b[1] - 4), b[1] + 4))
                assert math.dist(near, (x, y)) > r + 1, ("tag", stub, key)
            x, y = lay["rooms"][stub["room"]]
            assert math.dist(a, (x, y)) == pytest.approx(layout.ROOM_R)  # starts on its own circle...
            assert segment_distance((x, y), a, b) >= layout.ROOM_R - 1e-9  # ...and leaves it at once
        for points in by_room.values():
            for i, (a, b) in enumerate(points):
                for c, d in points[i + 1:]:
                    checked += 1
                    assert layout.crossing_point(a, b, c, d) is None
                    assert min(math.dist(a, c), abs(b[1] - d[1])) >= 4  # own exit, own tag row
    assert checked > 20


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(max_size=10), size=st.sampled_from(["small", "medium", "large"]),
       kind=st.sampled_from(["cave", "crypt", "ruin", "lair"]))
def test_any_dungeon_draws_each_loop_back_once_as_a_near_line_or_two_stubs(seed, size, kind):
    """Every loop-back of any dungeon is drawn exactly once: a line when its rooms
    are close and the line crosses no tree edge, else a stub at each room naming
    the other (stubs cross no tree edge)."""
    for level in whole(seed, size=size, type=kind)["levels"]:
        lay = layout.level_layout(level)
        joins = sorted(tuple(sorted([(room["n"], way["label"]), (way["to"], way["via"])]))
                       for room in level["rooms"] for way in room["passages"] if way["kind"] == "loop")
        drawn = [tuple(sorted([(loop["from"], loop["labels"][0]), (loop["to"], loop["labels"][1])]))
                 for loop in lay["loops"]]
        stubs = {(stub["room"], stub["labels"][0]): (stub["to"], stub["labels"][1]) for stub in lay.get("stubs", [])}
        for here, there in stubs.items():
            assert stubs[there] == here
        drawn += [pair for pair in stubs.items() if pair[0] < pair[1]]
        assert sorted(drawn) == sorted(set(joins)) and len(drawn) == len(joins) // 2  # each join seen from both ends
        for loop in lay["loops"]:
            (xa, ya), (xb, yb) = lay["rooms"][loop["from"]], lay["rooms"][loop["to"]]
            near = abs(xa - xb) <= layout.COL_W and abs(ya - yb) <= 2 * layout.ROW_H  # a column and two rows
            full = far_ends(lay) & {loop["from"], loop["to"]}
            assert (near and loop_figures.crossings(loop["points"], lay) == 0) or full
        for stub in lay.get("stubs", []):
            assert loop_figures.crossings(stub["points"], lay) == 0


def test_statistics_rooms_per_level_chart_says_per_level_under_its_axis():
    game = Game(RULESET, "axis", {})
    final = list(RULESET.tools[0].run(game, {"n": "3"}))[-1]
    per_level = [c for c in final.split("<figure") if "<figcaption>Rooms per level</figcaption>" in c]
    assert per_level and all("rooms per level" in c and "rooms per dungeon" not in c for c in per_level)
