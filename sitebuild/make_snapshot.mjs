// Makes the site's Pyodide memory snapshot (run by build.py under Node).
//
//   node make_snapshot.mjs PYODIDE_DIR PYAPP_ZIP PAGE_MODULE IMPORTS_JSON OUT
//
// Boots the pinned Pyodide and fills its heap by the recipe a first visit's
// browser also follows (static/snapshot_recipe.mjs), then writes the raw
// snapshot to OUT.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { fillHeap, MAKE_OPTIONS } from "../static/snapshot_recipe.mjs";

const [pyodideDir, zipPath, pagePath, importsPath, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({
  ...MAKE_OPTIONS,
  indexURL: pyodideDir + path.sep,
  // What a browser's Emscripten sets, so the build's own path is not frozen into os.environ.
  env: { _: "./this.program" },
});
const failed = fillHeap(py, {
  zip: new Uint8Array(fs.readFileSync(zipPath)),
  pageName: path.basename(pagePath),
  page: new Uint8Array(fs.readFileSync(pagePath)),
  imports: JSON.parse(fs.readFileSync(importsPath, "utf8")),  // the whole list: the site's heap
});
if (failed) {
  console.error("modules that would not import:\n  " + failed);
  process.exit(3);
}
fs.writeFileSync(out, py.makeMemorySnapshot());
