// Makes the site's Pyodide memory snapshot (run by build.py under Node).
//
//   node make_snapshot.mjs PYODIDE_DIR PYAPP_ZIP PAGE_MODULE IMPORTS_JSON OUT
//
// Boots the pinned Pyodide with its private _makeSnapshot option, puts pyapp
// and the page's browser layer where the pages' PyScript puts them
// (/home/pyodide/pyapp, /home/pyodide/<module>.py), imports
// every module in IMPORTS_JSON and writes the raw snapshot to OUT. Only
// Python is touched here: a snapshot may hold no JS object but globalThis
// paths, so the zip goes through the file system, not a JS buffer.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, zipPath, pagePath, importsPath, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({
  indexURL: pyodideDir + path.sep,
  _makeSnapshot: true,
  // What a browser's Emscripten sets, so the build's own path is not frozen into os.environ.
  env: { _: "./this.program" },
});
py.FS.writeFile("/tmp/pyapp.zip", new Uint8Array(fs.readFileSync(zipPath)));
py.FS.writeFile("/home/pyodide/" + path.basename(pagePath), new Uint8Array(fs.readFileSync(pagePath)));
// A function, so nothing it names stays behind in __main__.
const failed = py.runPython(`
def _import_all(names):
    import importlib, os, zipfile
    with zipfile.ZipFile("/tmp/pyapp.zip") as archive:
        archive.extractall("/home/pyodide/pyapp")
    os.remove("/tmp/pyapp.zip")
    failed = []
    for name in names:
        try:
            importlib.import_module(name)
        except Exception as exc:
            failed.append(f"{name}: {type(exc).__name__}: {exc}")
    return "\\n  ".join(failed)

_failed = _import_all(${fs.readFileSync(importsPath, "utf8")})
del _import_all
_failed
`);
py.runPython("del _failed");
if (failed) {
  console.error("modules that would not import:\n  " + failed);
  process.exit(3);
}
fs.writeFileSync(out, py.makeMemorySnapshot());
