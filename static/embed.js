// embed.js: embed.html's poster. It loads the playground (wasm_exec.js,
// then boot.js, which fetches app.wasm) when the reader clicks the poster
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
  function script(src, then) {
    var s = document.createElement("script");
    s.src = src;
    s.onload = then;
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
    script("wasm_exec.js", function () { script("boot.js", function () {}); });
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
