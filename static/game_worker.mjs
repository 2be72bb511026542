// The game's own thread: Pyodide, pyapp and the page's logic (dice_page.py)
// run here, in a Web Worker, so the page's main thread never runs the
// interpreter: its boot, its restore and every redraw's Python are off it,
// and the page answers the player (and paints) all along. The page's agent
// (agent.mjs) applies what Python sends and sends back what the player does.
//
// The boot: a return visit restores the heap this browser kept (the Cache API,
// where page.js and this worker keep it, under the build's name); a first
// visit boots plainly from the packed runtime (packed.mjs), fills the heap by
// the build's recipe (snapshot_recipe.mjs: every page's modules, so the heap
// kept serves the whole site), makes the snapshot, and keeps it, with the
// runtime unpacked, for the next visit. Only then does the game start, so
// that no JS object is in the heap the snapshot copies.
//
// Messages: the page sends {start: {recipe, opened, keep}} once, then
// {event: JSON} (and {run: code, id}: window.diceDungeonsPython); this
// worker sends {received} (bytes, for the loading bar), {step}, {booted, why,
// steps, wire}, {ops: JSON} and {handled} for each event, {kept, why} once
// the heap is kept (or could not be), {ran, value | error} and {error}.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { fetchEarly, fetchPacked, gunzipped, onProgress, runtimeModule, withModule, withPacked } from "./packed.mjs";
import { importAll, installFinder, MAKE_OPTIONS, placeFiles } from "./snapshot_recipe.mjs";

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
// Where stdlib_on_demand.py fetches the standard library shipped apart.
self.diceDungeonsStdlib = new URL("./stdlib/", import.meta.url).href;

// State frozen when the heap was made that must differ per visit: the random module's seed.
const REFRESH = "import random as _r; _r.seed(); del _r";

let told = 0;
onProgress((received) => {
  const now = performance.now();
  if (now - told < 100) return;
  told = now;
  self.postMessage({ received });
});

// A Content-Security-Policy violation here (a worker started from a blob keeps its page's policy) is a bug:
// the page says so where the tests look.
self.addEventListener("securitypolicyviolation", (event) => {
  self.postMessage({ violation: `${event.effectiveDirective} ${event.blockedURI || "inline"} (in the game's worker)` });
});

/** The Cache API, or null: a worker of an opaque origin (a sandboxed frame's) throws at the mere reading. */
function cacheStorage() {
  try {
    return self.caches || null;
  } catch {
    return null;
  }
}

const steps = [];
// Each step also said at once: the page shows where the boot is (data-boot-step), and hears that it goes on.
const mark = (name) => {
  steps.push([name, performance.timeOrigin + performance.now()]);
  self.postMessage({ step: name });
};
steps.push(["created", performance.timeOrigin]);

async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The kept heap and runtime ({heap, wasm: Response, asm, stdlib}), or null where any is missing. */
async function keptRuntime(keep) {
  if (!keep || !keep.cache || !cacheStorage()) return null;
  try {
    const cache = await cacheStorage().open(keep.cache);
    const [heap, wasm, asm, stdlib] = await Promise.all(
      [keep.heapKey, keep.wasmKey, keep.asmKey, keep.stdlibKey].map((key) => cache.match(key)));
    if (!heap || !wasm || !asm || !stdlib) return null;
    return { heap: new Uint8Array(await heap.arrayBuffer()), wasm, asm: await asm.arrayBuffer(), stdlib: await stdlib.arrayBuffer() };
  } catch {
    return null;
  }
}

/** Boot from the kept heap: the wasm from the Cache API (its machine code reused), nothing unpacked. */
async function restore(kept, stdlibURL) {
  const module = WebAssembly.compileStreaming(kept.wasm);
  const createPyodideModule = await runtimeModule(indexURL, kept.asm);
  return withModule(module, () => withPacked(
    () => loadPyodide({ indexURL, stdLibURL: stdlibURL, createPyodideModule, _loadSnapshot: kept.heap }),
    { given: { [stdlibURL]: Promise.resolve(kept.stdlib) } }));
}

/** Keep the heap and the runtime as unpacked here, for the next visit (off the page's thread); "" once kept, else why not. */
async function keepAll(keep, heap, runtime, wasm) {
  if (!keep || !keep.cache) return "the page named no place to keep it";
  if (!cacheStorage()) return "this browser gives the page no Cache API here";
  if (!wasm.length) return "the wasm came unpacked";
  try {
    const cache = await cacheStorage().open(keep.cache);
    const kept = (body, type) => new Response(body, { headers: { "Content-Type": type } });
    await cache.put(keep.wasmKey, kept(new Blob(wasm), "application/wasm"));
    await cache.put(keep.asmKey, kept(await runtime.asm, "text/javascript"));
    await cache.put(keep.stdlibKey, kept(await runtime.stdlib, "application/zip"));
    await cache.put(keep.heapKey, kept(heap, "application/octet-stream"));  // last: its presence means all are there
    return "";
  } catch (error) {
    return String((error && error.message) || error);
  }
}

/** A first visit's boot: plain, from the packed runtime; the heap filled with the site's modules and made. */
async function makeAndBoot(recipe, files) {
  const { pageURL, importsURL, stdlibURL } = recipe;
  const wasm = [];
  const early = fetchEarly(indexURL);  // the largest file first: its download overlaps everything before Pyodide reads it
  const runtime = { asm: fetchPacked(new URL("pyodide.asm.mjs", indexURL).href), stdlib: fetchPacked(stdlibURL) };
  const [py, app, page, imports] = await Promise.all([
    runtimeModule(indexURL, runtime.asm).then((createPyodideModule) => withPacked(
      () => loadPyodide({ ...MAKE_OPTIONS, indexURL, stdLibURL: stdlibURL, createPyodideModule }),
      { given: { [stdlibURL]: runtime.stdlib }, sink: wasm, early })),
    files.then(([app]) => app),
    files.then(([, page]) => page),
    fetchPacked(importsURL).then((data) => JSON.parse(new TextDecoder().decode(data))),
  ]);
  mark("booted");
  placeFiles(py, { app, pageName: pageURL.split("/").pop(), page });
  installFinder(py);
  const failed = importAll(py, imports.all);
  if (failed) throw new Error("modules that would not import: " + failed);
  mark("filled");
  const heap = py.makeMemorySnapshot();
  mark("made");
  return { py, heap, runtime, wasm };
}

/**
 * What stdlib_on_demand.py fetched on earlier visits (kept beside the heap under this build's name, as
 * page.js keeps it for a boot on the page), read before Python starts; and how it keeps what it fetches now.
 */
async function readKeptStdlib(keep) {
  self.diceDungeonsStdlibKept = new Map();
  if (!keep || !keep.cache || !cacheStorage()) return;
  const name = "?" + keep.heapKey.split("/").pop();
  try {
    const cache = await cacheStorage().open(keep.cache);
    self.diceDungeonsKeepStdlib = (url, data) => {
      cache.put(url + name, new Response(data)).catch(() => {});  // else it is fetched again next time
    };
    const mine = (await cache.keys()).filter((r) => r.url.startsWith(self.diceDungeonsStdlib) && r.url.endsWith(name));
    await Promise.all(mine.map(async (request) => {
      const hit = await cache.match(request);
      self.diceDungeonsStdlibKept.set(request.url.slice(0, -name.length), new Uint8Array(await hit.arrayBuffer()));
    }));
  } catch {
    // no cache here (a refused embed): every module shipped apart is fetched when imported
  }
}

/** One event from the page's agent; it hears when it was handled, after what it changed. */
function handle(event) {
  try {
    page.handle(event);
  } catch (error) {  // a rules bug: the game said so on the page and changed nothing; the trace is for devtools
    console.error(`[dice-dungeons] ${error && error.message || error}`);
  } finally {
    self.postMessage({ handled: true });
  }
}

/**
 * Python code from the page (window.diceDungeonsPython: devtools and the tests): its last expression's
 * value, converted to plain data, or its error. Only the page that made this worker can post to it.
 */
function run({ run: code, id }) {
  try {
    if (!python) throw new Error("Python has not started yet");
    const value = python.runPython(String(code));
    const plain = value && value.toJs ? value.toJs({ dict_converter: Object.fromEntries }) : value;
    if (value && value.destroy) value.destroy();
    self.postMessage({ ran: id, value: plain });
  } catch (error) {
    self.postMessage({ ran: id, error: String((error && error.message) || error) });
  }
}

let python = null;  // the interpreter, once booted
let page = null;  // dice_page's Page, once started
const waiting = [];  // events that came before it

self.onmessage = async ({ data }) => {
  if (data.event !== undefined) {
    if (page) handle(data.event);
    else waiting.push(data.event);
    return;
  }
  if (data.run !== undefined) return run(data);
  if (!data.start) return;
  const { recipe, opened, keep } = data.start;
  // pyapp and the page's logic: every boot writes them out (a heap does not hold the file system)
  const files = Promise.all([bytes(recipe.appURL).then(gunzipped), bytes(recipe.pageURL)]);
  files.catch(() => {});  // awaited below, which says what failed
  try {
    let py = null;
    let how = "restored";
    let why = "";  // why this visit made its heap although one was kept
    const [kept] = await Promise.all([keptRuntime(keep), readKeptStdlib(keep)]);
    if (kept) {
      try {
        py = await restore(kept, recipe.stdlibURL);
        const [app, pageFile] = await files;
        placeFiles(py, { app, pageName: recipe.pageURL.split("/").pop(), page: pageFile });
        mark("restored");
      } catch (error) {
        why = `the kept snapshot did not boot: ${error}`;
        py = null;
      }
    }
    let made = null;
    if (!py) {
      how = "made";
      made = await makeAndBoot(recipe, files);
      py = made.py;
    }
    py.runPython(REFRESH);
    python = py;
    // What this worker fetched (the page's timeline does not show a worker's requests), for the benchmark.
    const wire = performance.getEntriesByType("resource").reduce((sum, e) => sum + (e.transferSize || 0), 0);
    self.postMessage({ booted: how, why, steps: steps.splice(0), wire });
    const dicePage = py.pyimport("dice_page");
    page = dicePage.start_remote(opened, (ops) => self.postMessage({ ops }));
    mark("started");
    for (const event of waiting.splice(0)) handle(event);
    if (made) {  // kept once the game is up: the cache's writes never delay the first drawing
      const why = await keepAll(keep, made.heap, made.runtime, made.wasm);
      self.postMessage({ kept: !why, why });
    }
  } catch (error) {
    self.postMessage({ error: String((error && error.message) || error) });
  }
};
// What the page sent before this module ran: where a sandboxed frame starts this worker from a blob that
// imports this module (page.js), the blob kept it.
for (const early of (self.diceDungeonsEarly || []).splice(0)) self.onmessage(early);
