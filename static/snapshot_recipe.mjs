// What goes into the site's Pyodide memory snapshot, in one place for both
// makers: build.py's (sitebuild/make_snapshot.mjs, under Node) and a first
// visit's (snapshot_worker.mjs, in a Web Worker). Both boot the pinned
// Pyodide with these options, then fill the heap the same way, so the heap a
// browser makes for itself is the one the build names by its hash.
//
// pyapp and the page's browser layer go where a page's boot.mjs puts them
// (/home/pyodide/pyapp.zip, imported from as it is, and
// /home/pyodide/<module>.py); then the modules of the import list are
// imported. Only Python is touched: a snapshot may hold no JS object but
// globalThis paths, so the zip goes through the file system.

export const MAKE_OPTIONS = { _makeSnapshot: true };
const APP = "/home/pyodide/pyapp.zip";
// Where PyScript writes its own package at every boot (the page's working directory is /home/pyodide).
export const PYSCRIPT_FOLDER = "/home/pyodide/pyscript";

/** Put pyapp and the page's browser layer in place (boot.mjs too, at every boot of a page). */
export function placeFiles(py, { zip, pageName, page }) {
  py.FS.writeFile(APP, zip);
  py.FS.writeFile("/home/pyodide/" + pageName, page);
  // zipimport keeps the zip's table in the heap: a restored heap reads the same file, at the same
  // place, for a traceback's source or a module it had not imported
  py.runPython(`import sys\nif "${APP}" not in sys.path: sys.path.insert(0, "${APP}")\ndel sys`);
}

/** Import these modules (those imported already cost nothing); returns "" or the ones that would not import. */
export function importAll(py, names) {
  // A function, so nothing it names stays behind in __main__.
  const failed = py.runPython(`
def _import_all(names):
    import importlib
    failed = []
    for name in names:
        try:
            importlib.import_module(name)
        except Exception as exc:
            failed.append(f"{name}: {type(exc).__name__}: {exc}")
    return "\\n  ".join(failed)

_failed = _import_all(${JSON.stringify(names)})
del _import_all
_failed
`);
  py.runPython("del _failed");
  return failed;
}

/** The build's whole recipe: files, then every module. */
export function fillHeap(py, { zip, pageName, page, imports }) {
  placeFiles(py, { zip, pageName, page });
  return importAll(py, imports);
}
