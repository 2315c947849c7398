// export.js: the diagram at this moment as a picture for slides and
// handouts, with the browser's own APIs only (docs/embed.md, snapshot;
// docs/authoring.md, export for slides). Loaded on demand, the first
// time a reader asks for an export or a host page for a snapshot, so it
// costs the page nothing until then. It puts one thing on window:
//
//   kplayExport.svg()            the diagram as a self-contained SVG document (a string)
//   kplayExport.png(scale)       a Promise of a PNG Blob, scale × the diagram's CSS size (default 2)
//   kplayExport.dataURL(format)  a Promise of "data:image/svg+xml;…" or "data:image/png;base64,…"
//   kplayExport.download(format) saves "kplay-<title>-<clock>.svg|png"
//   kplayExport.record(ms)       records the diagram as it plays, as WebM, for ms of real
//                                time (at most 60 s) or until stop(); a Promise of a Blob
//   kplayExport.stop()           ends a recording
//   kplayExport.recording()      whether a recording is under way
//
// The SVG is the page's own drawing (svg#diagram and the message dots,
// svg#dots), with every element's computed style written on it, so that
// it looks the same without the page's style sheets, in the page's
// current theme; a band on top holds the scenario's title, the clock
// and the controller's line.
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  // The presentation properties the diagram's CSS sets.
  var PROPS = ["fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "stroke-dashoffset", "stroke-opacity",
    "stroke-linecap", "stroke-linejoin", "opacity", "font-family", "font-size", "font-weight", "font-style",
    "text-anchor", "dominant-baseline", "letter-spacing", "paint-order", "visibility", "display", "text-decoration",
    "transform", "transform-origin", "transform-box"];

  function text(sel) {
    var e = document.querySelector(sel);
    return e ? e.textContent.replace(/\s+/g, " ").trim() : "";
  }

  // inline copies the computed presentation style of each element under
  // from onto its twin under to (the same tree, cloned).
  function inline(from, to) {
    var a = [from].concat(Array.prototype.slice.call(from.querySelectorAll("*")));
    var b = [to].concat(Array.prototype.slice.call(to.querySelectorAll("*")));
    for (var i = 0; i < a.length && i < b.length; i++) {
      var cs = getComputedStyle(a[i]), st = [];
      for (var j = 0; j < PROPS.length; j++) {
        var v = cs.getPropertyValue(PROPS[j]);
        if (v !== "") { st.push(PROPS[j] + ":" + v); }
      }
      b[i].setAttribute("style", st.join(";"));
      b[i].removeAttribute("class");
    }
  }

  // svg builds the export: the band, then the diagram and its dots at
  // their places, in a viewBox of the diagram's CSS size.
  function svg() {
    var d = document.getElementById("diagram");
    if (!d) { throw new Error("the diagram is not drawn yet"); }
    var r = d.getBoundingClientRect();
    var w = Math.max(1, Math.round(r.width)), h = Math.max(1, Math.round(r.height)), band = 44;
    var cs = getComputedStyle(document.body);
    var out = document.createElementNS(NS, "svg");
    out.setAttribute("xmlns", NS);
    out.setAttribute("width", String(w));
    out.setAttribute("height", String(h + band));
    out.setAttribute("viewBox", "0 0 " + w + " " + (h + band));
    out.setAttribute("font-family", cs.fontFamily);
    var bg = document.createElementNS(NS, "rect");
    bg.setAttribute("width", "100%");
    bg.setAttribute("height", "100%");
    bg.setAttribute("fill", cs.backgroundColor && cs.backgroundColor !== "rgba(0, 0, 0, 0)" ? cs.backgroundColor : "#fff");
    out.appendChild(bg);
    var head = document.createElementNS(NS, "text");
    head.setAttribute("x", "8");
    head.setAttribute("y", "18");
    head.setAttribute("font-size", "14");
    head.setAttribute("font-weight", "600");
    head.setAttribute("fill", cs.color);
    head.textContent = "kplay · " + (text("header.top .title") || "scenario") + " · " + text("#clock");
    out.appendChild(head);
    var sub = document.createElementNS(NS, "text");
    sub.setAttribute("x", "8");
    sub.setAttribute("y", "36");
    sub.setAttribute("font-size", "12");
    sub.setAttribute("fill", cs.color);
    sub.textContent = text("#partition-state") + (text("#controller-state") ? " · " + text("#controller-state") : "");
    out.appendChild(sub);
    [d, document.getElementById("dots")].forEach(function (src) {
      if (!src) { return; }
      var sr = src.getBoundingClientRect();
      var copy = src.cloneNode(true);
      inline(src, copy);
      copy.removeAttribute("id");
      copy.setAttribute("x", String(Math.round(sr.left - r.left)));
      copy.setAttribute("y", String(Math.round(sr.top - r.top) + band));
      copy.setAttribute("width", String(Math.round(sr.width)));
      copy.setAttribute("height", String(Math.round(sr.height)));
      out.appendChild(copy);
    });
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(out);
  }

  function svgURL(s) { return "data:image/svg+xml;charset=utf-8," + encodeURIComponent(s); }

  // draw paints the SVG string s onto canvas c at scale; a Promise.
  function draw(s, c, scale) {
    return new Promise(function (done, fail) {
      var img = new Image();
      img.onload = function () {
        var ctx = c.getContext("2d");
        ctx.setTransform(scale, 0, 0, scale, 0, 0);
        ctx.clearRect(0, 0, c.width, c.height);
        ctx.drawImage(img, 0, 0);
        done(c);
      };
      img.onerror = function () { fail(new Error("the browser could not draw the diagram's SVG")); };
      img.src = svgURL(s);
    });
  }

  function size(s) {
    var m = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(s);
    return m ? [Number(m[1]), Number(m[2])] : [800, 600];
  }

  function png(scale) {
    scale = scale > 0 && scale <= 4 ? scale : 2;
    var s = svg(), wh = size(s);
    var c = document.createElement("canvas");
    c.width = Math.round(wh[0] * scale);
    c.height = Math.round(wh[1] * scale);
    return draw(s, c, scale).then(function () {
      return new Promise(function (done, fail) {
        c.toBlob(function (b) { if (b) { done(b); } else { fail(new Error("the browser made no PNG")); } }, "image/png");
      });
    });
  }

  function dataURL(format) {
    if (format === "png") {
      return png(2).then(function (b) {
        return new Promise(function (done) {
          var fr = new FileReader();
          fr.onload = function () { done(fr.result); };
          fr.readAsDataURL(b);
        });
      });
    }
    return Promise.resolve(svgURL(svg()));
  }

  // name is the file's name: kplay-<title>-<clock>.<ext>, in safe letters.
  function name(ext) {
    var t = (text("header.top .title") || "scenario").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40);
    var clock = text("#clock").replace(/[^0-9]+/g, "");
    return "kplay-" + t + (clock ? "-" + clock : "") + "." + ext;
  }

  function save(blob, file) {
    var a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = file;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(a.href); }, 60000);
  }

  function download(format) {
    if (format === "png") { return png(2).then(function (b) { save(b, name("png")); }); }
    save(new Blob([svg()], { type: "image/svg+xml" }), name("svg"));
    return Promise.resolve();
  }

  // The recording: a canvas the diagram is drawn onto at every animation
  // frame, captured as a stream, encoded by MediaRecorder.
  var rec = null;

  function record(ms) {
    if (rec) { return Promise.reject(new Error("a recording is already under way")); }
    if (typeof MediaRecorder === "undefined" || !HTMLCanvasElement.prototype.captureStream) {
      return Promise.reject(new Error("this browser cannot record video (no MediaRecorder)"));
    }
    ms = Math.min(Math.max(Number(ms) || 10000, 500), 60000);
    var s = svg(), wh = size(s), scale = 1.5;
    var c = document.createElement("canvas");
    c.width = Math.round(wh[0] * scale);
    c.height = Math.round(wh[1] * scale);
    var type = ["video/webm;codecs=vp9", "video/webm;codecs=vp8", "video/webm"].filter(function (t) { return MediaRecorder.isTypeSupported(t); })[0];
    if (!type) { return Promise.reject(new Error("this browser cannot record WebM")); }
    var stream = c.captureStream(30);
    var mr = new MediaRecorder(stream, { mimeType: type });
    var chunks = [], busy = false, timer = 0;
    rec = { stop: function () { if (mr.state !== "inactive") { mr.stop(); } } };
    var frame = function () {
      if (!rec || mr.state === "inactive") { return; }
      if (!busy) {
        busy = true;
        draw(svg(), c, scale).then(function () { busy = false; }, function () { busy = false; });
      }
      requestAnimationFrame(frame);
    };
    return draw(s, c, scale).then(function () {
      return new Promise(function (done, fail) {
        mr.ondataavailable = function (e) { if (e.data && e.data.size) { chunks.push(e.data); } };
        mr.onstop = function () {
          clearTimeout(timer);
          rec = null;
          stream.getTracks().forEach(function (t) { t.stop(); });
          done(new Blob(chunks, { type: "video/webm" }));
        };
        mr.onerror = function (e) { rec = null; fail(e.error || new Error("the recording failed")); };
        mr.start(250);
        timer = setTimeout(function () { if (rec) { rec.stop(); } }, ms);
        requestAnimationFrame(frame);
      });
    });
  }

  window.kplayExport = {
    svg: svg,
    png: png,
    dataURL: dataURL,
    download: download,
    name: name,
    save: save,
    record: record,
    stop: function () { if (rec) { rec.stop(); } },
    recording: function () { return rec !== null; }
  };
  document.dispatchEvent(new Event("kplay-export"));
})();
