"""What the game page's two sides say to each other, declared once per language.

The page (static/page.js, static/game_link.mjs, static/agent.mjs) and the game's thread (static/game_thread.mjs,
running Python: a Web Worker, or the page itself where no worker can run) exchange MESSAGES, each an object
{kind, ...fields}. Two of them carry the game's own traffic: "ops" (Python's OPERATIONS on the page, a JSON
list of [name, ...values]) and "event" (the agent's EVENTS for Python, a JSON object {kind, ...fields, now}).

static/protocol.mjs declares the same tables for the JavaScript side; tests/test_protocol.py holds the two
equal and fails on a message, operation or event used without being declared here.
"""

# page -> game thread
TO_GAME = {
    "prefetch": ("recipe",),  # a first visit's runtime asked for before "start" (page.js starts the worker early)
    "start": ("recipe", "opened", "make", "plain"),  # once: what to boot, and the page as it opened
    "event": ("text",),  # an EVENT, as JSON
    "run": ("code", "id"),  # Python from devtools or the tests (window.diceDungeonsPython)
}

# game thread -> page
TO_PAGE = {
    "received": ("bytes",),  # packed runtime bytes downloaded so far (the loading bar)
    "step": ("name",),  # where the boot is (html[data-boot-step])
    "booted": ("how", "why", "steps", "wire"),  # snapshot | made | plain; why a kept heap failed
    "ops": ("text",),  # OPERATIONS, as JSON
    "handled": (),  # the event sent last was handled, after the ops it made
    "kept": ("why",),  # the heap kept for the next visit ("" ) or why not
    "ran": ("id", "value", "error"),  # the answer to "run"
    "failed": ("why",),  # the game could not start here
    "violation": ("what",),  # the Content-Security-Policy refused something in the worker
}

# Python -> the agent, inside "ops": [name, selector, ...values] or [name, ...values] for the page itself
ON_ELEMENT = {
    "html": ("selector", "markup"),
    "prop": ("selector", "name", "value"),
    "attr": ("selector", "name", "value"),  # value None removes the attribute
    "drop-first": ("selector", "count"),
    "append-html": ("selector", "markup"),
    "scroll": ("selector", "where"),  # "end" or the top
    "current-in-view": ("selector",),
    "roll": ("selector",),  # the dice marked data-rolled in this tray tumble
    "keep-places": ("selector",),
    "move-figures": ("selector", "delay"),
    # the board in words (pyapp/webapp/spoken.py): the place with the focus kept across a redraw, and the focus
    # taken to a place (key C), by the place's id
    "keep-place": ("selector",),
    "restore-place": ("selector",),
    "focus-place": ("selector", "place"),
}
ON_PAGE = {
    "keep-focus": (),
    "restore-focus": (),
    "show-game": (),
    "address": ("query",),
    "store": ("key", "value"),  # localStorage; value None removes
    "download": ("name", "text", "mime"),
    "png": ("name", "caption"),
    "ready": (),
    "failed": ("why",),
}
OPERATIONS = {**ON_ELEMENT, **ON_PAGE}

# the agent -> Python, inside "event": {kind, ...fields, now}
EVENTS = {
    "action": ("code",),
    "control": ("control", "data"),
    "submit": ("tool", "pairs"),
    "speed": ("value",),
    "import": ("text",),
    "key": ("key",),
    "say": ("text",),
    "stored": ("key", "value", "refused"),  # refused: only when the browser refused a write
}

PROTOCOL = {"to_game": TO_GAME, "to_page": TO_PAGE, "on_element": ON_ELEMENT, "on_page": ON_PAGE, "events": EVENTS}


def operation(name, *values):
    """An operation as the agent takes it; one of an undeclared name or the wrong number of values is a bug."""
    fields = OPERATIONS.get(name)
    if fields is None or len(values) != len(fields):
        raise ValueError(f"operation {name!r} with {len(values)} values is not in the protocol (webapp/protocol.py)")
    return [name, *values]
