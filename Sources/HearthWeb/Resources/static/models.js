// AI model downloads on the page (Settings › AI and onboarding's AI step), served as
// /assets/models.js: the progress bar and outcome of each `model` server-sent event, and
// "Cancel download" without a page load. Without script the same state is rendered by the
// server on each load, and Cancel is a plain form.
"use strict";
(function () {
  const doc = document;
  const csrf = (doc.querySelector('meta[name="csrf-token"]') || {}).content || "";
  const $ = (s, root) => (root || doc).querySelector(s);

  /** Shows one `model` event (phase, received, total, message) in its row, if on this page. */
  function update(d) {
    const row = $('.model[data-model="' + CSS.escape(d.model) + '"]');
    if (!row) return;
    const box = $(".model-progress", row), bar = $("progress", row), text = $(".progress-text", row);
    const msg = $(".model-message", row), start = $(".model-download", row);
    if (d.phase === "downloading" || d.phase === "verifying") {
      const pct = d.total ? Math.min(100, Math.floor(100 * d.received / d.total)) : 0;
      if (box) box.hidden = false;
      if (bar) bar.value = pct;
      if (text) text.textContent = d.phase === "verifying" ? "Checking SHA-256…" : "Downloading… " + pct + " %";
      if (start) start.hidden = true;
      return;
    }
    if (box) box.hidden = true;
    if (start) start.hidden = false;
    if (msg) { msg.hidden = false; msg.textContent = d.message || ""; msg.className = (d.phase === "failed" ? "error" : "hint") + " model-message"; }
    // The stream repeats the latest state on connect: reload only a row that still says otherwise.
    const state = $(".model-state", row);
    if (d.phase === "installed" && !(state && state.dataset.modelState === "installed")) setTimeout(() => location.reload(), 600);
  }
  window.HearthModels = { update: update };

  function start() {
    doc.querySelectorAll(".model-cancel").forEach(form => form.addEventListener("submit", ev => {
      ev.preventDefault();
      fetch(form.action, { method: "POST", credentials: "same-origin", body: new FormData(form),
        headers: { "Accept": "application/json", "X-CSRF-Token": csrf } });
    }));
    // The app's pages have their own event stream (app.js forwards `model` events here);
    // onboarding's bare page opens one for the models only.
    if (!window.EventSource || $("#sync-status") || !$(".model[data-model]")) return;
    const source = new EventSource("/events");
    source.addEventListener("model", ev => update(JSON.parse(ev.data)));
  }
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start); else start();
})();
