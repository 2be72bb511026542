// The runtime as the build ships it: packed with zstd (sitebuild/vendor.py), for
// the static hosts that send files as they are. Pyodide's wasm (9.6 MB to 2.9 MB),
// its JavaScript (1.25 MB to 0.26 MB) and the standard library the pages use
// travel as NAME.zst and are unpacked here (vendor/fzstd.mjs: the browsers' own
// DecompressionStream has gzip only, which leaves the wasm 0.6 MB heavier).
//
// Pyodide fetches its wasm and its standard library itself, with no option to say
// how, so during a boot its fetch of either is answered with the packed file,
// unpacked as it streams in (streaming compilation still overlaps the download).
// The wasm is fetched only once Pyodide reads it: a page that compiles nothing,
// because the first visit's worker sends its module, downloads no wasm at all.
// Where the packed wasm cannot be had, Pyodide's own request is made instead.
// Its JavaScript is imported from the unpacked text (runtimeModule).
// gunzipped() unpacks the site's gzipped files (the heap the build made).
import { Decompress } from "./vendor/fzstd.mjs";
import { PACKED } from "./runtime_files.mjs";

const MAGIC = [0x28, 0xb5, 0x2f, 0xfd];  // a zstd frame; a host that unpacked it already hands over the bytes
const WASM = "/pyodide.asm.wasm";

// Bytes received so far of the packed files, for the page's loading bar.
let received = 0;
let heard = () => {};
/** Call `listener(bytes)` with the packed bytes received so far, as they come. */
export function onProgress(listener) {
  heard = listener;
}
function got(bytes) {
  received += bytes;
  heard(received);
}

/**
 * Boot with the packed runtime: `boot` is a function starting Pyodide's loadPyodide. `given` maps
 * URLs that Pyodide fetches (its standard library) to a promise of their unpacked bytes. `sink`, if given,
 * receives the unpacked wasm's chunks (the worker keeps them for the next visit). `early`, if
 * given, is the packed wasm's response, asked for before Pyodide asks (runtime_files.mjs, askedEarly).
 */
export async function withPacked(boot, { given = {}, sink = null, early = null } = {}) {
  const own = globalThis.fetch;
  const answers = new Map(Object.entries(given).map(([url, bytes]) => [new URL(url, location.href).href, bytes]));
  globalThis.fetch = async function (resource, options) {
    const url = new URL(resource instanceof Request ? resource.url : String(resource), location.href);
    if (answers.has(url.href)) return new Response(await answers.get(url.href), { headers: { "Content-Type": "application/zip" } });
    if (!url.pathname.endsWith(WASM)) return own.call(this, resource, options);
    const plain = () => own.call(globalThis, resource, options);
    return unpackedResponse(url.href, early ? () => early : own, plain, "application/wasm", sink);
  };
  try {
    return await boot();
  } finally {
    globalThis.fetch = own;
  }
}

/** A response whose body comes, once read, from `url`.zst unpacked (or from `plain()` if that fails). */
function unpackedResponse(url, fetchWith, plain, type, sink = null) {
  let reader = null;
  const open = async () => {
    try {
      const response = await fetchWith.call(globalThis, url + PACKED, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return unpacked(response.body, sink).getReader();
    } catch (error) {
      if (!plain) throw new Error(`${url}${PACKED}: ${error.message || error}`);
      console.info(`[dice-dungeons] the packed wasm was not to be had (${error}); fetching it unpacked`);
      const response = await plain();
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.body.getReader();
    }
  };
  const body = new ReadableStream({
    async pull(controller) {
      reader ??= open();
      const { value, done } = await (await reader).read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(why) {
      if (reader) return reader.then((r) => r.cancel(why));
    },
  }, { highWaterMark: 0 });  // nothing is fetched until Pyodide reads
  return new Response(body, { headers: { "Content-Type": type } });
}

/** The stream unpacked as it comes, unless it is no zstd frame (a host unpacked it already). */
function unpacked(stream, sink = null) {
  const reader = stream.getReader();
  let inflater = null;
  let plain = false;
  let out = 0;  // chunks given out so far
  return new ReadableStream({
    async pull(controller) {
      // Until a chunk comes out: a stream pulls again only when something was given out (a small
      // packet of a slow network may unpack to nothing yet).
      for (const before = out; out === before;) {
        const { value, done } = await reader.read();
        if (done) {
          if (inflater) inflater.push(new Uint8Array(0), true);
          controller.close();
          return;
        }
        got(value.length);
        if (!inflater && !plain) {
          plain = !MAGIC.every((byte, i) => value[i] === byte);
          if (!plain) {
            inflater = new Decompress((chunk) => {
              if (!chunk.length) return;
              const copy = chunk.slice();  // fzstd reuses its window
              if (sink) sink.push(copy);
              controller.enqueue(copy);
              out += 1;
            });
          }
        }
        if (plain) {
          controller.enqueue(value);
          out += 1;
        } else {
          inflater.push(value);
        }
      }
    },
    cancel(why) {
      return reader.cancel(why);
    },
  });
}

/**
 * The bytes of `url`.zst, unpacked (an ArrayBuffer); `asked`: its response asked for already
 * (runtime_files.mjs, askedEarly), else it is fetched now.
 */
export async function fetchPacked(url, asked = null) {
  const response = await (asked || fetch(url + PACKED, { credentials: "same-origin" }));
  if (!response.ok) throw new Error(`${url}${PACKED}: HTTP ${response.status}`);
  return new Response(unpacked(response.body)).arrayBuffer();
}

/**
 * Pyodide's JavaScript (pyodide.asm.mjs), imported from its text (`text`: a promise of it, or of
 * null: then from its packed copy): what loadPyodide's createPyodideModule option takes. Where
 * that fails, the unpacked file, as Pyodide would.
 */
export async function runtimeModule(indexURL, text = null) {
  const url = new URL("pyodide.asm.mjs", indexURL).href;
  try {
    const source = (await text) || await fetchPacked(url);
    const blob = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    try {
      return (await import(blob)).default;
    } finally {
      URL.revokeObjectURL(blob);
    }
  } catch (error) {
    console.info(`[dice-dungeons] the packed runtime was not to be had (${error}); importing it unpacked`);
    return (await import(url)).default;
  }
}

/** A gzipped file's bytes unpacked (an ArrayBuffer), unless its host already did (gzip starts 1f 8b). */
export async function gunzipped(bytes) {
  const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  if (head[0] !== 0x1f || head[1] !== 0x8b) return bytes;
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}

/**
 * Boot (`boot`: a function starting loadPyodide) with a wasm module compiled already (`wasm`: a
 * promise of it, or of null: then Pyodide's own way), such as the one compiled from the wasm kept in
 * the Cache API, whose machine code the browser reuses. Pyodide has no option for a module of one's
 * own, so its one call of instantiateStreaming is answered for it, once, during this boot.
 * `compiled(module)` hears of the module Pyodide compiled where `wasm` gave none (a first visit's
 * worker hands it to the worker that makes the heap).
 */
export async function withModule(wasm, boot, compiled = () => {}) {
  const own = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async function (source, imports) {
    WebAssembly.instantiateStreaming = own;
    const module = await wasm;
    if (!module) {
      const made = await own.call(WebAssembly, source, imports);
      compiled(made.module);
      return made;
    }
    Promise.resolve(source).then((response) => response.body && response.body.cancel()).catch(() => {});
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  try {
    return await boot();
  } finally {
    WebAssembly.instantiateStreaming = own;
  }
}
