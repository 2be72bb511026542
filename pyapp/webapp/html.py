"""HTML fragments for the page; every text that reaches them is escaped here."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

from ..engine import RULES_KEY, Ruleset
from ..markup import escape
from .links import MAX_SEED_CHARS
from .saves import Slot


def button_actions(actions) -> list:
    """The actions that get a button (and keys 1-9); board-only ones are played on the map."""
    return [a for a in actions if not a.board]


OVER_TEXT = "No actions left: this game is over. Start a new game below."


RULES_PLAYING = "The computer is playing this turn (Auto step plays its next move now)."


def actions_html(actions, done_text: str = "", rules_playing: bool = False, pictures: dict | None = None) -> str:
    """Buttons for the legal actions, grouped by their group, keys 1-9 on the first nine.
    `done_text`: what to say when nothing is left (a ruleset's Ruleset.done_text); `rules_playing`:
    the next step is the rules' own (Ruleset.automatic), so with nothing to click the page says so;
    `pictures`: View.pictures, an SVG for a button by its code."""
    if not actions:
        return f'<p class="no-actions">{escape(done_text or OVER_TEXT)}</p>'
    groups: dict[str, list[str]] = {}
    for number, action in enumerate(button_actions(actions), start=1):
        picture = (pictures or {}).get(action.code, "")
        groups.setdefault(action.group or "Actions", []).append(_action_button(action, number, picture))
    hint = board_hint([a for a in actions if a.board])
    if rules_playing and not groups and not any(a.target for a in actions):
        hint = f'<p class="board-hint">{RULES_PLAYING}</p>'
    return "".join(
        f'<fieldset class="action-group"><legend>{escape(name)}</legend>{"".join(buttons)}</fieldset>'
        for name, buttons in groups.items()
    ) + hint


def downloads_html(ruleset: Ruleset) -> str:
    """A button for each file the ruleset offers for the current game (map, room key...)."""
    return "".join(
        f'<button type="button" data-control="download" data-download="{escape(d.key)}">'
        f"{escape(d.label)}</button>"
        for d in ruleset.downloads
    )


def tools_html(ruleset: Ruleset, settings: dict) -> str:
    """One collapsible panel per ruleset tool: its form, Run and Cancel buttons,
    a progress bar (hidden until a run starts) and an output box."""
    return "".join(
        f'<details class="tool" id="tool-{escape(t.key)}"><summary>{escape(t.title)}</summary>'
        f'<form class="tool-form" data-tool="{escape(t.key)}">{t.form_html(settings)}'
        f'<button type="submit" class="primary">Run</button>'
        f'<button type="button" data-control="tool-cancel" data-tool="{escape(t.key)}" hidden>Cancel</button></form>'
        f'<p class="tool-progress" id="tool-{escape(t.key)}-progress" hidden>'
        f'<progress max="1" value="0" aria-label="{escape(t.title)}: progress"></progress> '
        f'<span class="tool-count"></span></p>'
        f'<div class="tool-output" id="tool-{escape(t.key)}-output" role="status" aria-live="polite"></div></details>'
        for t in ruleset.tools
    )


def board_hint(board_actions) -> str:
    """Where the actions without a button are: the places marked on the map (one place may offer several
    actions), and those shown elsewhere (Action.where), counted apart so that the map's count means places."""
    if not board_actions:
        return ""
    places = len({a.target or a.code for a in board_actions if not a.where})
    elsewhere: dict[str, int] = {}
    for a in board_actions:
        if a.where:
            elsewhere[a.where] = elsewhere.get(a.where, 0) + 1
    spots = [f'on the map ({places} {"place" if places == 1 else "places"} marked there)'] if places else []
    spots += [f"{escape(where)} ({count} more)" if places else f"{escape(where)} ({count})"
              for where, count in elsewhere.items()]
    return f'<p class="board-hint">…or choose {" or ".join(spots)}; Tab reaches them.</p>'


def _action_button(action, number: int, picture: str = "") -> str:
    key = f'<kbd aria-hidden="true">{number}</kbd>' if number <= 9 else ""
    shortcut = f' aria-keyshortcuts="{number}"' if number <= 9 else ""
    hint = f'<small class="hint">{escape(action.hint)}</small>' if action.hint else ""
    picture = f'<span class="picture" aria-hidden="true">{picture}</span>' if picture else ""
    return (
        f'<button type="button" class="action" data-action="{escape(action.code)}"{shortcut}>'
        f'{key}{picture}<span class="label">{escape(action.label)}</span>{hint}</button>'
    )


def log_items_html(entries: list[str], start: int = 0) -> str:
    """<li> items for log entries from `start` on (the page appends only new ones)."""
    return "".join(f"<li>{escape(str(entry))}</li>" for entry in entries[start:])


def log_update(shown: list[str], entries: list[str]) -> tuple[bool, int, str]:
    """How to bring a shown log up to date: (replace all?, items to drop from
    the front, HTML of the items to add).

    Appending only new items keeps the live region from re-reading the whole
    log. A ruleset keeps only its latest lines, so the front may have been
    trimmed: those items are dropped (removals are not announced). After an
    undo or a new game the shown items no longer match, and the list is replaced.
    """
    for drop in range(len(shown)):
        kept = shown[drop:]
        if entries[: len(kept)] == kept:
            return False, drop, log_items_html(entries, len(kept))
    return bool(shown), 0, log_items_html(entries)


def messages_html(messages: list[str]) -> str:
    return "".join(f'<p class="message">{escape(m)}</p>' for m in messages)


MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def when_text(stamp: float, behind_utc_minutes: int) -> str:
    """A save's or a score's time, "24 Nov 2026, 03:01", where the player is (`behind_utc_minutes`:
    what JS's Date.getTimezoneOffset gives). Written here, not by the browser's toLocaleString:
    its first call costs 13-22 ms here (it loads the locale's data), paid by a page's first drawing,
    and this reads the same in every locale."""
    t = datetime.fromtimestamp(stamp - behind_utc_minutes * 60, UTC)
    return f"{t.day} {MONTHS[t.month - 1]} {t.year}, {t.hour:02d}:{t.minute:02d}"


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
        f'<button type="button" data-control="slot-continue" data-slot="{sid}"'
        f'{" disabled" if is_current else ""}>Continue</button>'
        f'<button type="button" data-control="slot-export" data-slot="{sid}">Export</button>'
        f'<button type="button" data-control="slot-delete" data-slot="{sid}"'
        f'{" disabled" if is_current else ""}>Delete</button>'
        "</span></li>"
    )


# Headers for the score keys the rulesets use; other keys are title-cased.
SCORE_HEADERS = {
    "points": "Points",
    "xp": "XP",
    "deepest": "Deepest level",
    "locations": "Locations",
    "result": "Result",
    "mode": "Mode",
    "name": "Name",
}


def score_header(key: str) -> str:
    """A column header for a score key: "deepest" -> "Deepest level", "max_hp" -> "Max Hp"."""
    if key in SCORE_HEADERS:
        return SCORE_HEADERS[key]
    words = [w for w in re.split(r"[_\s]+", key) if w]
    return " ".join(w[:1].upper() + w[1:] for w in words) or key


def score_columns(rows: list[dict]) -> list[str]:
    """The score keys shown: every key in first-seen order, less any column that
    repeats "points" in every row (3 Dice Dungeon's xp is its points)."""
    keys = list(dict.fromkeys(str(key) for row in rows for key in row["score"]))

    def repeats_points(key: str) -> bool:
        return key != "points" and all(
            "points" in row["score"] and key in row["score"] and row["score"][key] == row["score"]["points"]
            for row in rows
        )

    return [key for key in keys if not repeats_points(key)]


def score_cell(value) -> str:
    """A score value as shown: yes/no for flags (a won game), the rest as text."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def scores_html(rows: list[dict], when: Callable[[float], str]) -> str:
    """The high-score table; columns are the score's own keys, under readable headers."""
    if not rows:
        return '<p class="empty">No finished games yet.</p>'
    columns = score_columns(rows)
    head = "".join(f'<th scope="col">{escape(score_header(c))}</th>' for c in columns)
    body = "".join(
        f'<tr><th scope="row">{rank}</th>'
        + "".join(f"<td>{escape(score_cell(row['score'].get(c, '')))}</td>" for c in columns)
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
    fields = [_field_box(seed_input, "The same seed and settings always give the same dungeon. "
                                     "Leave it empty for a random one.")]
    fields += [_rules_field(ruleset, s, values.get(s.key, s.default)) if s.key == RULES_KEY
               else _setting_field(s, values.get(s.key, s.default)) for s in ruleset.settings]
    return "".join(fields)


def _rules_field(ruleset: Ruleset, setting, playing) -> str:
    """The rules version of the next game: the newest, whatever the game on show plays (a link's older rules
    are that link's; RULINGS, Rules versions), unless the player picks another; the label says which is newest."""
    newest = ruleset.rules_version
    named = replace(setting, label=f"{setting.label} (newest: {newest})")
    now = "" if playing == newest else (f" This game plays version {playing} (its link's); a new game plays "
                                        f"{newest} unless you choose another.")
    return _field_box(_setting_control(named, newest), setting.help + now)


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
            f' {attr}="{limit}"'
            for attr, limit in (("min", setting.minimum), ("max", setting.maximum))
            if limit is not None
        )
        return (f'<label class="field">{label}'
                f'<input name="{name}" type="number"{bounds} value="{escape(str(value))}"></label>')
    if setting.choices:
        options = "".join(
            f'<option value="{escape(c)}"{" selected" if c == value else ""}>{escape(c)}</option>'
            for c in setting.choices
        )
        return f'<label class="field">{label}<select name="{name}">{options}</select></label>'
    limit = setting.maximum or 40
    return (f'<label class="field">{label}'
            f'<input name="{name}" type="text" maxlength="{limit}" value="{escape(str(value))}"></label>')


def form_settings(ruleset: Ruleset, pairs: list[tuple[str, str]]) -> dict:
    """Raw setting values from submitted form pairs (an unticked box sends nothing)."""
    raw: dict[str, str | bool] = dict(pairs)
    for setting in ruleset.settings:
        if isinstance(setting.default, bool):
            raw[setting.key] = setting.key in raw
    return raw
