"""The site's icons: PNGs encoded here, so the repo holds no binaries."""

from __future__ import annotations

import shutil
import struct
import zlib
from functools import partial
from pathlib import Path

from sitebuild.build_cache import CACHE, kept
from sitebuild.paths import STATIC

ICON_BACKGROUND = (0x2B, 0x21, 0x40)
ICON_DIE = (0xF4, 0xEA, 0xD5)
ICON_PIPS = ((0.34375, 0.34375, ICON_BACKGROUND), (0.5, 0.5, (0xB3, 0x26, 0x1E)), (0.65625, 0.65625, ICON_BACKGROUND))
ICON_SIZES = (192, 512)


def icon_pixel(x: float, y: float) -> tuple[int, int, int]:
    """The icon's colour at (x, y) in 0..1: a die showing three, on a dark square (as icon.svg)."""
    for cx, cy, colour in ICON_PIPS:
        if (x - cx) ** 2 + (y - cy) ** 2 <= 0.0703 ** 2:
            return colour
    inset, radius = 0.1875, 0.125
    nx, ny = min(max(x, inset + radius), 1 - inset - radius), min(max(y, inset + radius), 1 - inset - radius)
    inside = inset <= x <= 1 - inset and inset <= y <= 1 - inset and (x - nx) ** 2 + (y - ny) ** 2 <= radius**2
    return ICON_DIE if inside else ICON_BACKGROUND


def png_bytes(size: int) -> bytes:
    """The icon as a `size` x `size` 8-bit RGB PNG."""
    rows = bytearray()
    for row in range(size):
        rows.append(0)  # filter: none
        for column in range(size):
            rows.extend(icon_pixel((column + 0.5) / size, (row + 0.5) / size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    pixels = zlib.compress(bytes(rows), 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def write_icons(out: Path) -> None:
    icons = out / "icons"
    icons.mkdir()
    shutil.copy2(STATIC / "icon.svg", icons / "icon.svg")
    for size in ICON_SIZES:
        made = kept(CACHE / "icons", [Path(__file__).read_bytes(), str(size)], partial(png_bytes, size))
        (icons / f"icon-{size}.png").write_bytes(made)
