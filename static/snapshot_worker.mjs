// A first visit's snapshot maker (see boot.mjs): boots Pyodide in this
// worker, off the page's main thread, and fills the heap by the build's
// recipe in two steps. First what the asking page imports (every ruleset but
// the others'): that heap goes to the page at once, which restores it, so
// even a first visit never blocks for a whole plain boot. Then the rest of
// the site's list: that heap, the one the build names, is for the page to
// keep, which it puts in the Cache API itself where the page says (else
// sends it). Heaps are transferred, not copied. It downloads most of a first
// visit (the packed runtime: packed.mjs), and tells the page how far it got.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { fetchEarly, fetchPacked, gunzipped, onProgress, runtimeModule, withPacked } from "./packed.mjs";
import { importAll, installFinder, MAKE_OPTIONS, placeFiles } from "./snapshot_recipe.mjs";

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
// Where stdlib_on_demand.py fetches the standard library shipped apart.
self.diceDungeonsStdlib = new URL("./stdlib/", import.meta.url).href;

// Bytes received, at most every tenth of a second: the page's loading bar, and its sign that
// a worker still downloading on a slow network is working, not stuck (boot.mjs).
let told = 0;
onProgress((received) => {
  const now = performance.now();
  if (now - told < 100) return;
  told = now;
  self.postMessage({ received });
});
// The wasm as it was unpacked, kept for the next visit with the site's heap (page.js names where).
const wasm = [];

// The page restores the heap into the same wasm module: it gets the module this worker
// compiled, so it need not compile its own (an engine that cannot send one lets it).
const instantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  mark("fetching");
  const made = await instantiateStreaming.call(WebAssembly, source, imports);
  mark("compiled");
  try {
    self.postMessage({ wasm: made.module });
  } catch {
    self.postMessage({ wasm: null });
  }
  return made;
};

// The site's heap waits until the page asks for it, once playable, so that making it
// never competes with the page's own restore and first drawing.
let siteAsked;
const site = new Promise((resolve) => { siteAsked = resolve; });

// When each step ended, on the shared clock: the page marks them in its
// performance timeline (dice-dungeons:worker-*), for the benchmark and devtools.
const steps = [];
const mark = (name) => steps.push([name, performance.timeOrigin + performance.now()]);
steps.push(["created", performance.timeOrigin]);

async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Fill the heap with `names` imported and send it to the page; or, where `keepAt` names a place
 * in the Cache API, keep it there and tell the page so: the site's heap is for the next visit, and
 * putting 30 MB in the cache is work the page's main thread need not do.
 */
async function send(stage, py, names, more = {}, keepAt = null) {
  const failed = importAll(py, names);
  if (failed) throw new Error("modules that would not import: " + failed);
  mark(`${stage}-filled`);
  const heap = py.makeMemorySnapshot();
  mark(`${stage}-made`);
  // What this worker fetched (mostly revalidations of what the page preloaded), for the benchmark's bytes.
  const wire = performance.getEntriesByType("resource").reduce((sum, e) => sum + (e.transferSize || 0), 0);
  const message = { stage, steps: steps.splice(0), wire, ...more };
  if (keepAt && await keptIn(keepAt, heap)) return self.postMessage({ ...message, heapKept: true });
  self.postMessage({ ...message, heap }, [heap.buffer]);
}

/** True once `heap` is in the Cache API where the page asked (where.cache, where.heapKey). */
async function keptIn(where, heap) {
  if (!where.cache || !where.heapKey || !self.caches) return false;
  try {
    const cache = await caches.open(where.cache);
    await cache.put(where.heapKey, new Response(heap, { headers: { "Content-Type": "application/octet-stream" } }));
    return true;
  } catch {
    return false;
  }
}

/**
 * The runtime as this worker unpacked it (the wasm, Pyodide's JavaScript, the standard library),
 * in the cache where page.js looks for it on the next visit, which then unpacks nothing; true once there.
 */
async function keepUnpacked(where, runtime) {
  if (!wasm.length || !where.cache || !where.wasmKey || !self.caches) return false;
  try {
    const cache = await caches.open(where.cache);
    const kept = (body, type) => new Response(body, { headers: { "Content-Type": type } });
    await cache.put(where.wasmKey, kept(new Blob(wasm.splice(0)), "application/wasm"));
    if (where.asmKey) await cache.put(where.asmKey, kept(await runtime.asm, "text/javascript"));
    if (where.stdlibKey) await cache.put(where.stdlibKey, kept(await runtime.stdlib, "application/zip"));
    return true;
  } catch {
    return false;
  }
}

self.onmessage = async ({ data }) => {
  if (data.site) return siteAsked(data);
  const { appURL, pageURL, importsURL, stdlibURL, slug } = data;
  // Unpacked here, once: the page gets them too (it restores over the same runtime), so its main
  // thread unpacks nothing.
  const early = fetchEarly(indexURL);  // the largest file first: its download overlaps everything before Pyodide reads it
  const runtime = { asm: fetchPacked(new URL("pyodide.asm.mjs", indexURL).href), stdlib: fetchPacked(stdlibURL) };
  try {
    const [py, app, page, imports] = await Promise.all([
      runtimeModule(indexURL, runtime.asm).then((createPyodideModule) => withPacked(
        () => loadPyodide({ ...MAKE_OPTIONS, indexURL, stdLibURL: stdlibURL, createPyodideModule }),
        { given: { [stdlibURL]: runtime.stdlib }, sink: wasm, early })),
      bytes(appURL).then(gunzipped),
      bytes(pageURL),
      fetchPacked(importsURL).then((bytes) => JSON.parse(new TextDecoder().decode(bytes))),
    ]);
    mark("booted");
    self.postMessage({ runtime: { asm: await runtime.asm, stdlib: await runtime.stdlib } });
    placeFiles(py, { app, pageName: pageURL.split("/").pop(), page });
    installFinder(py);
    const own = imports.pages[slug];
    let asked = null;
    if (own) {
      await send("page", py, own);
      asked = await site;
    }
    const wasmKept = asked ? await keepUnpacked(asked, runtime) : false;
    await send("site", py, imports.all, { wasmKept }, asked);
  } catch (error) {
    self.postMessage({ error: String((error && error.message) || error) });
  }
};
