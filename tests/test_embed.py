"""The embed code and the embedded page's side of it, as text: the page
reports its height in the message the snippet listens for, the snippet
takes it only from its own frame, README shows the same snippet, and the
compact layout never sizes anything by the frame's height."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from pyapp import webapp
from pyapp.webapp.links import EMBED_SCRIPT

ROOT = Path(__file__).resolve().parents[1]
MESSAGE = '"dice-dungeons:height"'


def test_the_snippet_sizes_its_frame_only_from_its_frames_height_message():
    snippet = webapp.embed_snippet("https://h.example/g/?seed=a&embed=1", "A game")
    link, frame, script = snippet.split("\n", 2)
    assert frame.startswith("<iframe ") and frame.endswith("</iframe>") and 'height="760"' in frame
    # centred in the blog's text column, as wide as it up to 640 px (an iframe is inline until told otherwise)
    assert "display:block" in frame and "margin:0 auto" in frame and "max-width:640px" in frame
    # WordPress's fallback: a link to the full page (no embed=1), which the script hides once the frame speaks
    assert link == ('<blockquote class="wp-embedded-content"><a href="https://h.example/g/?seed=a">'
                    "A game · Dice Dungeons</a></blockquote>")
    assert 'link.className === "wp-embedded-content"' in script
    assert script == EMBED_SCRIPT and script.startswith("<script>") and script.endswith("</script>")
    assert "document.currentScript.previousElementSibling" in script  # its own iframe, right before it
    assert "event.source !== frame.contentWindow" in script and MESSAGE in script
    assert "frame.style.height" in script


def test_the_page_posts_that_message_from_a_resize_observer_when_embedded():
    page_js = (ROOT / "static" / "page.js").read_text()
    assert f"type: {MESSAGE}" in page_js and "new ResizeObserver(send)" in page_js
    assert "window.parent.postMessage(" in page_js and "page: html.dataset.ruleset" in page_js


def test_readme_shows_the_same_embed_code():
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Embedding"):readme.index("## Links a page understands")]
    code = textwrap.dedent("\n".join(line for line in section.splitlines() if line.startswith("    ")))
    assert EMBED_SCRIPT in code
    assert "{type: \"dice-dungeons:height\", height: <CSS pixels>, page:" in section


def embed_rules() -> dict[str, str]:
    css = (ROOT / "static" / "style.css").read_text()
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return {sel.strip(): body for sel, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css) if ".embed" in sel}


def test_the_compact_layout_never_depends_on_the_frames_height():
    rules = embed_rules()
    assert rules and not [sel for sel, body in rules.items() if re.search(r"\d(vh|dvh|svh|lvh)\b", body)]
    # and it undoes the full page's vh limits where they apply
    assert "max-height" in rules[".embed .board-wrap svg"]


def test_the_compact_layout_keeps_the_rules_collapsed_and_drops_the_site_chrome():
    rules = embed_rules()
    assert "display: none" in rules[".embed .tools > :not(#rules)"]
    assert "display: none" in rules[".embed .site-link, .embed .site-footer"]
    game_html = (ROOT / "static" / "game.html").read_text()
    assert '<details id="rules">' in game_html  # collapsed: no open attribute
