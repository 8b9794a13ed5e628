// Hearth's page script, served as /assets/app.js after /assets/logic.js. Hand-written, no
// framework, no build step. Every feature it adds has a plain-HTML fallback (links and forms),
// so it only makes the app quicker: fragments instead of page loads, the keyboard, live
// updates, the composer's autosave, undo toast and autocomplete. Logic that needs no page
// lives in logic.js, where node's test runner checks it.
"use strict";
(function () {
  const doc = document;
  doc.documentElement.classList.add("js");
  const csrf = (doc.querySelector('meta[name="csrf-token"]') || {}).content || "";
  const $ = (s, root) => (root || doc).querySelector(s);
  const $$ = (s, root) => Array.from((root || doc).querySelectorAll(s));
  const L = window.HearthLogic;

  async function request(url, options) {
    const opts = Object.assign({ credentials: "same-origin", headers: {} }, options || {});
    opts.headers = Object.assign({ "Accept": "application/json", "X-CSRF-Token": csrf }, opts.headers);
    return fetch(url, opts);
  }
  async function post(url, data) {
    const body = data instanceof FormData ? data : new URLSearchParams(data);
    const res = await request(url, { method: "POST", body: body });
    let json = {};
    try { json = await res.json(); } catch (e) { /* not JSON */ }
    return { ok: res.ok, status: res.status, json: json };
  }
  async function fragment(url) {
    const res = await fetch(url, { credentials: "same-origin", headers: { "X-Hearth-Fragment": "1" } });
    if (res.redirected && res.url.endsWith("/lock")) { location.href = "/lock"; return null; }
    if (!res.ok) throw new Error("HTTP " + res.status);
    return res.text();
  }
  const withParam = L.withParam;

  // ---- Toasts and banner -------------------------------------------------------------------
  const toastEl = $("#toast");
  let toastTimer = null;
  function toast(text, action) {
    if (!toastEl) return;
    toastEl.textContent = "";
    const span = doc.createElement("span");
    span.textContent = text;
    toastEl.appendChild(span);
    if (action) {
      const b = doc.createElement("button");
      b.type = "button"; b.textContent = action.label; b.id = action.id || "";
      b.addEventListener("click", action.run);
      toastEl.appendChild(b);
    }
    toastEl.hidden = false;
    clearTimeout(toastTimer);
    if (!action) toastTimer = setTimeout(() => { toastEl.hidden = true; }, 4000);
    return span;
  }
  function hideToast() { if (toastEl) toastEl.hidden = true; }

  // ---- The thread list ----------------------------------------------------------------------
  function rows() { return $$(".thread-list .thread-row"); }
  function focusedRow() { return $(".thread-row.kb-focus") || $(".thread-row.current"); }
  // The conversation the keyboard focus belongs to, by id: list refreshes (live updates, an
  // undo) replace the rows, and the focus must follow the conversation, not the old element.
  let focusID = null;
  function setFocus(row, scroll) {
    rows().forEach(r => r.classList.remove("kb-focus"));
    if (!row) return;
    focusID = row.dataset.thread || null;
    row.classList.add("kb-focus");
    if (scroll !== false) row.scrollIntoView({ block: "nearest" });
    const link = $(".thread-link", row);
    if (link && doc.activeElement && doc.activeElement.closest && doc.activeElement.closest(".thread-list")) link.focus({ preventScroll: true });
  }
  function openRow(row) {
    if (!row) return;
    const id = row.dataset.thread;
    const pane = $("#conversation-pane");
    if (!pane || !id) { location.href = row.dataset.href; return; }
    rows().forEach(r => r.classList.remove("current"));
    row.classList.add("current");
    setFocus(row, true);
    fragment("/thread/" + id + location.search.replace(/^\?/, "?").replace(/([?&])t=\d+&?/, "$1"))
      .then(html => {
        if (html === null) return;
        pane.innerHTML = html;
        doc.body.classList.add("has-conversation");
        row.classList.remove("unread");
        history.pushState({ thread: id }, "", row.dataset.href);
        const h = $("#conversation-subject");
        if (h && window.matchMedia("(max-width: 700px)").matches) h.focus();
        bindConversation(pane);
      })
      .catch(() => { location.href = row.dataset.href; });
  }
  function closeConversation() {
    const pane = $("#conversation-pane");
    if (!pane || !doc.body.classList.contains("has-conversation")) return;
    pane.innerHTML = '<div class="empty-state"><p>Select a conversation to read it.</p></div>';
    doc.body.classList.remove("has-conversation");
    history.pushState({}, "", withParam(location.href, "t", null));
    const row = focusedRow();
    if (row) { const l = $(".thread-link", row); if (l) l.focus(); }
  }
  function selectedIDs() { return $$(".row-select:checked").map(c => c.value); }
  function updateSelection() {
    const n = selectedIDs().length;
    const el = $("#selection-count");
    if (el) el.textContent = n ? n + " selected" : "";
    // The batch actions appear once something is selected (CSS: .batch-toolbar[data-selected]).
    const bar = $("#batch-form");
    if (bar) bar.dataset.selected = n ? "1" : "0";
  }
  // Bumped whenever an action takes rows out of the list or puts them back. A list fetched
  // across such an edit may predate it (a live "changed" refresh in flight while the user
  // deletes): its answer would bring the removed row back, so it is dropped and fetched again.
  let listEdits = 0;
  async function refreshList() {
    const pane = $("#list-pane");
    if (!pane || !location.pathname.startsWith("/mail")) return;
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        if (selectedIDs().length) return; // never pull rows from under a selection
        const seen = listEdits;
        const html = await fragment(withParam(location.pathname + location.search, "partial", "list"));
        if (html === null) return;
        if (seen !== listEdits) continue;
        if (selectedIDs().length) return; // the user ticked a row while the list was fetched
        const current = $("#list-pane");
        if (!current) return;
        // The focus as it is now (it may have moved while the list was fetched).
        const focused = focusID || (focusedRow() ? focusedRow().dataset.thread : null);
        current.outerHTML = html;
        bindList();
        if (focused) { const r = $('.thread-row[data-thread="' + focused + '"]'); if (r) setFocus(r, false); }
        return;
      }
    } catch (e) { /* keep the old list */ }
  }

  // Actions: on the ticked rows, else the open conversation, else the focused row. A move
  // names its folder (`to`, and its name for the toast); `only` fixes the conversations.
  async function act(action, move, only) {
    let ids = only || selectedIDs();
    const conversation = $("#conversation");
    if (!ids.length && conversation) ids = [conversation.dataset.thread];
    if (!ids.length && focusedRow()) ids = [focusedRow().dataset.thread];
    if (!ids.length) return;
    const data = new URLSearchParams();
    data.set("action", action);
    if (move) data.set("to", move.to);
    ids.forEach(id => data.append("threads", id));
    const folder = new URL(location.href).searchParams.get("folder");
    if (folder) data.set("from", folder);
    listEdits++;
    const result = await post("/action", data);
    listEdits++;
    if (!result.ok) { toast((result.json && result.json.error) || "That did not work."); return; }
    const labels = { archive: "Archived", trash: "Moved to Trash", read: "Marked read", unread: "Marked unread", star: "Starred", unstar: "Unstarred" };
    const done = move ? "Moved to " + move.name : (labels[action] || "Done");
    const said = done + (ids.length > 1 ? " (" + ids.length + ")" : "") + ".";
    $$(".move-menu[open]").forEach(d => { d.open = false; });
    if (action === "archive" || action === "trash" || action === "move") {
      const nextID = L.nextFocus(rows().map(r => r.dataset.thread), ids);
      // Kept with the row below each, so Undo puts them back where they were.
      const removed = [];
      ids.forEach(id => {
        const row = $('.thread-row[data-thread="' + id + '"]');
        if (!row) return;
        removed.push({ row: row, list: row.parentElement, before: row.nextElementSibling });
        row.remove();
      });
      if (result.json && result.json.undo) undoToast(said, result.json.undo, removed);
      else toast(said);
      if (conversation && ids.includes(conversation.dataset.thread)) closeConversation();
      const next = nextID === null ? null : $('.thread-row[data-thread="' + nextID + '"]');
      if (next) setFocus(next);
      $$(".row-select:checked").forEach(c => { c.checked = false; });
      updateSelection();
    } else {
      toast(said);
      $$(".row-select:checked").forEach(c => { c.checked = false; });
      updateSelection();
      await refreshList();
      if (conversation && (action === "star" || action === "unstar")) {
        const row = $('.thread-row[data-thread="' + conversation.dataset.thread + '"]');
        const pane = $("#conversation-pane");
        const html = await fragment("/thread/" + conversation.dataset.thread);
        if (pane && html) { pane.innerHTML = html; bindConversation(pane); }
        if (row) setFocus(row, false);
      }
      if (action === "unread" && conversation) closeConversation();
    }
  }

  // Undo of archive and delete (like undo-send): the server puts the messages back through the
  // application layer, the rows return to their places and the first gets the focus.
  function undoToast(text, record, removed) {
    let done = false;
    toast(text, { label: "Undo", id: "undo-action", run: async () => {
      if (done) return;
      done = true;
      hideToast();
      listEdits++;
      const r = await post("/action/undo", { record: record });
      listEdits++;
      if (!r.ok) { toast((r.json && r.json.error) || "Could not undo."); return; }
      // A live refresh may have brought the rows back already (the server said "changed").
      const current = item => $('.thread-row[data-thread="' + item.row.dataset.thread + '"]');
      removed.slice().reverse().forEach(item => {
        if (current(item)) return;
        if (item.before && item.before.isConnected) item.before.before(item.row);
        else if (item.list && item.list.isConnected) item.list.appendChild(item.row);
      });
      // The list may have been refreshed since (the archive's own live update): the saved rows
      // then have nowhere to go, and a refresh brings them back with the focus on the first.
      if (removed.length) focusID = removed[0].row.dataset.thread;
      if (removed.length && !current(removed[0])) await refreshList();
      const first = removed.length ? current(removed[0]) : null;
      if (first) {
        setFocus(first);
        const link = $(".thread-link", first);
        if (link) link.focus({ preventScroll: true });
      }
      toast("Undone.");
    } });
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { done = true; hideToast(); }, 10000);
  }

  function bindList() {
    const list = $("#list-pane");
    if (!list || list.dataset.bound) return;
    list.dataset.bound = "1";
    list.addEventListener("click", ev => {
      const link = ev.target.closest(".thread-link");
      if (link && !ev.ctrlKey && !ev.metaKey && !ev.shiftKey && ev.button === 0) {
        ev.preventDefault();
        openRow(link.closest(".thread-row"));
      }
      const older = ev.target.closest("#older-link");
      if (older) {
        ev.preventDefault();
        fragment(withParam(older.getAttribute("href"), "partial", "list")).then(html => {
          if (html === null) return;
          const parts = html.split("<!--pager-->");
          const listEl = $("#thread-list");
          if (listEl) listEl.insertAdjacentHTML("beforeend", parts[0]);
          const pager = $(".pager", list);
          if (pager) pager.outerHTML = parts[1] || "";
        });
      }
    });
    list.addEventListener("change", ev => {
      if (ev.target.id === "select-all") $$(".row-select").forEach(c => { c.checked = ev.target.checked; });
      updateSelection();
    });
    list.addEventListener("submit", ev => {
      const form = ev.target;
      const action = ev.submitter && ev.submitter.name === "action" ? ev.submitter.value : null;
      if (!action || !(form.id === "batch-form" || form.classList.contains("star-form"))) return;
      ev.preventDefault();
      if (form.classList.contains("star-form")) {
        const row = form.closest(".thread-row");
        $$(".row-select:checked").forEach(c => { c.checked = false; });
        if (row) { const c = $(".row-select", row); if (c) c.checked = true; }
      }
      act(action);
    });
  }

  // ---- AI in the conversation (only present when a model is installed) ----------------------
  // Model text is untrusted: it only ever goes in as textContent.
  function aiNote(section, text) {
    const p = doc.createElement("p");
    p.className = "ai-note"; p.setAttribute("role", "note"); p.textContent = text;
    section.replaceWith(p);
  }
  async function aiPost(url) {
    const quiet = { state: "failed", note: "The local model did not answer." };
    try { const r = await post(url, {}); return r.json && r.json.state ? r.json : quiet; } catch (e) { return quiet; }
  }
  function bindAI(root) {
    const replies = $("#smart-replies", root), rform = $("#suggest-form", root);
    if (replies && rform && !replies.dataset.bound) {
      replies.dataset.bound = "1";
      const status = $(".ai-status", replies);
      const run = () => {
        rform.hidden = true;
        if (status) status.textContent = "Suggesting replies…";
        aiPost(rform.action).then(r => {
          if (!replies.isConnected) return;
          if (r.state === "ready" && r.replies && r.replies.length) {
            const list = $("#smart-reply-list", replies);
            list.textContent = "";
            r.replies.slice(0, 3).forEach(item => {
              const li = doc.createElement("li"), a = doc.createElement("a");
              a.className = "chip smart-reply"; a.href = item.compose; a.textContent = item.text;
              li.appendChild(a); list.appendChild(li);
            });
            list.hidden = false;
            if (status) status.textContent = "";
          } else if (r.state === "unavailable") replies.remove();
          else aiNote(replies, r.note || "No suggested replies.");
        });
      };
      rform.addEventListener("submit", ev => { ev.preventDefault(); run(); });
      // Unasked only for mail a person may answer (the server decides: data-suggest-now).
      if (replies.dataset.suggestNow === "1") run();
    }
    const summary = $("#ai-summary", root), sform = $("#summarize-form", root);
    if (summary && sform && !summary.dataset.bound) {
      summary.dataset.bound = "1";
      const run = async () => {
        const button = $("#summarize-button", sform);
        if (button) button.disabled = true;
        const status = $(".ai-status", summary);
        if (status) status.textContent = "Summarizing on this device…";
        const r = await aiPost(sform.action);
        if (!summary.isConnected) return;
        if (r.state === "ready" && r.text) {
          summary.textContent = "";
          const h = doc.createElement("h3"); h.id = "ai-summary-title"; h.textContent = "Summary";
          const p = doc.createElement("p"); p.className = "summary-text"; p.textContent = r.text;
          const hint = doc.createElement("p"); hint.className = "hint"; hint.textContent = "Written on this device by the local model.";
          summary.append(h, p, hint);
        } else if (r.state === "unavailable") summary.remove();
        else aiNote(summary, r.note || "No summary.");
      };
      sform.addEventListener("submit", ev => { ev.preventDefault(); run(); });
      if (summary.dataset.auto === "1") run();
    }
  }

  // ---- Message bodies sized to their content ------------------------------------------------
  // Each body is a sandboxed, script-less frame of our own origin (docs/safety.md), so this page
  // can read its document: the frame gets exactly the height of its content (no inner scroll
  // box), and mail laid out wider than the card (fixed-width newsletters on a phone) is scaled
  // down to fit (never below L.minimumBodyScale; narrower still, it scrolls inside its card).
  function fitFrame(frame) {
    let fdoc = null;
    try { fdoc = frame.contentDocument; } catch (e) { fdoc = null; }
    // Not yet the message (the frame's initial about:blank, or a document still loading).
    if (!fdoc || fdoc.URL === "about:blank" || !fdoc.documentElement || !fdoc.body || !frame.isConnected) return;
    const root = fdoc.documentElement;
    const pane = frame.closest(".conversation-pane");
    const keep = pane ? pane.scrollTop : 0;
    root.style.zoom = "";
    const scale = L.bodyScale(frame.clientWidth, root.scrollWidth);
    if (scale < 1) root.style.zoom = String(scale);
    // At height 0 the content's own height is all that scrollHeight can report (a mail whose
    // html/body say height:100% would otherwise keep whatever height the frame had).
    frame.style.height = "0px";
    const border = frame.offsetHeight - frame.clientHeight;
    frame.style.height = (L.frameHeight(root.scrollHeight, root.getBoundingClientRect().height) + border) + "px";
    if (pane) pane.scrollTop = keep;
    frame.classList.add("fitted");
  }
  function watchFrame(frame) {
    if (frame.dataset.watched) return;
    frame.dataset.watched = "1";
    const onLoad = () => {
      fitFrame(frame);
      let fdoc = null;
      try { fdoc = frame.contentDocument; } catch (e) { fdoc = null; }
      // Images arrive after the frame's load event when they come from the network.
      if (fdoc) fdoc.addEventListener("load", () => fitFrame(frame), true);
    };
    frame.addEventListener("load", onLoad);
    if (frame.contentDocument && frame.contentDocument.readyState === "complete" && frame.contentDocument.URL !== "about:blank") onLoad();
    const details = frame.closest("details");
    if (details) details.addEventListener("toggle", () => { if (details.open) fitFrame(frame); });
  }
  let refitQueued = false;
  window.addEventListener("resize", () => {
    if (refitQueued) return;
    refitQueued = true;
    requestAnimationFrame(() => { refitQueued = false; $$("iframe.body-frame").forEach(fitFrame); });
  });

  function bindConversation(root) {
    bindAI(root);
    $$("iframe.body-frame", root).forEach(watchFrame);
    // A long conversation opens at its first unread message — unless a summary is shown: it
    // stands for what came before and is what the reader should see first.
    const open = $$(".message details[open]", root);
    if (!$("#ai-summary .summary-text", root) && open.length && open[0] !== $(".message details", root)) open[0].closest(".message").scrollIntoView({ block: "start" });
    $$(".load-images", root).forEach(a => a.addEventListener("click", ev => {
      ev.preventDefault();
      const li = a.closest(".message");
      const frame = li && $("iframe.body-frame", li);
      if (frame) { frame.classList.remove("fitted"); frame.src = frame.getAttribute("src").split("?")[0] + "?remote=1"; }
      const bar = a.closest(".privacy-bar");
      if (bar) $$(".blocked, .load-images", bar).forEach(el => el.remove());
    }));
    // "Category…": the user's override; the sender's next mail follows it (the server learns it).
    $$(".category-form", root).forEach(form => form.addEventListener("submit", async ev => {
      const choice = ev.submitter;
      if (!choice || choice.name !== "category") return;
      ev.preventDefault();
      const data = new URLSearchParams(new FormData(form));
      data.set("category", choice.value);
      const result = await post("/category", data);
      if (!result.ok) { toast((result.json && result.json.error) || "That did not work."); return; }
      $$(".category-choice", form).forEach(b => { b.disabled = b === choice; b.setAttribute("aria-pressed", String(b === choice)); });
      $("details", form).open = false;
      toast("Moved to " + choice.textContent + ". New mail from this sender goes there too.");
      refreshList();
    }));
    $$(".conversation-actions form:not(.category-form)", root).forEach(form => form.addEventListener("submit", ev => {
      const action = ev.submitter && ev.submitter.value;
      if (!action) return;
      ev.preventDefault();
      act(action);
    }));
  }

  // ---- Keyboard (Gmail-style) -----------------------------------------------------------------
  function typing(el) {
    return el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
  }
  function move(delta) {
    const all = rows();
    if (!all.length) return;
    const current = focusedRow();
    let index = current ? all.indexOf(current) + delta : 0;
    index = Math.max(0, Math.min(all.length - 1, index));
    setFocus(all[index]);
    if (doc.body.classList.contains("has-conversation")) openRow(all[index]);
  }
  function go(selector) { const a = $(selector); if (a) location.href = a.href; }

  // ---- Move to… (`v`, as in Gmail) ----------------------------------------------------------
  // The open conversation's menu, else the batch toolbar's for the ticked rows (the focused row
  // is ticked when none is). The menu is a <details> of buttons: arrows or j/k go through
  // them, Enter moves, Esc closes.
  function openMoveMenu() {
    let menu = $("#conversation #move-menu");
    if (!menu) {
      if (!selectedIDs().length) {
        const row = focusedRow();
        const c = row && $(".row-select", row);
        if (!c) return;
        c.checked = true;
        updateSelection();
      }
      menu = $("#batch-move-menu");
    }
    if (!menu) return;
    menu.open = true;
    const first = $(".move-target", menu);
    if (first) first.focus();
  }
  function moveMenuKey(ev) {
    const menu = ev.target.closest(".move-menu");
    const targets = $$(".move-target", menu);
    const i = targets.indexOf(ev.target);
    const step = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 }[ev.key];
    if (ev.key === "Escape") {
      menu.open = false;
      $("summary", menu).focus();
      return true;
    }
    if (step && targets.length) {
      ev.preventDefault();
      targets[Math.max(0, Math.min(targets.length - 1, i + step))].focus();
      return true;
    }
    return ev.key === "Enter" || ev.key === " ";
  }
  doc.addEventListener("click", ev => {
    const button = ev.target.closest && ev.target.closest(".move-target");
    if (!button) return;
    ev.preventDefault();
    const conversation = button.closest("#conversation");
    act("move", { to: button.value, name: button.textContent.trim() }, conversation ? [conversation.dataset.thread] : null);
  });
  doc.addEventListener("keydown", ev => {
    const help = $("#help-dialog");
    if (ev.target.closest && ev.target.closest(".move-menu") && moveMenuKey(ev)) return;
    if (ev.key === "Escape") {
      if (typing(ev.target)) ev.target.blur();
      return;
    }
    if (typing(ev.target) || (help && help.open)) return;
    const mod = ev.ctrlKey || ev.metaKey;
    if (mod) {
      const k = ev.key.toLowerCase();
      if (k === "n" && !ev.shiftKey) { ev.preventDefault(); location.href = "/compose"; }
      else if (k === "r" && !ev.shiftKey && $("#reply-link")) { ev.preventDefault(); go("#reply-link"); }
      else if (k === "f" && ev.shiftKey && $("#forward-link")) { ev.preventDefault(); go("#forward-link"); }
      else if ((ev.key === "Delete" || ev.key === "Backspace") && $(".thread-row")) { ev.preventDefault(); act("trash"); }
      return;
    }
    if (ev.altKey) return;
    switch (ev.key) {
      case "j": move(1); break;
      case "k": move(-1); break;
      case "o": case "Enter":
        if (ev.key === "Enter" && ev.target.closest && ev.target.closest("a, button")) return;
        openRow(focusedRow() || rows()[0]); break;
      case "u": closeConversation(); break;
      case "e": act("archive"); break;
      case "v": openMoveMenu(); break;
      case "#": act("trash"); break;
      case "s": {
        const conv = $("#conversation");
        const starred = conv ? !!$("#star-button[value=unstar]") : !!(focusedRow() && $(".star.on", focusedRow()));
        act(starred ? "unstar" : "star"); break;
      }
      case "I": act("read"); break;
      case "U": act("unread"); break;
      case "x": {
        const row = focusedRow();
        const c = row && $(".row-select", row);
        if (c) { c.checked = !c.checked; updateSelection(); }
        break;
      }
      case "r": go("#reply-link"); break;
      case "a": go("#reply-all-link"); break;
      case "f": go("#forward-link"); break;
      case "c": location.href = "/compose"; break;
      case "/": { const s = $("#search-input"); if (s) { ev.preventDefault(); s.focus(); s.select(); } break; }
      case "?": if (help) help.showModal(); break;
      default: return;
    }
  });

  // ---- Search as you type -------------------------------------------------------------------
  function bindSearch() {
    const form = $("#search-form"), input = $("#search-input");
    if (!form || !input) return;
    let timer = null, last = null;
    async function run(record) {
      const q = input.value.trim();
      // Typing one letter sends nothing (the list keeps what it shows); Enter always searches.
      if (!record && !L.searchReady(q)) return;
      const params = new URLSearchParams(new FormData(form));
      params.set("partial", "1");
      if (record) params.set("record", "1");
      const key = params.toString();
      if (key === last && !record) return;
      last = key;
      const pane = $("#list-pane");
      if (!pane) { if (record || q) location.href = "/search?" + new URLSearchParams(new FormData(form)).toString(); return; }
      try {
        const html = await fragment("/search?" + key);
        if (html === null || key !== last) return;
        pane.outerHTML = html;
        doc.body.classList.add("searching");
        const u = "/search?" + new URLSearchParams(new FormData(form)).toString();
        if (location.pathname + location.search !== u) history.replaceState({}, "", u);
        bindList();
      } catch (e) { /* keep typing */ }
    }
    input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(() => run(false), 300); });
    input.addEventListener("focus", () => { if (!input.value.trim() && $("#list-pane")) run(false); });
    form.addEventListener("submit", ev => { ev.preventDefault(); clearTimeout(timer); last = null; run(true); });
  }

  // ---- Live updates -------------------------------------------------------------------------
  function bindEvents() {
    if (!window.EventSource || !$("#sync-status")) return;
    const source = new EventSource("/events");
    const status = $("#sync-status");
    const banner = $("#live-banner");
    source.addEventListener("newmail", ev => {
      const data = JSON.parse(ev.data);
      if (banner) {
        banner.textContent = "New mail" + (data.from ? " from " + data.from : "") + (data.subject ? ": " + data.subject : "") + " ";
        const b = doc.createElement("button");
        b.type = "button"; b.className = "button subtle"; b.textContent = "Show";
        b.addEventListener("click", () => { banner.hidden = true; refreshList(); });
        banner.appendChild(b);
        banner.hidden = false;
      }
      refreshList();
    });
    source.addEventListener("changed", () => refreshList());
    source.addEventListener("sync", ev => {
      const d = JSON.parse(ev.data);
      const text = { running: "Syncing" + (d.folder ? " " + d.folder : "") + "…", done: "Up to date", watching: "Up to date",
        offline: "Offline — changes will be sent later", failed: "Sync failed" + (d.message ? ": " + d.message : ""),
        actions: "Changes sent", "new-mail": "New mail…", stopped: "" }[d.state];
      if (status && text !== undefined) status.textContent = text;
    });
    source.addEventListener("outbox", ev => {
      const d = JSON.parse(ev.data);
      const link = $('.sidebar a[href="/mail?box=outbox"]');
      if (link) {
        let c = $(".count", link);
        if (d.waiting > 0) {
          if (!c) { c = doc.createElement("span"); c.className = "count"; link.appendChild(c); }
          c.textContent = d.waiting; c.setAttribute("aria-label", d.waiting + " waiting");
        } else if (c) c.remove();
      }
      if (location.search.includes("box=outbox")) {
        fragment("/mail?box=outbox&partial=1").then(html => { const p = $(".outbox"); if (p && html) p.outerHTML = html; });
      }
    });
    source.addEventListener("sent", () => { toast("Message sent."); });
    // AI after sync finished: if it summarised the open conversation, show that summary (the
    // request finds it in the cache, so it costs no inference).
    source.addEventListener("ai", ev => {
      const d = JSON.parse(ev.data);
      const summary = $("#ai-summary"), form = $("#summarize-form");
      if (d.state !== "done" || !summary || !form || $(".summary-text", summary)) return;
      const button = $("#summarize-button", form);
      if ((d.summarized || []).map(String).includes(summary.dataset.thread) && !(button && button.disabled)) form.requestSubmit();
    });
    // Settings › AI: download progress and outcome of a model (models.js shows it).
    source.addEventListener("model", ev => { if (window.HearthModels) window.HearthModels.update(JSON.parse(ev.data)); });
  }

  // ---- Undo send ----------------------------------------------------------------------------
  function showUndo() {
    let pending = null;
    try { pending = JSON.parse(sessionStorage.getItem("hearth.undo") || "null"); } catch (e) { pending = null; }
    if (!pending) return;
    const deadline = new Date(pending.deadline).getTime();
    const left = () => L.secondsLeft(deadline, Date.now());
    if (left() <= 0) { sessionStorage.removeItem("hearth.undo"); return; }
    const span = toast("Sending in " + left() + " s…", { label: "Undo", id: "undo-send", run: async () => {
      clearInterval(timer);
      const r = await post("/outbox/" + pending.id + "/undo", {});
      sessionStorage.removeItem("hearth.undo");
      if (r.ok && r.json.location) location.href = r.json.location;
      else { hideToast(); toast((r.json && r.json.error) || "Too late to undo."); }
    } });
    const timer = setInterval(() => {
      const n = left();
      if (n <= 0) { clearInterval(timer); sessionStorage.removeItem("hearth.undo"); hideToast(); toast("Sending…"); }
      else if (span) span.textContent = "Sending in " + n + " s…";
    }, 250);
  }

  // ---- Pop-out composer ---------------------------------------------------------------------
  /** The window that opened this pop-out composer, when it is still open and ours; else null. */
  function popOutWindow() {
    if (!doc.body.classList.contains("popout")) return null;
    try { return window.opener && !window.opener.closed && window.opener.location.origin === location.origin ? window.opener : null; }
    catch (e) { return null; }
  }
  // A message sent from a pop-out window: its undo toast is shown here.
  window.addEventListener("message", ev => {
    if (ev.origin !== location.origin || !ev.data || ev.data.hearth !== "sent") return;
    if (ev.data.pending) { sessionStorage.setItem("hearth.undo", JSON.stringify(ev.data.pending)); showUndo(); }
    else toast("Message sent.");
  });

  // ---- Composer -----------------------------------------------------------------------------
  function bindComposer() {
    const form = $("#composer");
    if (!form) return;
    let dirty = false, saving = false;
    form.addEventListener("input", () => { dirty = true; });
    const status = $("#autosave-status");
    async function save() {
      if (!dirty || saving) return;
      saving = true; dirty = false;
      const data = new FormData(form);
      data.delete("attachments");
      const r = await post("/compose/draft", data);
      saving = false;
      if (r.ok && r.json.id) {
        form.elements.draft.value = r.json.id;
        const check = (r.json.unfinished || []).length ? " — check " + r.json.unfinished.join(", ") + " before sending" : "";
        if (status) status.textContent = "Draft saved " + new Date().toLocaleTimeString() + check;
      }
      else if (status) status.textContent = (r.json && r.json.error) || "Could not save the draft.";
    }
    setInterval(save, 30000);
    // Suggested replies (spec §5.5.3): fetched after the composer is shown; a click puts the
    // text at the top of the body, above the quote, to be edited freely.
    // Replying to machine or broadcast mail, they wait for "Suggest replies" (data-on-request).
    const suggestions = $("#composer-replies");
    const suggestReplies = () => {
      const status = $(".ai-status", suggestions);
      if (status) status.textContent = "Suggesting replies…";
      aiPost("/ai/replies/" + suggestions.dataset.thread).then(r => {
        if (!suggestions.isConnected) return;
        if (r.state !== "ready" || !r.replies || !r.replies.length) {
          if (r.state === "unavailable") suggestions.remove(); else aiNote(suggestions, r.note || "No suggested replies.");
          return;
        }
        const list = $("#composer-reply-list", suggestions);
        r.replies.slice(0, 3).forEach(item => {
          const li = doc.createElement("li"), b = doc.createElement("button");
          b.type = "button"; b.className = "chip smart-reply"; b.textContent = item.text;
          b.addEventListener("click", () => {
            const editor = $("#compose-editor"), t = $("#compose-body");
            if (editor && !editor.hidden) {
              // The formatted editor (composer.js): the text as its own first line, caret after it.
              const line = doc.createElement("div"), gap = doc.createElement("div");
              line.textContent = item.text; gap.appendChild(doc.createElement("br"));
              editor.prepend(line, gap);
              editor.focus();
              const range = doc.createRange(); range.selectNodeContents(line); range.collapse(false);
              const sel = doc.getSelection(); sel.removeAllRanges(); sel.addRange(range);
              editor.dispatchEvent(new Event("hearth:changed"));
            } else {
              t.value = item.text + "\n\n" + t.value;
              t.focus(); t.setSelectionRange(item.text.length, item.text.length);
            }
            dirty = true;
          });
          li.appendChild(b); list.appendChild(li);
        });
        list.hidden = false;
        if (status) status.textContent = "";
      });
    };
    if (suggestions) {
      const ask = $("#composer-suggest-button", suggestions);
      if (suggestions.dataset.onRequest && ask) ask.addEventListener("click", () => { ask.remove(); suggestReplies(); });
      else suggestReplies();
    }
    form.addEventListener("submit", async ev => {
      const which = ev.submitter ? ev.submitter.id : "send-button";
      if (which === "discard-draft") {
        if (!confirm("Discard this message?")) { ev.preventDefault(); return; }
        // A pop-out window has nothing else to show: discard and close it.
        if (popOutWindow()) { ev.preventDefault(); await post("/compose/discard", new FormData(form)); window.close(); }
        return;
      }
      ev.preventDefault();
      const data = new FormData(form);
      if (which === "save-draft") { dirty = true; await save(); return; }
      const r = await post("/compose/send", data);
      if (!r.ok) { toast((r.json && r.json.error) || "Could not send."); return; }
      dirty = false;
      const pending = { id: r.json.id, deadline: r.json.deadline };
      // Sent from a pop-out window: it closes, and the window it came from shows the undo
      // toast (as Gmail does) instead of the whole mailbox opening in the small window.
      const opener = popOutWindow();
      if (opener) {
        opener.postMessage({ hearth: "sent", pending: r.json.undoSeconds > 0 ? pending : null }, location.origin);
        window.close();
        return;
      }
      if (r.json.undoSeconds > 0) sessionStorage.setItem("hearth.undo", JSON.stringify(pending));
      location.href = "/mail?box=inbox";
    });
    // Drag and drop onto the attachment area.
    const zone = $("#drop-zone"), files = $("#compose-files");
    if (zone && files && window.DataTransfer) {
      zone.addEventListener("dragover", ev => { ev.preventDefault(); zone.classList.add("drag"); });
      zone.addEventListener("dragleave", () => zone.classList.remove("drag"));
      zone.addEventListener("drop", ev => {
        ev.preventDefault(); zone.classList.remove("drag");
        const dt = new DataTransfer();
        Array.from(files.files).forEach(f => dt.items.add(f));
        Array.from(ev.dataTransfer.files).forEach(f => dt.items.add(f));
        files.files = dt.files; dirty = true;
      });
    }
    // Address autocomplete from the local contact cache.
    const list = $("#address-suggestions");
    let target = null, active = -1, items = [];
    function close() { if (list) { list.hidden = true; list.textContent = ""; } items = []; active = -1; }
    function pick(item) {
      if (!target) return;
      target.value = L.pickAddress(target.value, item);
      close(); target.focus(); dirty = true;
    }
    let lookup = null;
    $$(".address-input", form).forEach(input => {
      input.setAttribute("aria-autocomplete", "list");
      input.setAttribute("aria-controls", "address-suggestions");
      input.addEventListener("input", () => {
        target = input;
        const q = L.currentAddress(input.value);
        clearTimeout(lookup);
        if (q.length < 1) { close(); return; }
        lookup = setTimeout(async () => {
          const res = await fetch("/contacts?q=" + encodeURIComponent(q), { credentials: "same-origin" });
          items = res.ok ? await res.json() : [];
          if (!list) return;
          list.textContent = "";
          items.forEach((item, i) => {
            const li = doc.createElement("li");
            li.setAttribute("role", "option"); li.id = "suggestion-" + i;
            li.textContent = item.name ? item.name + " <" + item.address + ">" : item.address;
            li.addEventListener("mousedown", ev => { ev.preventDefault(); pick(item); });
            list.appendChild(li);
          });
          list.hidden = items.length === 0; active = -1;
        }, 120);
      });
      input.addEventListener("keydown", ev => {
        if (!items.length || list.hidden) return;
        if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
          ev.preventDefault();
          active = (active + (ev.key === "ArrowDown" ? 1 : -1) + items.length) % items.length;
          $$("li", list).forEach((li, i) => li.setAttribute("aria-selected", i === active ? "true" : "false"));
          input.setAttribute("aria-activedescendant", "suggestion-" + active);
        } else if (ev.key === "Enter" && active >= 0) { ev.preventDefault(); pick(items[active]); }
        else if (ev.key === "Escape") close();
      });
      input.addEventListener("blur", () => setTimeout(close, 150));
    });
  }

  // ---- Settings: saved the moment they change ----------------------------------------------------
  function bindSettings() {
    $$("form[data-autosave]").forEach(form => {
      const status = $(".saved-status", form);
      async function submit(confirmed) {
        const data = new URLSearchParams(new FormData(form));
        if (confirmed) data.set("confirmed", "1");
        const r = await post(form.action, data);
        if (r.status === 409 && r.json.confirm) {
          if (confirm(r.json.confirm)) return submit(true);
          location.reload(); return;
        }
        if (status) status.textContent = r.ok ? "Saved" : ((r.json && r.json.error) || "Not saved");
        if (r.ok && r.json.setting === "theme") doc.documentElement.dataset.theme = r.json.value;
      }
      form.addEventListener("change", () => submit(false));
      form.addEventListener("submit", ev => { ev.preventDefault(); submit(false); });
    });
    $$("form[data-confirm]").forEach(form => form.addEventListener("submit", ev => {
      if (!confirm(form.dataset.confirm)) ev.preventDefault();
    }));
  }

  // ---- Page chrome --------------------------------------------------------------------------
  function bindChrome() {
    const toggle = $("#menu-toggle");
    if (toggle) toggle.addEventListener("click", () => {
      const open = doc.body.classList.toggle("sidebar-open");
      toggle.setAttribute("aria-expanded", open ? "true" : "false");
    });
    const helpButton = $("#help-button"), help = $("#help-dialog");
    if (helpButton && help) helpButton.addEventListener("click", () => help.showModal());
    window.addEventListener("popstate", () => location.reload());
    const current = $(".thread-row.current");
    if (current) setFocus(current, true);
    const pane = $("#conversation-pane");
    if (pane) bindConversation(pane);
  }

  function start() {
    bindChrome(); bindList(); bindSearch(); bindEvents(); bindComposer(); bindSettings(); showUndo(); updateSelection();
  }
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start); else start();
})();
