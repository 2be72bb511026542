"""What the browser tests share: where the browsers are and how to skip without them."""

import os
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
BOOT_TIMEOUT_MS = 90_000  # a cold boot is ~5-14 s here; a loaded CI machine is slower
SHOTS = Path("/tmp/shots")


def missing(what: str, how: str):
    """Skip on a developer's machine without `what`; under CI a missing browser is a failure."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is missing under CI ({how})")
    pytest.skip(f"{what} is not installed ({how}); browser test skipped")
