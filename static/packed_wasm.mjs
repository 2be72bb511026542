// Pyodide's wasm as the build ships it: gzipped (pyodide.asm.wasm.gz, 9.6 MB
// down to 3.5 MB), for the static hosts that send files as they are. Pyodide
// fetches its wasm itself with no option to say how, so during a boot its one
// fetch of pyodide.asm.wasm is answered with the packed file, unpacked as it
// streams in (streaming compilation still overlaps the download). The file is
// fetched only once Pyodide reads it: a page that compiles nothing, because
// the first visit's worker sends its module, downloads no wasm at all. Where
// the packed file cannot be had, Pyodide's own request is made instead.
// gunzipped() unpacks the site's other gzipped files the same way (pyapp.files.gz).
const WASM = "/pyodide.asm.wasm";

/**
 * Boot with the packed wasm: `boot` is a function starting Pyodide's loadPyodide. `kept`, if
 * given, is a promise of the wasm this browser kept unpacked in the Cache API (page.js), or of
 * nothing: a response from there lets the browser reuse the machine code it compiled from it
 * on an earlier visit, where a stream unpacked here is compiled anew each time.
 */
export async function withPackedWasm(boot, kept = null) {
  if (!globalThis.DecompressionStream) return boot();
  const own = globalThis.fetch;
  globalThis.fetch = async function (resource, options) {
    const url = resource instanceof Request ? resource.url : String(resource);
    if (!new URL(url, location.href).pathname.endsWith(WASM)) return own.call(this, resource, options);
    const hit = await kept;
    if (!hit) return packed(url, () => own.call(globalThis, resource, options));
    performance.mark("dice-dungeons:kept-wasm-used");
    return hit;
  };
  try {
    return await boot();
  } finally {
    globalThis.fetch = own;
  }
}

/** A wasm response whose body comes, once read, from `url`.gz (or from `plain()` if that fails). */
function packed(url, plain) {
  let reader = null;
  const open = async () => {
    try {
      const response = await fetch(url + ".gz", { credentials: "same-origin" });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await unpacked(response.body)).getReader();
    } catch (error) {
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
  return new Response(body, { headers: { "Content-Type": "application/wasm" } });
}

/** A gzipped file's bytes unpacked (an ArrayBuffer), unless its host already did. */
export async function gunzipped(bytes) {
  return new Response(await unpacked(new Blob([bytes]).stream())).arrayBuffer();
}

/** The stream unzipped, unless its host already did (a Content-Encoding of its own): gzip starts 1f 8b. */
async function unpacked(stream) {
  const reader = stream.getReader();
  const head = await reader.read();
  const whole = new ReadableStream({
    start(controller) {
      if (head.done) controller.close();
      else controller.enqueue(head.value);
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (why) => reader.cancel(why),
  });
  const gzipped = !head.done && head.value[0] === 0x1f && head.value[1] === 0x8b;
  return gzipped ? whole.pipeThrough(new DecompressionStream("gzip")) : whole;
}
