"""Page choices kept across reloads (pyapp/webapp/prefs.py): the monsters' speed."""

from pyapp.webapp.prefs import Prefs

SPEEDS = ["1.0", "0.4", "0.12", "0"]


def test_a_kept_speed_comes_back_per_page_and_an_unknown_one_is_ignored():
    storage = {}
    Prefs(storage, "tabletop-dungeon").set("speed", "0.12")
    assert Prefs(storage, "tabletop-dungeon").get("speed", SPEEDS, "0.4") == "0.12"
    assert Prefs(storage, "three-dice-dungeon").get("speed", SPEEDS, "0.4") == "0.4"  # per page
    storage["dice-dungeons:tabletop-dungeon:pref:speed"] = "9"  # no longer offered
    assert Prefs(storage, "tabletop-dungeon").get("speed", SPEEDS, "0.4") == "0.4"


def test_a_storage_that_refuses_keeps_the_default():
    class Refusing(dict):
        def __setitem__(self, key, value):
            raise OSError("QuotaExceededError")

        def get(self, key, default=None):
            raise OSError("SecurityError")

    prefs = Prefs(Refusing(), "tabletop-dungeon")
    prefs.set("speed", "0")
    assert prefs.get("speed", SPEEDS, "0.4") == "0.4"


def test_prefs_keys_are_not_taken_for_saves():
    from pyapp.webapp import SaveStore

    storage = {"dice-dungeons:tabletop-dungeon:pref:speed": "0", "dice-dungeons:tabletop-dungeon:index": "{bad"}
    store = SaveStore(storage, "tabletop-dungeon")
    assert store.listed() == []
