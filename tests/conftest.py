import sys
from pathlib import Path

import pytest

# Tests import pyapp, sitebuild and build.py from the working tree, not from an installed copy.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """A private build of the site: other builds of dist/ during the run cannot disturb it."""
    from sitebuild.site import build

    return build(tmp_path_factory.mktemp("site") / "dist")
