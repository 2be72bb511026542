// The game page's DOM agent: the one piece of the page that touches its
// DOM for Python. Python (static/dice_page.py) runs in a Web Worker
// (game_worker.mjs), where no DOM exists, or on the page itself where no
// worker could start (the PyScript boot); either way it sends lists of
// operations, which apply() makes in order, and hears events as small JSON
// dicts, which the agent makes from clicks, keys, forms and storage. What
// only the browser can do (the clipboard, the share sheet, files) it does
// itself, and tells Python what to say. Nothing here decides a rule: a click
// on an action sends its code, and the engine decides.

import { redrawn as boardRedrawn, setUp as setUpBoardView, whole as wholeBoard } from "./board_view.mjs";

const html = document.documentElement;
const byId = (name) => document.getElementById(name);
const STORAGE_PREFIX = "dice-dungeons:";  // the site's own keys: the only ones Python reads or writes

let deliver = null;  // where events go: the worker's postMessage, or Python's handler on this page
let acked = false;  // does the transport say when an event was handled (the worker), or is delivery the handling?
let ready = false;
let pending = 0;  // events sent and not yet handled: html[data-busy] while any is (tests wait on it)
let focusIndex = null;  // the action button that had the focus before a redraw (keep-focus)

/** Send an event to Python (ignored until the game is up: page.js refuses early clicks and says so). */
function send(event) {
  if (!ready || !deliver) return;
  busy(1);
  try {
    deliver(JSON.stringify({ ...event, now: Date.now() }));
  } finally {
    if (!acked) busy(-1);
  }
}

function busy(more) {
  pending = Math.max(0, pending + more);
  if (pending) html.setAttribute("data-busy", "");
  else html.removeAttribute("data-busy");
}

/** The worker handled an event (and sent what it changed before saying so). */
export function handled() {
  busy(-1);
}

/** What Python needs of the page as it opens (dice_page.Page): JSON. */
export function opened() {
  const speed = byId("speed");
  return JSON.stringify({
    slug: html.dataset.ruleset || "",
    href: location.href,
    title: document.title,
    storage: readStorage(),
    speed: speed ? { options: Array.from(speed.options, (o) => o.value), value: speed.value } : null,
    now: Date.now(),
  });
}

/** The site's keys in localStorage, or null where the browser refuses storage (a blocked embed). */
function readStorage() {
  try {
    const local = window.localStorage;
    local.setItem(STORAGE_PREFIX + "probe", "1");
    local.removeItem(STORAGE_PREFIX + "probe");
    const kept = {};
    for (let i = 0; i < local.length; i++) {
      const key = local.key(i);
      if (key && key.startsWith(STORAGE_PREFIX)) kept[key] = local.getItem(key);
    }
    return kept;
  } catch {
    return null;
  }
}

// -- operations (dice_page.Surface): [name, selector, ...values] ----------------
const ON_ELEMENT = {
  html: (el, markup) => { el.innerHTML = markup; },
  prop: (el, name, value) => { el[name] = value; },
  attr: (el, name, value) => (value === null ? el.removeAttribute(name) : el.setAttribute(name, value)),
  "drop-first": (el, count) => {
    for (let i = 0; i < count && el.firstElementChild; i++) el.firstElementChild.remove();
  },
  "append-html": (el, markup) => el.insertAdjacentHTML("beforeend", markup),
  scroll: (el, where) => { el.scrollTop = where === "end" ? el.scrollHeight : 0; },
  "current-in-view": currentInView,
};
const ON_PAGE = {
  "keep-focus": keepFocus,
  "restore-focus": restoreFocus,
  "show-game": showGame,
  address: (query) => {
    if (location.search !== query) history.replaceState(undefined, "", query);
  },
  store,
  download,
  png: (name, caption) => boardPng(name, caption),
  ready: () => {
    ready = true;
    html.setAttribute("data-ready", "");
  },
  failed: (why) => {
    const status = byId("loading-text");
    if (status) status.textContent = why;
    html.setAttribute("data-boot-failed", why);
  },
};

/** Make Python's operations (a JSON list), in order. */
export function apply(text) {
  let board = false;  // a new board: its view (board_view.mjs) is set once every operation is made
  for (const [name, ...args] of JSON.parse(String(text))) {
    if (name in ON_PAGE) {
      ON_PAGE[name](...args);
      continue;
    }
    const el = document.querySelector(args[0]);
    if (el && name in ON_ELEMENT) ON_ELEMENT[name](el, ...args.slice(1));
    board = board || (name === "html" && args[0] === "#board-wrap");
  }
  if (board) boardRedrawn();
}

function keepFocus() {
  const active = document.activeElement;
  focusIndex = null;
  if (active === byId("board-wrap")) return;  // the map's frame itself is never replaced: the focus stays
  if (!(active && active.closest && active.closest("#actions, #board-wrap"))) return;
  const at = Array.from(document.querySelectorAll("#actions button")).indexOf(active);
  focusIndex = at < 0 ? 0 : at;
}

function restoreFocus() {
  const buttons = document.querySelectorAll("#actions button");
  if (focusIndex !== null && buttons.length) buttons[Math.min(focusIndex, buttons.length - 1)].focus();
}

/** A new or loaded game into view, focus on its first action (it was started from further down the page). */
function showGame() {
  document.querySelector("main.game").scrollIntoView(true);
  const buttons = document.querySelectorAll("#actions button");
  const target = buttons.length ? buttons[0] : byId("actions");
  if (!buttons.length) target.setAttribute("tabindex", "-1");  // a finished game has no buttons: its actions box
  target.focus({ preventScroll: true });
}

/** A map larger than its box scrolls: the marked current place (data-current) kept visible, the page not moved. */
function currentInView(box) {
  if (box.scrollWidth <= box.clientWidth && box.scrollHeight <= box.clientHeight) return;
  const mark = box.querySelector("[data-current]");
  if (!mark) return;
  const spot = mark.getBoundingClientRect();
  const frame = box.getBoundingClientRect();
  box.scrollLeft += (spot.left + spot.width / 2) - (frame.left + frame.width / 2);
  box.scrollTop += (spot.top + spot.height / 2) - (frame.top + frame.height / 2);
}

/** A write to localStorage; where the browser refuses it, Python hears so and keeps what is really there. */
function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (error) {
    let kept = null;
    try { kept = localStorage.getItem(key); } catch { /* refused altogether */ }
    send({ kind: "stored", key, value: kept, refused: String((error && error.name) || error) });
  }
}

function download(name, text, mime) {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function boardPng(name, caption) {
  // a page may keep a copy of the whole board for paper (the Dungeon Generator's levels): the PNG draws that
  const board = byId("board-print") || wholeBoard(byId("board"));  // the whole map, however zoomed
  Promise.resolve(board && globalThis.diceDungeonsBoardPng(board, name, caption))
    .then((made) => { if (!made) throw new Error("there is no board to draw"); })
    .catch((error) => send({
      kind: "say", text: `The browser could not draw the map as a PNG (${error && error.message || error}); try the SVG instead.`,
    }));
}

// -- what only the page can do: the clipboard and the share sheet ------------------
function copyField(field, button) {
  return Promise.resolve()
    .then(() => navigator.clipboard.writeText(field.value))
    .then(() => {
      send({ kind: "say", text: "Copied." });
      if (button) said(button, "Copied ✓");  // said where the eye is: the message line is a screen away on a phone
    }, () => {  // no clipboard outside https/localhost, or permission refused
      field.select();
      send({ kind: "say", text: "Copying was refused by the browser: the text is selected, press Ctrl+C (or ⌘C)." });
    });
}

/** Show `words` on `button` for a moment, then its own words again. */
function said(button, words, seconds = 2) {
  const own = button.getAttribute("data-words") || button.textContent;
  button.setAttribute("data-words", own);
  button.textContent = words;
  setTimeout(() => { button.textContent = own; }, seconds * 1000);
}

/** The device's share sheet with this link, where there is one; the clipboard where it is refused.
 * With data-share-url (a result card), the field is the text and that other field the link. */
function shareField(button) {
  const field = byId(button.getAttribute("data-share"));
  const title = (document.querySelector("h1") || {}).textContent || document.title;
  let what = button.getAttribute("data-share-text") || `A dungeon of ${title} to play`;
  let url = field.value;
  if (button.getAttribute("data-share-url")) {
    url = byId(button.getAttribute("data-share-url")).value;
    what = field.value.replace(url, "").trim();
  }
  return Promise.resolve()
    .then(() => navigator.share({ title: document.title, text: what, url }))
    .catch((error) => {
      if (error && error.name === "AbortError") return;  // the player closed the sheet: nothing to say
      return copyField(field, button);
    });
}

const OWN_CONTROLS = {
  copy: (button) => copyField(byId(button.getAttribute("data-copy")), button),
  share: shareField,
};

// -- events, bound once on containers that are never replaced ----------------------
function controlEvent(control) {
  const data = {};
  for (const { name, value } of control.attributes) if (name.startsWith("data-")) data[name.slice(5)] = value;
  return { kind: "control", control: control.getAttribute("data-control"), data };
}

function onControl(control) {
  const own = OWN_CONTROLS[control.getAttribute("data-control")];
  if (own) {
    if (!ready) return;
    busy(1);
    Promise.resolve(own(control)).finally(() => busy(-1));
    return;
  }
  send(controlEvent(control));
}

function onClick(event) {
  const action = event.target.closest("[data-action]");
  if (action) return send({ kind: "action", code: action.getAttribute("data-action") });
  const control = event.target.closest("[data-control]");
  if (control && !control.matches("select, input")) onControl(control);
}

function onSubmit(event) {
  event.preventDefault();
  const form = event.target;
  const pairs = Array.from(new FormData(form).entries(), ([key, value]) => [key, String(value)]);
  send({ kind: "submit", tool: form.getAttribute("data-tool") || "", pairs });
}

function onChange(event) {
  const target = event.target;
  const control = target.getAttribute && target.getAttribute("data-control");
  if (control === "speed") send({ kind: "speed", value: target.value });
  if (control === "import" && target.files && target.files.length) {
    target.files[0].text().then((text) => {
      target.value = "";  // the same file can be picked again
      send({ kind: "import", text });
    }, (error) => send({ kind: "say", text: `Import failed: the file could not be read (${error}). Nothing was changed.` }));
  }
}

function onKey(event) {
  const target = event.target;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (!target.closest || target.closest("input, select, textarea")) return;
  const pressed = event.key === "Enter" || event.key === " ";
  const action = target.closest("[data-action]");
  const control = target.closest("[data-control]");
  if (pressed && action && target.tagName !== "BUTTON") {
    event.preventDefault();  // board elements with data-action act like buttons
    send({ kind: "action", code: action.getAttribute("data-action") });
  } else if (pressed && control && target.tagName !== "BUTTON") {
    event.preventDefault();  // so do board elements with data-control (a game-over panel's "New game")
    onControl(control);
  } else if (/^[1-9uUaA]$/.test(event.key)) {
    send({ kind: "key", key: event.key });
  }
}

function onStorage(event) {  // another tab of this site: Python's copy follows
  if (event.storageArea === window.localStorage && event.key && event.key.startsWith(STORAGE_PREFIX)) {
    send({ kind: "stored", key: event.key, value: event.newValue });
  }
}

let bound = false;
/** Bind the page's events to `where` (a function taking an event's JSON); `acks`: handled() says when one is done. */
export function listen(where, acks = false) {
  deliver = where;
  acked = acks;
  if (bound) return;
  bound = true;
  setUpBoardView();
  const app = byId("app");
  app.addEventListener("click", onClick);
  app.addEventListener("submit", onSubmit);
  app.addEventListener("change", onChange);
  document.addEventListener("keydown", onKey);
  window.addEventListener("storage", onStorage);
  if (navigator.share) for (const button of document.querySelectorAll('[data-control="share"]')) button.hidden = false;
}

// The PyScript boot (dice_page.start) finds the agent here.
globalThis.diceDungeonsAgent = { opened, apply, listen };
