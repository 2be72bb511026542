"""Links: seed, settings and replay in a page's query string, and the embed code."""

from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import dataclass, field

from ..engine import RULES_KEY, BadSave, Game, Ruleset, is_code
from ..markup import encode_query, escape, unquote_plus
from . import compact, daily

MAX_SEED_CHARS = 64
MAX_REPLAY_STEPS = 5000
MAX_QUERY_CHARS = 60_000  # longer queries (or fragments) are not links we made
# A replay link whose query would be longer carries its moves after "#" (the fragment, which hosts never see):
# GitHub Pages answers 414 to a query of about 8,000 characters, the page's path counted.
HOST_QUERY_CHARS = 7_500
PAGE_KEYS = ("seed", "replay", "embed", "v", "hand", "daily", "at")  # never a setting's key

# A link is a promise: the same link opens the same dungeon and replays the
# same game after every later release. When a rules change would break that,
# the ruleset's `rules_version` goes up and new links carry it as `v=N`. A
# link without `v` was made under version 1 (every link made so far), so
# links made before versions existed keep meaning what they meant.
LINK_RULES_VERSION = 1  # what a link without "v" means

# The replay links the page writes are compact (compact.py, issue 46): "replay=~1..." gives each move as its
# place among the legal actions offered then. Links made before carry the moves' codes, and still open:
# replay codes are short ASCII texts such as "attack BODY" or "exits N, E".
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
    """URL-safe text for an action list in the code form (see the note above): no page writes it since issue
    46, but links made before are in it (the tests make them with this)."""
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
    _check_codes(codes)
    return codes


def _check_codes(codes: list[str]) -> None:
    """Raise BadLink unless a page would accept these codes as a replay."""
    if len(codes) > MAX_REPLAY_STEPS:
        raise BadLink(f"The replay is too long ({len(codes)} steps; at most {MAX_REPLAY_STEPS}).")
    for code in codes:
        if not is_code(code):
            raise BadLink(f"The replay holds something that is not an action: {code[:20]!r}.")


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
    rules_version: int = LINK_RULES_VERSION  # the rules the link was made under
    hand: int | None = None  # play by link: the seat (0-based) this link was handed to (&hand=N names it from 1)
    daily: str | None = None  # ?daily=YYYY-MM-DD: that day's dungeon (webapp/daily.py)
    replay_behind: bool = False  # the link's "#" part held a replay (a long game's link): the address drops it
    at: int | None = None  # &at=N: the replay opens watched at its move N (webapp/watch.py)
    problems: list[str] = field(default_factory=list)


def parse_query(ruleset: Ruleset, query: str, today: str | None = None) -> StartRequest:
    """Read ?seed=..&<settings>&replay=..&embed=1 (or ?daily=YYYY-MM-DD, checked against `today`, the UTC
    date the page hands over), and a long game's #replay=.. after it: `query` is the address from its "?"
    on, fragment included; bad values become messages."""
    request = StartRequest(settings=ruleset.defaults())
    query, _, fragment = query.partition("#")
    query = query.lstrip("?")
    if len(query) > MAX_QUERY_CHARS:
        request.problems.append("The link is far too long to be a Dice Dungeons link; it was ignored.")
        return request
    params = _read_params(ruleset, query, request)
    request.embed = params.get("embed", "") in ("1", "true", "yes")
    if "seed" in params:
        try:
            request.seed = clean_seed(params["seed"])
        except BadLink as exc:
            request.problems.append(f"{exc} A new dungeon was started instead.")
    if "v" in params:
        _read_rules_version(params["v"], request)
    if params.get("hand", "").strip() in ("1", "2", "3", "4", "5", "6", "7", "8"):
        request.hand = int(params["hand"]) - 1
    elif "hand" in params:
        request.problems.append("The link's seat (hand) is not a seat number from 1 to 8; it was ignored.")
    setting_values = {k: v for k, v in params.items() if k not in PAGE_KEYS}
    request.settings, problems = ruleset.parse_settings(setting_values)
    request.problems.extend(f"{p} (the default was used)." for p in problems)
    played = ruleset.rules_version
    if ruleset.keeps_old_rules():  # the link's rules; a new dungeon (no seed) the newest
        newest = request.seed is None and "v" not in params
        played = ruleset.rules_version if newest else min(max(request.rules_version, 1), ruleset.rules_version)
        request.settings[RULES_KEY] = played
    if "v" in params:
        _tell_rules_played(ruleset, params["v"], request, played)
    if "daily" in params:
        _read_daily(ruleset, params, request, today)
    replay = _replay_text(params, fragment, request)
    if replay is not None and request.seed is not None:
        try:
            request.replay = _read_replay(ruleset, request, replay)
        except BadLink as exc:
            request.problems.append(f"{exc} The dungeon starts from the beginning.")
    elif replay is not None:
        request.problems.append("A replay needs its seed; the replay was ignored.")
    if "at" in params:
        _read_move_shown(params["at"], request)
    return request


def _replay_text(params: dict[str, str], fragment: str, request: StartRequest) -> str | None:
    """The link's replay: its query's, else the one after its "#" (a long game's, see replay_query). Nothing
    else after "#" is the page's (WordPress puts "?secret=..." there)."""
    if len(fragment) > MAX_QUERY_CHARS:
        request.problems.append("The part of the link after its # is far too long to be a replay; it was ignored.")
        request.replay_behind = True
        return params.get("replay")
    behind = [unquote_plus(value) for key, eq, value in (part.partition("=") for part in fragment.split("&"))
              if eq and key.lstrip("?") == "replay"]
    if "replay" in params and behind:
        request.problems.append("The link holds two replays, before and after its #; the first was read.")
    request.replay_behind = "replay" not in params and bool(behind)
    return params.get("replay", behind[-1] if behind else None)


def _read_replay(ruleset: Ruleset, request: StartRequest, text: str) -> list[str]:
    """The moves of a link's replay, either form (raises BadLink with the reason)."""
    if not text.strip().startswith("~"):  # the code form of links made before issue 46
        return decode_replay(text)
    text = text.strip()
    if not text.startswith(compact.MARK):
        raise BadLink("The replay in the link is of a form this page does not know (a newer page's?): reload "
                      "the page to get the newest.")
    try:
        return compact.read(ruleset, request.seed or "", request.settings, text[len(compact.MARK):],
                            MAX_REPLAY_STEPS)
    except compact.Damaged as exc:
        raise BadLink(str(exc)) from None
    except Exception as exc:  # a rules bug met on the way must not stop the page
        raise BadLink(unplayable(exc)) from None


def unplayable(exc: Exception) -> str:
    """What the page says when the rules failed while a replay was played (a bug, to report)."""
    return f"The replay could not be played ({type(exc).__name__})."


def _read_move_shown(raw: str, request: StartRequest) -> None:
    """&at=N: the move a replay link opens watched at; anything else is said and the game opens as it stands."""
    if request.replay is None:
        request.problems.append("The link names a move to watch (at) but carries no replay; it was ignored.")
    elif raw.strip().isdigit() and len(raw.strip()) <= 6:
        request.at = int(raw.strip())
    else:
        request.problems.append(f"The link's move to watch (at={raw[:12]}) is not a move number; the game opens "
                                "at its last move.")


# Hand-edited links (issue 46). Three kinds of damage would open another game in silence; each is read
# when that can be done without doubt, and otherwise what was ignored is said, one line each:
# - A key in capitals (SEED=, Players=): an ASCII key the page does not know as it stands, whose lower case
#   it knows, is read as that key. A link naming the key in lower case as well is read by that one, and
#   the other, when it differs, is said to be ignored.
# - A link percent-encoded again (seed%3Dabc%26v%3D2, or twice: seed%253Dabc): a field with no "=" holding
#   a "%" (no key the page knows looks so) is decoded once more, at most MAX_DECODES times, and read as the
#   query it decodes to when that is well formed (each field key=value) and names a key the page knows.
# - A value that ends inside a %-escape ("%" or "%2" at its end, or escapes that stop inside a UTF-8
#   character): no link the page makes ends so (a "%" is written %25), so the link was cut short or
#   mistyped: the value is ignored, and that said.
# Parameters the page does not know (utm_source, fbclid, ...) stay ignored in silence, as on every site.
# A link the page makes has lower-case keys, "=" in every field and whole escapes: it reads as before.
MAX_DECODES = 3
_CUT_ESCAPE = re.compile(r"%[0-9A-Fa-f]?\Z")
_HEX = "0123456789abcdefABCDEF"


@dataclass
class _Field:
    key: str
    value: str
    cut: bool  # the field ends inside a %-escape
    keyless: bool  # the field has no "="
    depth: int  # how many times it was decoded more than a link the page makes


def _ends_inside_escape(raw: str) -> bool:
    """The raw text of a field ends with "%" or "%X", or with %-escapes that stop inside a UTF-8 character
    ("%C3", "%E2%82"). Only the end is looked at: the time taken does not grow with the text."""
    if _CUT_ESCAPE.search(raw[-2:]):
        return True
    tail: list[int] = []  # the bytes of the escapes at the end, at most the 4 of one character
    end = len(raw)
    while len(tail) < 4 and end >= 3 and raw[end - 3] == "%" and raw[end - 2] in _HEX and raw[end - 1] in _HEX:
        tail.insert(0, int(raw[end - 2 : end], 16))
        end -= 3
    for after, byte in enumerate(reversed(tail)):  # `after`: continuation bytes that follow this byte
        if byte & 0xC0 != 0x80:  # the last byte that starts a character: are all its bytes there?
            needs = 1 if 0xC2 <= byte <= 0xDF else 2 if 0xE0 <= byte <= 0xEF else 3 if 0xF0 <= byte <= 0xF4 else 0
            return after < needs
    return False


def _known_key(key: str, known: frozenset) -> str:
    """The page's key a link's key names: itself, or its lower case when only that is a key the page knows."""
    if key in known or not key.isascii():
        return key
    return key.lower() if key.lower() in known else key


def _fields(text: str, known: frozenset, depth: int) -> tuple[list[_Field], bool]:
    """The fields of a query, a field percent-encoded again read as the query it decodes to (see above); and
    whether the query is well formed: each field key=value, but for a last one cut inside an escape."""
    fields: list[_Field] = []
    well_formed = True
    parts = [part for part in text.split("&") if part]
    for i, part in enumerate(parts):
        raw_key, eq, raw_value = part.partition("=")
        cut = _ends_inside_escape(part)
        if not eq and "%" in part and depth < MAX_DECODES:
            inner, inner_well_formed = _fields(unquote_plus(part).lstrip("?"), known, depth + 1)
            if inner_well_formed and any(_known_key(item.key, known) in known for item in inner):
                fields += inner
                continue
        if not eq and not (cut and i == len(parts) - 1):
            well_formed = False
        fields.append(_Field(unquote_plus(raw_key), unquote_plus(raw_value), cut, not eq, depth))
    return fields, well_formed


def _read_params(ruleset: Ruleset, query: str, request: StartRequest) -> dict[str, str]:
    """The link's parameters by the page's keys (the notes above); what was ignored goes to request.problems."""
    known = frozenset(PAGE_KEYS) | {setting.key for setting in ruleset.settings}
    fields, _ = _fields(query, known, 0)
    as_written = {item.key: item.value for item in fields if item.key in known}  # the last of each
    params: dict[str, str] = {}
    for item in fields:
        key = _known_key(item.key, known)
        if key != item.key and key in as_written:  # SEED= beside seed=: seed= is read
            if item.value != as_written[key]:
                request.problems.append(
                    f"The link names {key} twice ({key}= and {item.key}=); {item.key}={item.value[:40]!r} "
                    "was ignored."
                )
        elif item.cut and key in known:
            request.problems.append(_cut_value(ruleset, key, item.value))
        elif item.cut and item.keyless and (item.depth or _known_key(_CUT_ESCAPE.sub("", item.key), known) in known):
            # a link cut inside a key ("seed%", or in a link decoded once more, "v%3"): what followed is lost
            request.problems.append(
                f"The link ends inside a %-escape ({item.key[:40]!r}): it was cut short, and what followed was "
                "ignored."
            )
        else:
            params[key] = item.value
    return params


def _cut_value(ruleset: Ruleset, key: str, value: str) -> str:
    """The line saying that the link's value for `key`, which ends inside a %-escape, was ignored."""
    why = "ends inside a %-escape: the link was cut short or mistyped, so it was ignored"
    shown = repr(value[:40])
    labels = {setting.key: setting.label for setting in ruleset.settings}
    if key == "seed":
        return f"The link's seed {shown} {why}. A new dungeon was started instead."
    if key == "replay":
        return f"The link's replay {why}; the dungeon starts from the beginning."
    if key in labels and key not in PAGE_KEYS:
        return f"{labels[key]}: {shown} {why} (the default was used)."
    return f"The link's {key}= value {shown} {why}."


def _read_daily(ruleset: Ruleset, params: dict, request: StartRequest, today: str | None) -> None:
    """?daily=YYYY-MM-DD: that day's seed with the daily settings, under the link's rules version if it names
    one, else the newest (docs/links-and-versions.md). A day that is no day's is said, and the page opens as
    the rest of the link asks."""
    raw = params["daily"]
    try:
        if today is None:
            raise daily.BadDay("The page could not tell today's date.")
        day = daily.check_day(raw, today)
    except daily.BadDay as exc:
        request.problems.append(f"{exc} The link's day was ignored; the page opened as usual.")
        return
    settings = daily.daily_settings(ruleset)
    if ruleset.keeps_old_rules() and "v" in params:
        settings[RULES_KEY] = request.settings[RULES_KEY]  # the link's rules, as read above
    if "seed" in params or any(k in params for k in settings if k != RULES_KEY):
        request.problems.append("A day's dungeon has its own seed and settings; the link's were not used.")
    request.daily, request.seed, request.settings = day, daily.daily_seed(day), settings


_VERSION = re.compile(r"[+-]?[0-9]+\Z")


def _read_rules_version(raw: str, request: StartRequest) -> None:
    """Note the link's rules version when it is a number (a link's v that is not one counts as absent: 1)."""
    if _VERSION.match(raw.strip()):
        request.rules_version = int(raw.strip())


def _tell_rules_played(ruleset: Ruleset, raw: str, request: StartRequest, played: int) -> None:
    """Whenever the game is not played with the rules the link's v asked for, say which rules it is played
    with: a mistyped v (a version-8 link reading v=8b opens version 1) must not pass in silence."""
    plays = (f"versions 1 to {ruleset.rules_version}" if ruleset.keeps_old_rules() and ruleset.rules_version > 1
             else f"version {ruleset.rules_version}")
    then = f"the game is played with rules version {played}"
    asked = raw.strip()
    if not _VERSION.match(asked):
        request.problems.append(
            f"The link's rules version (v={asked[:12]}) is not a number, so it was ignored: {then}, the rules "
            f"of a link without a version; the dungeon may not be the one the link was made for."
        )
    elif request.rules_version > ruleset.rules_version:
        request.problems.append(
            f"This link was made for newer rules (version {request.rules_version}; this page plays {plays}): "
            f"{then}, and the dungeon may differ. Reload to get the newest page."
        )
    elif request.rules_version < 1:
        request.problems.append(
            f"The link's rules version {request.rules_version} does not exist (this page plays {plays}): {then}; "
            "the dungeon may not be the one the link was made for."
        )
    elif request.rules_version != played:
        request.problems.append(
            f"This link was made for older rules (version {request.rules_version}; this page plays {plays}): "
            f"{then}, and the dungeon may differ."
        )


def fresh_settings(ruleset: Ruleset, settings: dict) -> dict:
    """The settings of a new game started from this game's (New slot): the player's choices kept, the rules
    the newest (RULINGS, Rules versions: a link's older rules are for that link's game, not the next one)."""
    if not ruleset.keeps_old_rules():
        return dict(settings)
    return {**settings, RULES_KEY: ruleset.rules_version}


def setting_text(value) -> str:
    """A setting value as it is written in a link."""
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def share_query(ruleset: Ruleset, seed: str, settings: dict, *, replay=None, picks=None, embed=False) -> str:
    """The query string ("?seed=...") that rebuilds this dungeon (and its moves, `replay`, in the compact form:
    see replay_text; replay_query is the link the page offers).

    Only settings that differ from their defaults are written, to keep links short.
    """
    pairs = [("seed", seed)]
    pairs += [
        (s.key, setting_text(settings[s.key]))
        for s in ruleset.settings
        if s.key in settings and settings[s.key] != s.default
    ]
    if ruleset.rules_version != LINK_RULES_VERSION and not ruleset.keeps_old_rules():
        # links of version 1 never say so: they stay as they were (a ruleset that keeps its old rules has
        # written its game's version above, as a setting)
        pairs.append(("v", str(ruleset.rules_version)))
    if replay:
        pairs.append(("replay", replay_text(ruleset, seed, settings, list(replay), picks)))
    if embed:
        pairs.append(("embed", "1"))
    return "?" + encode_query(pairs)


def replay_text(ruleset: Ruleset, seed: str, settings: dict, actions: list[str], picks=None) -> str:
    """The compact replay of these moves (compact.py), from their picks as Game.picks gives them; without
    them, the moves are replayed to know them (BadSave if they do not replay)."""
    if picks is None:
        picks = Game.replay(ruleset, seed, settings, actions).picks()
    return compact.pack(picks, actions)


REPLAY_TOO_LONG = (
    f"This game is too long for a replay link (a link carries at most {MAX_REPLAY_STEPS:,} moves); export the "
    "save instead (Saved games, Export this game) to move it to another browser."
)


def replay_query(ruleset: Ruleset, seed: str, settings: dict, actions: list[str], picks=None) -> str | None:
    """The address of a replay link for these moves from its "?" on (picks: see replay_text), or None when no
    link can carry them: past MAX_REPLAY_STEPS moves, or moves that do not replay. Past that, the page shows
    REPLAY_TOO_LONG instead. The moves go in the query while it stays within HOST_QUERY_CHARS, and else after
    "#" (the query then the share link's), which parse_query reads as well.
    """
    actions = list(actions)
    share = share_query(ruleset, seed, settings)
    if len(actions) > MAX_REPLAY_STEPS:
        return None
    if not actions:
        return share
    try:
        moves = encode_query([("replay", replay_text(ruleset, seed, settings, actions, picks))])
    except BadSave:
        return None
    query = f"{share}&{moves}"
    return query if len(query) <= HOST_QUERY_CHARS else f"{share}#{moves}"


def with_pair(address: str, pair: str) -> str:
    """An address from its "?" on, with "&key=value" added to its query: before "#", where a long game's moves
    are (replay_query)."""
    query, mark, fragment = address.partition("#")
    return f"{query}{pair}{mark}{fragment}"


def game_replay_query(game: Game) -> str | None:
    """replay_query of a game being played, from the picks it keeps (Game.picks): nothing is replayed."""
    if len(game.actions) > MAX_REPLAY_STEPS:
        return None
    try:
        picks = game.picks()
    except BadSave:  # a save whose moves no longer replay
        return None
    return replay_query(game.ruleset, game.seed, game.settings, game.actions, picks)


def page_base(href: str) -> str:
    """The page's address without query or fragment."""
    return href.split("#", 1)[0].split("?", 1)[0]


SITE_NAME = "Dice Dungeons"

# Sizes the frame from the height the page reports (static/page.js): only a
# message from this very frame counts. Where a blog strips scripts the frame
# keeps its fixed height and scrolls inside. The link before the frame (for
# readers whose blog strips frames) is hidden once the frame has spoken.
EMBED_SCRIPT = (
    "<script>(function (frame) {\n"
    '  addEventListener("message", function (event) {\n'
    "    var data = event.data, link = frame.previousElementSibling;\n"
    '    if (event.source !== frame.contentWindow || !data || data.type !== "dice-dungeons:height") return;\n'
    '    if (data.height > 0) frame.style.height = Math.min(data.height, 20000) + "px";\n'
    '    if (link && link.className === "wp-embedded-content") link.style.display = "none";\n'
    "  });\n"
    "})(document.currentScript.previousElementSibling);</script>"
)
# The frame as wide as the blog's text column, at most 640 px, centred in it like the blog's other blocks.
EMBED_FRAME_STYLE = "display:block;width:100%;max-width:640px;margin:0 auto;border:0"


def embed_snippet(page_url: str, title: str) -> str:
    """The code a blogger pastes to embed this game, and the oEmbed answer's html: a link to the game (the
    blockquote WordPress's own embeds carry: a post shows it where frames are stripped, and its presence has
    WordPress load its embed script, which sizes the frame), the <iframe>, and the script that makes the
    frame as tall as the game's content."""
    full = re.sub(r"([?&])embed=1(&|$)", lambda m: m.group(1) if m.group(2) else "", page_url).rstrip("?&")
    return (
        f'<blockquote class="wp-embedded-content"><a href="{escape(full)}">{escape(title)} · {SITE_NAME}</a>'
        "</blockquote>\n"
        f'<iframe src="{escape(page_url)}" title="{escape(title)}" width="100%" height="760" '
        f'style="{EMBED_FRAME_STYLE}" loading="lazy"></iframe>\n' + EMBED_SCRIPT
    )
