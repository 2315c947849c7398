// poster.js: the first frame baked into index.html and embed.html at build
// time (./build.sh build, site/poster) is the default preset's, drawn by
// the page's own program before its wasm has arrived, in the wide layout.
// This script runs in <head>, before the body is parsed, and keeps that
// frame only for an address that opens the default preset in a wide
// window: for ?preset=NAME, or a narrow window (a phone), it hides the
// frame and fetches poster/page-NAME.html (embed-NAME.html in an embed;
// NAME.narrow.html when narrow), that preset's first frame, and puts it
// in place; for an embed at the address "Copy embed code" writes
// (controls=min, its panels, perhaps a lesson ID and origin=), the same
// with embed-NAME.code.html; for any other address
// (a share link's s=, an embed's autoplay=, panels= and the rest, which
// change what the first frame shows) it hides the frame and the page
// shows its loading line (the embed its placeholder) until the wasm
// draws. The wasm's first render replaces the whole body (Vecty's
// RenderBody), so the frame goes with it.
(function () {
  "use strict";
  var root = document.documentElement;
  var meta = document.querySelector('meta[name="kplay-poster"]');
  var baked = meta && meta.content;
  if (!baked) { return; } // a site built without its frames
  var embed = /\/embed(\.html)?$/.test(location.pathname);
  var q = new URLSearchParams(location.search);
  var only = true;
  q.forEach(function (v, k) { if (k !== "preset") { only = false; } });
  // code says an embed's address is what "Copy embed code" writes
  // (site.CodeParams: controls=min and its panels), with at most a
  // lesson ID and origin=, which do not change the first frame: a lesson
  // page's embed, whose frame is baked as embed-NAME.code.html.
  var code = embed && q.get("controls") === "min" && q.get("panels") === "log,describe,inspector";
  q.forEach(function (v, k) {
    if (!/^(preset|controls|panels|lesson|origin)$/.test(k) || k === "lesson" && /^(0|false)$/.test(v)) { code = false; }
  });
  var shared = /(^|[#&])s=/.test(location.hash);
  var preset = q.get("preset") || baked;
  // Under site.NarrowBelow the page lays out narrow (a phone): the baked
  // frame is the wide one, so the narrow frame is fetched in its place.
  var narrow = window.innerWidth > 0 && window.innerWidth < Number(meta.getAttribute("data-narrow-below"));
  if (only && !shared && preset === baked && !narrow) { return; }
  root.classList.add("poster-off");
  if (!only && !code || shared || !/^[a-z0-9-]{1,64}$/.test(preset)) { return; }

  // own says a child of the body is the page's own (the loading line,
  // the embed's placeholder, a failure's .crash box, the scripts), not
  // the baked frame.
  function own(n) {
    return n.nodeType !== 1 || /^(SCRIPT|NOSCRIPT)$/.test(n.nodeName) || n.classList.contains("loading") || n.classList.contains("crash") || n.id === "poster";
  }
  function swap(html) {
    var body = document.body;
    if (!body || !body.hasAttribute("data-poster")) { return; } // the wasm has drawn already
    var next = new DOMParser().parseFromString("<!doctype html><html><head></head>" + html + "</html>", "text/html").body;
    if (!next.querySelector("#diagram")) { return; }
    var first = null;
    Array.prototype.slice.call(body.childNodes).forEach(function (n) {
      if (own(n)) { if (!first && n.nodeType === 1) { first = n; } } else { body.removeChild(n); }
    });
    Array.prototype.slice.call(next.childNodes).forEach(function (n) { body.insertBefore(document.adoptNode(n), first); });
    body.className = next.className;
    body.setAttribute("data-poster", preset);
    root.classList.remove("poster-off");
    document.dispatchEvent(new CustomEvent("kplay-poster"));
  }
  var got = fetch("poster/" + (embed ? "embed-" : "page-") + preset + (code ? ".code" : "") + (narrow ? ".narrow" : "") + ".html").then(function (r) {
    return r.ok ? r.text() : null;
  });
  function ready() { got.then(function (html) { if (html) { swap(html); } }, function () {}); }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", ready); } else { ready(); }
})();
