// A first visit's snapshot maker (see boot.mjs): boots Pyodide in this
// worker, off the page's main thread, fills the heap by the build's recipe
// and sends the raw snapshot back (transferred, not copied). The page then
// restores it, so even a first visit never blocks for a whole plain boot.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { fillHeap, MAKE_OPTIONS } from "./snapshot_recipe.mjs";

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;

async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// When each step ended, on the shared clock: the page marks them in its
// performance timeline (dice-dungeons:worker-*), for the benchmark and devtools.
const steps = [];
const mark = (name) => steps.push([name, performance.timeOrigin + performance.now()]);

self.onmessage = async ({ data: { zipURL, pageURL, importsURL } }) => {
  try {
    const [py, zip, page, imports] = await Promise.all([
      loadPyodide({ ...MAKE_OPTIONS, indexURL }),
      bytes(zipURL),
      bytes(pageURL),
      fetch(importsURL).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${importsURL}: HTTP ${r.status}`)))),
    ]);
    mark("booted");
    const failed = fillHeap(py, { zip, pageName: pageURL.split("/").pop(), page, imports });
    if (failed) throw new Error("modules that would not import: " + failed);
    mark("filled");
    const heap = py.makeMemorySnapshot();
    mark("made");
    // What this worker fetched (mostly revalidations of what the page preloaded), for the benchmark's bytes.
    const wire = performance.getEntriesByType("resource").reduce((sum, e) => sum + (e.transferSize || 0), 0);
    self.postMessage({ heap, steps, wire }, [heap.buffer]);
  } catch (error) {
    self.postMessage({ error: String((error && error.message) || error) });
  }
};
