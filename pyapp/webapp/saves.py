"""Save slots over a dict-like storage (localStorage in the page), and what a page load opens."""

from __future__ import annotations

import json
import re
from collections.abc import MutableMapping
from dataclasses import dataclass

from ..engine import BadSave, Game, Ruleset
from .links import StartRequest, unplayable

INDEX_FORMAT = 1


class StorageFailed(RuntimeError):
    """The storage refused a write (full, or blocked); message for the player."""


@dataclass
class Slot:
    """One save slot as listed (read from the index, not from the save itself)."""

    id: str
    seed: str
    settings: dict
    steps: int = 0
    over: bool = False
    updated: float = 0.0
    problem: str = ""  # set once a load of this slot failed


class SaveStore:
    """Save slots of one ruleset: one storage key per save plus a JSON index.

    A save that cannot be read is never written over: it keeps its key until
    the player deletes it, and new games always get a fresh slot id.
    """

    def __init__(self, storage: MutableMapping[str, str], slug: str):
        self.storage = storage
        self.prefix = f"dice-dungeons:{slug}:"
        self.notices: list[str] = []
        self.read_only = False
        self._load_index()

    # -- index -----------------------------------------------------------
    def _key(self, name: str) -> str:
        return self.prefix + name

    def _slot_key(self, slot_id: str) -> str:
        return self._key("slot:" + slot_id)

    def _load_index(self) -> None:
        self.current: str | None = None
        self.next_id = 1
        self.slots: dict[str, Slot] = {}
        text = self.storage.get(self._key("index"))
        if text is None:
            return
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or not isinstance(data.get("format"), int):
                raise ValueError("no format")
            if data["format"] > INDEX_FORMAT:
                self.read_only = True
                self.notices.append(
                    "These saves were written by a newer version of Dice Dungeons; they are left "
                    "untouched and new progress is not saved. Reload to get the newest page."
                )
                return
            self._read_index(data)
        except (ValueError, TypeError, KeyError, AttributeError):
            self._rebuild_index(text)

    def _read_index(self, data: dict) -> None:
        for slot_id, meta in data["slots"].items():
            self.slots[str(slot_id)] = Slot(
                id=str(slot_id), seed=str(meta["seed"]), settings=dict(meta["settings"]),
                steps=int(meta.get("steps", 0)), over=bool(meta.get("over", False)),
                updated=float(meta.get("updated", 0)),
            )
        self.current = data.get("current") if data.get("current") in self.slots else None
        self.next_id = max(int(data.get("next", 1)), self._highest_id() + 1)

    def _rebuild_index(self, damaged: str) -> None:
        """Keep the damaged list aside and list every save still in storage."""
        self.storage[self._key("index.damaged")] = damaged
        self.slots = {}
        for key in list(self.storage.keys()):
            if key.startswith(self._key("slot:")):
                slot_id = key[len(self._key("slot:")):]
                self.slots[slot_id] = Slot(id=slot_id, seed="?", settings={})
        self.next_id = self._highest_id() + 1
        self.notices.append(
            f"The list of saves was damaged; it was rebuilt from the {len(self.slots)} save(s) found."
        )
        self._write_index()

    def _highest_id(self) -> int:
        numbers = [int(s[1:]) for s in self.slots if s[:1] == "s" and s[1:].isdigit()]
        return max(numbers, default=0)

    def _write_index(self) -> None:
        data = {
            "format": INDEX_FORMAT,
            "current": self.current,
            "next": self.next_id,
            "slots": {
                s.id: {"seed": s.seed, "settings": s.settings, "steps": s.steps,
                       "over": s.over, "updated": s.updated}
                for s in self.slots.values()
            },
        }
        self._write(self._key("index"), json.dumps(data, separators=(",", ":")))

    def _write(self, key: str, text: str) -> None:
        if self.read_only:
            return
        try:
            self.storage[key] = text
        except Exception as exc:  # the browser's QuotaExceededError and kin
            raise StorageFailed(f"Could not save: the browser refused ({exc}).") from None

    # -- slots -----------------------------------------------------------
    def listed(self) -> list[Slot]:
        """Slots, most recently played first."""
        return sorted(self.slots.values(), key=lambda s: (-s.updated, s.id))

    def new_slot(self, game: Game, now: float) -> str:
        """Save `game` in a fresh slot and make it current."""
        slot_id = f"s{self.next_id}"
        self.next_id += 1
        self.slots[slot_id] = Slot(id=slot_id, seed=game.seed, settings=dict(game.settings))
        self.save(slot_id, game, now)
        return slot_id

    def save(self, slot_id: str, game: Game, now: float) -> None:
        """Write `game` into its slot (autosave after every action)."""
        slot = self.slots[slot_id]
        if slot.problem:
            raise StorageFailed("This slot holds a save that could not be read; it is not written over.")
        self._write(self._slot_key(slot_id), game.to_json())
        slot.seed, slot.settings = game.seed, dict(game.settings)
        slot.steps, slot.over, slot.updated = len(game.actions), game.over, now
        self.current = slot_id
        self._write_index()

    def load(self, slot_id: str, ruleset: Ruleset) -> Game:
        """The game in a slot; raises BadSave (and marks the slot) if unreadable."""
        if slot_id not in self.slots:
            raise BadSave("There is no such save.")
        text = self.storage.get(self._slot_key(slot_id))
        try:
            if text is None:
                raise BadSave("This save is missing from the browser's storage.")
            game = Game.from_json(ruleset, text)
        except BadSave as exc:
            self.slots[slot_id].problem = str(exc)
            raise
        except Exception:  # a tampered state can break the rules code in any way
            self.slots[slot_id].problem = "This save is damaged and cannot be loaded."
            raise BadSave(self.slots[slot_id].problem) from None
        slot = self.slots[slot_id]
        slot.problem, slot.seed, slot.settings = "", game.seed, dict(game.settings)
        return game

    def select(self, slot_id: str) -> None:
        """Make a (just loaded) slot the one that autosave writes to."""
        self.current = slot_id
        self._write_index()

    def raw(self, slot_id: str) -> str | None:
        """A slot's stored text as it is (export of a save, readable or not)."""
        return self.storage.get(self._slot_key(slot_id))

    def delete(self, slot_id: str) -> None:
        """Remove a slot the player chose to delete."""
        if self.read_only:
            return
        self.slots.pop(slot_id, None)
        try:
            del self.storage[self._slot_key(slot_id)]
        except KeyError:
            pass
        if self.current == slot_id:
            self.current = None
        self._write_index()

    def find(self, seed: str, settings: dict, ruleset: Ruleset, prefix: list[str] | None = None):
        """The slot id and game of the latest readable save for this dungeon, or (None, None).

        With `prefix`, the saved game must begin with those actions (a replay
        link that was played on and then reloaded continues, not restarts).
        """
        candidates = [s for s in self.listed() if s.seed == seed and s.settings == settings]
        candidates.sort(key=lambda s: s.id != self.current)  # stable: current first
        for slot in candidates:
            try:
                game = self.load(slot.id, ruleset)
            except BadSave:
                continue
            if prefix is None or game.actions[: len(prefix)] == prefix:
                return slot.id, game
        return None, None


# -- deciding what a page load opens ---------------------------------------


@dataclass
class Opened:
    """The game a page load opens, its slot, and what to tell the player."""

    game: Game
    slot: str | None
    messages: list[str]


def open_game(ruleset: Ruleset, request: StartRequest, store: SaveStore, fresh_seed: str, now: float) -> Opened:
    """Continue the saved game the URL points at, or start the dungeon it names.

    No seed in the URL: continue the current slot. A seed: continue the
    latest save of that seed and settings, else start it fresh. A replay:
    continue a save that began with those moves, else replay them.
    """
    messages = list(request.problems)
    if request.seed is None and store.current:
        try:
            return Opened(store.load(store.current, ruleset), store.current, messages)
        except BadSave as exc:
            messages.append(f"Your last game could not be continued: {exc} It is kept; a new game was started.")
    if request.seed is not None:
        slot_id, game = store.find(request.seed, request.settings, ruleset, request.replay)
        if game is not None:
            store.current = slot_id
            return Opened(game, slot_id, messages)
    seed = request.seed if request.seed is not None else fresh_seed
    game = Game(ruleset, seed, request.settings)
    if request.replay:
        try:
            game = Game.replay(ruleset, seed, request.settings, request.replay)
        except BadSave as exc:
            messages.append(f"{exc} The dungeon starts from the beginning.")
        except Exception as exc:  # a rules bug met on the way must not stop the page
            messages.append(f"{unplayable(exc)} The dungeon starts from the beginning.")
    return Opened(game, _new_slot_or_none(store, game, now, messages), messages)


def _new_slot_or_none(store: SaveStore, game: Game, now: float, messages: list[str]) -> str | None:
    try:
        return store.new_slot(game, now)
    except StorageFailed as exc:
        messages.append(str(exc))
        return None


def import_save(ruleset: Ruleset, store: SaveStore, text: str, now: float) -> tuple[Game, str]:
    """Load an exported save into a new slot; raises BadSave and writes nothing if unreadable."""
    try:
        game = Game.from_json(ruleset, text)
    except BadSave:
        raise
    except Exception:
        raise BadSave("This file is damaged and cannot be loaded.") from None
    return game, store.new_slot(game, now)


def export_name(ruleset: Ruleset, game: Game) -> str:
    """A file name for an exported save."""
    return download_name(ruleset, game, "json")


def download_name(ruleset: Ruleset, game: Game, extension: str) -> str:
    """A file name for something of this game: the page, the seed (file-safe), the step."""
    safe_seed = re.sub(r"[^A-Za-z0-9_-]+", "-", game.seed).strip("-")[:32] or "game"
    return f"{ruleset.slug}-{safe_seed}-step{len(game.actions)}.{extension}"
