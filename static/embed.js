// embed.js: embed.html's poster. It loads the playground (app.wasm,
// wasm_exec.js and boot.js, fetched at once) when the reader clicks the poster
// or the embed scrolls into view, and reports the poster's height so the
// parent page can size the iframe before the playground arrives. The
// poster is the scenario's real first frame, baked in at build time
// (poster.js), or, for an address whose frame was not baked, the
// placeholder button #poster.
(function () {
  "use strict";
  var poster = document.getElementById("poster");
  var loaded = false;
  function post(msg) {
    if (window.parent !== window) {
      msg.source = "kplay";
      window.parent.postMessage(msg, "*");
    }
  }
  function say(text) {
    poster.querySelector(".poster-sub").textContent = text;
    var l = document.querySelector("body > .loading");
    if (l) { l.textContent = text; }
  }
  // script appends the script at src; async = false runs the scripts so
  // added in the order they were added, however their fetches finish.
  function script(src) {
    var s = document.createElement("script");
    s.src = src;
    s.async = false;
    s.onerror = function () {
      say("kplay could not load " + src + ".");
      var l = document.querySelector("body > .loading");
      if (l) { l.classList.add("failed"); }
    };
    document.body.appendChild(s);
  }
  function load() {
    if (loaded) { return; }
    loaded = true;
    poster.disabled = true;
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
  function height() { post({ type: "height", height: document.documentElement.scrollHeight }); }
  height();
  document.addEventListener("kplay-poster", height);
})();
