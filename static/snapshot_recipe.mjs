// What goes into the site's Pyodide memory snapshot, in one place for both
// makers: build.py's (sitebuild/make_snapshot.mjs, under Node) and a first
// visit's (game_worker.mjs, in the game's Web Worker). Both boot the pinned
// Pyodide with these options, then fill the heap the same way, so the heap a
// browser makes for itself is the one the build names by its hash.
//
// pyapp goes where every plain boot puts it (boot.mjs: /home/pyodide/pyapp/...);
// then the modules of
// the import list are imported. Only Python is touched: a snapshot may hold
// no JS object but globalThis paths, so the files go through the file system.

export const MAKE_OPTIONS = { _makeSnapshot: true };
export const HOME = "/home/pyodide/";  // the interpreter's working directory, first on sys.path

/**
 * The files of a bundle (sitebuild/compile_stdlib.py, bundle(): a 4-byte little-endian length,
 * a JSON index {name: [offset, length]}, then the files end to end), as {name: bytes}.
 */
export function readBundle(buffer) {
  const all = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  const size = new DataView(all.buffer, all.byteOffset, all.byteLength).getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(all.subarray(4, 4 + size)));
  const files = {};
  for (const [name, [at, length]] of Object.entries(index)) files[name] = all.subarray(4 + size + at, 4 + size + at + length);
  return files;
}

/** Write a bundle's files under `folder`, making the folders they name. */
export function writeBundle(py, buffer, folder) {
  // each folder made once: mkdirTree tries every folder of the path, and that was half of a return visit's
  // writing of pyapp (150 files in 13 folders: 33-68 ms before, 11-28 after, here)
  const made = new Set();
  for (const [name, data] of Object.entries(readBundle(buffer))) {
    const path = `${folder}/${name}`;
    const parent = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(parent)) {
      py.FS.mkdirTree(parent);
      made.add(parent);
    }
    py.FS.writeFile(path, data);
  }
}

/**
 * Put pyapp (`app`: the bundle of pyapp.files.zst, unpacked) in place: the makers before they fill a
 * heap, and boot.mjs at every plain boot (a restored heap imported all of pyapp already).
 */
export function placeFiles(py, app) {
  writeBundle(py, app, HOME.slice(0, -1));
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

/**
 * The finder of the standard library shipped apart (static/stdlib_on_demand.py, in the zip the
 * site ships), installed before a heap is filled or a plain boot imports; a boot over Pyodide's
 * own zip (the build's first interpreter) has none.
 */
export function installFinder(py) {
  py.runPython(`
def _install():
    try:
        import stdlib_on_demand
    except ImportError:
        return
    stdlib_on_demand.install()

_install()
del _install
`);
}

/** The build's whole recipe: files, the finder, then every module. */
export function fillHeap(py, { app, imports }) {
  placeFiles(py, app);
  installFinder(py);
  return importAll(py, imports);
}
