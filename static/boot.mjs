// The one boot: Pyodide started for the game, in the game's worker or, where
// none can run, on the page's own thread (game_thread.mjs runs this module in
// either, and PyScript's config names it as its interpreter). Three ways:
// - "snapshot": the heap an earlier visit kept (the Cache API, under the
//   build's name: kept()) is restored, with the wasm, Pyodide's JavaScript and
//   the standard library kept unpacked beside it, so nothing is unpacked;
// - "made": a first visit, in the worker, boots plainly from the packed
//   runtime (packed.mjs), fills the heap by the build's recipe
//   (snapshot_recipe.mjs: every page's modules, so the heap kept serves the
//   whole site), makes the snapshot and, once the game is up, keeps it;
// - "plain": on the page's thread no heap is made (the game would wait for
//   it); the plain boot, which then keeps the build's own copy of the heap,
//   fetched once the game is up.
// Every boot runs over the build's copy of the standard library
// (sitebuild/compile_stdlib.py) and writes pyapp out (a heap does not hold the
// file system).
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide/pyodide.mjs";
import { fetchEarly, fetchPacked, gunzipped, onProgress, runtimeModule, withModule, withPacked } from "./packed.mjs";
import { importAll, installFinder, MAKE_OPTIONS, placeFiles } from "./snapshot_recipe.mjs";

export { onProgress, version };

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
const CACHE = "dice-dungeons-snapshots";
// Where stdlib_on_demand.py fetches the standard library shipped apart.
globalThis.diceDungeonsStdlib = new URL("./stdlib/", import.meta.url).href;
globalThis.diceDungeonsStdlibKept = new Map();

// State frozen when the heap was made that must differ per visit: the random module's seed.
const REFRESH = "import random as _r; _r.seed(); del _r";

/** The Cache API, or null: a frame of opaque origin (a sandboxed embed) throws at the mere reading. */
export function cacheStorage() {
  try {
    return globalThis.caches || null;
  } catch {
    return null;
  }
}

/**
 * What a page asks this boot for: `recipe` {appURL, snapshotURL (the build's heap, gzipped; null
 * where the build made none)}; the files of the heap's recipe and where each is kept are named after it.
 */
function placesOf({ snapshotURL }) {
  if (!snapshotURL) return null;
  const named = (ending) => snapshotURL.replace(/\.bin\.gz$/, ending);
  return {
    heapURL: snapshotURL,
    importsURL: named(".imports.json"),
    stdlibURL: named(".stdlib.zip"),
    // the heap unpacked, and the runtime unpacked beside it: a response of the Cache API's lets the
    // browser reuse the machine code it compiled from the wasm (packed.mjs)
    heapKey: snapshotURL,
    wasmKey: named(".wasm"),
    asmKey: named(".runtime.mjs"),
    stdlibKey: named(".stdlib.zip"),
  };
}

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

/** The kept heap and runtime ({heap, wasm: Response, asm, stdlib}), or null where any is missing. */
async function keptRuntime(places) {
  try {
    const cache = await openCache();
    const [heap, wasm, asm, stdlib] = await Promise.all(
      [places.heapKey, places.wasmKey, places.asmKey, places.stdlibKey].map((key) => cache.match(key)));
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
    () => loadRuntime({ indexURL, stdLibURL: stdlibURL, createPyodideModule, _loadSnapshot: kept.heap }),
    { given: { [stdlibURL]: Promise.resolve(kept.stdlib) } }));
}

/** A boot from the packed runtime; `make`: the heap filled by the recipe and made (a snapshot). */
async function bootPlainly(places, app, make, mark) {
  const wasm = [];
  const early = fetchEarly(indexURL);  // the largest file first: its download overlaps everything before Pyodide reads it
  const stdlibURL = places && places.stdlibURL;
  const runtime = { asm: fetchPacked(new URL("pyodide.asm.mjs", indexURL).href), stdlib: stdlibURL ? fetchPacked(stdlibURL) : null };
  const given = stdlibURL ? { [stdlibURL]: runtime.stdlib } : {};
  const options = { ...(make ? MAKE_OPTIONS : {}), indexURL, ...(stdlibURL ? { stdLibURL: stdlibURL } : {}) };
  const [py, files, imports] = await Promise.all([
    runtimeModule(indexURL, runtime.asm).then((createPyodideModule) => withPacked(
      () => loadRuntime({ ...options, createPyodideModule }), { given, sink: make ? wasm : null, early })),
    app,
    make ? fetchPacked(places.importsURL).then((data) => JSON.parse(new TextDecoder().decode(data))) : null,
  ]);
  mark("booted");
  placeFiles(py, files);
  installFinder(py);
  if (!make) return { py, made: null };
  // In parts, each said: on a slow or busy device the whole fill outlasts the page's patience with a
  // silent worker (game_link.mjs), and a part of it does not.
  const FILL_PART = 40;
  for (let at = 0; at < imports.all.length; at += FILL_PART) {
    const failed = importAll(py, imports.all.slice(at, at + FILL_PART));
    if (failed) throw new Error("modules that would not import: " + failed);
    mark("filling", false);
  }
  mark("filled");
  const heap = py.makeMemorySnapshot();
  mark("made");
  return { py, made: { heap, runtime, wasm } };
}

/** Keep the heap made here and the runtime as unpacked here, for the next visit; "" once kept, else why not. */
async function keepMade(places, { heap, runtime, wasm }) {
  if (!wasm.length) return "the wasm came unpacked";
  await keepRuntime(places, { heap, wasm: new Blob(wasm), asm: await runtime.asm, stdlib: await runtime.stdlib });
  return "";
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
 * heap left aside and none made: the benchmark's baseline)}. Resolves to {py, how, why (a kept heap that failed), keep}:
 * keep() keeps for the next visit what this visit can, once the game is up; it resolves to "" or why not.
 */
export async function bootPython({ recipe, make = false, plain = false, mark = () => {} }) {
  const places = placesOf(recipe);
  const app = bytes(recipe.appURL).then(gunzipped);
  app.catch(() => {});  // awaited below, which says what failed
  let why = "";
  if (places && !plain) {
    const [kept] = await Promise.all([keptRuntime(places), readKeptStdlib(places)]);
    if (kept) {
      try {
        const py = await restore(kept, places.stdlibURL);
        placeFiles(py, await app);
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
  const { py, made } = await bootPlainly(places, app, making, mark);
  py.runPython(REFRESH);
  const keep = async () => {
    if (!places) return "this build made no heap to keep";
    try {
      const failed = made ? await keepMade(places, made) : await keepBuildCopy(places);
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
  const recipe = { appURL: root + "pyapp.files.gz", snapshotURL: snapshot ? root + snapshot : null };
  const { py } = await bootPython({ recipe });
  if (options.stdout) py.setStdout({ batched: options.stdout });
  if (options.stderr) py.setStderr({ batched: options.stderr });
  return py;
}
