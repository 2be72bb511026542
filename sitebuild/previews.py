"""Link previews: a 1200x630 PNG per page (the game's board in a real position, with its title), and the
page's oEmbed JSON; both for crawlers, never for the page itself (the service worker leaves them out).

The board is the engine's own drawing (`Ruleset.render`), of a game auto-played from a fixed seed by the
ruleset's own auto play, so the picture is the same at every build and is a position the game reaches.
It is set in a 1200x630 SVG beside the title and rasterised by resvg (the `resvg-py` wheel: Rust, no
system library, nothing fetched). Text is drawn with DejaVu fonts when the machine has them (Debian's
`fonts-dejavu-core`, which `build.py test` installs); without them resvg uses whatever fonts it finds,
and with none it draws no text, so a build never fails for want of a font. PNGs are cached by a hash of
everything that makes them (.cache/previews/).
"""

from __future__ import annotations

import json
import re
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

from pyapp.markup import escape
from pyapp.webapp.links import SITE_NAME
from sitebuild.build_cache import kept

WIDTH, HEIGHT = 1200, 630
PREVIEW_DIR = "previews"  # dist/previews/<slug>.png and index.png: not precached (service_worker.offline_files)
OEMBED_FILE = "oembed.json"  # dist/<slug>/oembed.json, only with a public address
SEED = "preview"
STEPS = 40  # auto-play steps from the seed (fewer if the game ends first)
SITE = SITE_NAME
BACKGROUND, PANEL, INK, MUTED, ACCENT = "#2b2140", "#1e1730", "#f4ead5", "#c9b8e8", "#e0a43a"
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/local/share/fonts/dejavu")
FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf")
BOARD_BOX = (470, 24, 706, 582)  # x, y, width, height of the board's frame on the right
BOARD_PAD = 14
CROP_PROBE, CROP_MARGIN = 240, 0.04  # the width a board is drawn at to find what is on it; margin kept around
# what an embed's <iframe> is, as embed_snippet (pyapp/webapp/links.py) writes it: at most 640 wide, 760 tall
EMBED_WIDTH, EMBED_HEIGHT = 640, 760


@dataclass(frozen=True)
class Preview:
    path: str  # relative to the site root
    alt: str
    width: int = WIDTH
    height: int = HEIGHT


def dejavu_fonts() -> list[str]:
    """The DejaVu font files found on this machine (none: resvg falls back to the system's fonts)."""
    for folder in FONT_DIRS:
        found = [str(Path(folder) / name) for name in FONTS if (Path(folder) / name).is_file()]
        if found:
            return found
    return []


def played_board(ruleset) -> tuple[str, str]:
    """The board (SVG) after auto-playing the preview seed, and a sentence saying what it shows."""
    from pyapp.engine import Game

    game = Game(ruleset, SEED)
    steps = 0
    while steps < STEPS and not game.over:
        game.auto()
        steps += 1
    return game.view().board, f"The {ruleset.title} board after {steps} auto-played moves"


def fit_board(board: str, x: float, y: float, width: float, height: float) -> str:
    """The board's <svg> placed in the box, scaled to fit it (its viewBox kept)."""
    opening = re.match(r"<svg\b[^>]*>", board)
    if not opening:
        raise ValueError("a board must start with its <svg> tag")
    tag = re.sub(r'\s(width|height|style|x|y|preserveAspectRatio)="[^"]*"', "", opening.group(0))
    if "viewBox=" not in tag:
        raise ValueError("a board's <svg> needs a viewBox to be scaled")
    tag = tag[:-1] + f' x="{x}" y="{y}" width="{width}" height="{height}" preserveAspectRatio="xMidYMid meet">'
    return tag + board[opening.end():]


def view_box(board: str) -> tuple[float, float, float, float]:
    found = re.search(r'viewBox="([^"]+)"', board[:board.index(">")])
    if not found:
        raise ValueError("a board's <svg> needs a viewBox to be scaled")
    x, y, width, height = (float(part) for part in found.group(1).replace(",", " ").split())
    return x, y, width, height


def png_pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the unfiltered rows (RGBA, 4 bytes a pixel) of an 8-bit RGBA PNG, as resvg writes."""
    width, height, depth, colour = struct.unpack(">IIBB", png[16:26])
    if (depth, colour) != (8, 6):
        raise ValueError("only 8-bit RGBA PNGs are read here")
    data, at = b"", 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        if kind == b"IDAT":
            data += png[at + 8:at + 8 + length]
        at += 12 + length
    raw, stride, rows, previous = zlib.decompress(data), width * 4, [], bytes(width * 4)
    for row in range(height):
        kind, line = raw[row * (stride + 1)], bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - 4] if i >= 4 else 0
            up, corner = previous[i], previous[i - 4] if i >= 4 else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                pa, pb, pc = abs(guess - left), abs(guess - up), abs(guess - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(previous := bytes(line))
    return width, height, rows


def cropped(board: str, css: str, cache: Path) -> tuple[str, str]:
    """The board with its viewBox cut to what is drawn on it: a board keeps room to grow (a map that
    grows on a grid), which in a small picture is only empty floor. "Drawn" is whatever differs from
    the colour at the board's corner, found on a small rasterisation. Also that colour (as #rrggbb; the
    panel's when the corner is not opaque), for the frame around the board."""
    # the text of this file stands for the rule of the crop
    inputs: list[bytes | str] = ["crop", board, css, Path(__file__).read_bytes(), *drawn_by()]
    board, floor = json.loads(kept(cache, inputs, lambda: json.dumps(crop(board, css, cache)).encode()))
    return board, floor


def crop(board: str, css: str, cache: Path) -> tuple[str, str]:
    x, y, width, height = view_box(board)
    png = rasterise(fit_board(board, 0, 0, CROP_PROBE, round(CROP_PROBE * height / width)), css, cache)
    columns, lines, rows = png_pixels(png)
    corner = rows[0][:4]
    floor = "#{:02x}{:02x}{:02x}".format(*corner[:3]) if corner[3] == 255 else PANEL
    used = [(i // 4, row) for row, line in enumerate(rows) for i in range(0, len(line), 4) if line[i:i + 4] != corner]
    if not used:
        return board, floor
    scale = width / columns
    left, right = min(c for c, _ in used), max(c for c, _ in used) + 1
    top, bottom = min(r for _, r in used), max(r for _, r in used) + 1
    margin = CROP_MARGIN * max(right - left, bottom - top)
    edges = (max(0.0, left - margin), max(0.0, top - margin), min(columns, right + margin), min(lines, bottom + margin))
    left_, top_, right_, bottom_ = edges
    if right_ - left_ >= columns * 0.9 and bottom_ - top_ >= lines * 0.9:
        return board, floor
    box = (x + left_ * scale, y + top_ * scale, (right_ - left_) * scale, (bottom_ - top_) * scale)
    end = board.index(">")
    found = re.search(r'viewBox="[^"]+"', board[:end])
    assert found, "a board drawn by the engine always has a viewBox"
    return board[:end].replace(found.group(0),
                               'viewBox="{}"'.format(" ".join(f"{v:.6g}" for v in box))) + board[end:], floor


def title_lines(title: str, most: int = 12) -> list[str]:
    """The title broken between words into lines of at most `most` characters (a longer word alone)."""
    lines: list[str] = []
    for word in title.split():
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def card_svg(title: str, tagline: str, boards: list[str], floor: str = PANEL) -> str:
    """The whole 1200x630 picture: site name, title and tagline on the left, the board(s) on the right."""
    lines = title_lines(title)
    # DejaVu Sans Bold is about 0.72 em a character: the longest line fits the 400 px left of the board
    size = min(76 if len(lines) <= 2 else 62, int(400 / (0.72 * max(len(line) for line in lines))))
    top = 250 - (len(lines) - 1) * size * 0.55
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{BACKGROUND}"/>',
        # the site's icon: a die showing three (static/icon.svg)
        f'<rect x="48" y="56" width="64" height="64" rx="12" fill="{INK}"/>',
        f'<circle cx="66" cy="74" r="6.5" fill="{BACKGROUND}"/><circle cx="80" cy="88" r="6.5" fill="#b3261e"/>',
        f'<circle cx="94" cy="102" r="6.5" fill="{BACKGROUND}"/>',
        f'<text x="132" y="102" font-family="DejaVu Sans, sans-serif" font-size="34" font-weight="bold" '
        f'fill="{MUTED}">{escape(SITE)}</text>',
    ]
    for number, line in enumerate(lines):
        parts.append(f'<text x="48" y="{top + number * size * 1.1:.0f}" font-family="DejaVu Sans, sans-serif" '
                     f'font-size="{size}" font-weight="bold" fill="{INK}">{escape(line)}</text>')
    parts.append(f'<rect x="48" y="{top + (len(lines) - 1) * size * 1.1 + 36:.0f}" width="120" height="8" rx="4" '
                 f'fill="{ACCENT}"/>')
    for number, line in enumerate(title_lines(tagline, 24)):
        parts.append(f'<text x="48" y="{520 + number * 40}" font-family="DejaVu Sans, sans-serif" font-size="30" '
                     f'fill="{MUTED}">{escape(line)}</text>')
    x, y, width, height = BOARD_BOX
    parts.append(f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="18" fill="{floor}"/>')
    columns = 1 if len(boards) == 1 else 3
    rows = -(-len(boards) // columns)
    cell_w, cell_h = (width - BOARD_PAD) / columns, (height - BOARD_PAD) / rows
    for number, board in enumerate(boards):
        column, row = number % columns, number // columns
        parts.append(fit_board(board, x + BOARD_PAD + column * cell_w, y + BOARD_PAD + row * cell_h,
                               cell_w - BOARD_PAD, cell_h - BOARD_PAD))
    parts.append("</svg>")
    return "".join(parts)


def rasterise(svg: str, css: str, cache: Path) -> bytes:
    """The PNG of `svg` with `css` as its stylesheet, from the cache when the same inputs made one."""
    import resvg_py

    fonts = dejavu_fonts()

    def draw() -> bytes:
        if fonts:  # the same fonts on every machine that has them, so the same pictures
            return bytes(resvg_py.svg_to_bytes(svg_string=svg, style_sheet=css or None, font_files=fonts,
                                               skip_system_fonts=True, font_family="DejaVu Sans",
                                               sans_serif_family="DejaVu Sans", serif_family="DejaVu Serif"))
        return bytes(resvg_py.svg_to_bytes(svg_string=svg, style_sheet=css or None))

    return kept(cache, ["png", svg, css, *drawn_by()], draw)


def drawn_by() -> list[str]:
    """What a picture's pixels depend on beside its SVG: the fonts and resvg's version."""
    import resvg_py

    return [*dejavu_fonts(), resvg_py.__version__]


def write_previews(out: Path, rulesets: list, cache: Path) -> dict[str, Preview]:
    """dist/previews/<slug>.png for every page and index.png for the index; {slug or "": Preview}."""
    folder = out / PREVIEW_DIR
    folder.mkdir()
    made: dict[str, Preview] = {}
    boards = {}
    for ruleset in rulesets:
        board, alt = played_board(ruleset)
        board, floor = cropped(board, ruleset.board_css or "", cache)
        boards[ruleset.slug] = (board, ruleset.board_css or "")
        (folder / f"{ruleset.slug}.png").write_bytes(rasterise(
            card_svg(ruleset.title, "Play it in your browser", [board], floor), ruleset.board_css or "", cache))
        made[ruleset.slug] = Preview(f"{PREVIEW_DIR}/{ruleset.slug}.png", alt + ", beside its title.")
    # the index: every game's board, each with its own style (the rulesets' CSS never share a selector)
    css = "\n".join(style for _, style in boards.values())
    (folder / "index.png").write_bytes(
        rasterise(card_svg(SITE, "Dice dungeon games to play in your browser", [b for b, _ in boards.values()]),
                  css, cache))
    made[""] = Preview(f"{PREVIEW_DIR}/index.png",
                       f"The boards of the {len(rulesets)} Dice Dungeons games, beside the site's name.")
    return made


def public_base(url: str | None) -> str | None:
    """The site's public address, ending in "/" (None: none given). Only http(s) addresses are taken."""
    if not url:
        return None
    if not re.match(r"https?://[^/\s]+", url) or any(c in url for c in "?#\"'<> "):
        raise ValueError(f"--public-url must be an http(s) address without query or fragment, not {url!r}")
    return url if url.endswith("/") else url + "/"


def oembed(ruleset, base: str, preview: Preview) -> dict:
    """The page's oEmbed answer (type rich): the Share panel's embed snippet for the page's own address."""
    from pyapp import webapp

    return {
        "version": "1.0",
        "type": "rich",
        "title": ruleset.title,
        "provider_name": SITE,
        "provider_url": base,
        "html": webapp.embed_snippet(f"{base}{ruleset.slug}/?embed=1", ruleset.title),
        "width": EMBED_WIDTH,
        "height": EMBED_HEIGHT,
        "thumbnail_url": base + preview.path,
        "thumbnail_width": preview.width,
        "thumbnail_height": preview.height,
    }


def write_oembed(out: Path, ruleset, base: str, preview: Preview) -> None:
    (out / ruleset.slug / OEMBED_FILE).write_text(json.dumps(oembed(ruleset, base, preview), indent=1) + "\n",
                                                  encoding="utf-8")
