// "Export your data" in Settings, served as /assets/export.js: the export runs in the background
// on the server (HearthApp's ExportJob); this shows its progress bar, polling
// /settings/export-status, and the outcome when it is done — the ZIP's download link — without
// a page load. Cancel stops it (the server removes what it wrote) and the page says so. A second
// click while it runs starts nothing (the server refuses to, the button is disabled meanwhile).
// Without script the forms post, the page shows the progress as it was, and a reload updates it.
"use strict";
(function () {
  const doc = document;
  const csrf = (doc.querySelector('meta[name="csrf-token"]') || {}).content || "";
  const $ = (s, root) => (root || doc).querySelector(s);

  function result(text, failed) {
    let el = $("#export-result");
    if (!el) {
      el = doc.createElement("p");
      el.id = "export-result";
      // Above the download button, as the page itself puts it.
      ($("#export-download-line") || $("#export-progress")).before(el);
    }
    el.className = failed ? "error" : "notice";
    el.setAttribute("role", failed ? "alert" : "status");
    el.textContent = text;
  }

  /** Shows one status ({state, done, total, message}); true while the export runs. */
  function show(s) {
    const box = $("#export-progress"), bar = $("#export-bar"), text = $("#export-progress-text"), button = $("#export-button");
    if (!box) return false;
    box.dataset.state = s.state;
    const running = s.state === "running";
    box.hidden = !running;
    if (button) button.disabled = running;
    if (running) {
      bar.max = Math.max(1, s.total);
      bar.value = s.done;
      text.textContent = s.message || "";
    } else if (s.state === "finished" || s.state === "failed" || s.state === "cancelled") {
      result(s.message || "", s.state === "failed");
    }
    const download = $("#export-download-line"), name = $("#export-download-name");
    if (download) download.hidden = !(s.state === "finished" && s.download);
    if (name && s.file) name.textContent = s.file + (s.size ? ", " + s.size : "");
    return running;
  }

  async function poll() {
    for (;;) {
      let s;
      try {
        const res = await fetch("/settings/export-status", { credentials: "same-origin", headers: { "Accept": "application/json" } });
        s = await res.json();
      } catch (e) { return; }
      if (!show(s)) return;
      await new Promise(r => setTimeout(r, 400));
    }
  }

  function start() {
    const form = $(".export-form"), box = $("#export-progress");
    if (!form || !box) return;
    const cancel = $(".export-cancel-form");
    if (cancel) cancel.addEventListener("submit", async ev => {
      ev.preventDefault();
      const button = $("#export-cancel");
      if (button) button.disabled = true;
      $("#export-progress-text").textContent = "Cancelling…";
      try {
        await fetch(cancel.action, { method: "POST", credentials: "same-origin", body: new URLSearchParams(new FormData(cancel)),
          headers: { "Accept": "application/json", "X-CSRF-Token": csrf } });
      } finally { if (button) button.disabled = false; }
    });
    form.addEventListener("submit", async ev => {
      ev.preventDefault();
      const button = $("#export-button");
      if (button) button.disabled = true;
      const res = await fetch(form.action, { method: "POST", credentials: "same-origin", body: new URLSearchParams(new FormData(form)),
        headers: { "Accept": "application/json", "X-CSRF-Token": csrf } });
      if (!res.ok) {
        // A refused folder: the server's page carries the sentence.
        const html = await res.text();
        const m = html.match(/id="export-result">([^<]*)</);
        result(m ? new DOMParser().parseFromString(m[1], "text/html").documentElement.textContent : "The export did not start (HTTP " + res.status + ").", true);
        if (button) button.disabled = false;
        return;
      }
      const s = await res.json();
      const old = $("#export-result");
      const line = $("#export-download-line");
      if (line && !s.alreadyRunning) line.hidden = true;
      if (old && !s.alreadyRunning) old.remove();
      if (s.alreadyRunning) result("An export is already running; it goes on.", false);
      if (show(s)) poll();
    });
    if (box.dataset.state === "running") { show({ state: "running", done: +$("#export-bar").value, total: +$("#export-bar").max, message: $("#export-progress-text").textContent }); poll(); }
  }
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start); else start();
})();
