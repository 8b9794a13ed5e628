// The composer's window handling, served as /assets/composer.js: a formatting button switches
// "Send formatting" on; "Pop out" saves the draft
// first and opens that draft alone in a window of its own, and the panel beside the
// conversation closes (the thread stays). Without script "Pop out" is a plain link that opens
// the same composer in a new window.
"use strict";
(function () {
  const doc = document;
  const csrf = (doc.querySelector('meta[name="csrf-token"]') || {}).content || "";

  function start() {
    const form = doc.getElementById("composer"), pop = doc.getElementById("pop-out");
    if (!form) return;
    // Using Bold, Italic or Link means the user wants formatting: send the HTML alternative
    // (multipart/alternative with the plain part) without a second thought about the checkbox.
    const formatted = form.querySelector('input[name="format"][value="markup"]');
    form.querySelectorAll("[data-format]").forEach(b => b.addEventListener("click", () => {
      if (formatted) formatted.checked = true;
    }));
    if (!pop) return;
    pop.addEventListener("click", async ev => {
      ev.preventDefault();
      const data = new FormData(form);
      data.delete("attachments");
      let id = form.elements.draft.value;
      try {
        const res = await fetch("/compose/draft", { method: "POST", body: data, credentials: "same-origin",
          headers: { "Accept": "application/json", "X-CSRF-Token": csrf } });
        const json = await res.json();
        if (res.ok && json.id) id = String(json.id);
      } catch (e) { /* the link's own address still opens a composer */ }
      const target = id ? "/compose?draft=" + encodeURIComponent(id) + "&popout=1" : pop.href;
      const opened = window.open(target, "_blank", "popup,width=720,height=760");
      if (!opened) { location.href = target; return; }
      const close = doc.getElementById("close-composer");
      if (close) location.href = close.href;
    });
  }
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start); else start();
})();
