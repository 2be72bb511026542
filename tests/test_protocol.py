"""The page's protocol is declared once per language and used only as declared (pyapp/webapp/protocol.py,
static/protocol.mjs): a message, operation or event used and not declared fails here."""

import json
import re
from pathlib import Path

import pytest

from pyapp.webapp import controller, protocol

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "static"


def declared_in_js() -> dict:
    text = (STATIC / "protocol.mjs").read_text()
    body = re.search(r"export const PROTOCOL = (\{.*?\n\});", text, re.S).group(1)
    return json.loads(body)


def test_the_two_declarations_are_equal():
    python = {table: {name: list(fields) for name, fields in entries.items()}
              for table, entries in protocol.PROTOCOL.items()}
    assert declared_in_js() == python


def test_the_agent_makes_every_declared_operation_and_no_other():
    text = (STATIC / "agent.mjs").read_text()
    for table in ("ON_ELEMENT", "ON_PAGE"):
        block = re.search(rf"const {table} = \{{\n(.*?)\n\}};", text, re.S).group(1)
        # a table's own keys sit two spaces in: "name:", name(, or a shorthand "name,"
        made = set(re.findall(r'^  "?([a-z][a-z-]*)"?(?::|\(|,)', block, re.M))
        assert made == set(getattr(protocol, table)), table


def test_every_event_the_agent_sends_is_declared_and_python_handles_each():
    text = (STATIC / "agent.mjs").read_text()
    sent = set(re.findall(r'kind: "([a-z-]+)"', text))
    assert sent and sent <= set(protocol.EVENTS)
    assert set(controller.EVENTS) == set(protocol.EVENTS)


def test_every_message_the_two_sides_say_is_declared():
    said = set()
    for name in ("game_thread.mjs", "game_link.mjs", "game_worker.mjs"):
        text = (STATIC / name).read_text()
        said |= set(re.findall(r'(?:message|say)\("([a-z]+)"', text))
        said |= set(re.findall(r'kind: "([a-z]+)"', text))  # the sandbox's blob worker writes its one by hand
    assert said and said <= set(protocol.TO_GAME) | set(protocol.TO_PAGE)
    heard = re.search(r"const ON_MESSAGE = \{\n(.*?)\n\};", (STATIC / "game_link.mjs").read_text(), re.S).group(1)
    assert set(re.findall(r"^  ([a-z]+):", heard, re.M)) | {"failed"} == set(protocol.TO_PAGE)


def test_python_sends_only_declared_operations_with_their_fields():
    assert protocol.operation("prop", "#undo", "disabled", True) == ["prop", "#undo", "disabled", True]
    with pytest.raises(ValueError, match="not in the protocol"):
        protocol.operation("glow", "#board")
    with pytest.raises(ValueError, match="not in the protocol"):
        protocol.operation("prop", "#undo", "disabled")  # a value short
    sources = list((ROOT / "pyapp").rglob("*.py"))
    used = {name for path in sources for name in re.findall(r'\.op\("([a-z-]+)"', path.read_text())}
    assert used and used <= set(protocol.OPERATIONS)
