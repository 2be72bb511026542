// Runs before Python starts (deferred: the page paints first): an embed's
// height and WordPress's messages, the file:// warning, the header's switches,
// the loading bar, starting the game (game pages carry data-pyscript) once the
// page has painted (game_link.mjs: Python in the game's worker, else on the
// page), and, once the page is playable, the service worker. (The head's own
// line marks an embed before the first paint.)
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
      // WordPress follows the link only while this frame has the focus, and WebKit gives no focus to a
      // link that is clicked: the link takes it first
      link.focus();
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
  // An error nothing caught, marked on <html> too (the first): where no console can be read (a WebDriver
  // session, a phone), the page still says why it stopped.
  function uncaught(what) {
    if (!html.hasAttribute("data-page-error")) html.setAttribute("data-page-error", String(what).slice(0, 300));
  }
  window.addEventListener("error", function (event) { uncaught(event.message || event.error); });
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event.reason;
    uncaught((reason && (reason.stack || reason.message)) || reason);
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
  // The loading bar: the packed runtime's bytes as they come (game_link.mjs hears them from the game's
  // thread), of the total the build wrote in data-engine-bytes.
  var engineBytes = Number(script.getAttribute("data-engine-bytes")) || 0;
  var most = 0;
  window.diceDungeonsLoading = function (received) {
    most = Math.max(most, received || 0);  // a worker that failed may have heard more than the page's boot yet
    var bar = document.querySelector("#loading progress");
    if (!bar || !engineBytes || html.hasAttribute("data-ready")) return;
    var bytes = Math.min(engineBytes, most);
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

  var snapshotName = script.getAttribute("data-snapshot");
  var KEPT_IN = "dice-dungeons-snapshots";  // runtime_files.mjs's CACHE (this script imports nothing before its paint)
  if (script.getAttribute("data-pyscript")) whenRuntimeMayStart(startRuntime);

  // A return visit whose heap an earlier visit kept (the Cache API, as boot.mjs keeps it) starts at once:
  // it downloads nothing that could queue ahead of the page's own files, and its restore is most of the
  // visit. Any other starts once the page has painted (afterFirstPaint), or on whichever comes first.
  function whenRuntimeMayStart(then) {
    var started = false;
    function once() { if (!started) { started = true; then(); } }
    afterFirstPaint(once);
    if (!snapshotName || window.origin === "null") return;
    try {
      caches.match(new URL(snapshotName, root).href, { cacheName: KEPT_IN })  // makes no cache where none is
        .then(function (kept) { if (kept) once(); }, function () {});
    } catch (refused) { /* no Cache API here */ }
  }

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

  // The game's thread and the page's agent (game_link.mjs): Python in a Web Worker, else on the page.
  function startRuntime() {
    if (window.performance && performance.mark) performance.mark("dice-dungeons:runtime-started");
    var snapshotURL = snapshotName ? new URL(snapshotName, root).href : null;
    var plain = window.diceDungeonsBoot === "plain";
    var early = plain ? null : earlyWorker({ appURL: new URL("pyapp.files", root).href, snapshotURL: snapshotURL });
    // The agent's modules asked for beside it, not one round trip after another down its imports.
    Promise.all(["game_link.mjs", "agent.mjs", "board_view.mjs", "protocol.mjs"].map(function (name) {
      return import(new URL(name, root).href);
    })).then(function (modules) {
      modules[0].start({ snapshotURL: snapshotURL, plain: plain, early: early });
    }).catch(function (error) {
      var why = "The dice engine did not start (" + (error && error.message || error) + "). Reload the page to try again.";
      say(why);
      html.setAttribute("data-boot-failed", why);
      console.error("[dice-dungeons] " + why);
    });
  }

  // The game's worker started now, while the agent's modules load: it asks for the runtime a round trip
  // later (game_worker.mjs, "prefetch"), and game_link.mjs takes it over with what it said meanwhile. Not in a
  // frame of opaque origin, whose worker game_link.mjs starts its own way; null where none starts.
  function earlyWorker(recipe) {
    if (!window.Worker || window.origin === "null") return null;
    try {
      var worker = new Worker(new URL("game_worker.mjs", root).href, { type: "module" });
      var said = [];
      worker.onmessage = function (event) { said.push(event); };
      worker.onerror = function (event) { event.preventDefault(); said.push(event); };
      worker.postMessage({ kind: "prefetch", recipe: recipe });
      return { worker: worker, said: said };
    } catch (refused) {
      return null;
    }
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
            // This page was opened before the worker controlled it: it is kept now
            // (the worker precaches only what every page shares: sw.js).
            var own = [new URL(location.pathname, location.href).href];
            if (registration.active) registration.active.postMessage({ keep: own });
          })
          .catch(function () { /* offline play is a bonus; the page works without it */ });
      }
    } catch (blocked) { /* sandboxed frames may forbid even asking */ }
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
