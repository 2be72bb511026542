"""A page's own choices that are not part of any game (the speed of the rules'
own steps...), kept in the browser's storage under the page's prefix, so a
reload keeps them. A value the page does not offer any more is ignored."""

from __future__ import annotations

from collections.abc import Iterable, MutableMapping


class Prefs:
    def __init__(self, storage: MutableMapping[str, str], slug: str):
        self.storage = storage
        self.prefix = f"dice-dungeons:{slug}:pref:"

    def get(self, name: str, allowed: Iterable[str], default: str) -> str:
        """The kept choice if the page still offers it, else `default`."""
        try:
            value = self.storage.get(self.prefix + name)
        except Exception:  # a storage that breaks while read: the page's default
            return default
        return value if value in set(allowed) else default

    def set(self, name: str, value: str) -> None:
        try:
            self.storage[self.prefix + name] = value
        except Exception:  # storage full or blocked: the choice lasts until the page closes
            pass
