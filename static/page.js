// Runs before Python starts: embed mode, the file:// warning, the service
// worker, and starting PyScript (game pages name it in data-pyscript).
(function () {
  "use strict";
  var script = document.currentScript;
  var root = new URL("./", script.src);
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
  } catch (blocked) { /* sandboxed frames may forbid even asking */ }

  var pyscript = script.getAttribute("data-pyscript");
  if (pyscript) {
    indexedDBWorks().then(function (works) {
      if (!works) Object.defineProperty(window, "indexedDB", { value: memoryIndexedDB(), configurable: true });
      return import(new URL(pyscript, script.src).href);
    });
  }

  function indexedDBWorks() {
    return new Promise(function (resolve) {
      try {
        var request = indexedDB.open("dice-dungeons-probe");
        request.onsuccess = function () { request.result.close(); resolve(true); };
        request.onerror = function (event) { event.preventDefault(); resolve(false); };
        request.onblocked = function () { resolve(true); };
      } catch (refused) {
        resolve(false);
      }
    });
  }

  // PyScript opens IndexedDB maps while it starts and cannot start without
  // them. Where the browser refuses IndexedDB (a cross-origin frame with
  // third-party storage blocked) it gets this in-memory stand-in, which has
  // just the calls it makes; nothing there needs to outlive the page.
  function memoryIndexedDB() {
    function answer(result) {
      var request = {};
      setTimeout(function () { if (request.onsuccess) request.onsuccess({ target: { result: result } }); });
      return request;
    }
    function store(map) {
      return {
        count: function () { return answer(map.size); },
        clear: function () { map.clear(); return answer(undefined); },
        delete: function (key) { map.delete(key); return answer(undefined); },
        get: function (key) { return answer(map.get(key)); },
        getKey: function (key) { return answer(map.has(key) ? key : undefined); },
        getAllKeys: function () { return answer(Array.from(map.keys())); },
        put: function (value, key) { map.set(key, value); return answer(key); },
      };
    }
    return {
      open: function () {
        var stores = new Map();
        return answer({
          close: function () {},
          transaction: function (name) {
            if (!stores.has(name)) stores.set(name, new Map());
            return { objectStore: function () { return store(stores.get(name)); } };
          },
        });
      },
    };
  }

  // The board as a PNG file: only a browser can rasterise the SVG. The
  // board's style is the page's <style id="board-style"> (Ruleset.board_css):
  // a copy of the board carries it, so it draws the same outside the page.
  window.diceDungeonsBoardPng = function (svg, name) {
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
        canvas.width = Math.round(width * scale);
        canvas.height = Math.round(height * scale);
        var pen = canvas.getContext("2d");
        pen.fillStyle = "#ffffff";
        pen.fillRect(0, 0, canvas.width, canvas.height);
        pen.drawImage(image, 0, 0, canvas.width, canvas.height);
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
