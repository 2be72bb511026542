"""Action codes: a verb and its arguments, space-separated ("go N", "m 3 4",
"take 2B"). Every ruleset makes its codes with `code` and reads them with
`parse`, so a code is spelled in one place. Codes are what saves, replay
links and golden files keep: a code once published never changes meaning.
"""

from __future__ import annotations

from .engine import MalformedAction, is_code

__all__ = ["MalformedAction", "code", "is_code", "parse"]


def code(verb: str, *args) -> str:
    """The code of `verb` with its arguments: code("m", 3, 4) == "m 3 4"."""
    return " ".join([verb, *(str(a) for a in args)])


def parse(text: str) -> tuple[str, list[str]]:
    """(verb, arguments) of a code: parse("m 3 4") == ("m", ["3", "4"]). Text that is no code at all raises
    MalformedAction (a malformed move), where a code the rules refuse now is an IllegalAction."""
    if not is_code(text):
        raise MalformedAction(f"{str(text)[:40]!r} is not an action code.")
    verb, *args = text.split()
    return verb, args
