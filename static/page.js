// Runs before Python starts (deferred: the page paints first): an embed's
// height, the file:// warning, the Pyodide snapshot kept from an earlier
// visit, starting Python (game pages carry data-pyscript) once the page has
// painted (in the game's worker, else on the page), the loading bar, and, once the page is playable, the
// service worker. (The head's own line marks an embed before the first paint.)
(function () {
  "use strict";
  var script = document.currentScript;
  var root = new URL("./", script.src);
  var html = document.documentElement;
  // A frame with an opaque origin (sandboxed without allow-same-origin, as WordPress frames an oEmbed):
  // no storage, no Cache API, no service worker, and every request to the site is cross-origin.
  var opaque = window.origin === "null";
  // WordPress's embed protocol (its wp-embed.js on the post): the secret it put in the frame's address
  // (#?secret=...) goes with every message to the post, which sizes this frame from "height" and
  // opens a "link" on the top page (an address on this site's host, while the frame has the focus).
  // Read now: the page's address changes as the game goes.
  var secret = (/[#&?]secret=([A-Za-z0-9]{1,32})/.exec(location.hash) || [])[1] || "";
  window.diceDungeonsEmbedSecret = secret;
  if (html.classList.contains("embed") && window.parent !== window) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", reportHeight);
    else reportHeight();
  }

  // An embed is as tall as its content: it tells the page that frames it its
  // height, and README's embed code sizes the <iframe> from that. The message
  // is {type: "dice-dungeons:height", height: CSS pixels, page: the game's
  // slug}, sent whenever the height changes. It says nothing private, so it
  // goes to any parent ("*"); the parent checks that it came from its frame.
  // In a WordPress post the same height also goes as WordPress's own message
  // ({secret, message: "height", value}), which also unhides the frame there.
  function reportHeight() {
    var sent = 0;
    function send(again) {
      var height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height === sent && again !== true) return;
      sent = height;
      window.parent.postMessage({ type: "dice-dungeons:height", height: height, page: html.dataset.ruleset || "" }, "*");
      if (secret) window.parent.postMessage({ secret: secret, message: "height", value: height }, "*");
    }
    if (window.ResizeObserver) new ResizeObserver(send).observe(document.body);
    send();
    // WordPress's script says "ready" to its frames when it starts, which may be after our first height
    window.addEventListener("message", function (event) {
      var data = event.data;
      if (secret && event.source === window.parent && data && data.message === "ready" && data.secret === secret) send(true);
    });
  }

  // A link to this site that would open a new tab ("Open full page", "Continue this game on the site"): in
  // a WordPress embed the frame may open no tab (its sandbox has no allow-popups), so the post is asked to
  // open it on the top page, WordPress's "link" message.
  if (secret) {
    document.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest("a[target=_blank][href]");
      if (!link || new URL(link.href).host !== location.host) return;
      event.preventDefault();
      window.parent.postMessage({ secret: secret, message: "link", value: link.href }, "*");
    });
  }

  // A Content-Security-Policy violation (every page has one, in its head) is a bug here: said in the
  // console, where the tests look, and marked on <html> with what was refused. The game's worker reports its own.
  window.diceDungeonsViolation = function (what) {
    html.setAttribute("data-csp-violation", what);
    console.error("[dice-dungeons] Content-Security-Policy refused " + what);
  };
  document.addEventListener("securitypolicyviolation", function (event) {
    window.diceDungeonsViolation(event.effectiveDirective + " " + (event.blockedURI || "inline"));
  });

  // The header's switches, each a <select> whose choice other than its first (the default) sets an attribute
  // of <html> and is kept in localStorage, where the head's own line reads it before the first paint; the
  // default removes both. Where storage is refused the choice holds for the visit. A choice made in another
  // tab of the site reaches this one at once (the storage event), so two open games never disagree.
  // - #theme: "device" follows prefers-color-scheme; "light" and "dark" are kept in data-theme-choice, and
  //   the head's line (window.diceDungeonsScheme) turns either into the data-theme that style.css draws.
  // - #motion (dice that roll, issue 34): "off" sets data-motion="off" (style.css, agent.mjs); "on" lets dice
  //   tumble, except where the device asks for reduced motion, which turns motion off whatever it says.
  function keptSwitch(id, key, name, kept) {
    var select = document.getElementById(id);
    if (!select) return;
    function show(choice) {
      if (choice) html.dataset[name] = choice;
      else delete html.dataset[name];
      if (name === "themeChoice" && window.diceDungeonsScheme) window.diceDungeonsScheme();
      select.value = choice || select.options[0].value;
    }
    show(kept.indexOf(html.dataset[name]) >= 0 ? html.dataset[name] : "");
    select.addEventListener("change", function () {
      var choice = kept.indexOf(select.value) >= 0 ? select.value : "";
      show(choice);
      try {
        if (choice) localStorage.setItem(key, choice);
        else localStorage.removeItem(key);
      } catch (e) { /* storage refused: the choice holds for this visit */ }
    });
    window.addEventListener("storage", function (event) {
      if (event.key === key || event.key === null) show(kept.indexOf(event.newValue) >= 0 ? event.newValue : "");
    });
  }
  function switches() {
    keptSwitch("theme", "dice-dungeons:theme", "themeChoice", ["light", "dark"]);
    keptSwitch("motion", "dice-dungeons:motion", "motion", ["off"]);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", switches);
  else switches();

  function say(text) {
    var box = document.getElementById("loading-text");
    if (box) box.textContent = text;
  }
  if (location.protocol === "file:") {
    document.addEventListener("DOMContentLoaded", function () {
      say("This page must be served over http(s): browsers refuse to run it from a file. " +
          "Run `python3 build.py serve`, or put dist/ on any static host.");
    });
    return;
  }
  // The loading bar: the packed runtime's bytes as they come (the worker's, or the page's own
  // where it downloads them itself), of the total the build wrote in data-engine-bytes.
  var engineBytes = Number(script.getAttribute("data-engine-bytes")) || 0;
  var got = { worker: 0, page: 0 };
  window.diceDungeonsLoading = function (received) {
    Object.assign(got, received);
    var bar = document.querySelector("#loading progress");
    if (!bar || !engineBytes || html.hasAttribute("data-ready")) return;
    var bytes = Math.min(engineBytes, Math.max(got.worker, got.page));
    bar.max = engineBytes;
    bar.value = bytes;
    say("Loading the dice engine: " + megabytes(bytes) + " of " + megabytes(engineBytes) + " MB");
  };
  function megabytes(bytes) { return (bytes / 1e6).toFixed(1); }

  // A click on the game before Python is up is refused, and says so (nothing is lost: the game has not started).
  document.addEventListener("click", function (event) {
    if (html.hasAttribute("data-ready") || !script.getAttribute("data-pyscript")) return;
    var control = event.target.closest && event.target.closest("#app main button, #app main [data-action], .tools form button, .tools [data-control]");
    if (!control) return;
    event.preventDefault();
    event.stopPropagation();
    var note = document.getElementById("loading-note");
    if (note) note.textContent = "The dice engine is still loading: that click was not played. The game starts by itself in a moment.";
  }, true);

  var SNAPSHOTS = "dice-dungeons-snapshots";
  // A note in localStorage that this browser keeps this build's heap lets boot.mjs tell at
  // once, with no wait for the Cache API, whether a first visit's worker is needed.
  var KEPT_NOTE = "dice-dungeons:snapshot-kept";
  var snapshotName = script.getAttribute("data-snapshot");
  var snapshotURL = snapshotName ? new URL(snapshotName, root).href : null;
  // Pyodide's wasm, unpacked, kept beside the heap under a name of this build's: a response from
  // the Cache API lets the browser reuse the machine code it compiled (packed.mjs).
  var wasmKey = snapshotURL ? snapshotURL.replace(/\.bin\.gz$/, ".wasm") : null;
  // Pyodide's JavaScript and the standard library, kept unpacked beside it: a return visit unpacks nothing.
  var asmKey = snapshotURL ? snapshotURL.replace(/\.bin\.gz$/, ".runtime.mjs") : null;
  var stdlibKey = snapshotURL ? snapshotURL.replace(/\.bin\.gz$/, ".stdlib.zip") : null;
  // Where stdlib_on_demand.py fetches the standard library the site ships apart, and what it fetched
  // on earlier visits: kept beside the heap, under this build's name (a synchronous request, as an
  // import makes, passes the service worker by).
  window.diceDungeonsStdlib = new URL("stdlib/", root).href;
  window.diceDungeonsStdlibKept = new Map();
  window.diceDungeonsKeepStdlib = function (url, bytes) {
    snapshotCache().then(function (cache) { return cache.put(url + "?" + snapshotName, new Response(bytes)); })
      .catch(function () { /* then it is fetched again next time */ });
  };
  function readKeptStdlib() {
    snapshotCache().then(function (cache) {
      return cache.keys().then(function (requests) {
        return Promise.all(requests.filter(isKeptStdlib).map(function (request) {
          return cache.match(request).then(function (hit) { return hit.arrayBuffer(); }).then(function (bytes) {
            window.diceDungeonsStdlibKept.set(request.url.split("?")[0], new Uint8Array(bytes));
          });
        }));
      });
    }).catch(function () {});
  }
  function isKeptStdlib(request) {
    return request.url.indexOf(window.diceDungeonsStdlib) === 0 && request.url.slice(-snapshotName.length - 1) === "?" + snapshotName;
  }
  if (script.getAttribute("data-pyscript")) afterFirstPaint(startRuntime);

  // The runtime's downloads start once the page has painted (its first contentful paint), so that
  // its own HTML and CSS never queue behind them (on a slow network they are most of a first visit).
  function afterFirstPaint(then) {
    var started = false;
    function once() { if (!started) { started = true; setTimeout(then, 0); } }
    var painted = function () { return performance.getEntriesByName("first-contentful-paint").length > 0; };
    if (document.visibilityState === "hidden" || !window.PerformanceObserver || !window.performance.getEntriesByName) {
      once();  // a hidden page paints nothing: it starts at once
      return;
    }
    if (painted()) return once();
    try {
      new PerformanceObserver(function (list, observer) {
        if (!list.getEntriesByName("first-contentful-paint").length) return;
        observer.disconnect();
        once();
      }).observe({ type: "paint", buffered: true });
    } catch (unsupported) {
      requestAnimationFrame(function () { requestAnimationFrame(once); });
    }
    setTimeout(once, 3000);  // a paint never reported (an engine without paint timing) must not stop the game
  }

  function startRuntime() {
    if (window.performance && performance.mark) performance.mark("dice-dungeons:runtime-started");
    var agent = import(new URL("agent.mjs", root).href);
    if (window.Worker && snapshotURL && window.diceDungeonsBoot !== "plain" && startGameWorker(agent)) return;
    agent.then(startOnPage, startOnPage);
  }

  // Python in a Web Worker (game_worker.mjs): the page's main thread never runs the interpreter, so
  // neither its boot nor any redraw's Python keeps the page from answering. The agent (agent.mjs) puts
  // what the worker sends on the page and sends it the player's clicks and keys. Where the worker
  // fails, the page boots on its own thread (startPython) and says why.
  function startGameWorker(agentLoading) {
    var worker;
    var url = new URL("game_worker.mjs", root).href;
    try {
      // A frame of opaque origin may start no worker from the site's address (another origin to it), but
      // may start one from a blob it made. That one is classic (Chromium starts no module worker from a
      // blob there): it imports the real one (cross-origin, under CORS) and keeps what the page sends
      // meanwhile, which game_worker.mjs then reads. Pyodide refuses a worker where importScripts works
      // (a classic one, to it): this one imports modules only, so it has none.
      worker = opaque ? new Worker(URL.createObjectURL(new Blob([
        "self.importScripts = function () { throw new TypeError('this worker imports modules only'); };\n" +
        "self.diceDungeonsEarly = []; self.onmessage = function (event) { self.diceDungeonsEarly.push(event); };\n" +
        "import(" + JSON.stringify(url) + ").catch(function (error) { self.postMessage({ error: String(error) }); });\n"],
        { type: "text/javascript" }))) : new Worker(url, { type: "module" });
    } catch (refused) {
      return false;
    }
    var failed = false;
    function fallBack(why) {
      if (failed || html.hasAttribute("data-ready")) return;
      failed = true;
      worker.terminate();
      console.warn("[dice-dungeons] the game's worker failed (" + why + "); booting on the page");
      html.setAttribute("data-boot-why", "the game's worker failed: " + why);
      agentLoading.then(startOnPage, startOnPage);
    }
    // A worker silent this long before the game is up is stuck: the page boots on its own. A worker still
    // downloading says so (its received bytes, at least every few seconds on any network that moves): slow
    // bytes are no failure. (window.diceDungeonsWorkerSilenceMs, set before the page loads, shortens it:
    // the tests' way to show that the limit follows silence, not the whole download.)
    var silence = window.diceDungeonsWorkerSilenceMs || 60000;
    var timer = null;
    function heard() {
      clearTimeout(timer);
      if (!html.hasAttribute("data-ready")) {
        timer = setTimeout(function () { fallBack("it said nothing for " + silence + " ms"); }, silence);
      }
    }
    heard();
    agentLoading.then(function (agent) {
      worker.onmessage = function (event) {
        heard();
        var data = event.data || {};
        if (data.ops) return agent.apply(data.ops);
        if (data.violation) return window.diceDungeonsViolation(data.violation);
        if (data.handled) return agent.handled();
        if ("ran" in data) return ran(data);
        if ("received" in data) return window.diceDungeonsLoading({ worker: data.received });
        if (data.step) return html.setAttribute("data-boot-step", data.step);
        if (data.booted) {
          html.setAttribute("data-boot", data.booted === "restored" ? "snapshot" : "made");
          if (data.why) {
            html.setAttribute("data-boot-why", data.why);
            console.warn("[dice-dungeons] " + data.why + "; the game's worker made a new one");
          }
          window.diceDungeonsWorkerWire = data.wire || 0;
          (data.steps || []).forEach(function (step) {
            performance.mark("dice-dungeons:worker-" + step[0], { startTime: Math.max(0, step[1] - performance.timeOrigin) });
          });
        }
        if (data.kept) {
          noteKept(true);
          html.setAttribute("data-snapshot-kept", "");
          snapshotCache().then(forgetOlder).catch(function () {});
        } else if ("kept" in data) {
          console.info("[dice-dungeons] the snapshot was not kept for the next visit: " + data.why);
        }
        if (data.error) fallBack(data.error);
      };
      worker.onerror = function (event) {
        event.preventDefault();
        fallBack(event.message || "it did not start");
      };
      agent.listen(function (text) { worker.postMessage({ event: text }); }, true);
      worker.postMessage({ start: {
        opened: agent.opened(),
        recipe: {
          appURL: new URL("pyapp.files.gz", root).href,
          pageURL: new URL("dice_page.py", root).href,
          importsURL: snapshotURL.replace(/\.bin\.gz$/, ".imports.json"),
          stdlibURL: snapshotURL.replace(/\.bin\.gz$/, ".stdlib.zip"),
        },
        keep: { cache: SNAPSHOTS, heapKey: snapshotURL, wasmKey: wasmKey, asmKey: asmKey, stdlibKey: stdlibKey },
      } });
    }, function (error) { fallBack("the page's agent did not load: " + error); });
    window.diceDungeonsGameWorker = worker;
    // Python run where the game runs, for devtools and the tests: a promise of its last expression's value.
    var asked = new Map();
    var next = 0;
    function ran(data) {
      var answer = asked.get(data.ran);
      asked.delete(data.ran);
      if (answer) answer[data.error === undefined ? 0 : 1](data.error === undefined ? data.value : new Error(data.error));
    }
    window.diceDungeonsPython = function (code) {
      return new Promise(function (resolve, reject) {
        next += 1;
        asked.set(next, [resolve, reject]);
        worker.postMessage({ run: code, id: next });
      });
    };
    return true;
  }

  // Python on the page's own thread (boot.mjs, startPython): where no worker can run the game.
  function startOnPage() {
    window.diceDungeonsPython = function (code) {
      return import(new URL("boot.mjs", root).href)
        .then(function (boot) { return boot.start(); })
        .then(function (py) {
          var value = py.runPython(code);
          return value && value.toJs ? value.toJs({ dict_converter: Object.fromEntries }) : value;
        });
    };
    // pyapp and the page's browser layer, fetched at once: boot.mjs writes them where Python
    // imports them before the page's logic starts
    window.diceDungeonsApp = { packed: bytesOf("pyapp.files.gz"), page: bytesOf("dice_page.py") };
    offerSnapshot();
    readKeptStdlib();
    startPython();
  }
  // A part of the rules sent apart (engine.py, rules_parts): fetched the first time its box opens.
  // `toggle` does not bubble, hence the capture.
  document.addEventListener("toggle", function (event) {
    var box = event.target;
    if (!box.open || !box.matches || !box.matches("details[data-part]") || box.hasAttribute("data-part-asked")) return;
    box.setAttribute("data-part-asked", "");
    var note = document.createElement("p");
    note.textContent = "Loading…";
    box.appendChild(note);
    fetch(new URL("parts/" + box.getAttribute("data-part") + ".html", location.href).href)
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      })
      .then(function (html) {
        note.remove();
        box.insertAdjacentHTML("beforeend", html);
        box.setAttribute("data-part-loaded", "");
      })
      .catch(function (error) {
        note.textContent = "This part did not load (" + (error && error.message || error) + "). Close and open it to try again.";
        box.removeAttribute("data-part-asked");
        box.addEventListener("toggle", function () { if (!box.open) note.remove(); }, { once: true });
      });
  }, true);

  // Work that helps the next visit waits until this one is playable, so it
  // never competes with the boot for the network or the main thread.
  whenReady(function () {
    idle(registerWorker);
    if (!window.diceDungeonsGameWorker) idle(keepSnapshot);  // the game's worker keeps its own heap
  });

  function whenReady(then) {
    if (html.hasAttribute("data-ready") || !script.getAttribute("data-pyscript")) return then();
    var seen = new MutationObserver(function () {
      if (!html.hasAttribute("data-ready")) return;
      seen.disconnect();
      then();
    });
    seen.observe(html, { attributes: true, attributeFilter: ["data-ready"] });
  }

  function idle(task) {
    if (window.requestIdleCallback) requestIdleCallback(task, { timeout: 3000 });
    else setTimeout(task, 500);
  }

  function registerWorker() {
    try {
      if ("serviceWorker" in navigator) {
        // The worker says when it holds this page too: from then on it opens offline (data-offline-ready).
        navigator.serviceWorker.addEventListener("message", function (event) {
          if (event.data && event.data.kept) html.setAttribute("data-offline-ready", "");
        });
        navigator.serviceWorker.register(new URL("sw.js", root).href, { scope: root.href })
          .then(function () { return navigator.serviceWorker.ready; })
          .then(function (registration) {
            // This page was opened before the worker controlled it: its own files are kept now
            // (the worker precaches only what every page shares: sw.js).
            var own = [location.pathname, "main.py", "pyscript.json"].map(function (path) { return new URL(path, location.href).href; });
            if (registration.active) registration.active.postMessage({ keep: own });
          })
          .catch(function () { /* offline play is a bonus; the page works without it */ });
      }
    } catch (blocked) { /* sandboxed frames may forbid even asking */ }
  }

  // -- the Pyodide memory snapshot (see boot.mjs) ---------------------------
  // The build names it by a hash of its inputs (data-snapshot). A first visit
  // has a worker make the same heap (boot.mjs) and, once playable, keeps it
  // in the Cache API; later visits, online or not, boot from the kept copy.
  // Where no worker could make it, the page boots plainly and, once
  // playable, fetches the build's copy (gzipped) to keep instead. The wire
  // never carries it on the critical path.

  function bytesOf(name) {
    var url = new URL(name, root).href;
    var bytes = fetch(url).then(function (response) {
      if (!response.ok) throw new Error(url + ": HTTP " + response.status);
      return response.arrayBuffer();
    });
    bytes.catch(function () {});  // boot.mjs awaits it and says what failed
    return bytes;
  }

  function snapshotCache() {
    if (!snapshotURL) return Promise.reject(new Error("this build has no snapshot"));
    var storage = cacheStorage();
    if (!storage) return Promise.reject(new Error("this browser gives the page no Cache API here"));
    return storage.open(SNAPSHOTS);
  }

  /** The Cache API, or null: a sandboxed frame throws at the mere reading of window.caches. */
  function cacheStorage() {
    try { return window.caches || null; } catch (refused) { return null; }
  }

  // For the boot on the page (boot.mjs): the heap, the wasm and the runtime an earlier visit kept.
  function offerSnapshot() {
    var offer = { why: "", forget: forgetSnapshot, noted: keptNoted() };
    if (snapshotURL) {
      // The standard library every heap of this build is made over, and restored over (sitebuild/compile_stdlib.py).
      offer.stdlib = snapshotURL.replace(/\.bin\.gz$/, ".stdlib.zip");
    }
    offer.keptWasm = snapshotCache()
      .then(function (cache) { return cache.match(wasmKey); })
      .catch(function () { return undefined; });
    offer.keptRuntime = snapshotCache()
      .then(function (cache) { return Promise.all([cache.match(asmKey), cache.match(stdlibKey)]); })
      .then(function (hits) {
        if (!hits[0] || !hits[1]) return null;
        return Promise.all([hits[0].arrayBuffer(), hits[1].arrayBuffer()])
          .then(function (bytes) { return { asm: bytes[0], stdlib: bytes[1] }; });
      })
      .catch(function () { return null; });
    offer.bytes = snapshotCache()
      .then(function (cache) { return cache.match(snapshotURL); })
      .then(function (hit) {
        if (hit) return hit.arrayBuffer();
        offer.why = "none kept yet (a first visit, or a new build)";
        return null;
      })
      .catch(function (error) { offer.why = String(error && error.message || error); return null; });
    window.diceDungeonsSnapshot = offer;
  }

  /** The heap from the fetched file (gzipped by the build; a host that added its own Content-Encoding hands it over unpacked). */
  function unpacked(packed) {
    var head = new Uint8Array(packed, 0, 2);
    if (head[0] !== 0x1f || head[1] !== 0x8b) return packed;
    return new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  }

  /** The wasm unpacked from its packed copy (from the HTTP cache now), kept; a failure keeps the heap all the same. */
  function keepWasm(cache) {
    return import(new URL("packed.mjs", root).href)
      .then(function (packed) { return packed.fetchPacked(new URL("vendor/pyodide/pyodide.asm.wasm", root).href); })
      .then(function (wasm) {
        return cache.put(wasmKey, new Response(wasm, { headers: { "Content-Type": "application/wasm" } }));
      })
      .catch(function (error) { console.info("[dice-dungeons] the wasm was not kept: " + (error && error.message || error)); });
  }

  function forgetSnapshot() {
    noteKept(false);
    snapshotCache().then(function (cache) { return cache.delete(snapshotURL); }).catch(function () {});
  }


  function keptNoted() {
    try { return !!snapshotName && localStorage.getItem(KEPT_NOTE) === snapshotName; } catch (refused) { return false; }
  }

  function noteKept(kept) {
    try {
      if (kept) localStorage.setItem(KEPT_NOTE, snapshotName);
      else localStorage.removeItem(KEPT_NOTE);
    } catch (refused) { /* then every visit looks in the cache first, as before the note */ }
  }

  /** Older builds' snapshots of this copy of the site, deleted; true when done. */
  function forgetOlder(cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.filter(function (r) {
        return r.url.indexOf(root.href) === 0 && [snapshotURL, wasmKey, asmKey, stdlibKey].indexOf(r.url) < 0 &&
          !isKeptStdlib(r);
      }).map(function (r) { return cache.delete(r); }));
    }).then(function () { return true; });
  }

  // After a boot on the page with no heap kept: the build's copy, fetched once the page is playable
  // (the game's worker keeps the heap it made itself, with no download).
  function keepSnapshot() {
    if (!snapshotURL) return;
    snapshotCache().then(function (cache) {
      return cache.match(snapshotURL).then(function (hit) {
        if (hit) return true;
        if (navigator.connection && navigator.connection.saveData) return false;  // the user asked for fewer bytes
        if (!window.DecompressionStream) return false;
        return fetch(snapshotURL)
          .then(function (response) {
            if (!response.ok) throw new Error("HTTP " + response.status);
            return response.arrayBuffer();
          })
          .then(function (packed) { return new Response(unpacked(packed)).arrayBuffer(); })
          .then(function (body) {
            return cache.put(snapshotURL, new Response(body, { headers: { "Content-Type": "application/octet-stream" } }));
          })
          .then(function () { return keepWasm(cache); })
          .then(function () { return forgetOlder(cache); });
      });
    }).then(function (kept) {
      if (!kept) return;
      noteKept(true);
      html.setAttribute("data-snapshot-kept", "");
    }).catch(function (error) {
      console.info("[dice-dungeons] the snapshot was not kept for the next visit: " + (error && error.message || error));
    });
  }

  // Python on the page's own thread, where no worker can run the game: the same boot as a first visit's
  // (boot.mjs: the kept heap, else plainly), then the page's logic bound to the agent (dice_page.start).
  // PyScript's core cannot start under the page's Content-Security-Policy (it builds its worker hooks with
  // Function, which only 'unsafe-eval' allows), so this boot does without it.
  function startPython() {
    parsed()
      .then(function () { return import(new URL("boot.mjs", root).href); })
      .then(function (boot) { return boot.loadPyodide(); })
      .then(function (py) { py.runPython("import dice_page\ndice_page.PAGE = dice_page.start()"); })
      .catch(function (error) {
        var why = "The dice engine did not start (" + (error && error.message || error) + "). Reload the page to try again.";
        say(why);
        html.setAttribute("data-boot-failed", why);
        console.error("[dice-dungeons] " + why);
      });
  }

  // The page's logic reads the whole page as it starts: not before the parser has reached its end.
  function parsed() {
    return new Promise(function (resolve) {
      if (document.readyState !== "loading") resolve();
      else document.addEventListener("DOMContentLoaded", resolve, { once: true });
    });
  }

  // The board as a PNG file: only a browser can rasterise the SVG. The
  // board's style is the page's <style id="board-style"> (Ruleset.board_css):
  // a copy of the board carries it, so it draws the same outside the page.
  // caption: a line drawn under the board (Today's dungeon: the game, the day and the score); none: the board only
  window.diceDungeonsBoardPng = function (svg, name, caption) {
    return new Promise(function (resolve, reject) {
      var box = svg.viewBox && svg.viewBox.baseVal;
      var width = box && box.width ? box.width : svg.clientWidth || 800;
      var height = box && box.height ? box.height : svg.clientHeight || 600;
      var scale = Math.min(4, Math.max(1, 1600 / width), 8000 / Math.max(width, height));
      var copy = svg.cloneNode(true);
      var css = document.getElementById("board-style");
      if (css && css.textContent) {
        var style = document.createElementNS("http://www.w3.org/2000/svg", "style");
        style.textContent = css.textContent;
        copy.insertBefore(style, copy.firstChild);
      }
      var text = new XMLSerializer().serializeToString(copy);
      var url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
      var image = new Image();
      image.onerror = function () { URL.revokeObjectURL(url); reject(new Error("the map image did not load")); };
      image.onload = function () {
        var canvas = document.createElement("canvas");
        var band = caption ? Math.max(40, Math.round(width * scale * 0.06)) : 0;
        canvas.width = Math.round(width * scale);
        canvas.height = Math.round(height * scale) + band;
        var pen = canvas.getContext("2d");
        pen.fillStyle = "#ffffff";
        pen.fillRect(0, 0, canvas.width, canvas.height);
        pen.drawImage(image, 0, 0, canvas.width, canvas.height - band);
        if (caption) {
          pen.fillStyle = "#2b2140";  // the site header's colours in both schemes (style.css --bar, --bar-ink)
          pen.fillRect(0, canvas.height - band, canvas.width, band);
          pen.fillStyle = "#f2c14e";  // a gold rule between the board and the caption, whatever the board's colour
          pen.fillRect(0, canvas.height - band, canvas.width, Math.max(3, Math.round(band * 0.08)));
          pen.fillStyle = "#f4ead5";
          pen.font = "bold " + Math.round(band * 0.45) + "px sans-serif";
          pen.textBaseline = "middle";
          pen.fillText(caption, Math.round(band * 0.4), canvas.height - band / 2, canvas.width - band * 0.8);
        }
        URL.revokeObjectURL(url);
        canvas.toBlob(function (blob) {
          if (!blob) { reject(new Error("the canvas gave no image")); return; }
          var link = document.createElement("a");
          link.href = URL.createObjectURL(blob);
          link.download = name;
          document.body.appendChild(link);
          link.click();
          link.remove();
          setTimeout(function () { URL.revokeObjectURL(link.href); }, 1000);
          resolve(name);
        }, "image/png");
      };
      image.src = url;
    });
  };
})();
