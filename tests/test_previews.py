"""Link previews and oEmbed (issue 33): each built page read as a link-preview crawler reads it (its HTML,
no JavaScript), the preview PNGs, the oEmbed JSON, and what a build without a public address leaves out."""

import json
import re
import struct
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from pyapp import registry, webapp
from sitebuild.previews import OEMBED_FILE, PREVIEW_DIR, public_base
from sitebuild.service_worker import offline_files

PUBLIC = "https://example.org/dice/"
# what a crawler needs for a large-image card, every one an absolute URL where it is a URL
OG_TAGS = ("og:title", "og:description", "og:type", "og:url", "og:image", "og:image:width", "og:image:height",
           "og:image:alt")
TWITTER_TAGS = ("twitter:card", "twitter:title", "twitter:description", "twitter:image")
ABSOLUTE_TAGS = ("og:url", "og:image", "twitter:image")


@pytest.fixture(scope="module")
def public_site(tmp_path_factory):
    """A build given the site's public address (build.py --public-url)."""
    from sitebuild.site import build

    return build(tmp_path_factory.mktemp("public") / "dist", public_url=PUBLIC)


class Head(HTMLParser):
    """The <meta> and <link rel=alternate> tags of a page, as a crawler that runs no script reads them."""

    def __init__(self, text: str):
        super().__init__()
        self.meta: dict[str, str] = {}
        self.alternates: list[dict] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        named = dict(attrs)
        if tag == "meta" and (named.get("property") or named.get("name")):
            key = named.get("property") or named.get("name")
            assert key not in self.meta, f"{key} twice"
            self.meta[key] = named.get("content")
        if tag == "link" and named.get("rel") == "alternate":
            self.alternates.append(named)


def pages(dist: Path) -> dict[str, Path]:
    """slug ("" for the index) -> its built HTML."""
    return {"": dist / "index.html", **{slug: dist / slug / "index.html" for slug in registry.RULESETS}}


def local(dist: Path, url: str) -> Path:
    """The built file an absolute URL of the public site names."""
    assert url.startswith(PUBLIC), url
    path = dist / url[len(PUBLIC):]
    return path / "index.html" if url.endswith("/") else path


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG, after checking it is one: signature, every chunk's CRC, IHDR first, IEND
    last, and pixel data that inflates to exactly the rows IHDR says."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, kinds, pixels = 8, [], b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0] == zlib.crc32(kind + body), kind
        kinds.append(kind)
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
        if kind == b"IDAT":
            pixels += body
        at += 12 + length
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND" and b"IDAT" in kinds
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    assert depth == 8 and len(zlib.decompress(pixels)) == height * (1 + width * channels)
    return width, height


def test_every_page_has_the_preview_tags_with_absolute_urls(public_site):
    for slug, path in pages(public_site).items():
        head = Head(path.read_text())
        missing = [tag for tag in (*OG_TAGS, *TWITTER_TAGS) if not head.meta.get(tag)]
        assert not missing, f"{slug or 'index'} lacks {missing}"
        assert head.meta["twitter:card"] == "summary_large_image"
        for tag in ABSOLUTE_TAGS:
            assert head.meta[tag].startswith(PUBLIC), (slug, tag, head.meta[tag])
        assert head.meta["og:url"] == PUBLIC + (f"{slug}/" if slug else "")
        assert local(public_site, head.meta["og:url"]) == path
        assert head.meta["twitter:image"] == head.meta["og:image"]
        title = registry.RULESETS[slug].title if slug else "Dice Dungeons"
        assert title in head.meta["og:title"] and title in head.meta["og:image:alt"]


def test_each_preview_image_is_a_png_of_the_stated_size(public_site):
    seen = set()
    for path in pages(public_site).values():
        head = Head(path.read_text())
        image = local(public_site, head.meta["og:image"])
        assert image.parent == public_site / PREVIEW_DIR and image.suffix == ".png"
        data = image.read_bytes()
        assert png_size(data) == (int(head.meta["og:image:width"]), int(head.meta["og:image:height"])) == (1200, 630)
        assert len(data) < 150_000, f"{image.name}: {len(data)} bytes"  # a crawler's fetch, not a wallpaper
        seen.add(data)
    assert len(seen) == len(pages(public_site))  # a picture of its own for each page


def test_each_game_page_publishes_its_oembed_json(public_site):
    for slug, ruleset in registry.RULESETS.items():
        head = Head((public_site / slug / "index.html").read_text())
        (link,) = [a for a in head.alternates if a.get("type") == "application/json+oembed"]
        assert link["href"] == f"{PUBLIC}{slug}/{OEMBED_FILE}" and ruleset.title in link["title"]
        answer = json.loads(local(public_site, link["href"]).read_text())
        assert answer["version"] == "1.0" and answer["type"] == "rich"
        assert answer["title"] == ruleset.title
        assert answer["provider_name"] == "Dice Dungeons" and answer["provider_url"] == PUBLIC
        assert isinstance(answer["width"], int) and isinstance(answer["height"], int)
        assert answer["thumbnail_url"] == head.meta["og:image"]
        assert (answer["thumbnail_width"], answer["thumbnail_height"]) == (1200, 630)
        # the html is the Share panel's embed code (controller.py writes it with this very function), for this page
        assert answer["html"] == webapp.embed_snippet(f"{PUBLIC}{slug}/?embed=1", ruleset.title)
        src = re.search(r'<iframe src="([^"]+)"', answer["html"]).group(1)
        assert src.split("?")[0] == head.meta["og:url"] and local(public_site, src.split("?")[0]).is_file()
        assert 'height="760"' in answer["html"] and answer["height"] == 760


def test_without_a_public_address_no_absolute_url_is_written(built_site):
    for slug, path in pages(built_site).items():
        text = path.read_text()
        head = Head(text)
        assert head.meta["og:title"] and head.meta["og:description"] and head.meta["twitter:title"]
        for tag in (*ABSOLUTE_TAGS, "og:image:width", "og:image:height", "og:image:alt"):
            assert tag not in head.meta, f"{slug or 'index'} has {tag} without a public address"
        assert head.meta["twitter:card"] == "summary"  # a large-image card needs the image
        assert not [a for a in head.alternates if "oembed" in a.get("type", "")]
        assert not re.search(r'content="https?:', text)
    assert not list(built_site.rglob(OEMBED_FILE))
    assert (built_site / PREVIEW_DIR / "index.png").is_file()  # made all the same: the same dist/ to publish


def test_the_service_worker_does_not_precache_previews_or_oembed(public_site):
    text = (public_site / "sw.js").read_text()
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text, re.S).group(1))
    for path in precache:
        assert (not path.startswith(PREVIEW_DIR + "/") and not path.endswith((".png", OEMBED_FILE))) \
            or path.startswith("icons/"), path
    assert PREVIEW_DIR not in text and OEMBED_FILE not in text
    # and not by the rule that picks the precache either, wherever the build puts them
    listed = offline_files(public_site)
    assert not [p for p in listed if p.startswith(PREVIEW_DIR) or p.endswith(OEMBED_FILE)]


def test_the_public_address_is_checked_and_ends_with_a_slash():
    assert public_base(None) is None and public_base("") is None
    assert public_base("https://example.org/dice") == "https://example.org/dice/"
    assert public_base("http://localhost:8000/") == "http://localhost:8000/"
    for wrong in ("example.org/dice/", "ftp://example.org/", "https://example.org/?x=1", "https://a b/"):
        with pytest.raises(ValueError):
            public_base(wrong)
