"""The standard library beyond what the pages import, fetched the first time something imports it.

A first visit downloads only the modules the pages use (sitebuild/compile_stdlib.py,
split_members); every other top-level module or package of the standard library is a zip
of its own in the site's stdlib/ folder ("email.zip"), named in SHIPPED_APART. An import
of one fetches its zip (synchronously: an import cannot wait) and imports from it. A
synchronous request passes the service worker by, so the page keeps each zip fetched
itself (page.js: diceDungeonsKeepStdlib) and hands later visits what it kept
(diceDungeonsStdlibKept), online or not. The build puts
this module in the shipped zip; a boot installs it before it fills or uses a heap, so a
restored heap holds it already.
"""

import sys
from importlib.machinery import PathFinder

HOME = "/lib/stdlib-on-demand"
SHIPPED_APART: frozenset = frozenset()  # the build appends the real set below


def site_folder() -> str:
    """The URL of stdlib/ that the page or the worker set (globalThis.diceDungeonsStdlib)."""
    import js

    return str(js.diceDungeonsStdlib)


def fetched_bytes(url: str) -> bytes:
    """A file's bytes: from what the page kept on an earlier visit, or by a synchronous request,
    then kept (a page's main thread refuses binary responses to those, hence the text one byte
    per character: x-user-defined maps 0x80-0xFF to U+F780-U+F7FF)."""
    import js

    kept = getattr(js, "diceDungeonsStdlibKept", None)
    if kept and kept.has(url):
        return kept.get(url).to_bytes()
    data = requested_bytes(url)
    keep = getattr(js, "diceDungeonsKeepStdlib", None)
    if keep:
        from pyodide.ffi import to_js

        keep(url, to_js(data))
    return data


def requested_bytes(url: str) -> bytes:
    import js

    request = js.XMLHttpRequest.new()
    request.open("GET", url, False)
    request.overrideMimeType("text/plain; charset=x-user-defined")
    request.send(None)
    if request.status != 200:
        raise ImportError(f"{url}: HTTP {request.status}")
    return str(request.responseText).translate(BYTES).encode("latin-1")


BYTES = {0xF700 + byte: byte for byte in range(0x80, 0x100)}


class OnDemand:
    """A meta path finder: for a name of SHIPPED_APART, fetch its zip once, then find it there."""

    def __init__(self, fetch=fetched_bytes, folder=site_folder):
        self.fetch, self.folder, self.opened = fetch, folder, set()

    def find_spec(self, fullname, path=None, target=None):
        top = fullname.partition(".")[0]
        if top not in SHIPPED_APART or top in self.opened:
            return None
        self.opened.add(top)  # one try: a failed fetch says why, a later import finds nothing
        import os

        os.makedirs(HOME, exist_ok=True)
        archive = f"{HOME}/{top}.zip"
        with open(archive, "wb") as out:
            out.write(self.fetch(f"{self.folder()}{top}.zip"))
        # A package partly shipped (encodings, concurrent.futures) finds the rest of its
        # modules through the __path__ of each of its packages already imported.
        for name, module in list(sys.modules.items()):
            if (name == top or name.startswith(top + ".")) and getattr(module, "__path__", None) is not None:
                module.__path__.append(f"{archive}/{name.replace('.', '/')}")
        sys.path.append(archive)
        parent = sys.modules.get(fullname.rpartition(".")[0]) if "." in fullname else None
        return PathFinder.find_spec(fullname, parent.__path__ if parent else None)


def install() -> None:
    """Put the finder last on sys.meta_path (once): every module shipped is found before it is asked."""
    if not any(isinstance(finder, OnDemand) for finder in sys.meta_path):
        sys.meta_path.append(OnDemand())
