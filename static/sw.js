// Dice Dungeons service worker: network first, the build's precache when offline.
// The cache name carries a hash of the build, so a new build brings a new
// worker script and its install replaces the old cache.
"use strict";
const BUILD = "{{ build_id }}";
const PRECACHE = {{ precache | tojson }};
const CACHE = "dice-dungeons:" + self.registration.scope + ":" + BUILD;

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

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  // Revalidate with the server (a cheap 304 when unchanged), so a page never
  // mixes files of an old build from the HTTP cache with those of a new one.
  const fresh = request.mode === "navigate"
    ? fetch(request)
    : fetch(request.url, { cache: "no-cache", credentials: "same-origin" });
  event.respondWith(
    fresh.catch(() =>
      caches.open(CACHE)
        .then((cache) => cache.match(request, { ignoreSearch: request.mode === "navigate" }))
        .then((hit) => hit || Response.error())
    )
  );
});
