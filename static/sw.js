// Dice Dungeons service worker: network first, what it kept when offline.
// It precaches what offline play of any page needs (the site's shell and the
// runtime: sitebuild/service_worker.py, offline_files); a page is kept when it
// is first opened: the page that registered the worker asks for its own files
// (page.js), and every later fetch through the worker is kept as it passes, so
// the standard library fetched on demand (stdlib/) also imports offline once
// fetched. The cache name carries a hash of the build, so a new build brings a
// new worker script and its install replaces the old cache.
"use strict";
const BUILD = "{{ build_id }}";
const PRECACHE = {{ precache | tojson }};
const CACHE = "dice-dungeons:" + self.registration.scope + ":" + BUILD;
// Not kept as they pass: the heap (page.js keeps its own, unpacked) and the runtime's unpacked
// fallbacks, each several MB, fetched only where the packed copies could not be used.
const NOT_KEPT = /(\.bin\.gz|\/pyodide\.asm\.wasm|\/pyodide\.asm\.mjs)$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((path) => new URL(path, self.registration.scope))))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  // Only this scope's old caches: another copy of the site on the same host keeps its own.
  const mine = "dice-dungeons:" + self.registration.scope + ":";
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith(mine) && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim())
  );
});

// A page asks for its own files (page.js): it was opened before this worker controlled it.
self.addEventListener("message", (event) => {
  const keep = event.data && event.data.keep;
  if (!Array.isArray(keep)) return;
  const urls = keep.map((url) => new URL(url, self.registration.scope)).filter((url) => url.href.startsWith(self.registration.scope));
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(urls))
    .then(() => event.source && event.source.postMessage({ kept: true }))  // the page plays offline from now on
    .catch(() => {}));
});

// A page's address is kept without its query: ?seed=... opens the same page offline.
function kept(request) {
  if (request.mode !== "navigate") return request;
  const url = new URL(request.url);
  url.search = "";
  return url.href;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  // Revalidate with the server (a cheap 304 when unchanged), so a page never
  // mixes files of an old build from the HTTP cache with those of a new one.
  const fresh = request.mode === "navigate"
    ? fetch(request)
    : fetch(request.url, { cache: "no-cache", credentials: "same-origin" });
  event.respondWith(
    fresh.then((response) => {
      if (response.ok && response.type === "basic" && !NOT_KEPT.test(new URL(request.url).pathname)) {
        const copy = response.clone();
        event.waitUntil(caches.open(CACHE).then((cache) => cache.put(kept(request), copy)).catch(() => {}));
      }
      return response;
    }).catch(() =>
      caches.open(CACHE)
        .then((cache) => cache.match(kept(request), { ignoreSearch: true }))
        .then((hit) => hit || Response.error())
    )
  );
});
