// boot.js: load app.wasm and run it; kept out of index.html so the
// Content-Security-Policy can forbid inline scripts.
//
// The page's Go program never ends on its own (it renders, then serves
// events), so its end is a death: a panic, or "fatal error: out of
// memory", which Go's runtime writes to standard error before it exits, or
// a WebAssembly trap. Then this script shows a banner that says what
// happened, with a link that reloads at the moment the page showed
// (window.kplayMoment, which the page keeps: docs/design.md §5); the
// reader's unapplied draft is already in localStorage (the page saves it
// at every edit) and comes back on reload. An embed also posts {source:
// "kplay", v: 1, type: "error", reason: "crashed", fatal: true, text,
// detail, reload} to its parent (docs/embed.md), through embed.js's
// window.kplayEmbed. A program that cannot start (app.wasm cannot be
// fetched or compiled) is said in the page's loading line, or in an
// embed by kplayEmbed.failed, which also posts reason "start-failed".
(function () {
  "use strict";
  var go = new Go();
  var stderr = "";
  var dead = false;
  var embed = /\/embed(\.html)?$/.test(location.pathname);

  // Keep the tail of what the Go program writes to standard error (fd 2):
  // the panic's or the fatal error's first lines say what happened.
  if (globalThis.fs && globalThis.fs.writeSync) {
    var decoder = new TextDecoder("utf-8");
    var write = globalThis.fs.writeSync;
    globalThis.fs.writeSync = function (fd, buf) {
      if (fd === 2) { stderr = (stderr + decoder.decode(buf)).slice(-8192); }
      return write.call(this, fd, buf);
    };
  }

  function fail(err) {
    var text = "kplay could not start: " + (err && err.kplay ? err.message : "it could not load its program, app.wasm (" + err + ").");
    console.error(err);
    if (window.kplayEmbed) { window.kplayEmbed.failed(text); return; }
    var p = document.querySelector(".loading");
    if (p) { p.textContent = text; p.classList.add("failed"); }
  }

  // momentURL is the address that reopens what the page showed when it
  // died: the share link of window.kplayMoment, or, before the page
  // published one (it died while opening), the address it was opened at.
  function momentURL() {
    var m = window.kplayMoment;
    if (!m || typeof m.s !== "string" || typeof m.t !== "number") { return location.href; }
    if (embed) {
      var q = new URLSearchParams(location.search);
      q.delete("preset");
      q.set("s", m.s);
      q.set("t", String(Math.round(m.t)));
      return location.pathname + "?" + q.toString();
    }
    return location.pathname + "#s=" + m.s + "&t=" + Math.round(m.t);
  }

  // what reads the Go runtime's last words: [headline, detail].
  function what(err) {
    var lines = stderr.split("\n");
    var oom = lines.filter(function (l) { return /out of memory/.test(l); });
    if (oom.length) {
      var why = oom.filter(function (l) { return /^runtime: out of memory/.test(l); })[0] || oom[0];
      return ["kplay stopped: it ran out of memory.", why];
    }
    var panic = lines.filter(function (l) { return /^(panic|fatal error): /.test(l); })[0];
    if (panic) { return ["kplay stopped: it hit a bug.", panic]; }
    if (err) { return ["kplay stopped: it hit a bug.", String(err && err.message || err)]; }
    return ["kplay stopped unexpectedly.", lines.filter(Boolean).pop() || ""];
  }

  function hasDraft() {
    try { return !!localStorage.getItem("kplay.editor.draft"); } catch (e) { return false; }
  }

  function died(err) {
    if (dead) { return; }
    dead = true;
    var w = what(err), reload = momentURL();
    var loading = document.querySelector(".loading");
    if (loading) { loading.remove(); }
    var box = document.createElement("div");
    box.className = "crash";
    box.id = "crash";
    box.setAttribute("role", "alert");
    var head = document.createElement("p");
    head.className = "crash-what";
    head.textContent = w[0];
    box.appendChild(head);
    if (w[1]) {
      var detail = document.createElement("p");
      detail.className = "crash-detail";
      detail.textContent = w[1];
      box.appendChild(detail);
    }
    var next = document.createElement("p");
    if (hasDraft()) {
      next.appendChild(document.createTextNode("Your unapplied edits are kept in this browser and come back when you reload. "));
    }
    var a = document.createElement("a");
    a.id = "crash-reload";
    a.href = reload;
    a.textContent = "Reload at this moment";
    // Following a link to the same document with another fragment would
    // not load it again: replace the address, then reload.
    a.addEventListener("click", function (ev) {
      var u = new URL(reload, location.href);
      if (u.pathname + u.search !== location.pathname + location.search) { return; }
      ev.preventDefault();
      location.replace(u.href);
      location.reload();
    });
    next.appendChild(a);
    box.appendChild(next);
    document.body.classList.add("crashed");
    document.body.insertBefore(box, document.body.firstChild);
    if (embed && window.kplayEmbed) {
      window.kplayEmbed.post({ type: "error", reason: "crashed", fatal: true, text: w[0], detail: w[1], reload: new URL(reload, location.href).href });
    }
  }

  // A trap, or a call into the program after it exited, surfaces as an
  // uncaught error in whichever event handler called into the wasm.
  function deadError(e) {
    return e instanceof WebAssembly.RuntimeError || /Go program has already exited/.test(String(e && e.message || e));
  }
  window.addEventListener("error", function (ev) { if (deadError(ev.error || ev.message)) { died(ev.error); } });
  window.addEventListener("unhandledrejection", function (ev) { if (deadError(ev.reason)) { died(ev.reason); } });

  // run starts the program once the document is parsed. Its first render
  // (vecty.RenderBody) replaces the body at once then, before its first
  // animation frame looks for the diagram; while the document is still
  // loading, Vecty would wait for DOMContentLoaded instead, and that frame
  // would find the first frame baked into the page (poster.js) and take
  // it for the program's own.
  function run(result) {
    var start = function () { go.run(result.instance).then(function () { died(null); }, died); };
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", start);
    } else {
      start();
    }
  }
  var url = "app.wasm";
  // get fetches app.wasm; an answer other than 2xx is an error that says
  // so (a 404 would otherwise surface as a puzzling compile error).
  function get() {
    return fetch(url).then(function (r) {
      if (!r.ok) {
        var e = new Error("the server answered " + r.status + " " + r.statusText + " for its program, " + url + ".");
        e.kplay = true;
        throw e;
      }
      return r;
    });
  }
  function slow() {
    return get().then(function (r) { return r.arrayBuffer(); })
      .then(function (b) { return WebAssembly.instantiate(b, go.importObject); });
  }
  if (typeof WebAssembly !== "object") {
    fail({ kplay: true, message: "this browser runs no WebAssembly (it is too old, or WebAssembly is turned off)." });
  } else if (WebAssembly.instantiateStreaming) {
    WebAssembly.instantiateStreaming(get(), go.importObject).then(run, function (err) {
      // A server that sends the wrong Content-Type breaks streaming; fall back.
      slow().then(run, function (again) { fail(again && again.kplay ? again : err); });
    });
  } else {
    slow().then(run, fail);
  }
})();
