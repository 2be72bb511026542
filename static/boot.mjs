// The interpreter module the game pages give PyScript (pyscript.json
// "interpreter"): Pyodide's own loadPyodide, booting from the site's memory
// snapshot when this browser keeps one (page.js offers it), else the plain way.
//
// The snapshot is a heap where pyapp and the standard library the pages use
// are already imported (made by build.py), so restoring it skips most of a
// boot. page.js calls start() while the page is still loading, so the boot
// runs while PyScript loads itself; PyScript's loadPyodide call then joins it.
// The snapshot options are private to Pyodide: any failure falls back to the
// plain boot, and says so in the console.
import { loadPyodide as bootPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
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
  return booting;
}

// Where the boot is (data-boot-step on <html>), so a page that never becomes
// ready says which step it stopped in.
const step = (name) => html.setAttribute("data-boot-step", name);

async function boot() {
  const offer = globalThis.diceDungeonsSnapshot;
  step("reading-snapshot");
  // A read of the kept copy that never ends must not keep the page from starting.
  const late = new Promise((resolve) => setTimeout(() => resolve(null), READ_LIMIT_MS));
  const bytes = offer ? await Promise.race([offer.bytes, late]) : null;
  if (offer && bytes === null && !offer.why) offer.why = `the kept copy was not read within ${READ_LIMIT_MS} ms`;
  if (bytes) {
    try {
      step("restoring-snapshot");
      const pyodide = await bootPyodide({ indexURL, _loadSnapshot: bytes });
      pyodide.runPython(REFRESH);
      html.setAttribute("data-boot", "snapshot");
      step("booted");
      return pyodide;
    } catch (error) {
      console.warn(`[dice-dungeons] the kept snapshot did not boot (${error}); booting without it`);
      offer.forget();
    }
  } else {
    console.info(`[dice-dungeons] booting without a snapshot: ${offer ? offer.why : "this page has none"}`);
  }
  html.setAttribute("data-boot", "plain");
  step("booting-plain");
  const pyodide = await bootPyodide({ indexURL });
  step("booted");
  return pyodide;
}

/** What PyScript calls: the one boot, with PyScript's output streams. */
export async function loadPyodide(options = {}) {
  const pyodide = await start();
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}
