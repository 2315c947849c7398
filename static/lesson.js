// lesson.js: how a lesson page listens to its kplay embeds and drives
// them, with version 1 of the embed API (docs/embed.md).
//
// Each embed posts {source: "kplay", v: 1, type, ...} to this page:
// "height" (this page sizes the iframe to it), "ready" (the title, the
// scenario's start and end in simulated ms, its questions without their
// answers), "step", "leader-change", "violation", "ask" (a question and its
// options), "answer" (the reader's pick and whether it was right, so a
// lesson can keep score), "progress" and "error" (a reason and a text for
// anything the embed could not do; with fatal: true it cannot go on). This
// page lists the messages other than "height" under each embed.
//
// Both embeds carry lesson=acks-lesson, so the reader's answers are kept
// in the browser and shared: the button asks the first embed for every
// answer of the lesson with the "progress" command. A page sends commands
// as {v: 1, type, ...} to iframe.contentWindow: play, pause, seek (at, in
// simulated ms), load (link or preset), answer (option), reveal, continue,
// reset, lesson (on) and progress.
(function () {
  "use strict";
  var frames = document.querySelectorAll("iframe");
  function describe(msg) {
    switch (msg.type) {
      case "ready":
        return msg.title + " (" + (msg.questions || []).length + " questions" +
          ((msg.questions || []).some(function (q) { return q.answered; }) ? ", some answered before" : "") + ")";
      case "ask":
        return msg.question + " (" + msg.options.join(" | ") + ")";
      case "answer":
        return (msg.picked ? "picked " + msg.picked + ", " + (msg.correct ? "right" : "wrong") : "shown without a pick") + "; the answer is " + msg.answer;
      case "progress":
        return msg.answers.length + " answers in lesson " + msg.lesson + (msg.stored ? "" : " (not kept: this browser gives the embed no storage)") + ": " +
          msg.answers.map(function (a) { return (a.title || a.scenario) + " #" + (a.index + 1) + " " + (a.picked ? (a.correct ? "right" : "wrong") : "shown"); }).join("; ");
      case "error":
        return msg.reason + ": " + msg.text;
    }
    return msg.text || "";
  }
  window.addEventListener("message", function (ev) {
    var msg = ev.data;
    if (!msg || msg.source !== "kplay" || msg.v !== 1) { return; }
    for (var i = 0; i < frames.length; i++) {
      var f = frames[i];
      if (f.contentWindow !== ev.source) { continue; }
      if (msg.type === "height" && msg.height > 0) {
        f.style.height = Math.min(Math.max(msg.height, 320), 4000) + "px";
        return;
      }
      var box = document.getElementById(f.id + "-events");
      if (!box) { return; }
      var line = document.createElement("div");
      var text = describe(msg);
      line.textContent = msg.type + (text ? ": " + text : "") + (msg.at !== undefined ? " @" + msg.at + " ms" : "");
      box.appendChild(line);
      box.scrollTop = box.scrollHeight;
    }
  });
  var ask = document.getElementById("progress");
  if (ask) {
    ask.addEventListener("click", function () {
      frames[0].contentWindow.postMessage({ v: 1, type: "progress" }, "*");
    });
  }
})();
