// The interpreter module the game pages give PyScript (pyscript.json
// "interpreter"): Pyodide's own loadPyodide, booting from the site's memory
// snapshot.
//
// The snapshot is a heap where pyapp and the standard library the pages use
// are already imported, so restoring it skips most of a boot. A return visit
// restores the copy this browser kept (page.js offers it). A first visit has
// none: a Web Worker makes it (snapshot_worker.mjs, by the build's recipe),
// so the plain boot's second or two of Python start-up runs off the page's
// main thread, and the page restores what the worker sends; page.js then
// keeps that heap for the next visit, with no download. Every heap is made
// and restored over the build's copy of the standard library (offer.stdlib,
// sitebuild/compile_stdlib.py), and every boot fetches the runtime packed
// (packed.mjs). page.js calls start()
// while the page is still loading, so the boot runs while PyScript loads
// itself; PyScript's loadPyodide call then joins it. The snapshot options
// are private to Pyodide: any failure falls back to the plain boot on the
// main thread, and says so in the console. `window.diceDungeonsBoot =
// "plain"` (set before the page loads) asks for the plain boot: the
// benchmark's baseline.
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide/pyodide.mjs";
import { fetchPacked, gunzipped, onProgress, runtimeModule, withPacked } from "./packed.mjs";
import { installFinder, placeFiles, PYSCRIPT_FOLDER, writeBundle } from "./snapshot_recipe.mjs";

export { version };

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
let runtime = null;  // Pyodide's JavaScript, imported once for every boot of this page
// The wasm kept unpacked serves one boot: a response's body is read once.
const bootPyodide = async (options) => {
  const offer = globalThis.diceDungeonsSnapshot;
  const kept = offer && globalThis.diceDungeonsBoot !== "plain" ? offer.keptWasm : null;
  if (offer) offer.keptWasm = null;
  // The runtime unpacked already (by this visit's worker, or kept from an earlier one: page.js),
  // so that this page's main thread unpacks nothing; else from the packed files.
  const parts = Promise.resolve(offer && globalThis.diceDungeonsBoot !== "plain" ? unpackedRuntime(offer) : null);
  runtime ??= runtimeModule(indexURL, parts.then((got) => got && got.asm));
  const create = await runtime;
  await nextTask();  // importing the runtime was a task of its own; so is the boot
  // The module made, the heap is restored in a task of its own.
  const createPyodideModule = async (settings) => {
    const module = await create(settings);
    await restoreStep();
    return module;
  };
  // Every boot mounts the build's standard library (offer.stdlib), a plain one too: no other is served.
  const stdLibURL = offer && offer.stdlib;
  const boot = () => loadRuntime({ ...options, createPyodideModule, ...(stdLibURL ? { stdLibURL } : {}) });
  const given = {};
  if (stdLibURL) given[stdLibURL] = parts.then((got) => (got && got.stdlib) || fetchPacked(stdLibURL));
  return withPacked(boot, { given, kept });
};

/** A promise of the runtime unpacked ({asm, stdlib}): kept from an earlier visit, else this visit's worker's, else null. */
function unpackedRuntime(offer) {
  return Promise.resolve(offer.keptRuntime)
    .then((kept) => kept || (offer.workerRuntime ? offer.workerRuntime : null))
    .catch(() => null);
}
onProgress((received) => globalThis.diceDungeonsLoading?.({ page: received }));
const html = document.documentElement;

// State frozen when the heap was made that must differ per page: the random
// module's seed. (The clock and the DOM are read live; str hashing keeps the
// build's seed, which CPython fixes for the life of an interpreter.)
const REFRESH = "import random as _r; _r.seed(); del _r";

const READ_LIMIT_MS = 8000;
// A plain boot, the worker's share, takes 2-3 s here once downloaded (WebKit's engine, several
// times that); a worker silent for this long is stuck, and the page boots plainly. A worker still
// downloading says so (its received bytes, at least every few seconds on any network that moves):
// slow bytes are no failure.
// (globalThis.diceDungeonsWorkerSilenceMs, set before the page loads, shortens it: the tests' way
// to show that the limit follows silence, not the whole download.)
const MAKE_LIMIT_MS = globalThis.diceDungeonsWorkerSilenceMs || 60000;

let booting = null;

/** Start booting (once); resolves to the Pyodide API. */
export function start() {
  booting ??= boot();
  const offer = globalThis.diceDungeonsSnapshot;
  if (offer && offer.pyscriptBytecodeURL && !offer.pyscriptBytecode) {
    offer.pyscriptBytecode = fetch(offer.pyscriptBytecodeURL)
      .then((response) => (response.ok ? response.arrayBuffer() : null))
      .then((bytes) => bytes && gunzipped(bytes))
      .catch(() => null);
  }
  return booting;
}

// Where the boot is (data-boot-step on <html>), so a page that never becomes
// ready says which step it stopped in.
const step = (name) => html.setAttribute("data-boot-step", name);

async function boot() {
  const offer = globalThis.diceDungeonsBoot === "plain" ? null : globalThis.diceDungeonsSnapshot;
  const canMake = offer && offer.recipe && globalThis.Worker;
  // Where this browser has not noted that it keeps this build's heap, the worker (page.js
  // started it where it could) is taken over now, while the kept copy is looked for, not after.
  let made = canMake && !offer.noted ? makeInWorker(offer) : null;
  step("reading-snapshot");
  // A read of the kept copy that never ends must not keep the page from starting.
  const late = new Promise((resolve) => setTimeout(() => resolve(null), READ_LIMIT_MS));
  const read = offer ? Promise.race([offer.bytes, late]) : Promise.resolve(null);
  // Where this browser noted that it keeps this build's heap, the restore starts now: Pyodide's
  // script loads and its wasm compiles while the heap is read, and only the restore waits for it.
  const restoring = offer && offer.noted ? restore(offer, read) : null;
  const bytes = await read;
  if (offer && bytes === null && !offer.why) offer.why = `the kept copy was not read within ${READ_LIMIT_MS} ms`;
  if (bytes) {
    if (made) offer.stopWorker();  // not needed after all
    try {
      step("restoring-snapshot");
      const pyodide = await (restoring ?? restore(offer, bytes));
      pyodide.runPython(REFRESH);
      html.setAttribute("data-boot", "snapshot");
      step("booted");
      return pyodide;
    } catch (error) {
      console.warn(`[dice-dungeons] the kept snapshot did not boot (${error}); booting without it`);
      html.setAttribute("data-boot-why", `the kept snapshot did not boot: ${error}`);
      offer.forget();
    }
  } else if (canMake) {
    await restoring?.catch(() => {});  // it stopped for want of the heap (and put back what it patched)
    try {
      step("making-snapshot");
      made ??= makeInWorker(offer);
      const options = { indexURL, _loadSnapshot: inLaterTask(made) };
      const pyodide = await withModule(offer.wasm, () => bootPyodide(options));
      pyodide.runPython(REFRESH);
      html.setAttribute("data-boot", "made");
      step("booted");
      return pyodide;
    } catch (error) {
      offer.stopWorker();
      console.warn(`[dice-dungeons] no snapshot was made for this visit (${error}); booting without it`);
      html.setAttribute("data-boot-why", `no snapshot was made: ${error}`);
    }
  } else {
    await restoring?.catch(() => {});
    const why = offer ? offer.why : globalThis.diceDungeonsBoot === "plain" ? "the plain boot was asked for" : "";
    console.info(`[dice-dungeons] booting without a snapshot: ${why || "this page has none"}`);
  }
  html.setAttribute("data-boot", "plain");
  step("booting-plain");
  const pyodide = await bootPyodide({ indexURL });
  installFinder(pyodide);
  step("booted");
  return pyodide;
}

/**
 * Restore the heap (bytes, or a promise of them; null: none kept) with the wasm kept beside it,
 * compiled from the Cache API as soon as it is found, in parallel with reading the heap.
 */
function restore(offer, heap) {
  const kept = Promise.resolve(offer.keptWasm)
    .then((response) => response ? WebAssembly.compileStreaming(response) : null)
    .then((module) => {
      if (module) performance.mark("dice-dungeons:kept-wasm-used");
      return module;
    })
    .catch(() => null);  // Pyodide fetches the packed wasm instead
  offer.keptWasm = null;
  const bytes = Promise.resolve(heap).then((got) => got || Promise.reject(new Error("no heap is kept")));
  // Pyodide awaits the heap only once its wasm is ready: where the kept copy is gone (an evicted
  // cache reads as null at once) the rejection comes first and would be reported as unhandled.
  bytes.catch(() => {});
  return withModule(kept, () => bootPyodide({ indexURL, _loadSnapshot: inLaterTask(bytes) }), null);
}

/**
 * Boot with the wasm module the worker compiled (a promise of it, or of null), instead of
 * compiling Pyodide's wasm again on this page. Pyodide has no option for a module of one's
 * own, so its one call of instantiateStreaming is answered for it, once, during this boot.
 */
async function withModule(wasm, boot, mark = "dice-dungeons:worker-module-used") {
  const own = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async function (source, imports) {
    WebAssembly.instantiateStreaming = own;
    const module = await wasm;
    if (!module) return own.call(WebAssembly, source, imports);
    Promise.resolve(source).then((response) => response.body && response.body.cancel()).catch(() => {});
    if (mark) performance.mark(mark);
    // Each step a task of its own (Pyodide's set-up before, the instantiation, what follows it):
    // on a phone no one of them blocks the page for long.
    await restoreStep();
    const instance = await WebAssembly.instantiate(module, imports);
    await restoreStep();
    return { module, instance };
  };
  try {
    return await boot();
  } finally {
    WebAssembly.instantiateStreaming = own;
  }
}

/**
 * A worker making the heap by the build's recipe (offer.recipe: the URLs of its inputs).
 * Resolves to the first heap it sends, the one for this page; offer.wasm to the wasm module
 * it compiled (null if it sends none). offer.keep(where) asks for the site's heap once the page is
 * playable: the worker keeps it in the Cache API where page.js says (where.heapKey) and it
 * resolves to true, or it resolves to the heap for page.js to keep (null if none comes); until it is
 * asked for, the worker makes nothing more. offer.stopWorker() ends it.
 */
function makeInWorker(offer) {
  let keep = null;
  let sendModule = null;
  const site = new Promise((resolve) => { keep = resolve; });
  offer.wasm = new Promise((resolve) => { sendModule = resolve; });
  let sendRuntime = null;
  offer.workerRuntime = new Promise((resolve) => { sendRuntime = resolve; });
  const made = new Promise((resolve, reject) => {
    let worker = offer.worker;  // page.js started it, where it could
    if (!worker) {
      try {
        worker = new Worker(new URL("./snapshot_worker.mjs", import.meta.url), { type: "module" });
      } catch (error) {
        keep(null);
        sendModule(null);
        sendRuntime(null);
        reject(error);
        return;
      }
      worker.postMessage({ ...offer.recipe, slug: html.dataset.ruleset || "" });
    }
    const stop = (error) => {
      clearTimeout(timer);
      worker.terminate();  // its own heap (a whole interpreter) is not needed any more
      keep(null);
      sendModule(null);
      sendRuntime(null);
      reject(new Error(error));  // no effect once the page's heap came
    };
    offer.stopWorker = () => stop("stopped");
    let timer = null;
    let heapCame = false;  // then the page waits on nothing: the site's heap comes when asked for
    const waitOn = () => {
      clearTimeout(timer);
      if (!heapCame) timer = setTimeout(() => stop(`the worker said nothing for ${MAKE_LIMIT_MS} ms`), MAKE_LIMIT_MS);
    };
    waitOn();
    offer.keep = (where) => {
      worker.postMessage({ site: true, ...where });
      return site;
    };
    const heard = ({ data }) => {
      waitOn();
      if ("received" in data) return globalThis.diceDungeonsLoading?.({ worker: data.received });
      if ("wasm" in data) return sendModule(data.wasm);
      if ("runtime" in data) return sendRuntime(data.runtime);
      for (const [name, at] of data.steps || []) {
        performance.mark(`dice-dungeons:worker-${name}`, { startTime: Math.max(0, at - performance.timeOrigin) });
      }
      offer.workerWire = data.wire || 0;
      if (data.heapKept) {  // the site's heap, kept by the worker where page.js asked
        offer.wasmKept = !!data.wasmKept;
        keep(true);
        return stop("done");
      }
      if (!data.heap) return stop(data.error);
      heapCame = true;
      clearTimeout(timer);
      resolve(data.heap);  // restoring copies it, so the site's heap may be this very array
      if (data.stage === "site") {
        offer.wasmKept = !!data.wasmKept;
        keep(data.heap);
        stop("done");
      }
    };
    const failed = (event) => {
      event.preventDefault();
      stop(`the worker failed: ${event.message || "it did not start"}`);
    };
    worker.onmessage = heard;
    worker.onerror = failed;
    for (const event of (offer.early || []).splice(0)) (event.type === "error" ? failed : heard)(event);
  });
  made.catch(() => {});  // awaited later, or never when a kept copy turns up: not an unhandled rejection
  return made;
}

/**
 * `promise` as Pyodide awaits it: settled in a task after the await, so that what Pyodide does
 * next (its module's set-up) is a task apart from what it did before (a thenable: a promise
 * settled long ago would go on in the same task).
 */
function inLaterTask(promise) {
  return { then: (resolve, reject) => promise.then((value) => restoreStep().then(() => resolve(value)), reject) };
}

/**
 * A task boundary between the restore's steps, in Chromium only (navigator.userAgentData is
 * Chromium's): in WebKit, a task boundary between instantiating the worker's module and the first
 * Python call was twice followed by "Out of bounds memory access" in that call (an engine fault we
 * could not isolate; the page then boots the plain way), so there the restore stays one task, as
 * before. Firefox gains little from it either way.
 */
function restoreStep() {
  return globalThis.navigator?.userAgentData ? nextTask() : Promise.resolve();
}

/** A promise that resolves in a later task (a promise alone would go on in this one). */
function nextTask() {
  return globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/** pyapp and the page's browser layer (page.js fetched them at once), where the heap expects them. */
async function placeApp(pyodide) {
  const app = globalThis.diceDungeonsApp;
  const [packed, page] = await Promise.all([app.packed, app.page]);
  placeFiles(pyodide, { app: await gunzipped(packed), pageName: "dice_page.py", page: new Uint8Array(page) });
}

/**
 * PyScript writes its package's sources and imports them at every boot, after this module's
 * loadPyodide: their bytecode, made by the build and checked by Python against those sources by
 * hash, goes in their __pycache__ first, so that none of it is compiled on the page.
 */
async function placePyScriptBytecode(pyodide) {
  const bundle = await globalThis.diceDungeonsSnapshot?.pyscriptBytecode;
  if (!bundle) return;
  try {
    writeBundle(pyodide, bundle, PYSCRIPT_FOLDER + "/__pycache__");
  } catch (error) {
    console.info(`[dice-dungeons] PyScript's bytecode was not put in place (${error}); it compiles its sources`);
  }
}

/** What PyScript calls: the one boot, with PyScript's output streams. */
export async function loadPyodide(options = {}) {
  const pyodide = await start();
  // Each step a task of its own: the page answers input between them, and none is long on a phone.
  await nextTask();
  await placeApp(pyodide);
  await nextTask();
  if (html.getAttribute("data-boot") !== "plain") await placePyScriptBytecode(pyodide);
  await nextTask();
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}
