// boot.js: load app.wasm and run it; kept out of index.html so the
// Content-Security-Policy can forbid inline scripts.
(function () {
  "use strict";
  var go = new Go();
  function fail(err) {
    var p = document.querySelector(".loading");
    if (p) { p.textContent = "kplay could not start: " + err; p.classList.add("failed"); }
    console.error(err);
  }
  function run(result) { go.run(result.instance); }
  var url = "app.wasm";
  if (WebAssembly.instantiateStreaming) {
    WebAssembly.instantiateStreaming(fetch(url), go.importObject).then(run, function (err) {
      // A server that sends the wrong Content-Type breaks streaming; fall back.
      fetch(url).then(function (r) { return r.arrayBuffer(); })
        .then(function (b) { return WebAssembly.instantiate(b, go.importObject); })
        .then(run, function () { fail(err); });
    });
  } else {
    fetch(url).then(function (r) { return r.arrayBuffer(); })
      .then(function (b) { return WebAssembly.instantiate(b, go.importObject); })
      .then(run, fail);
  }
})();
