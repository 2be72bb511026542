"""What a game of 3 Dice Dungeon, and of 3RD6 Dungeon with it, records in its state beside the map, in the
layout their saved games and links have: the log, the dice tray, the rules version."""

from __future__ import annotations

from functools import partial

from .. import engine
from ..engine import RULES_KEY, Tray

LOG_KEEP = 400  # log lines kept in the state, the latest
# The dice of the latest action, each entry [what, [faces], sides]: a roll for the same thing as the entry before
# joins it (a character's three attribute dice, a location's exits); apply empties it as every action starts.
TRAY = Tray(layout=("what", "faces", "sides"), merge=True)

say = partial(engine.say, keep=LOG_KEEP)
roll = partial(engine.roll, tray=TRAY)


def keep_rules_version(state: dict, later_keys: tuple[str, ...]) -> None:
    """Note the game's rules version in its state from version 2 on (docs/links-and-versions.md). A
    version-1 game's state stays what it was before versions came: without the settings added since."""
    opts = state["opts"]
    version = int(opts.get(RULES_KEY, 1))
    if version > 1:
        state["rules"] = version
        return
    for key in (RULES_KEY, *later_keys):
        opts.pop(key, None)
