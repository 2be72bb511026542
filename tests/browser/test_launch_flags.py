"""Our Chromium flags keep Playwright's own: Chromium reads only the last --disable-features it is given."""

import re
from pathlib import Path

import playwright

from support import CHROMIUM_ARGS, PLAYWRIGHT_DISABLES


def test_our_disabled_features_repeat_the_installed_playwrights():
    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    listed = re.search(r"disabledFeatures = \[(.*?)\]", bundle.read_text(), re.S).group(1)
    theirs = set(re.findall(r'^\s*"([A-Za-z]+)"', listed, re.M))
    assert theirs and theirs <= set(PLAYWRIGHT_DISABLES), theirs - set(PLAYWRIGHT_DISABLES)
    (ours,) = [arg for arg in CHROMIUM_ARGS if arg.startswith("--disable-features=")]
    assert set(PLAYWRIGHT_DISABLES) <= set(ours.split("=", 1)[1].split(","))
