// Hearth's pure front-end logic: no DOM, no network, so node's own test runner checks it
// (Tests/HearthWebTests/js/logic.test.js, run by `node --test` from ScriptTests.swift).
// Loaded before app.js as `window.HearthLogic`; under node it is a CommonJS module.
"use strict";
(function (root, factory) {
  const api = factory();
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.HearthLogic = api;
})(typeof self !== "undefined" ? self : this, function () {
  /** The query of a search-as-you-type box worth sending: empty (the zero state) or at least
   *  two characters; one letter matches half the mailbox and tells the user nothing. */
  const minimumQueryLength = 2;
  function searchReady(query) {
    const q = String(query || "").trim();
    return q.length === 0 || Array.from(q).length >= minimumQueryLength;
  }

  /** `url` (a path with a query) with `key` set to `value`, or removed when `value` is null. */
  function withParam(url, key, value) {
    const u = new URL(url, "http://local.invalid");
    if (value === null || value === undefined) u.searchParams.delete(key); else u.searchParams.set(key, value);
    return u.pathname + u.search;
  }

  /** The composer's formatting buttons on a plain textarea: the text with the selection
   *  [start, end) wrapped for `kind` ("bold", "italic", "link" with `href`), and where the caret
   *  goes. An empty selection wraps the word "text" so the markup is visible. */
  function wrapSelection(text, start, end, kind, href) {
    const selected = text.slice(start, end) || "text";
    let out = selected;
    if (kind === "bold") out = "*" + selected + "*";
    else if (kind === "italic") out = "_" + selected + "_";
    else if (kind === "link") out = "[" + selected + "](" + href + ")";
    const value = text.slice(0, start) + out + text.slice(end);
    return { value: value, caret: start + out.length };
  }

  /** The address being typed in a comma-separated field: what follows the last comma. */
  function currentAddress(value) {
    return String(value).split(",").pop().trim();
  }

  /** The field's value with the address being typed replaced by a picked contact, followed by
   *  ", " so the next address can be typed at once. */
  function pickAddress(value, contact) {
    const parts = String(value).split(",");
    const name = contact.name ? String(contact.name).replace(/"/g, "") : "";
    parts[parts.length - 1] = " " + (name ? '"' + name + '" <' + contact.address + ">" : contact.address);
    return parts.join(",").replace(/^ /, "") + ", ";
  }

  /** Whole seconds left until `deadline` (ms since the epoch) at `now`, never below zero. */
  function secondsLeft(deadline, now) {
    return Math.max(0, Math.ceil((deadline - now) / 1000));
  }

  /** Which row gets the focus after `removed` rows leave the list `order` (ids top to bottom):
   *  the first remaining row below the last removed one, else the nearest above, else null. */
  function nextFocus(order, removed) {
    const gone = new Set(removed.map(String));
    const ids = order.map(String);
    let last = -1;
    ids.forEach((id, i) => { if (gone.has(id)) last = i; });
    if (last < 0) return null;
    for (let i = last + 1; i < ids.length; i++) if (!gone.has(ids[i])) return ids[i];
    for (let i = last - 1; i >= 0; i--) if (!gone.has(ids[i])) return ids[i];
    return null;
  }

  /** Mail laid out wider than its card is scaled down to fit, but never below this: smaller
   *  text is unreadable, so a wider mail scrolls sideways inside its card instead. */
  const minimumBodyScale = 0.45;

  /** The zoom for a message body `contentWidth` CSS px wide in a frame `frameWidth` px wide:
   *  1 when it fits (or nothing is known), else the ratio, not below minimumBodyScale. */
  function bodyScale(frameWidth, contentWidth) {
    if (!(frameWidth > 0) || !(contentWidth > frameWidth + 1)) return 1;
    return Math.max(minimumBodyScale, Math.floor((frameWidth / contentWidth) * 1000) / 1000);
  }

  /** The frame height in px for a body whose document reports `scrollHeight` (measured with
   *  the frame at height 0, so it is the content's own height; already in zoomed px) or a
   *  root box `rectHeight` px tall, whichever is more: whole pixels, rounded up so nothing is cut. */
  function frameHeight(scrollHeight, rectHeight) {
    return Math.ceil(Math.max(scrollHeight || 0, rectHeight || 0));
  }

  // ---- The composer's rich-text editor ↔ the MIME writer's light markup -------------------
  // The writer (HearthMIME LightMarkup) sends *bold*, _italic_ and [text](url) as
  // multipart/alternative: HTML with <b>/<i>/<a>, and a plain part. The editor shows real
  // formatting; these two functions translate, on plain node-like objects so node can test them.

  const blockNames = new Set(["DIV", "P", "LI", "UL", "OL", "BLOCKQUOTE", "H1", "H2", "H3", "PRE"]);
  const safeLink = /^(https?:|mailto:)/i;

  /** Wraps `inner` in `marker` per line, keeping spaces outside the markers (the markup needs
   *  the emphasised text to start and end with a non-space on one line). */
  function emphasise(inner, marker) {
    return inner.split("\n").map(line => {
      const m = line.match(/^(\s*)([\s\S]*?)(\s*)$/);
      return m[2] ? m[1] + marker + m[2] + marker + m[3] : line;
    }).join("\n");
  }

  /** The light markup of an editor's content: `node` is a DOM node or any object with
   *  nodeType (1 element, 3 text), nodeName, nodeValue, childNodes and getAttribute. */
  function markupFromTree(node) {
    let out = "";
    const walk = n => {
      if (n.nodeType === 3) { out += String(n.nodeValue || "").replace(/\u00a0/g, " "); return; }
      if (n.nodeType !== 1 && n.nodeType !== 11) return;
      const name = String(n.nodeName || "").toUpperCase();
      if (name === "BR") { out += "\n"; return; }
      const kids = Array.from(n.childNodes || []);
      const inner = () => { const saved = out; out = ""; kids.forEach(walk); const text = out; out = saved; return text; };
      if (name === "B" || name === "STRONG") { out += emphasise(inner(), "*"); return; }
      if (name === "I" || name === "EM") { out += emphasise(inner(), "_"); return; }
      if (name === "A") {
        const href = n.getAttribute ? n.getAttribute("href") || "" : "";
        const text = inner();
        out += safeLink.test(href) && text.trim() && !text.includes("\n") ? "[" + text + "](" + href + ")" : text;
        return;
      }
      const block = blockNames.has(name);
      if (block && out && !out.endsWith("\n")) out += "\n";
      kids.forEach(walk);
      if (block && out && !out.endsWith("\n")) out += "\n";
    };
    Array.from(node.childNodes || []).forEach(walk);
    return out.replace(/\n$/, "");
  }

  /** One line of light markup as pieces {text, bold, italic, href}, by the writer's rules:
   *  emphasis opens at a word start and closes before a non-word character, links are
   *  http(s)/mailto only. The editor builds its nodes from these (never from HTML). */
  function parseMarkupLine(line, style) {
    const base = style || { bold: false, italic: false, href: null };
    const chars = Array.from(line);
    const word = c => c !== undefined && /[\p{L}\p{N}]/u.test(c);
    const pieces = [];
    let text = "";
    const flush = () => { if (text) { pieces.push({ text: text, bold: base.bold, italic: base.italic, href: base.href }); text = ""; } };
    let i = 0;
    while (i < chars.length) {
      const c = chars[i];
      if (c === "[") {
        const close = chars.indexOf("]", i + 1);
        if (close > i + 1 && chars[close + 1] === "(") {
          const paren = chars.indexOf(")", close + 2);
          const url = paren > 0 ? chars.slice(close + 2, paren).join("") : "";
          if (paren > 0 && safeLink.test(url)) {
            flush();
            pieces.push(...parseMarkupLine(chars.slice(i + 1, close).join(""), { bold: base.bold, italic: base.italic, href: url }));
            i = paren + 1;
            continue;
          }
        }
      }
      if ((c === "*" || c === "_") && !word(chars[i - 1]) && i + 2 < chars.length && !/\s/.test(chars[i + 1]) && chars[i + 1] !== c) {
        let j = i + 2, end = -1;
        for (; j < chars.length; j++) {
          if (chars[j] === c && !/\s/.test(chars[j - 1]) && (j + 1 === chars.length || !word(chars[j + 1]))) { end = j; break; }
        }
        if (end > 0) {
          flush();
          const style2 = { bold: base.bold || c === "*", italic: base.italic || c === "_", href: base.href };
          pieces.push(...parseMarkupLine(chars.slice(i + 1, end).join(""), style2));
          i = end + 1;
          continue;
        }
      }
      text += c;
      i += 1;
    }
    flush();
    return pieces;
  }

  /** Whether markup text uses any formatting (then it is sent as multipart/alternative). */
  function hasFormatting(markup) {
    return String(markup).split("\n").some(line => parseMarkupLine(line).some(p => p.bold || p.italic || p.href));
  }

  return { markupFromTree, parseMarkupLine, hasFormatting, minimumQueryLength, searchReady, withParam, wrapSelection, currentAddress, pickAddress, secondsLeft, nextFocus, minimumBodyScale, bodyScale, frameHeight };
});
