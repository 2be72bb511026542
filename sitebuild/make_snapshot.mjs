// Makes the site's Pyodide memory snapshot (run by build.py under Node).
//
//   node make_snapshot.mjs PYODIDE_DIR PYAPP_BUNDLE IMPORTS_JSON OUT OUT_STDLIB FINDER OUT_REST OUT_APP
//
// Boots the pinned Pyodide, compiles pyapp's sources (PYAPP_BUNDLE, a bundle)
// into the bundle the pages load (compile_stdlib.py, compile_app: written to
// OUT_APP), and fills its heap with it by the recipe a first visit's browser
// also follows (static/snapshot_recipe.mjs). The modules that filled it, and
// the finder of the others (FINDER, static/stdlib_on_demand.py), are then the
// standard library the site ships (compile_stdlib.py, split_imported: written
// to OUT_STDLIB), every other module a zip in the folder OUT_REST; a second
// interpreter boots from that copy, as the pages' boots do, fills its heap the
// same way and writes the raw snapshot to OUT.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { fillHeap, HOME, MAKE_OPTIONS } from "../static/snapshot_recipe.mjs";

const [pyodideDir, appPath, importsPath, out, outStdlib, finderPath, outRest, outApp] =
  process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const compiler = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "compile_stdlib.py"), "utf8");
const recipe = {
  app: null,  // pyapp compiled, below
  imports: JSON.parse(fs.readFileSync(importsPath, "utf8")),  // the whole list: the site's heap
};

async function booted(options, env = {}) {
  const py = await loadPyodide({
    ...MAKE_OPTIONS,
    indexURL: pyodideDir + path.sep,
    // What a browser's Emscripten sets, so the build's own path is not frozen into os.environ.
    env: { _: "./this.program", ...env },
    ...options,
  });
  // What Pyodide itself imported to boot, before the recipe: shipped compiled (compile_stdlib.py).
  const names = py.runPython("import sys\nsorted(sys.modules)");
  py.bootModules = names.toJs();
  names.destroy();
  return py;
}

function fill(py) {
  const failed = fillHeap(py, recipe);
  if (failed) {
    console.error("modules that would not import:\n  " + failed);
    process.exit(3);
  }
  return py;
}

// The first interpreter compiles (the standard library's boot modules, pyapp) with no column positions:
// its heap is not the one kept, so the setting goes into no page's os.environ.
const first = await booted({}, { PYTHONNODEBUGRANGES: "1" });
// The compiler's module runs once, in a namespace of its own; its entry points come from there.
const tools = first.runPython(`_tools = {}\nexec(${JSON.stringify(compiler)}, _tools)\n_tools`);
first.runPython("del _tools");
first.FS.writeFile("/tmp/pyapp-sources", fs.readFileSync(appPath));
const compileApp = tools.get("compile_app");
const modules = compileApp("/tmp/pyapp-sources", "/tmp/pyapp-compiled", HOME.slice(0, -1));
compileApp.destroy();
recipe.app = first.FS.readFile("/tmp/pyapp-compiled");
fs.writeFileSync(outApp, recipe.app);
console.log(`[make_snapshot] ${modules} modules of pyapp compiled`);
fill(first);
const split = tools.get("split_imported");
first.FS.mkdirTree("/tmp/stdlib-rest");
const count = split("/tmp/stdlib-shipped.zip", "/tmp/stdlib-rest", fs.readFileSync(finderPath, "utf8"),
  first.toPy(first.bootModules));
split.destroy();
fs.writeFileSync(outStdlib, first.FS.readFile("/tmp/stdlib-shipped.zip"));
fs.mkdirSync(outRest, { recursive: true });
for (const name of first.FS.readdir("/tmp/stdlib-rest").filter((n) => n.endsWith(".zip"))) {
  fs.writeFileSync(path.join(outRest, name), first.FS.readFile(`/tmp/stdlib-rest/${name}`));
}
console.log(`[make_snapshot] ${count} standard-library modules shipped, the rest apart`);
tools.destroy();

const py = fill(await booted({ stdLibURL: outStdlib }));
fs.writeFileSync(out, py.makeMemorySnapshot());
