// Runs before Python starts: embed mode, the file:// warning, the service worker.
(function () {
  "use strict";
  var root = new URL("./", document.currentScript.src);
  var html = document.documentElement;
  if (/(^|[?&])embed=1(&|$)/.test(location.search.slice(1))) html.classList.add("embed");

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
  setTimeout(function () {
    if (!html.hasAttribute("data-ready")) say("Still loading… a slow connection or an old browser can take a while; the first visit downloads about 14 MB.");
  }, 25000);

  try {
    if ("serviceWorker" in navigator) {
      window.addEventListener("load", function () {
        navigator.serviceWorker.register(new URL("sw.js", root).href, { scope: root.href })
          .catch(function () { /* offline play is a bonus; the page works without it */ });
      });
    }
  } catch (blocked) { /* sandboxed iframes may forbid even asking */ }
})();
