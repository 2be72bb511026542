"""The node map's geometry, the board and panels, exports, the statistics tool
and the in-page rules."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET

import pytest

from dungeon_gen_helpers import force, new_game, set_threads, whole
from pyapp.dungeon_gen import export, layout, stats
from pyapp.dungeon_gen.data import SECRETS
from pyapp.dungeon_gen.ruleset import RULESET
from pyapp.engine import Game

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
    for state_level in game.state["levels"]:
        for room in state_level["rooms"]:
            assert f"**Room {room['n']}**" in markdown
    assert markdown.count("- **Room ") == sum(len(lv["rooms"]) for lv in game.state["levels"])
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
    assert len(out) == 7  # 2 progress lines per Size, then the result
    assert "Small: 100 of 120" in out[0]
    final = out[-1]
    assert final.count("<table") == 12 and "<caption>" in final and "aria-label" in final
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
    """Two loop-backs at the same room take different lanes: different exit
    points on its circle and different corners, so they never share a stretch."""
    seen = 0
    states = dungeons(12, "large") + [huge for huge in (huge_level(s) for s in ("huge-1", "huge-2"))]
    for state in states:
        for level in state["levels"]:
            lay = layout.level_layout(level)
            ends: dict[int, list] = {}
            for loop in lay["loops"]:
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


def test_board_has_a_natural_size_and_scale_limits_for_the_page():
    game = Game(RULESET, "natural", {"size": "small"})
    root = ET.fromstring(game.view().board)
    width, height = float(root.get("width")), float(root.get("height"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}" and "dg-map" in root.get("class")
    assert width >= 400 and height > 0  # a map of one room is not blown up to the column
    style = dict(part.split(":") for part in root.get("style").split(";"))
    assert float(style["--map-min-w"][:-2]) < width < float(style["--map-max-w"][:-2])
    assert root.get("data-natural") == ""


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
