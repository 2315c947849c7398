// embed.js: embed.html's poster, and the transport of the embed API
// (docs/embed.md).
//
// The poster: it loads the playground (app.wasm, wasm_exec.js and
// boot.js, fetched at once) when the reader clicks the poster or the
// embed scrolls into view, and reports the poster's height so the parent
// page can size the iframe before the playground arrives. The poster is
// the scenario's real first frame, baked in at build time (poster.js),
// or, for an address whose frame was not baked, the placeholder button
// #poster.
//
// The transport, window.kplayEmbed: it listens for commands from the
// moment this script runs, long before the Go program has loaded, and
// keeps them (at most maxQueue) until the program takes them (listen);
// it hears only the parent window, and with origin= only those origins;
// and every message the embed posts (this script's, boot.js's and the
// program's) goes through its post, which adds source: "kplay" and v: 1
// and sends it to origin='s origins only (to any without origin=). A
// start that fails (no WebAssembly, a script or app.wasm that cannot be
// fetched) says so in the frame and posts an error (failed).
(function () {
  "use strict";
  var V = 1;
  var maxQueue = 64;
  var poster = document.getElementById("poster");
  var loaded = false;
  var framed = window.parent !== window;

  // origins is origin='s list as URL.origin writes each origin (the
  // rule of site.NormalOrigin, which also words the ones refused), or
  // null without origin=: any origin.
  var origins = (function () {
    var q = new URLSearchParams(location.search);
    if (!q.has("origin")) { return null; }
    var out = [];
    q.get("origin").split(",").forEach(function (raw) {
      raw = raw.trim();
      var u;
      try { u = new URL(raw); } catch (e) { return; }
      if ((u.protocol !== "http:" && u.protocol !== "https:") || u.username || u.password ||
          u.pathname !== "/" || u.search || u.hash || /[?#@%\\\s]/.test(raw) || out.length >= 16) { return; }
      if (out.indexOf(u.origin) < 0) { out.push(u.origin); }
    });
    return out;
  })();

  function post(msg) {
    if (!framed) { return; }
    var m = {};
    for (var k in msg) { if (Object.prototype.hasOwnProperty.call(msg, k)) { m[k] = msg[k]; } }
    m.source = "kplay";
    m.v = V;
    if (origins === null) {
      window.parent.postMessage(m, "*");
      return;
    }
    // A message posted for an origin the parent is not is dropped by the
    // browser: only the parent's own origin, if listed, receives it.
    origins.forEach(function (o) { window.parent.postMessage(m, o); });
  }

  var queue = [];
  var handler = null;
  window.addEventListener("message", function (ev) {
    if (!framed || ev.source !== window.parent) { return; }
    if (origins !== null && origins.indexOf(ev.origin) < 0) { return; }
    if (handler) { handler(ev.data); return; }
    if (queue.length >= maxQueue) {
      var d = ev.data;
      post({ type: "error", reason: "queue-full", command: d && typeof d.type === "string" ? d.type.slice(0, 40) : "",
        text: "The embed has not started yet and keeps at most " + maxQueue + " commands until it has; this one was dropped." });
      return;
    }
    queue.push(ev.data);
  });

  function say(text) {
    poster.querySelector(".poster-sub").textContent = text;
    var l = document.querySelector("body > .loading");
    if (l) { l.textContent = text; }
  }

  // failed shows why the playground cannot start, over whatever the
  // frame shows (the baked first frame, or the placeholder), and tells
  // the host: {type: "error", reason: "start-failed", fatal: true, text}.
  var dead = false;
  function failed(text) {
    if (dead) { return; }
    dead = true;
    var box = document.createElement("div");
    box.className = "crash";
    box.id = "start-failed";
    box.setAttribute("role", "alert");
    var p = document.createElement("p");
    p.className = "crash-what";
    p.textContent = text;
    box.appendChild(p);
    document.body.classList.add("crashed");
    document.body.insertBefore(box, document.body.firstChild);
    say("The scenario cannot be shown here.");
    poster.disabled = true;
    post({ type: "error", reason: "start-failed", fatal: true, text: text });
    height();
  }

  // script appends the script at src; async = false runs the scripts so
  // added in the order they were added, however their fetches finish.
  function script(src) {
    var s = document.createElement("script");
    s.src = src;
    s.async = false;
    s.onerror = function () { failed("kplay could not start: it could not fetch " + src + "."); };
    document.body.appendChild(s);
  }

  window.kplayEmbed = {
    v: V,
    post: post,
    failed: failed,
    // listen hands the commands kept so far to f, in the order they
    // came, then every command as it comes: the Go program calls it
    // once it has said ready.
    listen: function (f) {
      handler = f;
      var q = queue;
      queue = [];
      q.forEach(function (d) { f(d); });
    }
  };

  function load() {
    if (loaded || dead) { return; }
    loaded = true;
    poster.disabled = true;
    if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
      failed("kplay cannot start here: this browser runs no WebAssembly (it is too old, or WebAssembly is turned off).");
      return;
    }
    say("loading…");
    // Fetch app.wasm, wasm_exec.js and boot.js at once, not one after the
    // other: on a slow link each would cost a round trip before the 1.5 MB
    // wasm had even started. boot.js's fetch("app.wasm") takes the
    // preloaded response (same URL, CORS mode, credentials), as the page's
    // <link rel="preload"> in index.html is taken.
    var pre = document.createElement("link");
    pre.rel = "preload";
    pre.href = "app.wasm";
    pre.as = "fetch";
    pre.type = "application/wasm";
    pre.crossOrigin = "anonymous";
    document.head.appendChild(pre);
    script("wasm_exec.js");
    script("boot.js");
  }
  poster.addEventListener("click", load);
  // A click anywhere on the baked frame asks for the playground too.
  document.body.addEventListener("click", function (ev) {
    if (document.body.hasAttribute("data-poster")) { ev.preventDefault(); load(); }
  });
  if ("IntersectionObserver" in window) {
    // In an iframe the implicit root is the top-level viewport. The body
    // is there whichever poster shows.
    new IntersectionObserver(function (entries, obs) {
      if (entries.some(function (e) { return e.isIntersecting; })) { obs.disconnect(); load(); }
    }, { rootMargin: "200px" }).observe(document.body);
  }
  // height is the body's height with what overflows it and its margins,
  // as the program measures it (wasm/playground browser.docHeight): the
  // root's scrollHeight never falls below the frame's own height.
  function height() {
    var b = document.body, cs = getComputedStyle(b);
    var h = Math.max(b.getBoundingClientRect().height, b.scrollHeight) + parseFloat(cs.marginTop) + parseFloat(cs.marginBottom);
    post({ type: "height", height: Math.ceil(h) });
  }
  height();
  document.addEventListener("kplay-poster", height);
})();
