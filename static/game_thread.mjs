// The game's side of the page's protocol (protocol.mjs): Python booted
// (boot.mjs), the page's controller started (pyapp/webapp/controller.py), then events in and
// operations out. It runs in the game's Web Worker (game_worker.mjs), so the
// page's main thread never runs the interpreter; where no worker can run,
// game_link.mjs runs it on the page, with the same messages. The game
// starts before the heap is kept, so that the cache's writes never delay
// the first drawing.
import { bootPython, onProgress } from "./boot.mjs";
import { message } from "./protocol.mjs";

/**
 * Serve one page: `post` sends a message to it; `make`: this thread may make a heap for the next visit
 * (the worker: never the page's own thread, where the game would wait for it). Returns what takes the
 * page's messages.
 */
export function serve(post, { make }) {
  const say = (kind, fields) => post(message(kind, fields));
  const steps = [["created", performance.timeOrigin]];
  // Each step also said at once: the page shows where the boot is (data-boot-step), and hears that it goes on.
  const mark = (name, kept = true) => {
    if (kept) steps.push([name, performance.timeOrigin + performance.now()]);
    say("step", { name });
  };
  let told = 0;
  onProgress((bytes) => {
    const now = performance.now();
    if (now - told < 250) return;  // each redraw of the loading bar costs the page a paint: four a second
    told = now;
    say("received", { bytes });
  });

  let python = null;  // the interpreter, once booted
  let page = null;  // the page's controller (controller.Page), once started
  const waiting = [];  // events that came before it

  /** One event from the page's agent; it hears when it was handled, after what it changed. */
  function handle(text) {
    try {
      page.handle(text);
    } catch (error) {  // a rules bug: the game said so on the page and changed nothing; the trace is for devtools
      console.error(`[dice-dungeons] ${(error && error.message) || error}`);
    } finally {
      say("handled");
    }
  }

  /** Python from the page (devtools and the tests): its last expression's value as plain data, or its error. */
  function run({ code, id }) {
    try {
      if (!python) throw new Error("Python has not started yet");
      const value = python.runPython(String(code));
      const plain = value && value.toJs ? value.toJs({ dict_converter: Object.fromEntries }) : value;
      if (value && value.destroy) value.destroy();
      say("ran", { id, value: plain });
    } catch (error) {
      say("ran", { id, error: String((error && error.message) || error) });
    }
  }

  /** `early`: the runtime asked for already (game_worker.mjs), or null. */
  async function start({ recipe, opened, plain, early }) {
    try {
      const booted = await bootPython({ recipe, make, plain, mark, early });
      python = booted.py;
      // What this thread fetched (the page's timeline does not show a worker's requests), for the benchmark.
      const wire = performance.getEntriesByType("resource").reduce((sum, e) => sum + (e.transferSize || 0), 0);
      say("booted", { how: booted.how, why: booted.why, steps: steps.splice(0), wire });
      page = python.pyimport("pyapp.webapp.controller").start(opened, (text) => say("ops", { text }));
      mark("started");
      for (const text of waiting.splice(0)) handle(text);
      say("kept", { why: await booted.keep() });
    } catch (error) {
      say("failed", { why: String((error && error.message) || error) });
    }
  }

  return (data) => {
    if (data.kind === "event") {
      if (page) handle(data.text);
      else waiting.push(data.text);
    } else if (data.kind === "run") {
      run(data);
    } else if (data.kind === "start") {
      start(data);
    }
  };
}
