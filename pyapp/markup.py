"""Text made safe for HTML, and query strings read and written, without
importing `html` and `urllib.parse`: in Pyodide those two imports cost about
0.3 s of every page start. Each function gives exactly what its standard
library namesake gives (tests/test_markup.py proves it on random text).
"""

from __future__ import annotations

import re

_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"}
_HTML_CHARS = re.compile("[&<>\"']")
_RESERVED_RUN = re.compile("[^A-Za-z0-9_.~-]+")  # what urllib.parse.quote_plus changes
_ASCII_RUN = re.compile("([\x00-\x7f]+)")
_HEX = "0123456789abcdefABCDEF"


def escape(text: str) -> str:
    """Like html.escape(text, quote=True)."""
    if not _HTML_CHARS.search(text):  # most texts of a board: nothing to replace, no new string
        return text
    return _HTML_CHARS.sub(lambda m: _HTML[m.group()], text)


def _percent(match: re.Match) -> str:
    return "".join("+" if byte == 0x20 else f"%{byte:02X}" for byte in match.group().encode("utf-8"))


def _quote_plus(text: str) -> str:
    # the runs of unreserved characters (nearly all of a replay link) are kept by the regex engine, not a byte loop
    return _RESERVED_RUN.sub(_percent, text)


def encode_query(pairs) -> str:
    """Like urllib.parse.urlencode(pairs) for string keys and values."""
    return "&".join(f"{_quote_plus(str(k))}={_quote_plus(str(v))}" for k, v in pairs)


def _unquote_bytes(text: str) -> bytes:
    pieces = text.encode("utf-8").split(b"%")
    out = [pieces[0]]
    for piece in pieces[1:]:
        pair = piece[:2].decode("ascii", "replace")
        if len(pair) == 2 and pair[0] in _HEX and pair[1] in _HEX:
            out += [bytes([int(pair, 16)]), piece[2:]]
        else:
            out += [b"%", piece]
    return b"".join(out)


def _unquote_plus(text: str) -> str:
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    bits = _ASCII_RUN.split(text)  # non-ASCII text is kept as it is, like urllib
    out = [bits[0]]
    for i in range(1, len(bits), 2):
        out += [_unquote_bytes(bits[i]).decode("utf-8", "replace"), bits[i + 1]]
    return "".join(out)


def unquote_plus(text: str) -> str:
    """Like urllib.parse.unquote_plus(text)."""
    return _unquote_plus(text)


def query_pairs(query: str) -> list[tuple[str, str]]:
    """Like urllib.parse.parse_qsl(query, keep_blank_values=True)."""
    pairs = []
    for field in query.split("&"):
        if not field:
            continue
        name, _, value = field.partition("=")
        pairs.append((_unquote_plus(name), _unquote_plus(value)))
    return pairs


def table(head: list, rows: list) -> str:
    """An HTML table of plain values (each escaped): one header row, then the rows."""
    top = "".join(f'<th scope="col">{escape(str(h))}</th>' for h in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{top}</tr></thead><tbody>{body}</tbody></table>"
