// The interpreter module the game pages give PyScript (pyscript.json
// "interpreter"): Pyodide's own loadPyodide, booting from the site's memory
// snapshot where this browser kept one. This is the boot on the page's own
// thread, for a browser where the game's worker cannot run (page.js: the game
// runs in game_worker.mjs wherever a worker can): it restores the heap kept by
// an earlier visit (page.js offers it), else boots plainly. Every heap is
// restored over the build's copy of the standard library (offer.stdlib,
// sitebuild/compile_stdlib.py), and every boot fetches the runtime packed
// (packed.mjs). page.js calls start() while the page is still loading, so the
// boot runs while PyScript loads itself; PyScript's loadPyodide call then
// joins it. The snapshot options are private to Pyodide: any failure falls
// back to the plain boot, and says so in the console. `window.diceDungeonsBoot
// = "plain"` (set before the page loads) asks for the plain boot on the page:
// the benchmark's baseline.
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide/pyodide.mjs";
import { fetchPacked, gunzipped, onProgress, runtimeModule, withModule, withPacked } from "./packed.mjs";
import { installFinder, placeFiles, PYSCRIPT_FOLDER, writeBundle } from "./snapshot_recipe.mjs";

export { version };

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
let runtime = null;  // Pyodide's JavaScript, imported once for every boot of this page
// The wasm kept unpacked serves one boot: a response's body is read once.
const bootPyodide = async (options) => {
  const offer = globalThis.diceDungeonsSnapshot;
  const kept = offer && globalThis.diceDungeonsBoot !== "plain" ? offer.keptWasm : null;
  if (offer) offer.keptWasm = null;
  // The runtime unpacked already (kept from an earlier visit: page.js), so that this page's main
  // thread unpacks nothing; else from the packed files.
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

/** A promise of the runtime unpacked ({asm, stdlib}) kept from an earlier visit, else of null. */
function unpackedRuntime(offer) {
  return Promise.resolve(offer.keptRuntime).catch(() => null);
}
onProgress((received) => globalThis.diceDungeonsLoading?.({ page: received }));
const html = document.documentElement;

// State frozen when the heap was made that must differ per page: the random
// module's seed. (The clock and the DOM are read live; str hashing keeps the
// build's seed, which CPython fixes for the life of an interpreter.)
const REFRESH = "import random as _r; _r.seed(); del _r";

const READ_LIMIT_MS = 8000;

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
  } else {
    await restoring?.catch(() => {});  // it stopped for want of the heap (and put back what it patched)
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
  // Each step a task of its own (Pyodide's set-up before, the instantiation, what follows it):
  // on a phone no one of them blocks the page for long.
  return withModule(kept, () => bootPyodide({ indexURL, _loadSnapshot: inLaterTask(bytes) }), restoreStep);
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
 * Chromium's): in WebKit, a task boundary between instantiating a module compiled apart and the first
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
