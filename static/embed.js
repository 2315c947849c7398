// embed.js: embed.html's poster. It loads the playground (wasm_exec.js,
// then boot.js, which fetches app.wasm) when the reader clicks the poster
// or the embed scrolls into view, and reports the poster's height so the
// parent page can size the iframe before the playground arrives.
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
  function script(src, then) {
    var s = document.createElement("script");
    s.src = src;
    s.onload = then;
    s.onerror = function () {
      poster.querySelector(".poster-sub").textContent = "kplay could not load " + src + ".";
    };
    document.body.appendChild(s);
  }
  function load() {
    if (loaded) { return; }
    loaded = true;
    poster.disabled = true;
    poster.querySelector(".poster-sub").textContent = "loading…";
    script("wasm_exec.js", function () { script("boot.js", function () {}); });
  }
  poster.addEventListener("click", load);
  if ("IntersectionObserver" in window) {
    // In an iframe the implicit root is the top-level viewport.
    new IntersectionObserver(function (entries, obs) {
      if (entries.some(function (e) { return e.isIntersecting; })) { obs.disconnect(); load(); }
    }, { rootMargin: "200px" }).observe(poster);
  }
  post({ type: "height", height: document.documentElement.scrollHeight });
})();
