"""Action codes: a verb and its arguments, space-separated ("go N", "m 3 4",
"take 2B"). Every ruleset makes its codes with `code` and reads them with
`parse`, so a code is spelled in one place. Codes are what saves, replay
links and golden files keep: a code once published never changes meaning.
"""

from __future__ import annotations


def code(verb: str, *args) -> str:
    """The code of `verb` with its arguments: code("m", 3, 4) == "m 3 4"."""
    return " ".join([verb, *(str(a) for a in args)])


def parse(text: str) -> tuple[str, list[str]]:
    """(verb, arguments) of a code: parse("m 3 4") == ("m", ["3", "4"])."""
    verb, *args = text.split()
    return verb, args
