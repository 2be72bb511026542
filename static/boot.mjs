// The one boot: Pyodide started for the game, in the game's worker or, where
// none can run, on the page's own thread (game_thread.mjs runs this module in
// either, and PyScript's config names it as its interpreter). Three ways:
// - "snapshot": the heap an earlier visit kept (the Cache API, under the
//   build's name: kept()) is restored, with the wasm, Pyodide's JavaScript and
//   the standard library kept unpacked beside it, so nothing is unpacked;
// - "made": a first visit, in the worker, boots plainly from the packed
//   runtime (packed.mjs) and starts the game at once; once the game is up, a
//   worker of its own (heap_worker.mjs) boots again from the runtime this
//   visit fetched (the compiled wasm too), fills a heap by the build's recipe
//   (snapshot_recipe.mjs: every page's modules, so the heap kept serves the
//   whole site), makes the snapshot and keeps it. The game's heap cannot be
//   the one kept: it holds the page's objects, which a snapshot cannot;
// - "plain": on the page's thread no heap is made (the game would wait for
//   it); the plain boot, which then keeps the build's own copy of the heap,
//   fetched once the game is up.
// Every boot runs over the build's copy of the standard library
// (sitebuild/compile_stdlib.py). A plain boot writes pyapp out (its bytecode,
// sitebuild/snapshot.py); a restore needs no file of it: the heap holds every
// module of pyapp imported.
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide/pyodide.mjs";
import { fetchPacked, gunzipped, onProgress, runtimeModule, withModule, withPacked } from "./packed.mjs";
import { askedEarly, CACHE, cacheStorage, placesOf } from "./runtime_files.mjs";
import { importAll, installFinder, MAKE_OPTIONS, placeFiles } from "./snapshot_recipe.mjs";

export { onProgress, version };

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
// Where stdlib_on_demand.py fetches the standard library shipped apart.
globalThis.diceDungeonsStdlib = new URL("./stdlib/", import.meta.url).href;
globalThis.diceDungeonsStdlibKept = new Map();

// State frozen when the heap was made that must differ per visit: the random module's seed.
const REFRESH = "import random as _r; _r.seed(); del _r";

async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function openCache() {
  const storage = cacheStorage();
  if (!storage) throw new Error("this browser gives the page no Cache API here");
  return storage.open(CACHE);
}

/**
 * The kept heap and runtime ({heap, asm, stdlib: promises of their bytes, wasm: a Response}), or null where any
 * is missing. Their bytes are read as the restore goes: Pyodide's JavaScript is imported and the wasm compiled
 * while the 30 MB heap is still being read.
 */
async function keptRuntime(places) {
  try {
    const cache = await openCache();
    const [heap, wasm, asm, stdlib] = await Promise.all(
      [places.heapKey, places.wasmKey, places.asmKey, places.stdlibKey].map((key) => cache.match(key)));
    if (!heap || !wasm || !asm || !stdlib) return null;
    const read = (response) => {
      const bytes = response.arrayBuffer();
      bytes.catch(() => {});  // whoever awaits it says what failed
      return bytes;
    };
    return { heap: read(heap).then((buffer) => new Uint8Array(buffer)), wasm, asm: read(asm), stdlib: read(stdlib) };
  } catch {
    return null;
  }
}

/** Boot from the kept heap: the wasm from the Cache API (its machine code reused), nothing unpacked. */
async function restore(kept, stdlibURL, mark, lock) {
  const module = WebAssembly.compileStreaming(kept.wasm);
  const createPyodideModule = await runtimeModule(indexURL, kept.asm);
  mark("runtime-imported");
  return withModule(module, () => withPacked(
    () => loadRuntime({ indexURL, stdLibURL: stdlibURL, createPyodideModule, _loadSnapshot: kept.heap, lockFileContents: lock }),
    { given: { [stdlibURL]: kept.stdlib } }));
}

/**
 * A boot from the packed runtime, asked for now or `early` (runtime_files.mjs, runtimeAskedEarly); `make`: what
 * this visit fetched is held for the heap's worker (makeElsewhere): the runtime unpacked, the compiled wasm.
 */
async function bootPlainly(places, app, make, mark, early, lock) {
  const wasm = [];
  let compiled = null;
  const stdlibURL = places && places.stdlibURL;
  const asked = early || {};
  // the largest file first: its download overlaps everything before Pyodide reads it
  const wasmResponse = asked.wasm || askedEarly(new URL("pyodide.asm.wasm", indexURL).href);
  const runtime = {
    asm: fetchPacked(new URL("pyodide.asm.mjs", indexURL).href, asked.asm),
    stdlib: stdlibURL ? fetchPacked(stdlibURL, asked.stdlib) : null,
  };
  const given = stdlibURL ? { [stdlibURL]: runtime.stdlib } : {};
  // not MAKE_OPTIONS: the heap kept is made by another interpreter (makeHeap), and a snapshot's maker wraps every
  // JavaScript global Python reaches in a proxy that notes its path
  const options = { indexURL, lockFileContents: lock, ...(stdlibURL ? { stdLibURL: stdlibURL } : {}) };
  const [py, files] = await Promise.all([
    runtimeModule(indexURL, runtime.asm).then((createPyodideModule) => withModule(null, () => withPacked(
      () => loadRuntime({ ...options, createPyodideModule }), { given, sink: make ? wasm : null, early: wasmResponse }),
    (module) => { compiled = module; })),
    app,
  ]);
  mark("booted");
  placeFiles(py, files);
  installFinder(py);
  return { py, made: make ? { runtime, wasm, module: compiled, app: files, lock: await lock } : null };
}

/**
 * Keep a heap for the next visit, made in a worker of its own from what this visit fetched (`made`): nothing
 * is fetched again but the list of modules to fill it with. "" once kept, else why not.
 */
async function makeElsewhere(places, { runtime, wasm, module, app, lock }) {
  if (!wasm.length) return "the wasm came unpacked";
  if (typeof Worker === "undefined") return keepBuildCopy(places);  // a browser with no worker in a worker
  const imports = JSON.parse(new TextDecoder().decode(await fetchPacked(places.importsURL)));
  const parts = { places, wasm: new Blob(wasm), asm: await runtime.asm, stdlib: await runtime.stdlib, app, imports: imports.all,
    lock };
  const worker = new Worker(new URL("./heap_worker.mjs", import.meta.url), { type: "module" });
  try {
    return await new Promise((resolve) => {
      worker.onmessage = ({ data }) => resolve(data.why);
      worker.onerror = (event) => {
        event.preventDefault();
        resolve(`the heap's worker failed: ${event.message || "it did not start"}`);
      };
      try {
        worker.postMessage({ ...parts, module });
      } catch {
        worker.postMessage(parts);  // a compiled module this browser cannot pass on: the wasm is compiled there
      }
    });
  } finally {
    worker.terminate();
  }
}

/**
 * In the heap's worker (heap_worker.mjs): boot from a first visit's runtime (`parts`, see makeElsewhere), fill
 * the heap by the build's recipe, make it and keep it with the runtime, as the build makes its own copy.
 */
export async function makeHeap({ places, module, wasm, asm, stdlib, app, imports, lock }) {
  const compiled = module || WebAssembly.compile(await wasm.arrayBuffer());
  const createPyodideModule = await runtimeModule(indexURL, asm);
  const py = await withModule(compiled, () => withPacked(
    () => loadRuntime({ ...MAKE_OPTIONS, indexURL, stdLibURL: places.stdlibURL, createPyodideModule, lockFileContents: lock }),
    { given: { [places.stdlibURL]: Promise.resolve(stdlib) } }));
  placeFiles(py, app);
  installFinder(py);
  const failed = importAll(py, imports);
  if (failed) throw new Error("modules that would not import: " + failed);
  await keepRuntime(places, { heap: py.makeMemorySnapshot(), wasm, asm, stdlib });
}

/** After a plain boot: the build's copy of the heap, and the runtime unpacked (from the HTTP cache now), kept. */
async function keepBuildCopy(places) {
  if (globalThis.navigator?.connection?.saveData) return "the user asked for fewer bytes";
  if (await (await openCache()).match(places.heapKey)) return "";
  await keepRuntime(places, {
    heap: await gunzipped((await bytes(places.heapURL)).buffer),
    wasm: await fetchPacked(new URL("pyodide.asm.wasm", indexURL).href),
    asm: await fetchPacked(new URL("pyodide.asm.mjs", indexURL).href),
    stdlib: await fetchPacked(places.stdlibURL),
  });
  return "";
}

/** A heap and the runtime unpacked beside it, kept under the build's names; the heap last: its presence means all are there. */
async function keepRuntime(places, { heap, wasm, asm, stdlib }) {
  const cache = await openCache();
  const kept = (body, type) => new Response(body, { headers: { "Content-Type": type } });
  await cache.put(places.wasmKey, kept(wasm, "application/wasm"));
  await cache.put(places.asmKey, kept(asm, "text/javascript"));
  await cache.put(places.stdlibKey, kept(stdlib, "application/zip"));
  await cache.put(places.heapKey, kept(heap, "application/octet-stream"));
}

/**
 * Keep {heap, wasm, asm, stdlib} (unpacked bytes) as the heap of `recipe`, as a visit keeps it: the browser
 * tests start most pages from the build's copy this way, as a return visit, and leave first visits to the
 * tests of first visits.
 */
export async function keepHeap(recipe, parts) {
  await keepRuntime(placesOf(recipe), parts);
}

/** Older builds' heaps and runtimes of this copy of the site, deleted (what stdlib_on_demand kept is its own). */
async function forgetOlder(places) {
  const cache = await openCache();
  const root = new URL("./", import.meta.url).href;
  const mine = [places.heapKey, places.wasmKey, places.asmKey, places.stdlibKey];
  const keptStdlib = (r) => r.url.startsWith(globalThis.diceDungeonsStdlib) && r.url.endsWith(stdlibTag(places));
  const stale = (await cache.keys()).filter((r) => r.url.startsWith(root) && !mine.includes(r.url) && !keptStdlib(r));
  await Promise.all(stale.map((r) => cache.delete(r)));
}

/** What names a module of the standard library kept under this build's name: its URL then this. */
const stdlibTag = (places) => "?" + places.heapKey.split("/").pop();

/**
 * What stdlib_on_demand.py fetched on earlier visits (kept beside the heap under this build's name), read
 * before Python starts; and how it keeps what it fetches now.
 */
async function readKeptStdlib(places) {
  const name = stdlibTag(places);
  try {
    const cache = await openCache();
    globalThis.diceDungeonsKeepStdlib = (url, data) => {
      cache.put(url + name, new Response(data)).catch(() => {});  // else it is fetched again next time
    };
    const mine = (await cache.keys()).filter((r) => r.url.startsWith(globalThis.diceDungeonsStdlib) && r.url.endsWith(name));
    await Promise.all(mine.map(async (request) => {
      const hit = await cache.match(request);
      globalThis.diceDungeonsStdlibKept.set(request.url.slice(0, -name.length), new Uint8Array(await hit.arrayBuffer()));
    }));
  } catch {
    // no cache here (a sandboxed embed): every module shipped apart is fetched when imported
  }
}

/**
 * Start Python for a page: {recipe, make (a first visit may make and keep a heap: the worker), plain (the kept
 * heap left aside and none made: the benchmark's baseline), early (the runtime asked for already:
 * runtime_files.mjs)}. Resolves to {py, how, why (a kept heap that failed), keep}:
 * keep() keeps for the next visit what this visit can, once the game is up; it resolves to "" or why not.
 */
export async function bootPython({ recipe, make = false, plain = false, mark = () => {}, early = null }) {
  const places = placesOf(recipe);
  // pyapp's files, asked for once a boot needs them: a restored heap imported every module of pyapp already
  // (the build's recipe), so a return visit fetches, unpacks and writes none of them
  let app = null;
  const appFiles = () => {
    if (!app) {
      app = fetchPacked(recipe.appURL);
      app.catch(() => {});  // awaited below, which says what failed
    }
    return app;
  };
  Promise.resolve(early).then((asked) => asked && appFiles(), () => {});  // a first visit asks at once
  // Pyodide's lock file, asked for now rather than once Pyodide starts: a round trip less on the way
  const lock = fetch(new URL("pyodide-lock.json", indexURL).href).then((response) => {
    if (!response.ok) throw new Error(`pyodide-lock.json: HTTP ${response.status}`);
    return response.json();
  });
  lock.catch(() => {});
  let why = "";
  if (places && !plain) {
    const [kept] = await Promise.all([keptRuntime(places), readKeptStdlib(places)]);
    mark("heap-read");
    if (kept) {
      try {
        const py = await restore(kept, places.stdlibURL, mark, lock);
        py.runPython(REFRESH);
        mark("restored");
        return { py, how: "snapshot", why, keep: () => forgetOlder(places).then(() => "", () => "") };
      } catch (error) {
        why = `the kept snapshot did not boot: ${error}`;
        console.warn(`[dice-dungeons] ${why}`);
      }
    }
  }
  const making = make && !plain && !!places && !!cacheStorage();  // a heap that cannot be kept is not made
  let { py, made } = await bootPlainly(places, appFiles(), making, mark, await early, lock);
  py.runPython(REFRESH);
  const keep = async () => {
    if (!places) return "this build made no heap to keep";
    try {
      const held = made;
      made = null;  // the runtime's bytes go to the heap's worker, not kept here
      const failed = held ? await makeElsewhere(places, held) : await keepBuildCopy(places);
      if (!failed) await forgetOlder(places);
      return failed;
    } catch (error) {
      return String((error && error.message) || error);
    }
  };
  return { py, how: making ? "made" : "plain", why, keep };
}

/** What PyScript calls (pyscript.json's "interpreter"): the one boot, with PyScript's output streams. */
export async function loadPyodide(options = {}) {
  const root = new URL("./", import.meta.url).href;
  const snapshot = document.querySelector("script[data-snapshot]")?.getAttribute("data-snapshot");
  const recipe = { appURL: root + "pyapp.files", snapshotURL: snapshot ? root + snapshot : null };
  const { py } = await bootPython({ recipe });
  if (options.stdout) py.setStdout({ batched: options.stdout });
  if (options.stderr) py.setStderr({ batched: options.stderr });
  return py;
}
