// The page's side of the protocol (protocol.mjs): it starts the game's thread
// (game_thread.mjs) in a Web Worker, or on the page where no worker can run
// or the worker fails, and joins it to the page's agent (agent.mjs), which
// applies the operations Python sends and sends back what the player does.
// Both threads run the same code and say the same messages.
import * as agent from "./agent.mjs";
import { message } from "./protocol.mjs";

const html = document.documentElement;
const root = new URL("./", import.meta.url).href;

/**
 * A thread that runs the game: {post(data), onmessage, stop()}. In a Web Worker where one can start. A frame
 * of opaque origin (sandboxed without allow-same-origin, as WordPress frames an oEmbed) may start no worker
 * from the site's address (another origin to it), but may from a blob it made. That one is classic
 * (Chromium starts no module worker from a blob there): it imports the real one (cross-origin, under CORS)
 * and keeps what the page sends meanwhile, which game_worker.mjs then reads. Pyodide refuses a worker where
 * importScripts works (a classic one, to it): this one imports modules only, so it has none. `early`: the
 * worker page.js started already ({worker, said: what it said meanwhile}), which this one takes over.
 */
function workerThread(early) {
  const url = root + "game_worker.mjs";
  let worker;
  try {
    worker = early ? early.worker : window.origin === "null" ? new Worker(URL.createObjectURL(new Blob([
      "self.importScripts = function () { throw new TypeError('this worker imports modules only'); };\n" +
      "self.diceDungeonsEarly = []; self.onmessage = function (event) { self.diceDungeonsEarly.push(event); };\n" +
      `import(${JSON.stringify(url)}).catch(function (error) { self.postMessage({ kind: "failed", why: String(error) }); });\n`],
      { type: "text/javascript" }))) : new Worker(url, { type: "module" });
  } catch {
    return null;
  }
  const thread = { post: (data) => worker.postMessage(data), onmessage: null, onfailed: null, stop: () => worker.terminate() };
  const heard = (event) => thread.onmessage(event.data || {});
  const failed = (event) => {
    event.preventDefault();
    thread.onfailed(event.message || "it did not start");
  };
  worker.onmessage = heard;
  worker.onerror = failed;
  // once joined, what the early worker said before, in order (no message is handled between the two)
  thread.replay = () => {
    for (const event of early ? early.said.splice(0) : []) (event.type === "error" ? failed : heard)(event);
  };
  window.diceDungeonsGameWorker = worker;
  return thread;
}

/** The game's thread on the page's own: the same module, its messages passed in later tasks, as a worker's are. */
function pageThread() {
  const thread = { onmessage: null, onfailed: null, stop: () => {} };
  const receiving = import("./game_thread.mjs").then(({ serve }) =>
    serve((data) => setTimeout(() => thread.onmessage(data), 0), { make: false }));
  receiving.catch((error) => thread.onfailed(`the game's code did not load: ${error}`));
  thread.post = (data) => { receiving.then((receive) => receive(data)); };
  return thread;
}

let asked = new Map();  // diceDungeonsPython's questions awaiting their answers
let questions = 0;
let current = null;  // the thread the page listens to

/**
 * Start the game: `snapshotURL` names the build's heap (page.js read it from the page; null: none made),
 * `plain` asks for the plain boot on the page (the benchmark's baseline, window.diceDungeonsBoot), `early` is
 * the game's worker page.js started already, or null.
 */
export function start({ snapshotURL, plain, early = null }) {
  const recipe = { appURL: root + "pyapp.files", snapshotURL };
  const worker = !plain && window.Worker ? workerThread(early) : null;
  join(worker || pageThread(), recipe, plain, !!worker);
  if (worker) worker.replay();
  // Python run where the game runs, for devtools and the tests: a promise of its last expression's value.
  window.diceDungeonsPython = (code) => new Promise((resolve, reject) => {
    questions += 1;
    asked.set(questions, [resolve, reject]);
    current.post(message("run", { code, id: questions }));
  });
}

function join(thread, recipe, plain, inWorker) {
  current = thread;
  html.dataset.gameThread = inWorker ? "worker" : "page";
  let failed = false;
  // A worker silent this long before the game is up is stuck: the page boots on its own. A worker still
  // downloading says so (its received bytes, at least every few seconds on any network that moves): slow
  // bytes are no failure. (window.diceDungeonsWorkerSilenceMs, set before the page loads, shortens it:
  // the tests' way to show that the limit follows silence, not the whole download.)
  const silence = window.diceDungeonsWorkerSilenceMs || 60000;
  let timer = null;
  const heard = () => {
    clearTimeout(timer);
    if (inWorker && !html.hasAttribute("data-ready")) {
      timer = setTimeout(() => fail(`it said nothing for ${silence} ms`), silence);
    }
  };
  const fail = (why) => {
    if (failed || html.hasAttribute("data-ready")) return;
    failed = true;
    clearTimeout(timer);
    thread.stop();
    if (!inWorker) {
      const said = `The dice engine did not start (${why}). Reload the page to try again.`;
      agent.apply(JSON.stringify([["failed", said]]));
      console.error(`[dice-dungeons] ${said}`);
      return;
    }
    console.warn(`[dice-dungeons] the game's worker failed (${why}); booting on the page`);
    html.setAttribute("data-boot-why", `the game's worker failed: ${why}`);
    window.diceDungeonsGameWorker = null;
    join(pageThread(), recipe, plain, false);
  };
  heard();
  thread.onfailed = fail;
  thread.onmessage = (data) => {
    if (thread !== current) return;
    heard();
    const handler = ON_MESSAGE[data.kind];
    if (handler) handler(data);
    if (data.kind === "failed") fail(data.why);
  };
  agent.listen((text) => thread.post(message("event", { text })), true);
  thread.post(message("start", { recipe, opened: agent.opened(), make: inWorker, plain: !!plain }));
}

const ON_MESSAGE = {
  ops: ({ text }) => agent.apply(text),
  handled: () => agent.handled(),
  violation: ({ what }) => window.diceDungeonsViolation(what),
  received: ({ bytes }) => window.diceDungeonsLoading(bytes),
  step: ({ name }) => html.setAttribute("data-boot-step", name),
  ran: ({ id, value, error }) => {
    const answer = asked.get(id);
    asked.delete(id);
    if (answer) answer[error === undefined ? 0 : 1](error === undefined ? value : new Error(error));
  },
  booted: ({ how, why, steps, wire }) => {
    html.setAttribute("data-boot", how);
    if (why) {
      html.setAttribute("data-boot-why", why);
      console.warn(`[dice-dungeons] ${why}; ${how === "made" ? "the game's worker made a new one" : "booting without it"}`);
    } else if (how === "plain") {
      console.info("[dice-dungeons] booting without a snapshot");
    }
    window.diceDungeonsWorkerWire = wire || 0;
    for (const [name, at] of steps || []) {
      performance.mark(`dice-dungeons:worker-${name}`, { startTime: Math.max(0, at - performance.timeOrigin) });
    }
  },
  kept: ({ why }) => {
    performance.mark("dice-dungeons:heap-kept");
    if (!why) html.setAttribute("data-snapshot-kept", "");
    else console.info(`[dice-dungeons] the snapshot was not kept for the next visit: ${why}`);
  },
};
