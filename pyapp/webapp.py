"""What the game page does that needs no browser, so CPython can test it.

The page's DOM layer (static/main.py) only binds the browser to these
functions: it hands over the query string, a dict-like storage and the
clock, and puts the returned HTML into the page. Nothing here imports
`js` or does I/O. Every string that reaches HTML is escaped here.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import dataclass, field
from html import escape
from typing import Callable, MutableMapping
from urllib.parse import parse_qsl, urlencode

from .engine import BadSave, Game, Ruleset

# -- links: seed, settings and replay in the query string ----------------

MAX_SEED_CHARS = 64
MAX_REPLAY_STEPS = 5000
MAX_CODE_CHARS = 60
MAX_QUERY_CHARS = 60_000  # longer queries are not links we made
PAGE_KEYS = ("seed", "replay", "embed")

# Replay codes are short ASCII texts such as "attack BODY" or "exits N, E".
# When every code uses only letters, digits, spaces, commas and "-", the
# link lists them "~"-joined with space as "_" and comma as "." (all
# unreserved in a URL, so nothing gets percent-escaped: "exits_N._E").
# Anything else falls back to "b:" + URL-safe base64 of the JSON list; ":"
# never appears in the first form, so the two cannot be confused.
_PLAIN_CODE = re.compile(r"[A-Za-z0-9 ,-]+\Z")
_PLAIN_OUT = str.maketrans(" ,", "_.")
_PLAIN_IN = str.maketrans("_.", " ,")


class BadLink(ValueError):
    """A share or replay link value that cannot be used; message for the player."""


def encode_replay(codes: list[str]) -> str:
    """Compact, URL-safe text for an action list (see the note above)."""
    if all(_PLAIN_CODE.match(code) for code in codes):
        return "~".join(code.translate(_PLAIN_OUT) for code in codes)
    packed = json.dumps(codes, separators=(",", ":")).encode("utf-8")
    return "b:" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode_replay(text: str) -> list[str]:
    """The action list from `encode_replay` text; raises BadLink if it is not one."""
    text = text.strip()
    if not text:
        return []
    codes = _unpack_base64(text[2:]) if text.startswith("b:") else _unpack_plain(text)
    if len(codes) > MAX_REPLAY_STEPS:
        raise BadLink(f"The replay is too long ({len(codes)} steps; at most {MAX_REPLAY_STEPS}).")
    for code in codes:
        if not code or len(code) > MAX_CODE_CHARS or not code.isprintable():
            raise BadLink(f"The replay holds something that is not an action: {code[:20]!r}.")
    return codes


def _unpack_plain(text: str) -> list[str]:
    if ":" in text:
        raise BadLink("The replay code in the link is damaged (unknown format).")
    return [token.translate(_PLAIN_IN) for token in text.split("~")]


def _unpack_base64(text: str) -> list[str]:
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        codes = json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        raise BadLink("The replay code in the link is damaged and cannot be read.") from None
    if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
        raise BadLink("The replay code in the link is not a list of actions.")
    return codes


def clean_seed(raw: str) -> str:
    """A seed from a link or the form; raises BadLink with the reason if unusable."""
    seed = raw.strip()
    if not seed:
        raise BadLink("The seed is empty.")
    if len(seed) > MAX_SEED_CHARS:
        raise BadLink(f"The seed is too long ({len(seed)} characters; at most {MAX_SEED_CHARS}).")
    if not seed.isprintable():
        raise BadLink("The seed holds characters that cannot be typed (control characters).")
    return seed


@dataclass
class StartRequest:
    """What the page's URL asks for. `seed` None means: no particular dungeon."""

    seed: str | None = None
    settings: dict = field(default_factory=dict)
    replay: list[str] | None = None
    embed: bool = False
    problems: list[str] = field(default_factory=list)


def parse_query(ruleset: Ruleset, query: str) -> StartRequest:
    """Read ?seed=..&<settings>&replay=..&embed=1; bad values become messages."""
    request = StartRequest(settings=ruleset.defaults())
    query = query.lstrip("?")
    if len(query) > MAX_QUERY_CHARS:
        request.problems.append("The link is far too long to be a Dice Dungeons link; it was ignored.")
        return request
    params = dict(parse_qsl(query, keep_blank_values=True))
    request.embed = params.get("embed", "") in ("1", "true", "yes")
    if "seed" in params:
        try:
            request.seed = clean_seed(params["seed"])
        except BadLink as exc:
            request.problems.append(f"{exc} A new dungeon was started instead.")
    setting_values = {k: v for k, v in params.items() if k not in PAGE_KEYS}
    request.settings, problems = ruleset.parse_settings(setting_values)
    request.problems.extend(f"{p} (the default was used)." for p in problems)
    if "replay" in params and request.seed is not None:
        try:
            request.replay = decode_replay(params["replay"])
        except BadLink as exc:
            request.problems.append(f"{exc} The dungeon starts from the beginning.")
    elif "replay" in params:
        request.problems.append("A replay needs its seed; the replay was ignored.")
    return request


def setting_text(value) -> str:
    """A setting value as it is written in a link."""
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def share_query(ruleset: Ruleset, seed: str, settings: dict, *, replay=None, embed=False) -> str:
    """The query string ("?seed=...") that rebuilds this dungeon (and its moves).

    Only settings that differ from their defaults are written, to keep links short.
    """
    pairs = [("seed", seed)]
    pairs += [
        (s.key, setting_text(settings[s.key]))
        for s in ruleset.settings
        if s.key in settings and settings[s.key] != s.default
    ]
    if replay:
        pairs.append(("replay", encode_replay(list(replay))))
    if embed:
        pairs.append(("embed", "1"))
    return "?" + urlencode(pairs)


def page_base(href: str) -> str:
    """The page's address without query or fragment."""
    return href.split("#", 1)[0].split("?", 1)[0]


def embed_snippet(page_url: str, title: str) -> str:
    """The <iframe> code a blogger pastes to embed this game."""
    return (
        f'<iframe src="{escape(page_url)}" title="{escape(title)}" width="100%" height="760" '
        'style="border:0;max-width:640px" loading="lazy"></iframe>'
    )


# -- saves: slots over a dict-like storage (localStorage in the page) ------

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
    safe_seed = re.sub(r"[^A-Za-z0-9_-]+", "-", game.seed).strip("-")[:32] or "game"
    return f"{ruleset.slug}-{safe_seed}-step{len(game.actions)}.json"


# -- high scores -------------------------------------------------------------

MAX_SCORES = 10


def rank_value(score: dict) -> float:
    """The number a score ranks by: its "points", else its first number."""
    if isinstance(score.get("points"), (int, float)):
        return float(score["points"])
    for value in score.values():
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    return 0.0


class HighScores:
    """The best finished games of one ruleset, in the same storage as the saves."""

    def __init__(self, storage: MutableMapping[str, str], slug: str):
        self.storage = storage
        self.key = f"dice-dungeons:{slug}:scores"
        self.rows: list[dict] = []
        text = storage.get(self.key)
        if text is None:
            return
        try:
            rows = json.loads(text)
            if not isinstance(rows, list) or not all(isinstance(r, dict) and isinstance(r.get("score"), dict) for r in rows):
                raise ValueError("not a score list")
            self.rows = rows
        except ValueError:
            storage[self.key + ".damaged"] = text  # kept aside, never lost

    def record(self, game_id: str, seed: str, score: dict, now: float) -> bool:
        """Add a finished game once (keyed by its slot); True if it made the table."""
        if any(row.get("game") == game_id for row in self.rows):
            return False
        row = {"game": game_id, "seed": seed, "score": score, "when": now}
        self.rows = sorted(self.rows + [row], key=lambda r: -rank_value(r["score"]))[:MAX_SCORES]
        self.storage[self.key] = json.dumps(self.rows, separators=(",", ":"))
        return row in self.rows


# -- HTML fragments (all text escaped) ------------------------------------


def actions_html(actions) -> str:
    """Buttons for the legal actions, grouped by their group, keys 1-9 on the first nine."""
    if not actions:
        return '<p class="no-actions">No actions left: this game is over. Start a new game below.</p>'
    groups: dict[str, list[str]] = {}
    for number, action in enumerate(actions, start=1):
        groups.setdefault(action.group or "Actions", []).append(_action_button(action, number))
    return "".join(
        f'<fieldset class="action-group"><legend>{escape(name)}</legend>{"".join(buttons)}</fieldset>'
        for name, buttons in groups.items()
    )


def _action_button(action, number: int) -> str:
    key = f'<kbd aria-hidden="true">{number}</kbd>' if number <= 9 else ""
    shortcut = f' aria-keyshortcuts="{number}"' if number <= 9 else ""
    hint = f'<small class="hint">{escape(action.hint)}</small>' if action.hint else ""
    return (
        f'<button type="button" class="action" data-action="{escape(action.code)}"{shortcut}>'
        f'{key}<span class="label">{escape(action.label)}</span>{hint}</button>'
    )


def log_items_html(entries: list[str], start: int = 0) -> str:
    """<li> items for log entries from `start` on (the page appends only new ones)."""
    return "".join(f"<li>{escape(str(entry))}</li>" for entry in entries[start:])


def log_update(shown: list[str], entries: list[str]) -> tuple[bool, str]:
    """How to bring a shown log up to date: (replace all?, HTML of the items to add).

    Appending only new items keeps the live region from re-reading the whole
    log; after an undo or a new game the shown items no longer match, so the
    list is replaced.
    """
    if entries[: len(shown)] == shown:
        return False, log_items_html(entries, len(shown))
    return True, log_items_html(entries)


def messages_html(messages: list[str]) -> str:
    return "".join(f'<p class="message">{escape(m)}</p>' for m in messages)


def slots_html(slots: list[Slot], current: str | None, when: Callable[[float], str]) -> str:
    """The save-slot list with continue, export and delete buttons."""
    if not slots:
        return '<p class="empty">No saved games yet.</p>'
    return '<ul class="slots">' + "".join(_slot_item(s, s.id == current, when) for s in slots) + "</ul>"


def _slot_item(slot: Slot, is_current: bool, when: Callable[[float], str]) -> str:
    sid = escape(slot.id)
    state = "finished" if slot.over else f"step {slot.steps}"
    problem = f'<span class="slot-problem">{escape(slot.problem)}</span>' if slot.problem else ""
    mark = ' <strong class="current">(playing)</strong>' if is_current else ""
    stamp = escape(when(slot.updated)) if slot.updated else ""
    return (
        f'<li class="slot{" has-problem" if slot.problem else ""}" data-slot="{sid}">'
        f'<span class="slot-name">Seed <code>{escape(slot.seed)}</code>, {state}{mark}</span>'
        f'<span class="slot-when">{stamp}</span>{problem}'
        f'<span class="slot-buttons">'
        f'<button type="button" data-control="slot-continue" data-slot="{sid}"{" disabled" if is_current else ""}>Continue</button>'
        f'<button type="button" data-control="slot-export" data-slot="{sid}">Export</button>'
        f'<button type="button" data-control="slot-delete" data-slot="{sid}"{" disabled" if is_current else ""}>Delete</button>'
        "</span></li>"
    )


def scores_html(rows: list[dict], when: Callable[[float], str]) -> str:
    """The high-score table; columns are the score's own keys."""
    if not rows:
        return '<p class="empty">No finished games yet.</p>'
    columns = list(dict.fromkeys(key for row in rows for key in row["score"]))
    head = "".join(f'<th scope="col">{escape(str(c))}</th>' for c in columns)
    body = "".join(
        f'<tr><th scope="row">{rank}</th>'
        + "".join(f"<td>{escape(str(row['score'].get(c, '')))}</td>" for c in columns)
        + f"<td><code>{escape(str(row.get('seed', '')))}</code></td><td>{escape(when(row.get('when', 0)))}</td></tr>"
        for rank, row in enumerate(rows, start=1)
    )
    return (
        '<table class="scores"><thead><tr><th scope="col">#</th>'
        f'{head}<th scope="col">Seed</th><th scope="col">When</th></tr></thead><tbody>{body}</tbody></table>'
    )


def settings_form_fields(ruleset: Ruleset, values: dict, seed: str) -> str:
    """The inputs of the New game form, filled with the current game's values."""
    seed_input = (
        '<label class="field"><span>Seed</span>'
        f'<input name="seed" type="text" maxlength="{MAX_SEED_CHARS}" value="{escape(seed)}" '
        'autocomplete="off" spellcheck="false"></label>'
    )
    fields = [_field_box(seed_input, "The same seed and settings always give the same dungeon. Leave it empty for a random one.")]
    fields += [_setting_field(s, values.get(s.key, s.default)) for s in ruleset.settings]
    return "".join(fields)


def _field_box(control: str, help_text: str) -> str:
    """One form field with its description kept beside it."""
    described = f'<p class="help">{escape(help_text)}</p>' if help_text else ""
    return f'<div class="field-box">{control}{described}</div>'


def _setting_field(setting, value) -> str:
    return _field_box(_setting_control(setting, value), setting.help)


def _setting_control(setting, value) -> str:
    name = escape(setting.key)
    label = f"<span>{escape(setting.label)}</span>"
    if isinstance(setting.default, bool):
        checked = " checked" if value else ""
        return f'<label class="field check"><input name="{name}" type="checkbox" value="1"{checked}>{label}</label>'
    if isinstance(setting.default, int):
        bounds = "".join(
            f' {attr}="{limit}"' for attr, limit in (("min", setting.minimum), ("max", setting.maximum)) if limit is not None
        )
        return f'<label class="field">{label}<input name="{name}" type="number"{bounds} value="{escape(str(value))}"></label>'
    if setting.choices:
        options = "".join(
            f'<option value="{escape(c)}"{" selected" if c == value else ""}>{escape(c)}</option>' for c in setting.choices
        )
        return f'<label class="field">{label}<select name="{name}">{options}</select></label>'
    limit = setting.maximum or 40
    return f'<label class="field">{label}<input name="{name}" type="text" maxlength="{limit}" value="{escape(str(value))}"></label>'


def form_settings(ruleset: Ruleset, pairs: list[tuple[str, str]]) -> dict:
    """Raw setting values from submitted form pairs (an unticked box sends nothing)."""
    raw = dict(pairs)
    for setting in ruleset.settings:
        if isinstance(setting.default, bool):
            raw[setting.key] = setting.key in raw
    return raw
