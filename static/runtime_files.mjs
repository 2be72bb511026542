// Where the runtime's files are served and where a visit keeps them, and a
// first visit's early requests for them. No imports: the game's worker loads
// this beside its other modules at once (a worker has no modulepreload), so a
// first visit asks for its largest files one round trip after the worker
// starts, not after the chain of modules that boots Pyodide has loaded.

export const PACKED = ".zst";  // the runtime as the build packs it (packed.mjs unpacks it)
export const CACHE = "dice-dungeons-snapshots";

/** The Cache API, or null: a frame of opaque origin (a sandboxed embed) throws at the mere reading. */
export function cacheStorage() {
  try {
    return globalThis.caches || null;
  } catch {
    return null;
  }
}

/**
 * What a page asks a boot for: `recipe` {appURL, snapshotURL (the build's heap, gzipped; null where the
 * build made none)}; the files of the heap's recipe and where each is kept are named after it.
 */
export function placesOf({ snapshotURL }) {
  if (!snapshotURL) return null;
  const named = (ending) => snapshotURL.replace(/\.bin\.gz$/, ending);
  return {
    heapURL: snapshotURL,
    importsURL: named(".imports.json"),
    stdlibURL: named(".stdlib.zip"),
    // the heap unpacked, and the runtime unpacked beside it: a response of the Cache API's lets the
    // browser reuse the machine code it compiled from the wasm (packed.mjs)
    heapKey: snapshotURL,
    wasmKey: named(".wasm"),
    asmKey: named(".runtime.mjs"),
    stdlibKey: named(".stdlib.zip"),
  };
}

/** Is this build's heap kept here (its heap is kept last: the rest is there too)? */
export async function heapKept(places) {
  const storage = cacheStorage();
  if (!places || !storage) return false;
  try {
    return !!(await (await storage.open(CACHE)).match(places.heapKey));
  } catch {
    return false;
  }
}

/**
 * A packed file's response, asked for now and read on as it comes, into memory: a body nobody reads
 * yet would stop downloading when its buffer fills. A promise of the Response (as fetch gives).
 */
export function askedEarly(url) {
  const early = fetch(url + PACKED, { credentials: "same-origin" }).then((response) => {
    if (!response.ok || !response.body) return response;
    const queued = response.body.pipeThrough(new TransformStream({}, undefined, { highWaterMark: Infinity }));
    return new Response(queued, { status: response.status, headers: response.headers });
  });
  early.catch(() => {});  // whoever reads it says what failed
  return early;
}

/**
 * A first visit's runtime, asked for at once where no heap of this build is kept (else null): the
 * packed wasm, Pyodide's JavaScript and the standard library, largest first.
 */
export async function runtimeAskedEarly(recipe, indexURL) {
  const places = placesOf(recipe);
  if (await heapKept(places)) return null;
  return {
    wasm: askedEarly(new URL("pyodide.asm.wasm", indexURL).href),
    stdlib: places ? askedEarly(places.stdlibURL) : null,
    asm: askedEarly(new URL("pyodide.asm.mjs", indexURL).href),
  };
}
