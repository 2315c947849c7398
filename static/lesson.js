// lesson.js: how a lesson page listens to its kplay embeds. Each embed
// posts {source: "kplay", type: "ready" | "step" | "leader-change" |
// "violation" | "height" | "ask" | "answer" | "error", ...}; this page sizes the
// iframe to "height" and lists the other messages under it ("ask" has the
// question and its options, "answer" the reader's pick and whether it was
// right, so a lesson can keep score; "error" with fatal: true says the
// embed died, and its reload reopens it at that moment). A page can also send commands:
// iframe.contentWindow.postMessage({type: "play" | "pause" | "seek" |
// "load", ...}, "*").
(function () {
  "use strict";
  var frames = document.querySelectorAll("iframe");
  window.addEventListener("message", function (ev) {
    var msg = ev.data;
    if (!msg || msg.source !== "kplay") { return; }
    for (var i = 0; i < frames.length; i++) {
      var f = frames[i];
      if (f.contentWindow !== ev.source) { continue; }
      if (msg.type === "height" && msg.height > 0) {
        f.style.height = Math.min(Math.max(msg.height, 320), 2000) + "px";
        return;
      }
      var box = document.getElementById(f.id + "-events");
      if (!box) { return; }
      var line = document.createElement("div");
      var text = msg.text;
      if (msg.type === "ask") { text = msg.question + " (" + msg.options.join(" | ") + ")"; }
      if (msg.type === "answer") { text = (msg.picked ? "picked " + msg.picked + ", " + (msg.correct ? "right" : "wrong") : "shown without a pick") + "; the answer is " + msg.answer; }
      line.textContent = msg.type + (text ? ": " + text : "") + (msg.at !== undefined ? " @" + msg.at + " ms" : "");
      box.appendChild(line);
      box.scrollTop = box.scrollHeight;
    }
  });
})();
