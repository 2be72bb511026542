"""What the game page does that needs no browser, so CPython can test it.

The page's controller (controller.py, in the game's thread) calls these
functions with the query string, a dict-like storage and the clock, and
sends the returned HTML to the page's DOM agent (static/agent.mjs). Nothing here imports
`js` or does I/O.

- links: parse ?seed=..&<settings>&replay=..&embed=1, build share, replay
  (only when a link can carry the game) and embed links;
- saves: save slots over a dict-like storage, and which game a page load
  opens;
- scores: the high-score table;
- html: action buttons, log, slots, scores and the settings form, escaped;
- driver: the page's clock, when auto play and the rules' own steps (e.g.
  monsters moving one by one) take their next step (imported by the page as
  pyapp.webapp.driver);
- handover: play by link, each person on their own device (which seat a
  device plays, when it may move, the hand-over box and link; imported by
  the page as pyapp.webapp.handover);
- daily: Today's dungeon, the day's seed and settings, the day history (streaks, best score, export and
  import) and the result card (imported by the page as pyapp.webapp.daily; today's date comes from the page);
- tool_run: how a tool's run (statistics, balance lab) is sliced between
  the browser's breaths, and when its figures are redrawn.
"""

from ..engine import MAX_CODE_CHARS
from .html import (
    SCORE_HEADERS,
    actions_html,
    button_actions,
    downloads_html,
    form_settings,
    log_items_html,
    log_update,
    messages_html,
    score_columns,
    score_header,
    scores_html,
    settings_form_fields,
    slots_html,
    tools_html,
    when_text,
)
from .links import (
    HOST_QUERY_CHARS,
    LINK_RULES_VERSION,
    MAX_QUERY_CHARS,
    MAX_REPLAY_STEPS,
    MAX_SEED_CHARS,
    PAGE_KEYS,
    REPLAY_TOO_LONG,
    BadLink,
    StartRequest,
    clean_seed,
    decode_replay,
    embed_snippet,
    encode_replay,
    fresh_settings,
    game_replay_query,
    page_base,
    parse_query,
    replay_query,
    share_query,
    with_pair,
)
from .saves import (
    Opened,
    SaveStore,
    Slot,
    StorageFailed,
    download_name,
    export_name,
    import_save,
    open_game,
)
from .scores import HighScores, rank_value

__all__ = [
    "BadLink",
    "HighScores",
    "LINK_RULES_VERSION",
    "HOST_QUERY_CHARS",
    "MAX_CODE_CHARS",
    "MAX_QUERY_CHARS",
    "MAX_REPLAY_STEPS",
    "MAX_SEED_CHARS",
    "Opened",
    "PAGE_KEYS",
    "REPLAY_TOO_LONG",
    "SCORE_HEADERS",
    "SaveStore",
    "Slot",
    "StartRequest",
    "StorageFailed",
    "actions_html",
    "button_actions",
    "download_name",
    "downloads_html",
    "clean_seed",
    "decode_replay",
    "embed_snippet",
    "encode_replay",
    "export_name",
    "form_settings",
    "fresh_settings",
    "import_save",
    "log_items_html",
    "log_update",
    "messages_html",
    "open_game",
    "page_base",
    "parse_query",
    "rank_value",
    "replay_query",
    "game_replay_query",
    "score_columns",
    "score_header",
    "scores_html",
    "settings_form_fields",
    "share_query",
    "with_pair",
    "slots_html",
    "tools_html",
    "when_text",
]
