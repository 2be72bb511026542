// The board's view (issue 34): zoom and pan over the map Python draws, on the page only. Python views each
// board from what it draws, with a small margin (its viewBox: pyapp/svg.py, fit_view); the page scales that
// to fill the frame. Here the player changes only the view, never the board: the buttons under it (+, −,
// Fit), keys while the board has the focus (+ and − zoom, 0 fits, arrows pan), a drag or a pinch (pointer
// events) and ctrl+wheel (a trackpad's pinch). The view is page state: the worker redraws the board after
// every action (the agent patches its markup, viewBox included), and redrawn() then puts the player's zoom and
// pan back; at "fit" the view follows the map as it grows, gliding to the new fit (a transform: the
// compositor's work) unless the device asks for reduced motion or the page's Motion switch is off. Nothing here
// decides or sends anything: a drag that moved is not a click.

const GLIDE_MS = 250;
const MOST = 8;  // the closest zoom: eight times the fit
const STEP = 1.5;  // a button's or a key's zoom
const PAN = 0.2;  // an arrow key pans a fifth of the view
const DRAG = 6;  // CSS px a press may move and still be a click

let wrap = null;  // #board-wrap: never replaced (the board inside it is)
let tools = null;  // the buttons under the board
let fit = null;  // the board's own viewBox, as Python drew it: [x, y, w, h]
let fitText = "";  // and its text: put back as it was at fit, so the board is Python's markup again
let view = null;  // the player's view, or null at fit
let shown = null;  // the viewBox set now (during a glide, the one it glides to)
let glide = null;  // a glide under way: the frame that starts it, then its animation

const board = () => wrap && wrap.querySelector("svg#board");

/** Less motion: the device asks for it, or the page's Motion switch is off (html[data-motion="off"], page.js).
 * The dice (agent.mjs), the figures' walks and the view's glide all ask here. */
export function motionOff() {
  const reduce = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  return reduce || document.documentElement.dataset.motion === "off";
}

function parse(text) {
  const box = String(text || "").trim().split(/[\s,]+/).map(Number);
  return box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0 ? box : null;
}

function set(svg, box) {
  shown = box;
  svg.setAttribute("viewBox", box === fit ? fitText : box.map((v) => +v.toFixed(2)).join(" "));
}

/** What the element shows of `box`: the box widened to the element's shape (preserveAspectRatio's meet). */
function seen(svg, box) {
  const w = svg.clientWidth;
  const h = svg.clientHeight;
  if (!w || !h) return box.slice();
  const scale = Math.min(w / box[2], h / box[3]);
  return [box[0] - (w / scale - box[2]) / 2, box[1] - (h / scale - box[3]) / 2, w / scale, h / scale];
}

/** A point of the page (client px) in the board's units. */
function toMap(svg, x, y) {
  const matrix = svg.getScreenCTM();
  if (!matrix) return null;
  return new DOMPoint(x, y).matrixTransform(matrix.inverse());
}

/** A view kept over the map: its centre never leaves the fit. */
function clamp(box) {
  const cx = Math.min(Math.max(box[0] + box[2] / 2, fit[0]), fit[0] + fit[2]);
  const cy = Math.min(Math.max(box[1] + box[3] / 2, fit[1]), fit[1] + fit[3]);
  return [cx - box[2] / 2, cy - box[3] / 2, box[2], box[3]];
}

function stopGlide() {
  if (glide) {
    cancelAnimationFrame(glide.frame);
    if (glide.animation) glide.animation.cancel();
  }
  glide = null;
  if (wrap) wrap.removeAttribute("data-moving");
}

function show() {
  const svg = board();
  stopGlide();
  if (!svg || !fit) return;
  set(svg, view || fit);
  mark();
}

/** The frame says whether the player zoomed (CSS: a drag pans then, rather than scrolling the page). */
function mark() {
  wrap.toggleAttribute("data-zoomed", view !== null);
  if (!tools) return;
  const svg = board();
  const closest = view && svg && view[2] <= seen(svg, fit)[2] / MOST * 1.001;
  for (const button of tools.querySelectorAll("[data-zoom]")) {
    const what = button.getAttribute("data-zoom");
    button.disabled = !fit || (what === "in" ? Boolean(closest) : view === null);
  }
}

/** Zoom by `factor` (above 1: closer) about a point of the page (client px). Without one (a button, a key),
 * about the board's centre, or from fit onto the marked current place (data-current), where there is one. */
export function zoomBy(factor, x, y) {
  const svg = board();
  if (!svg || !fit) return;
  const now = seen(svg, view || fit);
  const whole = seen(svg, fit);
  const width = Math.max(now[2] / factor, whole[2] / MOST);
  if (width >= whole[2] * 0.999) return toFit();
  const k = width / now[2];
  const current = x === undefined && !view && svg.querySelector("[data-current]");
  if (current) {
    const spot = current.getBoundingClientRect();
    const on = toMap(svg, spot.left + spot.width / 2, spot.top + spot.height / 2);
    if (on) {
      view = clamp([on.x - now[2] * k / 2, on.y - now[3] * k / 2, now[2] * k, now[3] * k]);
      return show();
    }
  }
  const rect = svg.getBoundingClientRect();
  const at = toMap(svg, x === undefined ? rect.left + rect.width / 2 : x,
    y === undefined ? rect.top + rect.height / 2 : y);
  const ax = at ? at.x : now[0] + now[2] / 2;
  const ay = at ? at.y : now[1] + now[3] / 2;
  view = clamp([ax - (ax - now[0]) * k, ay - (ay - now[1]) * k, now[2] * k, now[3] * k]);
  show();
}

/** Move the view by (dx, dy) CSS px of the board, as a drag does: the map follows the finger. */
export function panBy(dx, dy) {
  const svg = board();
  if (!svg || !view || !svg.clientWidth) return;
  const scale = seen(svg, view)[2] / svg.clientWidth;
  view = clamp([view[0] - dx * scale, view[1] - dy * scale, view[2], view[3]]);
  show();
}

export function toFit() {
  view = null;
  show();
}

/** While zoomed, the marked current place (data-current) brought into view when a redraw left it outside. */
function keepCurrent(svg) {
  const mark = svg.querySelector("[data-current]");
  if (!mark || !view) return;
  const frame = svg.getBoundingClientRect();
  const spot = mark.getBoundingClientRect();
  const within = spot.left >= frame.left && spot.right <= frame.right;
  if (within && spot.top >= frame.top && spot.bottom <= frame.bottom) return;
  const at = toMap(svg, spot.left + spot.width / 2, spot.top + spot.height / 2);
  if (!at) return;
  view = clamp([at.x - view[2] / 2, at.y - view[3] / 2, view[2], view[3]]);
  set(svg, view);
}

/** Where the map point (0, 0) lands and how large a unit is, in CSS px of the element, showing `box`
 * (preserveAspectRatio's xMidYMid meet). */
function placing(w, h, box) {
  const scale = Math.min(w / box[2], h / box[3]);
  return { scale, x: (w - box[2] * scale) / 2 - box[0] * scale, y: (h - box[3] * scale) / 2 - box[1] * scale };
}

/** From the view shown before a redraw to the new fit, in GLIDE_MS. The new fit is set at once (so the frame
 * takes its new height in one layout) and the board drawn there is moved by a transform, from where the old view
 * would show it to where it is: the compositor's work, no layout or paint in each frame (issue 47: moving the
 * viewBox laid out and painted the page every frame, 50-70 ms at 4x CPU). The transform starts in the next frame,
 * before it is drawn, once the frame knows the board's new size. */
function glideTo(svg, from, to) {
  stopGlide();
  set(svg, to);
  if (typeof svg.animate !== "function") return;
  wrap.setAttribute("data-moving", "");
  const started = { frame: 0, animation: null };
  glide = started;
  started.frame = requestAnimationFrame(() => {
    if (glide !== started || board() !== svg) return;
    const w = svg.clientWidth;
    const h = svg.clientHeight;
    if (!w || !h) return stopGlide();
    const now = placing(w, h, to);
    const was = placing(w, h, from);
    const k = was.scale / now.scale;
    const moved = `translate(${was.x - k * now.x}px, ${was.y - k * now.y}px) scale(${k})`;
    started.animation = svg.animate(
      [{ transform: moved, transformOrigin: "0 0" }, { transform: "none", transformOrigin: "0 0" }],
      { duration: GLIDE_MS, easing: "cubic-bezier(0.33, 1, 0.68, 1)" });  // ease-out, as the cubic it replaced
    started.animation.onfinish = () => { if (glide === started) stopGlide(); };
  });
}

/** The worker replaced the board: the player's view put back, or the new fit glided to. */
export function redrawn() {
  setUp();
  const svg = board();
  if (!svg) {
    fit = null;
    return mark();
  }
  const before = shown;
  fitText = svg.getAttribute("viewBox");
  fit = parse(fitText);
  if (!fit) return mark();
  if (view) {
    stopGlide();
    view = clamp(view);
    set(svg, view);
    keepCurrent(svg);
  } else if (before && before[2] > 0 && before[3] > 0 && !motionOff()
             && before.some((v, i) => Math.abs(v - fit[i]) > 0.5)) {
    glideTo(svg, before, fit);
  } else {
    stopGlide();
    set(svg, fit);
  }
  mark();
}

/** The board as Python drew it, the whole map (for its PNG): a copy at fit while the player zoomed. */
export function whole(svg) {
  if (!svg || !fit || !view || svg !== board()) return svg;
  const copy = svg.cloneNode(true);
  copy.setAttribute("viewBox", fit.join(" "));
  return copy;
}

// -- input: bound once, on the frame and the buttons (never replaced) -------------
const pointers = new Map();
let press = null;  // the first pointer's press: where, and whether it moved (then it is no click)
let pinch = null;  // two pointers: their distance and midpoint last time

/** Two fingers' middle and distance. */
function between(a, b) {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.hypot(a.x - b.x, a.y - b.y) };
}

function midpoint() {
  const [a, b] = pointers.values();
  return between(a, b);
}

function onDown(event) {
  if (!board() || (event.pointerType === "mouse" && event.button !== 0)) return;
  pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (pointers.size === 1) press = { x: event.clientX, y: event.clientY, moved: false };
  if (pointers.size === 2) pinch = midpoint();
}

function onMove(event) {
  const last = pointers.get(event.pointerId);
  if (!last) return;
  pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (pointers.size >= 2 && pinch) {
    const now = midpoint();
    if (press) press.moved = true;
    if (pinch.d > 0 && now.d > 0) zoomBy(now.d / pinch.d, now.x, now.y);
    panBy(now.x - pinch.x, now.y - pinch.y);
    pinch = now;
    event.preventDefault();
    return;
  }
  if (!view || !press) return;  // at fit a drag is the page's (a finger scrolls it)
  if (!press.moved && Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG) return;
  if (!press.moved) {
    press.moved = true;
    try { wrap.setPointerCapture(event.pointerId); } catch { /* the pointer is gone already */ }
  }
  panBy(event.clientX - last.x, event.clientY - last.y);
  event.preventDefault();
}

function onUp(event) {
  pointers.delete(event.pointerId);
  if (pointers.size < 2) pinch = null;
}

function onClick(event) {  // capture: a drag or a pinch that moved plays nothing
  if (press && press.moved) {
    event.stopPropagation();
    event.preventDefault();
  }
  press = null;
}

const KEYS = { "+": () => zoomBy(STEP), "=": () => zoomBy(STEP), "-": () => zoomBy(1 / STEP),
  "_": () => zoomBy(1 / STEP), "0": toFit };
const ARROWS = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const svg = board();
  if (!svg) return;
  if (event.key in KEYS) {
    KEYS[event.key]();
  } else if (event.key in ARROWS && view) {
    const [dx, dy] = ARROWS[event.key];
    panBy(dx * PAN * svg.clientWidth, dy * PAN * svg.clientHeight);
  } else {
    return;
  }
  event.preventDefault();
}

/** Two fingers on the board are the board's, at fit too. Where they landed together the pointer events pinch
 * (above) and the page is kept still (touchmove refused while the browser lets it be: cancelable). Where the
 * first finger had begun to scroll the page, the browser took its pointer (pointercancel) and scrolls on
 * whatever is done; the touches still come, so the board zooms from them. */
let touchPinch = null;  // the two touches' distance and midpoint last time, while the pointers are the browser's

function onTouchMove(event) {
  if (event.touches.length < 2) {
    touchPinch = null;
    return;
  }
  if (event.cancelable) event.preventDefault();
  if (pinch) return;  // the pointers pinch
  const a = event.touches[0];
  const b = event.touches[1];
  const now = between({ x: a.clientX, y: a.clientY }, { x: b.clientX, y: b.clientY });
  if (touchPinch && touchPinch.d > 0 && now.d > 0) zoomBy(now.d / touchPinch.d, now.x, now.y);
  touchPinch = now;
}

function onTouchEnd(event) {
  if (event.touches.length < 2) touchPinch = null;
}

function onWheel(event) {
  if (!event.ctrlKey || !board()) return;  // a plain wheel scrolls the page
  event.preventDefault();
  zoomBy(Math.exp(-event.deltaY * 0.01), event.clientX, event.clientY);
}

function onTool(event) {
  const button = event.target.closest("[data-zoom]");
  if (!button) return;
  const what = button.getAttribute("data-zoom");
  if (what === "in") zoomBy(STEP);
  else if (what === "out") zoomBy(1 / STEP);
  else toFit();
}

/** Bind the frame's and the buttons' events (once). */
export function setUp() {
  if (wrap) return;
  wrap = document.getElementById("board-wrap");
  if (!wrap) return;
  tools = document.getElementById("board-zoom");
  wrap.addEventListener("pointerdown", onDown);
  wrap.addEventListener("pointermove", onMove);
  wrap.addEventListener("pointerup", onUp);
  wrap.addEventListener("pointercancel", onUp);
  wrap.addEventListener("click", onClick, true);
  wrap.addEventListener("keydown", onKey);
  wrap.addEventListener("wheel", onWheel, { passive: false });
  wrap.addEventListener("touchmove", onTouchMove, { passive: false });
  wrap.addEventListener("touchend", onTouchEnd);
  wrap.addEventListener("touchcancel", onTouchEnd);
  if (tools) tools.addEventListener("click", onTool);
  mark();
}
