// The game page's DOM agent: the one piece of the page that touches its
// DOM for Python. Python (pyapp/webapp/controller.py) runs in the game's thread
// (game_thread.mjs: a Web Worker, or the page itself where no worker can
// run), joined to this agent by game_link.mjs; it sends lists of operations,
// which apply() makes in order, and hears events as small JSON dicts, which
// the agent makes from clicks, keys, forms and storage (both declared in
// protocol.mjs). What
// only the browser can do (the clipboard, the share sheet, files) it does
// itself, and tells Python what to say. Nothing here decides a rule: a click
// on an action sends its code, and the engine decides.

import { PROTOCOL } from "./protocol.mjs";
import { motionOff, redrawn as boardRedrawn, setUp as setUpBoardView, whole as wholeBoard } from "./board_view.mjs";

const html = document.documentElement;
const byId = (name) => document.getElementById(name);
const STORAGE_PREFIX = "dice-dungeons:";  // the site's own keys: the only ones Python reads or writes

let deliver = null;  // where events go: game_link.mjs posts them to the game's thread
let acked = false;  // does the transport say when an event was handled, or is delivery the handling?
let ready = false;
let pending = 0;  // events sent and not yet handled: html[data-busy] while any is (tests wait on it)
let focusIndex = null;  // the action button that had the focus before a redraw (keep-focus)

/** Send an event to Python (ignored until the game is up: page.js refuses early clicks and says so). */
function send(event) {
  const declared = PROTOCOL.events[event.kind];
  if (!declared || Object.keys(event).some((name) => name !== "kind" && !declared.includes(name))) {
    throw new Error(`event ${JSON.stringify(event)} is not in the protocol (protocol.mjs)`);
  }
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

/** What Python needs of the page as it opens (controller.Page): JSON. */
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

// -- operations (controller.Surface): [name, selector, ...values] ----------------
// The game's own parts are redrawn after every action, mostly as they were: they are patched, the new markup
// parsed aside and only what differs changed, so that the browser styles and lays out only that (issue 47: a
// replaced board cost a click 130-470 ms of parsing and layout at 4x CPU). Nodes stay where they are alike
// (alike()), so a focused button and a running pulse stay too. Live regions and
// forms are not here: a live region must change to be read again, and a form keeps what the player typed.
// The dice tray is: a die that rolls again, kept, tumbles by a Web Animation that starts over (rollDice).
const PATCHED = new Set(["board-wrap", "status", "panel", "actions", "words-body", "dice"]);
const scratch = document.createElement("template");

function patch(el, markup) {
  scratch.innerHTML = markup;
  patchChildren(el, scratch.content);
  scratch.innerHTML = "";
}

/** Nodes one can become the other by new values: the same tag and the same attributes in the same order, so that
 * the page's markup stays the markup Python drew (a reload draws the same page, character for character). */
function alike(a, b) {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
  if (a.nodeType !== Node.ELEMENT_NODE) return true;
  const [was, is] = [a.attributes, b.attributes];
  if (was.length !== is.length) return false;
  for (let i = 0; i < was.length; i++) if (was[i].name !== is[i].name) return false;
  return true;
}

function patchChildren(old, fresh) {
  let a = old.firstChild;
  let b = fresh.firstChild;
  while (b) {
    const nextB = b.nextSibling;
    if (!a) {
      old.appendChild(b);
    } else if (a.isEqualNode(b)) {
      a = a.nextSibling;  // unchanged: one native comparison rather than a walk of its whole subtree
    } else if (alike(a, b)) {
      patchNode(a, b);
      a = a.nextSibling;
    } else {
      const nextA = a.nextSibling;
      old.replaceChild(b, a);
      a = nextA;
    }
    b = nextB;
  }
  while (a) {
    const nextA = a.nextSibling;
    a.remove();
    a = nextA;
  }
}

function patchNode(a, b) {
  if (a.nodeType !== Node.ELEMENT_NODE) {
    if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue;
    return;
  }
  const was = a.attributes;
  const is = b.attributes;
  for (let i = 0; i < is.length; i++) if (was[i].value !== is[i].value) was[i].value = is[i].value;
  patchChildren(a, b);
}

// What reads the layout (a scroll to the log's end, the current place kept in view) waits for the next frame,
// where the browser lays the page out anyway: the batch's task then only parses and patches, and the layout is
// the frame's, a task of its own (issue 47). A page the browser does not draw (a hidden tab, a frame scrolled
// away) gets no frame: a timer does it then. The page is busy (data-busy) until it is done.
const FRAME_OR_MS = 100;
let reads = null;

function laidOut(read) {
  if (!reads) {
    reads = [];
    busy(1);
    let timer = 0;
    const run = () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      const due = reads;
      reads = null;
      try {
        for (const each of due) each();
      } finally {
        busy(-1);
      }
    };
    const frame = requestAnimationFrame(run);
    timer = setTimeout(run, FRAME_OR_MS);
  }
  reads.push(read);
}

const ON_ELEMENT = {
  html: (el, markup) => {
    if (rolling && el.contains(rolling.dice[0])) finishRoll(true);  // redrawn: the tumble is over
    if (PATCHED.has(el.id)) patch(el, markup);
    else el.innerHTML = markup;
  },
  prop: (el, name, value) => { el[name] = value; },
  attr: (el, name, value) => (value === null ? el.removeAttribute(name) : el.setAttribute(name, value)),
  "drop-first": (el, count) => {
    for (let i = 0; i < count && el.firstElementChild; i++) el.firstElementChild.remove();
  },
  "append-html": (el, markup) => el.insertAdjacentHTML("beforeend", markup),
  scroll: (el, where) => laidOut(() => { el.scrollTop = where === "end" ? el.scrollHeight : 0; }),
  "current-in-view": (el) => laidOut(() => currentInView(el)),
  roll: rollDice,
  "keep-places": (el) => { places = figurePlaces(el); },
  "move-figures": (el, delay) => {
    const before = places;
    places = null;
    if (before) moveFigures(el, before, Number(delay) || 0);
  },
  "keep-place": keepPlace,
  "restore-place": restorePlace,
  "focus-place": (el, id) => {
    el.open = true;
    rove(placeItem(el, id), true);
  },
};
const ON_PAGE = {
  "keep-focus": keepFocus,
  "restore-focus": restoreFocus,
  "show-game": showGame,
  address: (query) => {
    // the fragment counts: a long game's replay link carries its moves after "#", and the address drops them
    if (location.search + location.hash !== query) history.replaceState(undefined, "", query);
  },
  store,
  download,
  png: (name, caption) => boardPng(name, caption),
  ready: () => {
    ready = true;
    html.setAttribute("data-ready", "");
    performance.mark("dice-dungeons:ready");
  },
  failed: (why) => {
    const status = byId("loading-text");
    if (status) status.textContent = why;
    html.setAttribute("data-boot-failed", why);
  },
};

// Every operation the protocol declares is made here, and no other.
for (const [mine, declared] of [[ON_ELEMENT, PROTOCOL.on_element], [ON_PAGE, PROTOCOL.on_page]]) {
  const differ = Object.keys(mine).sort().join() !== Object.keys(declared).sort().join();
  if (differ) console.error("[dice-dungeons] agent.mjs makes other operations than protocol.mjs declares");
}

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
  if (board) {
    boardRedrawn();
    // patched, the board is the same element after a redraw: the frame counts its redraws (tests, tools)
    const wrap = byId("board-wrap");
    if (wrap) wrap.setAttribute("data-drawn", String(Number(wrap.getAttribute("data-drawn") || 0) + 1));
  }
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

// -- the board in words (issue 48) --------------------------------------------------
// Python draws the places (pyapp/webapp/spoken.py): an <li data-place data-near> each, a place button and the
// buttons of its actions (data-place-action: data-action stays the one element of an action on the board). The list is one tab stop (a roving tabindex): the arrow keys go to the place that
// way (data-near: "N3 E5", a direction and the index of the place there), Home and End to the first (the
// current place) and the last, Page Down and Page Up to the next and previous in the list's order; Enter plays a place's one action, or goes to its actions. A screen reader says
// each place as the focus comes to it: its button's name is its words.
const WAYS = { ArrowUp: "N", ArrowRight: "E", ArrowDown: "S", ArrowLeft: "W" };
const WAY_WORDS = { N: "north", E: "east", S: "south", W: "west" };
let keptPlace = null;  // the place (and which of its buttons) that had the focus before a redraw

function placeItems(words) {
  return Array.from(words.querySelectorAll("li[data-place]"));
}

function placeItem(words, id) {
  const items = placeItems(words);
  return items.find((item) => item.getAttribute("data-place") === id) || items[0] || null;
}

/** One tab stop: the place `item` and its actions; `focus`: the focus goes to its place button. */
function rove(item, focus) {
  if (!item) return;
  for (const button of item.parentElement.querySelectorAll("button")) button.tabIndex = -1;
  for (const button of item.querySelectorAll("button")) button.tabIndex = 0;
  if (focus) item.querySelector("button.place").focus();
}

function keepPlace(words) {
  const active = document.activeElement;
  const item = (words.contains(active) && active.closest("li[data-place]"))
    || words.querySelector('li[data-place] button.place[tabindex="0"]')?.parentElement;
  keptPlace = item ? {
    id: item.getAttribute("data-place"),
    at: words.contains(active) ? Array.from(item.querySelectorAll("button")).indexOf(active) : -1,
  } : null;
}

function restorePlace(words) {
  const kept = keptPlace;
  keptPlace = null;
  if (!kept) return;
  const item = placeItem(words, kept.id);
  if (!item) return;
  rove(item, false);
  if (kept.at < 0) return;
  const buttons = item.querySelectorAll("button");
  buttons[Math.min(kept.at, buttons.length - 1)].focus();
}

/** Say `words` in the polite live region (the agent's own few words: where an arrow key cannot go). */
function announce(words) {
  const region = byId("announce");
  if (region) region.replaceChildren(Object.assign(document.createElement("p"), { textContent: words }));
}

/** A key inside the board in words: true when it was the list's (walking, or playing a place). */
function onPlaceKey(event, item) {
  const items = placeItems(item.parentElement);
  const onPlace = event.target.matches("button.place");
  let next = null;
  if (event.key in WAYS) {
    const way = WAYS[event.key];
    const found = (item.getAttribute("data-near") || "").split(" ").find((n) => n.startsWith(way));
    if (!found) {
      announce(`Nothing further ${WAY_WORDS[way]}.`);
      return true;
    }
    next = items[Number(found.slice(1))];
  } else if (event.key === "Home") {
    next = items[0];
  } else if (event.key === "End") {
    next = items[items.length - 1];
  } else if (event.key === "PageDown" || event.key === "PageUp") {  // the list's own order, one place at a time
    const at = items.indexOf(item) + (event.key === "PageDown" ? 1 : -1);
    if (at < 0 || at >= items.length) {
      announce(at < 0 ? "This is the first place." : "This is the last place.");
      return true;
    }
    next = items[at];
  } else if ((event.key === "Enter" || event.key === " ") && onPlace) {
    const actions = item.querySelectorAll("[data-place-action]");
    if (actions.length === 1) send({ kind: "action", code: actions[0].getAttribute("data-place-action") });
    else if (actions.length) actions[0].focus();
    else announce("Nothing to play here.");
    return true;
  } else {
    return false;
  }
  rove(next, true);
  return true;
}

// -- dice that roll (issue 34) ------------------------------------------------------
// Python drew the engine's faces, marked the dice its latest action rolled (data-rolled) and, when the game's
// dice were rolled since the last redraw, sent "roll". The marked dice then tumble for at most ROLL_MS, class
// "rolling" while they do: a Web Animation of the die (TUMBLE, restarted on a die that a patched tray kept) and,
// drawn over the real face (never changed), faces picked by Math.random, which is the page's, not the engine's
// seeded dice. The face drawn over is made once a roll, all its pips or numbers there, and flickers by their
// opacity alone: nothing in the tray is laid out again while it tumbles (issue 47: a new face every 70 ms laid
// the page out each time). A click or key finishes the tumble at once. Nothing tumbles under
// prefers-reduced-motion or with the Motion switch off (html[data-motion="off"], page.js). Each roll that ends
// says so: a "dice-dungeons:rolled" event on the document, detail {ms, skipped} (the tests read it).
// window.diceDungeonsRollMs, where set, lengthens it: the tests' way to look at a die mid-roll.
const ROLL_MS = 500;  // the longest a die tumbles, its stagger included (issue 34: at most 600 ms)
const STAGGER_MS = 40;  // each die after the first starts a little later, and lands with the others
const FLICKER_MS = 70;  // how often the face drawn over a tumbling die changes
const SVG_NS = "http://www.w3.org/2000/svg";
const PIP_SPOTS = {  // pyapp/dice_faces.py's PIPS, on its 40-unit die
  1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
};
const SPOTS = ["1,1", "3,1", "1,2", "2,2", "3,2", "1,3", "3,3"];  // every place a pip may be
const EASE = "cubic-bezier(0.25, 0.65, 0.35, 1)";  // each step of the tumble, as a CSS animation's would
const TUMBLE = [
  { offset: 0, transform: "translate(-0.6rem, -0.7rem) rotate(-320deg) scale(0.75)", easing: EASE },
  { offset: 0.55, transform: "translate(0.1rem, 0.1rem) rotate(-25deg) scale(1.08)", easing: EASE },
  { offset: 0.78, transform: "translate(0, -0.1rem) rotate(9deg) scale(0.98)", easing: EASE },
  { offset: 1, transform: "none" },
];
let rolling = null;  // the roll under way: {dice, started, timers, animations, faces: each die's marks}

function rollDice(tray) {
  finishRoll(true);
  const dice = Array.from(tray.querySelectorAll("svg.die[data-rolled]"));
  if (!dice.length || motionOff()) return;
  const length = Number(globalThis.diceDungeonsRollMs) || ROLL_MS;
  const roll = { dice, started: performance.now(), timers: [], animations: [], faces: [] };
  dice.forEach((die, i) => {
    const delay = Math.min(i, 3) * STAGGER_MS;
    roll.animations.push(die.animate(TUMBLE, { id: "die-tumble", duration: length - delay, delay, fill: "both" }));
    die.classList.add("rolling");
    const sides = Number(die.getAttribute("data-sides")) || 6;
    const over = tumblingFace(sides);
    die.appendChild(over);
    roll.faces.push({ sides, marks: Array.from(over.children).slice(1) });  // after the blank face
  });
  rolling = roll;
  html.setAttribute("data-rolling", "");
  flicker(roll);
  roll.timers.push(setInterval(() => flicker(roll), FLICKER_MS), setTimeout(() => finishRoll(false), length));
}

/** What covers a tumbling die: a blank face, and every pip (a d6) or every number (any other die), unseen. */
function tumblingFace(sides) {
  const over = svgEl("g", { class: "die-tumble", "aria-hidden": "true" });
  over.appendChild(svgEl("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, fill: "#fffdf7", stroke: "#2b2622",
                                   "stroke-width": 2 }));
  const marks = sides === 6
    ? SPOTS.map((spot) => {
      const [x, y] = spot.split(",");
      return svgEl("circle", { cx: x * 10, cy: y * 10, r: 3.6, "data-spot": spot });
    })
    : Array.from({ length: sides }, (_, i) => {
      const number = svgEl("text", { x: 20, y: 27, "text-anchor": "middle", "font-size": 18 });
      number.textContent = String(i + 1);
      return number;
    });
  for (const mark of marks) {
    mark.style.opacity = "0";
    over.appendChild(mark);
  }
  return over;
}

/** A face for each tumbling die, drawn over its real one: pips on a d6, a number on any other die. */
function flicker(roll) {
  for (const { sides, marks } of roll.faces) {
    const face = 1 + Math.floor(Math.random() * sides);
    const shown = sides === 6
      ? (mark) => PIP_SPOTS[face].some(([x, y]) => mark.dataset.spot === `${x},${y}`)
      : (mark, i) => i === face - 1;
    marks.forEach((mark, i) => { mark.style.opacity = shown(mark, i) ? "1" : "0"; });
  }
}

function svgEl(tag, attributes) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
  return el;
}

/** A click or a key: dice land and figures arrive at once. */
function finishMotion() {
  finishRoll(true);
  finishWalks();
}

/** The dice land: the real faces (the engine's, there all along) show; `skipped` when cut short. */
function finishRoll(skipped) {
  const roll = rolling;
  if (!roll) return;
  rolling = null;
  roll.timers.forEach((timer) => { clearTimeout(timer); clearInterval(timer); });
  roll.animations.forEach((animation) => animation.cancel());
  for (const die of roll.dice) {
    die.classList.remove("rolling");
    const over = die.querySelector(".die-tumble");
    if (over) over.remove();
  }
  html.removeAttribute("data-rolling");
  const ms = Math.round(performance.now() - roll.started);
  document.dispatchEvent(new CustomEvent("dice-dungeons:rolled", { detail: { ms, skipped } }));
}

// -- figures that move (issue 34) ----------------------------------------------------
// A board marks its figures with data-figure (who: "hero-1") and data-at ("x,y", the board's units); the
// one that just moved may give data-path, the squares it went by ("x,y x,y ..."). Python keeps the places
// ("keep-places") before it redraws the board of the same game and then asks for "move-figures" with the
// page's speed (seconds a rules' step waits): each figure drawn elsewhere than before goes there from its
// old place, along its path when the path starts there, else straight, and is done before the next step.
// A hero goes the way her move offered: the board's move targets give data-route (the squares from her place
// to theirs), kept with the places, so a figure with no data-path of its own that went from a route's first
// square to its last walks it. Off, like the dice, under reduced motion or the Motion switch; a click or key
// finishes it.
const SQUARE_MS_PER_S = 250;  // a square's walk per second of the speed setting (normal, 0.4 s: 100 ms)
const WALK_SHARE = 0.85;  // of the time to the next step, the most a walk takes
const STRAIGHT_SQUARES = 3;  // a straight move (no way known) takes as long as a walk of this many
let places = null;  // figure -> "x,y", and the offered routes ("from to" -> path), kept before a redraw
let walking = [];  // the figures' animations under way

function figurePlaces(board) {
  const kept = new Map();
  for (const figure of board.querySelectorAll("[data-figure][data-at]")) {
    kept.set(figure.getAttribute("data-figure"), figure.getAttribute("data-at"));
  }
  kept.routes = new Map();
  for (const offer of board.querySelectorAll("[data-route]")) {
    const path = offer.getAttribute("data-route").split(" ").filter(Boolean);
    if (path.length > 1) kept.routes.set(`${path[0]} ${path[path.length - 1]}`, path);
  }
  return kept;
}

function point(text) {
  const [x, y] = String(text).split(",").map(Number);
  return { x, y };
}

function moveFigures(board, before, delay) {
  finishWalks();
  if (motionOff() || delay <= 0 || !before.size) return;
  for (const figure of board.querySelectorAll("[data-figure][data-at]")) {
    const was = before.get(figure.getAttribute("data-figure"));
    const now = figure.getAttribute("data-at");
    if (!was || was === now) continue;
    const own = (figure.getAttribute("data-path") || "").split(" ").filter(Boolean);
    const path = own.length > 1 ? own : (before.routes && before.routes.get(`${was} ${now}`)) || [];
    const from = point(was);
    const start = path.length > 1 ? point(path[0]) : null;
    const alongPath = start && Math.abs(start.x - from.x) < 1 && Math.abs(start.y - from.y) < 1;
    // the way, as offsets from where the figure ends (a monster's chip on a hero's sheet ends off its path's end)
    const points = alongPath ? path.map(point) : [from, point(now)];
    const end = points[points.length - 1];
    const frames = points.map((p) => ({ transform: `translate(${p.x - end.x}px, ${p.y - end.y}px)` }));
    const squares = alongPath ? points.length - 1 : STRAIGHT_SQUARES;
    const ms = Math.min(squares * SQUARE_MS_PER_S * delay, WALK_SHARE * delay * 1000);
    if (typeof figure.animate === "function") walking.push(figure.animate(frames, { duration: ms, easing: "ease-in-out" }));
  }
}

function finishWalks() {
  for (const walk of walking) {
    try { walk.finish(); } catch { /* its figure was redrawn already */ }
  }
  walking = [];
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
  // the board in words names its actions apart, so that a page's one element for an action stays the board's
  const placed = event.target.closest("[data-place-action]");
  if (placed) return send({ kind: "action", code: placed.getAttribute("data-place-action") });
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
  if (control === "watch-to") send({ kind: "control", control, data: { value: target.value } });
  if (control === "import" && target.files && target.files.length) {
    target.files[0].text().then((text) => {
      target.value = "";  // the same file can be picked again
      send({ kind: "import", text });
    }, (error) => send({ kind: "say", text: `Import failed: the file could not be read (${error}). Nothing was changed.` }));
  }
}

const WATCH_KEYS = new Set(["ArrowLeft", "ArrowRight", "Home", "End", " "]);  // controller.WATCH_KEYS

function onKey(event) {
  const target = event.target;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (!target.closest || target.closest("input, select, textarea")) return;
  const pressed = event.key === "Enter" || event.key === " ";
  const place = target.closest("#words li[data-place]");
  if (place && onPlaceKey(event, place)) {
    event.preventDefault();
    return;
  }
  const action = target.closest("[data-action]");
  const control = target.closest("[data-control]");
  if (pressed && action && target.tagName !== "BUTTON") {
    event.preventDefault();  // board elements with data-action act like buttons
    send({ kind: "action", code: action.getAttribute("data-action") });
  } else if (pressed && control && target.tagName !== "BUTTON") {
    event.preventDefault();  // so do board elements with data-control (a game-over panel's "New game")
    onControl(control);
  } else if (/^[1-9uUaActTrRsSxXhH]$/.test(event.key)) {  // controller.Page.on_key; spoken.QUESTION_KEYS
    send({ kind: "key", key: event.key });
  } else if (WATCH_KEYS.has(event.key) && document.documentElement.hasAttribute("data-watching")
             && !target.closest("#board-wrap, #words") && !(event.key === " " && target.closest("button, a"))) {
    event.preventDefault();  // watching a replay: the arrows, Home, End and space step it, not the page's scroll
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
  // a click or a key while dice tumble or figures walk ends it at once (first: the click then plays as ever)
  document.addEventListener("pointerdown", finishMotion, true);
  document.addEventListener("keydown", finishMotion, true);
  window.addEventListener("storage", onStorage);
  if (navigator.share) for (const button of document.querySelectorAll('[data-control="share"]')) button.hidden = false;
}

// PyScript's entry point (main.py) finds the agent here.
globalThis.diceDungeonsAgent = { opened, apply, listen };
