"""Dice Crawl's components panel and print-and-play sheets: every tile and card drawn from the data."""

from __future__ import annotations

import re

import pytest

from pyapp.dice_crawl.data import (
    ALL_CLASSES,
    ALL_RACES,
    CLASS_IDS,
    CLASSES,
    DRAGON_ID,
    POWERS,
    RACE_IDS,
    RACES,
    RULES_VERSION,
    TILES,
)
from pyapp.dice_crawl.ruleset import RULESET
from pyapp.dice_crawl.view import components, pnp, rules_text
from pyapp.dice_crawl.view.components import BASE, ComponentSet, card_svg, component_parts, components_html, tile_svg


def figures(html: str) -> list[str]:
    return re.findall(r'<figure class="dc-component.*?</figure>', html)


def test_the_panel_draws_every_tile_and_card_with_its_data():
    html = "".join(component_parts().values())
    tiles = [f for f in figures(html) if "dc-tile-art" in f]
    cards = [f for f in figures(html) if "dc-card-art" in f]
    assert len(tiles) == 51 + 4 * 24 and len(cards) == 24 + 4 * 4  # the base game and the four Forbidden Vaults sets
    for tile, fig in zip(TILES, tiles):
        icons = " ".join(str(s["v"]) for s in tile["spaces"] if s["kind"] == "icon")
        hoards = sum(1 for s in tile["spaces"] if s["kind"] == "hoard")
        assert f"dice icons {icons}, {tile['points']} points" in fig and tile["shape"] in fig
        assert (f"{hoards} Hoard" in fig) == bool(hoards)
        assert ("Power: " in fig) == bool(tile["power"]) and (not tile["power"] or POWERS[tile["power"]][0] in fig)
        assert fig.count('class="dc-icon"') == tile["icons"] and fig.count('class="dc-hoard"') == hoards
    every_card = [card for box in components.component_sets() for card in box.races + box.classes]
    assert every_card[:24] == [ALL_RACES[k] for k in RACE_IDS[RULES_VERSION]] + [
        ALL_CLASSES[k] for k in CLASS_IDS[RULES_VERSION]]  # the newest rules' base cards, then the sets
    for (name, powers), fig in zip(every_card, cards):
        assert f"<strong>{name}</strong>" in fig and fig.count('class="dc-card-slot"') == 2 * len(powers)
        for pw in powers:
            assert pw["label"] in fig and "unlock: " in fig
    assert 'id="dc-tile-0"' in html and "Dragon" in tiles[0]


def test_the_panel_shows_exits_as_printed():
    straight = next(t for t in TILES if t["shape"] == "straight")
    assert "straight (exits NS)" in components.tile_facts(straight)
    assert "T (exits ESW)" in components.tile_facts(next(t for t in TILES if t["shape"] == "T"))


def test_a_set_passed_in_is_drawn_without_more_code():
    extra = ComponentSet("Test vault", (TILES[7],), (("Ghoul", RACES[0][1]),), (("Seer", CLASSES[2][1]),))
    html = components_html((BASE, extra)) + "".join(component_parts((BASE, extra)).values())
    assert "Test vault: 1 tiles" in html and "<strong>Ghoul</strong>" in html and "<strong>Seer</strong>" in html
    sheets = pnp.sheets_html("a4", (BASE, extra))
    assert 'data-component="card-Ghoul"' in sheets and sheets.count('data-component="tile-7"') == 2


def test_the_rules_panel_holds_a_box_per_set_and_the_page_fetches_its_drawings_when_opened():
    html = rules_text.rules_html()
    assert "id='dc-components'" in html and components_html() in html
    boxes = re.findall(r'<details class="dc-components" data-part="([\w-]+)"><summary>[^<]*</summary></details>', html)
    assert boxes == list(RULESET.rules_parts()) == ["components-1", "components-2", "components-3", "components-4",
                                                    "components-5"]
    assert "dc-tile-art" not in html  # the drawings (300 kB) are not in every visit's page


def test_drawings_are_named_for_screen_readers_on_paper_and_hidden_beside_a_caption():
    assert 'aria-label="Tile 14: straight (exits NS), dice icons 1 1, 1 points, Power: Swap"' in tile_svg(TILES[14])
    assert 'aria-hidden="true"' in tile_svg(TILES[14], named=False)
    assert 'aria-label="Race card Elf: Scout [1], unlock: two 1s;' in card_svg("Race", *RACES[0])


def boxes(sheet: str) -> list[tuple[float, float, float, float]]:
    return [tuple(float(v) for v in m) for m in
            re.findall(r'<svg[^>]*?x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"', sheet)]


@pytest.mark.parametrize("paper, pages", [("a4", 15), ("letter", 13)])
def test_print_and_play_lays_every_component_at_true_size_inside_the_paper(paper, pages):
    html = pnp.sheets_html(paper)
    _, width, height = pnp.PAPERS[paper]
    sheets = re.findall(r'<section class="sheet.*?</section>', html)
    assert len(sheets) == pages and f"@page{{size:{width:g}mm {height:g}mm;margin:0}}" in html
    kinds = [re.search(r'data-kind="([a-z-]+)"', s).group(1) for s in sheets]
    assert kinds[:2] == ["rules", "rules"] and kinds.count("tiles") == kinds.count("tile-backs")
    first_tiles = kinds.index("tiles") + 1
    last_tiles = first_tiles + 2 * kinds.count("tiles") - 1
    assert first_tiles % 2 == 1 and f"Pages {first_tiles}-{last_tiles} are tiles" in html
    for tile in BASE.tiles:  # every tile of the base game once, every card once
        assert html.count(f'data-component="tile-{tile["id"]}"') == 1
    for name, _ in RACES + CLASSES:
        assert html.count(f'data-component="card-{name}"') == 1
    for sheet, kind in zip(sheets, kinds):
        if kind == "rules":
            continue
        assert f'width="{width:g}mm" height="{height:g}mm"' in sheet
        size = {"cards": (63, 88)}.get(kind, (50, 50))
        for x, y, w, h in boxes(sheet):
            assert (w, h) == size and 4 <= x and x + w <= width - 4 and 4 <= y and y + h <= height - 4
        assert sheet.count('class="cut"') >= 4  # crop marks along the cuts


def test_tile_backs_mirror_their_fronts_and_mark_the_dragon():
    html = pnp.sheets_html("a4")
    sheets = re.findall(r'<section class="sheet.*?</section>', html)
    fronts = [s for s in sheets if 'data-kind="tiles"' in s]
    backs = [s for s in sheets if 'data-kind="tile-backs"' in s]
    for front, back in zip(fronts, backs):
        assert sorted(210 - x - w for x, _, w, _ in boxes(front)) == pytest.approx(sorted(x for x, *_ in boxes(back)))
    assert sum(s.count("Back of the Dragon tile") for s in backs) == 1
    dragon_front = next(s for s in fronts if f'data-component="tile-{DRAGON_ID}"' in s)
    assert backs[fronts.index(dragon_front)].count("Back of the Dragon tile") == 1


def test_the_rules_summary_gives_every_clause_and_power():
    html = pnp.sheets_html("letter")
    for _, text in rules_text.CLAUSES:
        assert text.replace("'", "&#x27;") in html or text in html
    for label, _ in POWERS.values():
        assert f"<strong>{label}</strong>" in html


def test_the_page_offers_the_sheets_as_downloads_that_need_no_game():
    assert [(d.key, d.filename) for d in RULESET.downloads] == [
        ("pnp-a4", "dice-crawl-print-and-play-a4.html"), ("pnp-letter", "dice-crawl-print-and-play-letter.html"),
        ("pnp-vaults-a4", "dice-crawl-forbidden-vaults-a4.html"),
        ("pnp-vaults-letter", "dice-crawl-forbidden-vaults-letter.html")]
    vaults = RULESET.downloads[2].make(None)
    for box in components.VAULTS:  # the expansion's sheets: each set's tiles and cards once
        for tile in box.tiles:
            assert vaults.count(f'data-component="tile-{tile["id"]}"') == 1
        for name, _ in box.races + box.classes:
            assert vaults.count(f'data-component="card-{name}"') == 1
    assert RULESET.downloads[0].make(None).startswith("<!doctype html>") and RULESET.downloads_title == "Print and play"
    assert "<script" not in RULESET.downloads[1].make(None)  # nothing to run, nothing to fetch: prints offline


def test_every_card_holds_its_text():
    for kind, name, powers in components.cards(BASE):
        drawn = card_svg(kind, name, powers)
        lowest = max(float(y) for y in re.findall(r'y="([\d.]+)" class="dc-card-[a-z]+"', drawn))
        assert lowest < components.CARD_H - 6, name  # the Warrior's second Attack says "As above"
    warrior = card_svg("Class", *CLASSES[0])
    assert warrior.count("As above") == 1 and warrior.count("Roll two dice from your army") == 1


def test_a_longer_rules_summary_goes_on_over_an_even_number_of_sheets(monkeypatch):
    monkeypatch.setattr(pnp, "CLAUSES", pnp.CLAUSES * 3)
    html = pnp.sheets_html("letter")
    rules = re.findall(r'<section class="sheet text-sheet" data-kind="rules">.*?</section>', html)
    assert len(rules) > 2 and len(rules) % 2 == 0
    assert "Rules (continued)" in html and re.search(r'<ol class="cols" start="\d+">', html)
    numbered = sum(len(re.findall("<li>", m)) for m in re.findall(r"<ol.*?</ol>", html))
    assert numbered == 3 * len(rules_text.CLAUSES)  # every clause once, numbered on from page to page
    if len(rules) % 2 == 0 and "Score pad" in html:
        assert "Score pad" in rules[-1]


def test_a_tile_power_name_sits_between_the_top_spaces_and_the_value_within_the_face():
    from pyapp.dice_crawl.view.render import POWER_LABEL_WIDTH, SPOT, SPOTS, C

    top = max(y for _, y in SPOTS if y < C / 2) + SPOT  # the lowest edge of the top row of spaces
    for tile in (t for t in TILES if t["power"]):
        label = re.search(r'<text[^>]*class="dc-power"[^>]*>([^<]*)</text>', tile_svg(tile))
        attrs = dict(re.findall(r'([\w:-]+)="([^"]*)"', label.group(0)))
        assert top <= float(attrs["y"]) - 9 and float(attrs["y"]) <= C / 2 - 13  # 9 px type; the value's circle
        width = float(attrs.get("textLength", 0)) or 5.5 * len(label.group(1))  # about 5.5 px a letter, bold 9 px
        assert width <= POWER_LABEL_WIDTH <= C - 12 - 2 * 6, label.group(1)  # the face, with a margin


def test_a_players_marker_covers_no_space_no_value_no_tile_power_name_and_no_vault_band():
    from pyapp.dice_crawl.view.render import MARKS, POWER_LABEL_WIDTH, SPOT, SPOTS, C

    def overlap(a, b):  # boxes as (left, top, right, bottom)
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    name = (C / 2 - POWER_LABEL_WIDTH / 2, 40 - 9, C / 2 + POWER_LABEL_WIDTH / 2, 40 + 2)  # 9 px type, descenders
    value = (C / 2 - 13, C / 2 - 13, C / 2 + 13, C / 2 + 13)
    spaces = [(x, y, x + SPOT, y + SPOT) for x, y in SPOTS]
    band = (12, C - 43, C - 16, C - 30)  # a vault tile's band (vaults.render.feature_parts), its warning sign too
    for mx, my in MARKS:
        mark = (mx - 9, my - 9, mx + 9, my + 9)  # the widest of the four shapes
        assert 2 <= mark[0] and mark[2] <= C - 2, (mx, my)  # on the tile
        assert not any(overlap(mark, box) for box in [name, value, band, *spaces]), (mx, my)
