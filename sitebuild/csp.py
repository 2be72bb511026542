"""The Content-Security-Policy every page carries, as a <meta> tag (a static host may send no headers).

Scripts come from the site only: its files ('self'), the blobs the page makes of the runtime it unpacks
(packed.mjs imports Pyodide's JavaScript from one; page.js starts a sandboxed frame's worker from one),
and the page's own inline lines, each by its hash: no 'unsafe-inline', no 'unsafe-eval'. Pyodide compiles
its WebAssembly under 'wasm-unsafe-eval'. The policy is filled in once the page is rendered, from the inline
scripts it holds, so a changed line can never run unhashed.

A build that knows its public address names its origin beside every 'self': in a frame sandboxed without
allow-same-origin (WordPress frames every embed so) the page's origin is opaque, and WebKit builds after
314912@main match 'self' against that origin, so nothing of the site's own would load (WebKit bug 316847,
fixed in WebKit PR 66923; seen in WebKitGTK here). Only a build with a public address is discovered by
WordPress's oEmbed, so every WordPress embed gets the origin named.
"""

from __future__ import annotations

import base64
import hashlib
import re

# head.html writes it first in <head>, empty; the build fills it (with_policy)
PLACEHOLDER = '<meta http-equiv="Content-Security-Policy" content="">'
INLINE = re.compile(r"<script>(.*?)</script>", re.S)  # the page's inline lines: plain <script> tags only

DIRECTIVES = {
    "default-src": ("'self'",),
    "script-src": ("'self'", "'wasm-unsafe-eval'", "blob:"),
    "worker-src": ("'self'", "blob:"),
    "connect-src": ("'self'", "blob:", "data:"),
    "img-src": ("'self'", "data:", "blob:"),
    # the board's SVG carries style attributes, and the page sets styles as it lays out
    "style-src": ("'self'", "'unsafe-inline'"),
    "object-src": ("'none'",),
    "base-uri": ("'none'",),
    "form-action": ("'self'",),
}


def script_hash(body: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii") + "'"


def policy(html: str, origin: str | None = None) -> str:
    """The policy for this page: DIRECTIVES, with the hash of each inline script it holds, and `origin`
    (the site's public one, scheme://host[:port]) beside each 'self'."""
    hashes = sorted({script_hash(body) for body in INLINE.findall(html)})

    def sources(name: str, given: tuple[str, ...]) -> tuple[str, ...]:
        named = tuple(part for source in given for part in ((source, origin) if source == "'self'" and origin
                                                              else (source,)))
        return named + (tuple(hashes) if name == "script-src" else ())

    return "; ".join(" ".join((name, *sources(name, given))) for name, given in DIRECTIVES.items())


def origin_of(base: str | None) -> str | None:
    """The origin of the site's public address (None: none given)."""
    if not base:
        return None
    scheme, rest = base.split("://", 1)
    return f"{scheme}://{rest.split('/', 1)[0]}"


def with_policy(html: str, base: str | None = None) -> str:
    """The page with its policy in place of head.html's empty tag (`base`: the site's public address)."""
    if html.count(PLACEHOLDER) != 1:
        raise ValueError("a page must carry head.html's Content-Security-Policy tag exactly once")
    head = html.index(PLACEHOLDER)
    if INLINE.search(html, 0, head):
        raise ValueError("an inline script before the Content-Security-Policy tag would run unchecked")
    content = policy(html, origin_of(base))
    return html.replace(PLACEHOLDER, f'<meta http-equiv="Content-Security-Policy" content="{content}">')
