"""A static server for a built site, with the content types Pyodide needs."""

from __future__ import annotations

import http.server
import sys
from functools import partial
from pathlib import Path

from sitebuild.log import say

CONTENT_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".py": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types Pyodide needs; asks browsers to revalidate. Every file may be read from
    any origin (`Access-Control-Allow-Origin: *`, as GitHub Pages and Cloudflare Pages send): a page framed
    in a sandbox without allow-same-origin, as WordPress frames an embed, fetches all of them cross-origin."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}
    quiet = False

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class QuietServer(http.server.ThreadingHTTPServer):
    """A server that says nothing when a browser drops a connection mid-file (a page closed while a
    throttled download was under way, as the benchmark's network emulation does)."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(directory: Path, port: int, host: str = "127.0.0.1", quiet: bool = False):
    """A threading server for `directory` on host:port (port 0: any free one); not yet serving."""
    handler = type("Handler", (SiteHandler,), {"quiet": quiet})
    server = QuietServer if quiet else http.server.ThreadingHTTPServer
    return server((host, port), partial(handler, directory=str(directory)))


def serve(directory: Path, port: int) -> None:
    """Serve `directory` on localhost until Ctrl+C."""
    server = make_server(directory, port)
    say(f"serving {directory} at http://127.0.0.1:{server.server_port}/  (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
