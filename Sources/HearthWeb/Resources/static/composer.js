// The composer's editor and window handling, served as /assets/composer.js.
//
// Editor: the message is edited as formatted text (contenteditable) with Bold, Italic, Link,
// Bulleted and Numbered list (Ctrl/⌘+B, +I, +K, +Shift+8, +Shift+7, as in Gmail); the buttons
// say with aria-pressed whether the selection is bold, italic, a link or in a list. Pasted or dropped HTML keeps only what a message may carry (HearthLogic.cleanHTML).
// The form sends the editor's HTML as `bodyHTML` with `format=rich`: the server reads it
// through its own allow-list and sends text/plain alone when nothing is formatted. Without
// the script the plain textarea stays and the message is plain text.
//
// "Pop out" saves the draft first and opens that draft alone in a window of its own, and the
// panel beside the conversation closes (the thread stays). Without script it is a plain link
// that opens the same composer in a new window.
"use strict";
(function () {
  const doc = document;
  const L = window.HearthLogic;
  const csrf = (doc.querySelector('meta[name="csrf-token"]') || {}).content || "";

  function startEditor(form) {
    const editor = doc.getElementById("compose-editor"), area = doc.getElementById("compose-body");
    const bar = doc.getElementById("format-bar");
    if (!editor || !area || !bar || !L) return;
    const html = form.elements.bodyHTML, format = form.elements.format;
    // The editor replaces the textarea; the textarea keeps the text for the form's plain fallback.
    area.hidden = true;
    editor.hidden = false;
    bar.hidden = false;
    doc.execCommand("defaultParagraphSeparator", false, "div");

    /** The form fields from the editor: called on every change, before any save or send. */
    function sync() {
      html.value = editor.innerHTML;
      format.value = "rich";
      area.value = editor.innerText.replace(/\n$/, "");
    }
    sync();
    editor.addEventListener("input", sync);
    // Other scripts (suggested replies) change the editor and then ask for a sync.
    editor.addEventListener("hearth:changed", () => { sync(); form.dispatchEvent(new Event("input", { bubbles: true })); });

    const buttons = {};
    bar.querySelectorAll("[data-format]").forEach(b => { buttons[b.dataset.format] = b; });
    function inEditor() {
      const sel = doc.getSelection();
      return sel && sel.rangeCount > 0 && editor.contains(sel.anchorNode);
    }
    function updateState() {
      if (!inEditor()) return;
      if (buttons.bold) buttons.bold.setAttribute("aria-pressed", String(doc.queryCommandState("bold")));
      if (buttons.italic) buttons.italic.setAttribute("aria-pressed", String(doc.queryCommandState("italic")));
      if (buttons.link) buttons.link.setAttribute("aria-pressed", String(!!linkAt()));
      if (buttons.bullets) buttons.bullets.setAttribute("aria-pressed", String(doc.queryCommandState("insertUnorderedList")));
      if (buttons.numbers) buttons.numbers.setAttribute("aria-pressed", String(doc.queryCommandState("insertOrderedList")));
    }
    doc.addEventListener("selectionchange", updateState);

    function linkAt() {
      const sel = doc.getSelection();
      let n = sel && sel.anchorNode;
      while (n && n !== editor) { if (n.nodeName === "A") return n; n = n.parentNode; }
      return null;
    }

    // The link box: an address field under the toolbar, opened by Link or Ctrl+K, with the
    // selection kept while the user types the address.
    const box = doc.getElementById("link-box"), field = doc.getElementById("link-url");
    const note = doc.getElementById("link-note");
    let saved = null;
    function openLink() {
      const sel = doc.getSelection();
      if (!inEditor()) { editor.focus(); }
      saved = sel.rangeCount ? sel.getRangeAt(0).cloneRange() : null;
      const current = linkAt();
      field.value = current ? current.getAttribute("href") : "";
      note.textContent = "";
      box.hidden = false;
      field.focus();
    }
    function restore() {
      editor.focus();
      if (saved) { const sel = doc.getSelection(); sel.removeAllRanges(); sel.addRange(saved); }
    }
    function closeLink() { box.hidden = true; restore(); updateState(); }
    function applyLink() {
      const url = L.linkAddress(field.value);
      if (!url) { note.textContent = "Use a web address (https://…) or an e-mail address."; field.focus(); return; }
      restore();
      const sel = doc.getSelection();
      if (sel.isCollapsed && !linkAt()) doc.execCommand("insertHTML", false, '<a href="' + url.replace(/"/g, "&quot;") + '">' + field.value.trim().replace(/[&<>"]/g, c => "&#" + c.charCodeAt(0) + ";") + "</a>");
      else doc.execCommand("createLink", false, url);
      box.hidden = true; updateState();
    }
    function removeLink() {
      restore();
      const a = linkAt();
      if (a) { const r = doc.createRange(); r.selectNodeContents(a); const s = doc.getSelection(); s.removeAllRanges(); s.addRange(r); }
      doc.execCommand("unlink");
      box.hidden = true; updateState();
    }
    doc.getElementById("link-apply").addEventListener("click", applyLink);
    doc.getElementById("link-remove").addEventListener("click", removeLink);
    doc.getElementById("link-cancel").addEventListener("click", closeLink);
    field.addEventListener("keydown", ev => {
      if (ev.key === "Enter") { ev.preventDefault(); applyLink(); }
      else if (ev.key === "Escape") { ev.preventDefault(); ev.stopPropagation(); closeLink(); }
    });

    // The editor's commands: a list button turns the selected lines into a list, or back.
    const commands = { bold: "bold", italic: "italic", bullets: "insertUnorderedList", numbers: "insertOrderedList" };
    function act(kind) {
      if (kind === "link") { openLink(); return; }
      if (!inEditor()) editor.focus();
      if (kind === "bullets" || kind === "numbers") list(kind === "bullets" ? "UL" : "OL");
      else doc.execCommand(commands[kind] || kind);
      sync();
      updateState();
    }

    // Lists. In a list of the other kind the whole list changes kind (as in Google Docs); in
    // one of the same kind the selected items become lines again. Both are done here: Chromium's
    // own command splits the list and wraps the text in styled spans (which the page policy
    // refuses). Adjacent lists of one kind are joined, so the numbering goes on.
    function listAround() {
      const sel = doc.getSelection();
      for (let n = sel && sel.anchorNode; n && n !== editor; n = n.parentNode) if (n.nodeName === "UL" || n.nodeName === "OL") return n;
      return null;
    }
    function keepingSelection(change) {
      const sel = doc.getSelection();
      const at = sel.rangeCount ? [sel.anchorNode, sel.anchorOffset, sel.focusNode, sel.focusOffset] : null;
      change();
      if (at && editor.contains(at[0]) && editor.contains(at[2])) sel.setBaseAndExtent(at[0], at[1], at[2], at[3]);
    }
    /** The list's selected items as lines; the items after them stay a list of their own. */
    function unlist(around) {
      const range = doc.getSelection().getRangeAt(0);
      const items = Array.from(around.children).filter(li => li.nodeName === "LI" && range.intersectsNode(li));
      if (!items.length) return;
      const rest = doc.createElement(around.nodeName);
      for (let n = items[items.length - 1].nextSibling; n; ) { const next = n.nextSibling; rest.appendChild(n); n = next; }
      const lines = items.map(li => {
        const line = doc.createElement("div");
        while (li.firstChild) line.appendChild(li.firstChild);
        if (!line.firstChild) line.appendChild(doc.createElement("br"));
        li.remove();
        return line;
      });
      around.after(...lines, ...(rest.firstChild ? [rest] : []));
      if (!around.firstElementChild) around.remove();
    }
    function list(tag) {
      const around = listAround();
      if (around && around.nodeName !== tag) {
        keepingSelection(() => {
          const other = doc.createElement(tag);
          while (around.firstChild) other.appendChild(around.firstChild);
          around.replaceWith(other);
        });
      } else if (around) {
        keepingSelection(() => unlist(around));
      } else {
        doc.execCommand(tag === "UL" ? commands.bullets : commands.numbers);
      }
      keepingSelection(() => {
        editor.querySelectorAll("ul, ol").forEach(l => {
          for (let next = l.nextElementSibling; next && next.nodeName === l.nodeName; next = l.nextElementSibling) {
            while (next.firstChild) l.appendChild(next.firstChild);
            next.remove();
          }
        });
      });
    }
    // mousedown would move the focus (and the selection) out of the editor.
    Object.values(buttons).forEach(b => {
      b.addEventListener("mousedown", ev => ev.preventDefault());
      b.addEventListener("click", () => act(b.dataset.format));
    });
    editor.addEventListener("keydown", ev => {
      if (!(ev.ctrlKey || ev.metaKey) || ev.altKey) return;
      // Shift+8 / Shift+7 by the key's place (its character depends on the keyboard layout).
      const kind = ev.shiftKey ? ({ Digit8: "bullets", Digit7: "numbers" }[ev.code] || { "*": "bullets", "&": "numbers" }[ev.key])
                               : { b: "bold", i: "italic", k: "link" }[ev.key.toLowerCase()];
      if (!kind) return;
      ev.preventDefault(); ev.stopPropagation();
      act(kind);
    });

    // Pasted or dropped content: only what a message may carry goes in. The HTML is parsed
    // into an inert document (no script runs, no image loads) and rebuilt by cleanHTML.
    function insertFrom(data) {
      const rich = data.getData("text/html");
      if (rich) {
        const parsed = new DOMParser().parseFromString(L.withoutInlineCode(rich), "text/html");
        doc.execCommand("insertHTML", false, L.cleanHTML(parsed.body));
      } else {
        doc.execCommand("insertText", false, data.getData("text/plain"));
      }
      sync();
    }
    editor.addEventListener("paste", ev => {
      if (!ev.clipboardData || ev.clipboardData.files.length) return;
      ev.preventDefault();
      insertFrom(ev.clipboardData);
    });
    editor.addEventListener("drop", ev => {
      if (!ev.dataTransfer || ev.dataTransfer.files.length) return;
      ev.preventDefault();
      if (doc.caretRangeFromPoint) {
        const r = doc.caretRangeFromPoint(ev.clientX, ev.clientY);
        if (r) { const s = doc.getSelection(); s.removeAllRanges(); s.addRange(r); }
      }
      insertFrom(ev.dataTransfer);
    });
  }

  function startPopOut(form) {
    const pop = doc.getElementById("pop-out");
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

  function start() {
    const form = doc.getElementById("composer");
    if (!form) return;
    startEditor(form);
    startPopOut(form);
  }
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start); else start();
})();
