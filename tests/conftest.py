import sys
from pathlib import Path

import pytest

from failed_lists import FailedList

# Tests import pyapp, sitebuild and build.py from the working tree, not from an installed copy.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """A private build of the site: other builds of dist/ during the run cannot disturb it."""
    from sitebuild.site import build

    return build(tmp_path_factory.mktemp("site") / "dist")


@pytest.fixture
def dice_page(monkeypatch):
    """The page's controller (pyapp.webapp.controller), freshly imported, with the worker's event loop (timers,
    the batches' flush)."""
    import asyncio
    import importlib

    monkeypatch.delitem(sys.modules, "pyapp.webapp.controller", raising=False)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    yield importlib.import_module("pyapp.webapp.controller")
    loop.close()
    asyncio.set_event_loop(None)


FAILED_KEY = "dice-dungeons/failed"  # build.py reads it: this run's failed tests (browser crashes: tests/browser)


def pytest_configure(config):
    FailedList.register(config, FAILED_KEY)
