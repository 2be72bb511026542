"""The run's failed tests, kept in pytest's cache for build.py (tests/conftest.py, tests/browser/conftest.py)."""


class FailedList:
    """Lists, under `key` in pytest's cache, the run's failed tests that `counts`, where the reports come
    together: the only process, or pytest-xdist's controller (its workers, each reading and writing the one
    list, would lose entries)."""

    def __init__(self, cache, key: str, counts=lambda report: True):
        self.cache, self.key, self.counts = cache, key, counts

    def pytest_runtest_logreport(self, report):
        if not (report.failed and self.counts(report)):
            return
        failed = self.cache.get(self.key, [])
        if report.nodeid not in failed:
            self.cache.set(self.key, [*failed, report.nodeid])

    @classmethod
    def register(cls, config, key: str, counts=lambda report: True) -> None:
        cache = getattr(config, "cache", None)  # None under -p no:cacheprovider
        if cache is not None and not hasattr(config, "workerinput"):
            config.pluginmanager.register(cls(cache, key, counts), f"dice-dungeons:{key}")
