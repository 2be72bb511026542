"""Print-and-play sheets: every tile and card at true size on A4 or US Letter, with cut lines and a rules summary.

One self-contained HTML file (no script, no link to anything: it opens and
prints offline in any browser), offered as a download by the page
(ruleset.py). Each sheet is an SVG measured in millimetres, so the browser
prints it at true size at 100% scale: tiles are 50 mm squares (a hand of
tiles on a 5x5 grid covers 25 cm, a kitchen table's reach, and two dice fit
on an icon-sized space), cards poker size, 63 x 88 mm (sleeves fit). Tile
backs follow each tile sheet, mirrored for two-sided printing.
"""

from __future__ import annotations

from ... import svg
from ...markup import escape
from ..data import ARMY, COLOURS, DRAGON_ID, POWERS
from .board_css import BOARD_CSS
from .components import BASE, ComponentSet, card_svg, cards, tile_back_svg, tile_name, tile_svg
from .rules_text import CLAUSES, RULINGS

PAPERS = {"a4": ("A4", 210.0, 297.0), "letter": ("US Letter", 215.9, 279.4)}  # key: (name, width, height) in mm
TILE_MM = 50.0
CARD_MM = (63.0, 88.0)
MARK = 5.0  # length of a crop mark in the margin, mm
# The rules summary's line budget: two columns of 9 pt lines on the smaller paper (US Letter holds about 63
# lines a column below the margins; A4 more), with room to spare for lines that wrap early.
CHARS_PER_LINE = 56
PAGE_LINES = 2 * 58
INTRO_LINES = 2 * 16  # the title, printing and what else you need, across both columns
HEADING_LINES = 2 * 2

SHEET_CSS = (
    "@page{size:%(w)smm %(h)smm;margin:0}"
    "html,body{margin:0;padding:0}body{background:#888;font:9pt/1.3 sans-serif;color:#1d1915;"
    "-webkit-print-color-adjust:exact;print-color-adjust:exact}"
    ".sheet{width:%(w)smm;height:%(h)smm;background:#fff;margin:6mm auto;overflow:hidden;position:relative;"
    "box-sizing:border-box;break-after:page;page-break-after:always}"
    ".sheet:last-child{break-after:auto;page-break-after:auto}"
    ".sheet>svg{display:block}.text-sheet{padding:12mm 12mm 10mm}"
    ".text-sheet h1{font-size:16pt;margin:0 0 2mm}.text-sheet h2{font-size:11pt;margin:3mm 0 1mm}"
    ".text-sheet ol,.text-sheet ul{margin:0;padding-left:5mm}.text-sheet li{margin:0 0 .6mm}"
    ".cols{columns:2;column-gap:7mm}.cols li{break-inside:avoid}"
    ".pad{border-collapse:collapse;width:100%%;margin-top:3mm}"
    ".pad th,.pad td{border:.3mm solid #555;padding:1.5mm;height:14mm;font-size:8pt;text-align:left}"
    ".cut{stroke:#777;stroke-width:.2;fill:none}"
    ".edge{stroke:#aaa;stroke-width:.15;fill:none}.label{font:2.6px sans-serif;fill:#555}"
    "@media print{body{background:none}.sheet{margin:0}}"
)


def sheets_html(paper: str = "a4", sets: tuple[ComponentSet, ...] | None = None) -> str:
    """The whole print-and-play document for one paper size."""
    title, width, height = PAPERS[paper]
    sets = sets or (BASE,)
    tiles = [tile for s in sets for tile in s.tiles]
    deck = [card for s in sets for card in cards(s)]
    tile_pages = grid_pages(width, height, TILE_MM, TILE_MM, len(tiles))
    card_pages = grid_pages(width, height, *CARD_MM, len(deck))
    sheets = rules_sheets(title, len(tiles), len(deck), len(tile_pages))
    for n, page in enumerate(tile_pages):
        items = [(tile_svg(tiles[i], data_component=f"tile-{tiles[i]['id']}", **box), tile_name(tiles[i]))
                 for i, box in page]
        sheets.append(grid_sheet(width, height, page, items, f"Tiles, sheet {n + 1} of {len(tile_pages)}",
                                 "tiles"))
        backs = [(tile_back_svg(tiles[i]["id"] == DRAGON_ID, **mirror(box, width)), "") for i, box in page]
        sheets.append(grid_sheet(width, height, [(i, mirror(box, width)) for i, box in page], backs,
                                 f"Tile backs, sheet {n + 1} of {len(tile_pages)}",
                                 "tile-backs"))
    for n, page in enumerate(card_pages):
        items = [(card_svg(*deck[i], data_component=f"card-{deck[i][1]}", **box), deck[i][1]) for i, box in page]
        sheets.append(grid_sheet(width, height, page, items, f"Cards, sheet {n + 1} of {len(card_pages)}",
                                 "cards"))
    css = SHEET_CSS % {"w": f"{width:g}", "h": f"{height:g}"}
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dice Crawl: print-and-play '
            f"({escape(title)})</title><style>{css}{BOARD_CSS}</style></head><body>{''.join(sheets)}</body></html>")


def grid_pages(width: float, height: float, w: float, h: float, count: int) -> list[list[tuple[int, dict]]]:
    """Pages of (item index, box) for `count` items of w x h mm, each page's grid centred on the paper."""
    cols, rows = int((width - 2 * MARK - 2) // w), int((height - 2 * MARK - 4) // h)
    left, top = (width - cols * w) / 2, (height - rows * h) / 2 + 2  # 2 mm lower: room for the sheet's label
    per_page = cols * rows
    return [[(i, {"x": round(left + (k % cols) * w, 2), "y": round(top + (k // cols) * h, 2), "width": w,
                  "height": h}) for k, i in enumerate(range(start, min(start + per_page, count)))]
            for start in range(0, count, per_page)]


def mirror(box: dict, width: float) -> dict:
    """Where a box's back lands on the reverse of the sheet (flipped on its long edge)."""
    return dict(box, x=round(width - box["x"] - box["width"], 2))


def grid_sheet(width: float, height: float, page: list, items: list, label: str, kind: str) -> str:
    """One sheet: its components, a hairline round each, and crop marks in the margins along every cut."""
    first = page[0][1]  # the label sits over the first column, clear of the crop marks
    parts = [svg.text(label, x=first["x"] + 2, y=first["y"] - 2, class_="label")]
    xs = sorted({b["x"] for _, b in page} | {round(b["x"] + b["width"], 2) for _, b in page})
    ys = sorted({b["y"] for _, b in page} | {round(b["y"] + b["height"], 2) for _, b in page})
    for x in xs:
        parts.append(svg.el("path", d=f"M{x} {ys[0] - 1}V{ys[0] - 1 - MARK}M{x} {ys[-1] + 1}V{ys[-1] + 1 + MARK}",
                            class_="cut"))
    for y in ys:
        parts.append(svg.el("path", d=f"M{xs[0] - 1} {y}H{xs[0] - 1 - MARK}M{xs[-1] + 1} {y}H{xs[-1] + 1 + MARK}",
                            class_="cut"))
    for (art, _), (_, box) in zip(items, page):
        parts.append(art)
        parts.append(svg.el("rect", class_="edge", **box))
    drawing = svg.root(*parts, width=f"{width:g}mm", height=f"{height:g}mm", viewBox=f"0 0 {width:g} {height:g}")
    return f'<section class="sheet" data-kind="{kind}">{drawing}</section>'


def rules_sheets(paper: str, tiles: int, card_count: int, tile_sheets: int) -> list[str]:
    """The rules summary: what to print and gather, the rules, the Powers, the rulings, packed on as many sheets
    as they need, and a score pad when that count is odd (two-sided printing then puts each tile back behind
    its front)."""
    sections = [
        ("Rules", "ol", [escape(text) for _, text in CLAUSES]),
        ("Powers", "ul", [f"<strong>{escape(label)}</strong>: {escape(text)}" for label, text in POWERS.values()]),
        ("Rulings (where the text is silent; where one names a setting of the page, agree on it at the table)",
         "ul", [escape(text) for text in RULINGS]),
    ]
    pages = pack(sections)
    if len(pages) % 2:
        pages.append(SCORE_PAD)
    first_tiles = len(pages) + 1
    intro = (
        f"<h1>Dice Crawl: print-and-play ({escape(paper)})</h1>"
        f"<p>A competitive tile-and-dice crawl for 1 to 4 players (seed text 004, with the tiles and cards the "
        f"Dice Dungeons project designed). {tiles} tiles (50 mm), {card_count} race and class cards (63 x 88 mm).</p>"
        "<h2>Printing</h2><ul><li>Print at 100% scale (\"Actual size\", not \"Fit to page\"): a tile must measure "
        "50 mm across.</li>"
        f"<li>Pages {first_tiles}-{first_tiles + 2 * tile_sheets - 1} are tiles and their backs, alternately: print "
        "them two-sided, flipping on the long edge, or print one-sided and glue each back sheet behind its front. "
        "Card stock helps; the backs keep face-down tiles secret, and the Dragon's back is marked.</li>"
        "<li>Cut along the hairlines; the marks in the margins show where every cut runs.</li></ul>"
        f"<h2>You also need</h2><ul><li>{ARMY} six-sided dice per player in the player's colour "
        f"({', '.join(COLOURS)}); 25 each for the easier game.</li><li>An adventurer marker per player (a pawn "
        "or a coin in the player's colour).</li></ul>"
    )
    pages[0] = intro + pages[0]
    return [f'<section class="sheet text-sheet" data-kind="rules">{page}</section>' for page in pages]


def lines(text: str) -> float:
    """The column lines an item takes (with the gap after it)."""
    return -(-len(text) // CHARS_PER_LINE) + 0.3


def pack(sections: list[tuple[str, str, list[str]]]) -> list[str]:
    """The sections' items laid on pages of two columns, by a line budget with room to spare (a browser test
    checks that no sheet overflows); a section that goes on to the next page says so."""
    pages: list[str] = []
    page = ""
    used: float = INTRO_LINES
    for heading, tag, items in sections:
        chunk: list = []
        number, first = 1, 1
        used += HEADING_LINES
        for item in items:
            if chunk and used + lines(item) > PAGE_LINES:
                page += section_html(heading, tag, chunk, first)
                pages.append(page)
                page, used, chunk, first = "", HEADING_LINES, [], number
                heading = heading.split(" (")[0] + " (continued)"
            chunk.append(item)
            used += lines(item)
            number += 1
        page += section_html(heading, tag, chunk, first)
    return pages + [page]


def section_html(heading: str, tag: str, items: list[str], start: int) -> str:
    numbered = f' start="{start}"' if tag == "ol" and start > 1 else ""
    body = "".join(f"<li>{item}</li>" for item in items)
    return f'<h2>{heading}</h2><{tag} class="cols"{numbered}>{body}</{tag}>'


SCORE_PAD = ("<h2>Score pad</h2><table class=\"pad\"><tr><th>Player</th><th>Tiles controlled (printed value)</th>"
             "<th>Allies (1 each)</th><th>Hoards (2 each, 3 with Hoarder)</th><th>Dragon (3)</th><th>Total</th>"
             "<th>Powers unlocked (tie)</th></tr>" + ("<tr>" + "<td></td>" * 7 + "</tr>") * 8 + "</table>")
