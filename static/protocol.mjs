// What the game page's two sides say to each other: the JavaScript copy of
// pyapp/webapp/protocol.py, which explains each table (tests/test_protocol.py
// holds the two equal). The page and the game's thread exchange messages
// {kind, ...fields}; "ops" carries Python's operations on the page, "event"
// the agent's events for Python.
export const PROTOCOL = {
  "to_game": {
    "prefetch": ["recipe"],
    "start": ["recipe", "opened", "make", "plain"],
    "event": ["text"],
    "run": ["code", "id"]
  },
  "to_page": {
    "received": ["bytes"],
    "step": ["name"],
    "booted": ["how", "why", "steps", "wire"],
    "ops": ["text"],
    "handled": [],
    "kept": ["why"],
    "ran": ["id", "value", "error"],
    "failed": ["why"],
    "violation": ["what"]
  },
  "on_element": {
    "html": ["selector", "markup"],
    "prop": ["selector", "name", "value"],
    "attr": ["selector", "name", "value"],
    "drop-first": ["selector", "count"],
    "append-html": ["selector", "markup"],
    "scroll": ["selector", "where"],
    "current-in-view": ["selector"],
    "roll": ["selector"],
    "keep-places": ["selector"],
    "move-figures": ["selector", "delay"],
    "keep-place": ["selector"],
    "restore-place": ["selector"],
    "focus-place": ["selector", "place"]
  },
  "on_page": {
    "keep-focus": [],
    "restore-focus": [],
    "show-game": [],
    "address": ["query"],
    "store": ["key", "value"],
    "download": ["name", "text", "mime"],
    "png": ["name", "caption"],
    "ready": [],
    "failed": ["why"]
  },
  "events": {
    "action": ["code"],
    "control": ["control", "data"],
    "submit": ["tool", "pairs"],
    "speed": ["value"],
    "import": ["text"],
    "key": ["key"],
    "say": ["text"],
    "stored": ["key", "value", "refused"]
  }
};

/** A message of the protocol; one of an undeclared kind or with undeclared fields is a bug, thrown at once. */
export function message(kind, fields = {}) {
  const declared = PROTOCOL.to_game[kind] || PROTOCOL.to_page[kind];
  const stray = declared ? Object.keys(fields).filter((name) => !declared.includes(name)) : [];
  if (!declared || stray.length) throw new Error(`message ${kind} (${Object.keys(fields)}) is not in the protocol (protocol.mjs)`);
  return { kind, ...fields };
}
