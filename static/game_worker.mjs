// The game's Web Worker: game_thread.mjs serving the page that started it.
// A worker has no modulepreload: the modules of the boot are asked for all at
// once here, not one round trip after another down their chain of imports, and
// a first visit asks for the runtime's files as soon as the page names them
// (page.js starts this worker before the agent's modules have loaded, and says
// "prefetch"; the game starts on "start").
import { message } from "./protocol.mjs";
import { runtimeAskedEarly } from "./runtime_files.mjs";

const post = (data) => self.postMessage(data);
const serving = Promise.all([
  import("./game_thread.mjs"), import("./boot.mjs"), import("./packed.mjs"), import("./snapshot_recipe.mjs"),
  import("./vendor/pyodide/pyodide.mjs"), import("./vendor/fzstd.mjs"),
]).then(([{ serve }]) => serve(post, { make: true }));
serving.catch((error) => post(message("failed", { why: `the game's code did not load: ${error}` })));

let early = null;  // the runtime asked for, once the page names it (prefetch, else start)
const ask = (recipe) => {
  early ??= runtimeAskedEarly(recipe, new URL("./vendor/pyodide/", import.meta.url).href);
  return early;
};

function receive(data) {
  if (data.kind === "prefetch") {
    ask(data.recipe);
    return;
  }
  if (data.kind === "start" && !data.plain) data.early = ask(data.recipe);
  serving.then((served) => served(data));
}
self.onmessage = ({ data }) => receive(data);

// A Content-Security-Policy violation here (a worker started from a blob keeps its page's policy) is a bug:
// the page says so where the tests look.
self.addEventListener("securitypolicyviolation", (event) => {
  post(message("violation", { what: `${event.effectiveDirective} ${event.blockedURI || "inline"} (in the game's worker)` }));
});

// What the page sent before this module ran: where a sandboxed frame starts this worker from a blob that
// imports this module (game_link.mjs), the blob kept it.
for (const early of (self.diceDungeonsEarly || []).splice(0)) receive(early.data);
