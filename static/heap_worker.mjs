// The worker that makes a first visit's heap (boot.mjs, makeElsewhere), once
// the game is up: from the runtime the game's worker fetched and compiled, it
// boots Pyodide once more, fills the heap with every page's modules, makes the
// snapshot and keeps it for the next visit, while the game plays on in its own
// worker. None of the runtime is fetched again.
import { makeHeap } from "./boot.mjs";

self.onmessage = async ({ data }) => {
  let why = "";
  try {
    await makeHeap(data);
  } catch (error) {
    why = String((error && error.message) || error);
  }
  self.postMessage({ why });
};
