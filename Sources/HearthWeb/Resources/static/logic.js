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

  // ---- The composer's rich-text editor ------------------------------------------------------
  // What may be in the editor, and so in the message: bold, italic, http/https/mailto links,
  // lines and lists. Pasted or dropped HTML is reduced to that before it is inserted (the
  // server reads the editor's HTML through HearthSafety's allow-list again before storing or
  // sending: the browser is never trusted). Works on node-like objects so node can test it.

  const droppedNames = new Set(["SCRIPT", "STYLE", "HEAD", "TITLE", "TEMPLATE", "IFRAME", "FRAME", "FRAMESET", "OBJECT",
    "EMBED", "APPLET", "NOSCRIPT", "IMG", "PICTURE", "VIDEO", "AUDIO", "SOURCE", "TRACK", "CANVAS", "MAP", "AREA", "INPUT",
    "SELECT", "OPTION", "TEXTAREA", "BUTTON", "META", "LINK", "BASE", "SVG", "MATH"]);
  const blockNames = new Set(["DIV", "P", "H1", "H2", "H3", "H4", "H5", "H6", "BLOCKQUOTE", "PRE", "SECTION", "ARTICLE",
    "HEADER", "FOOTER", "TABLE", "TR", "DL", "DT", "DD", "HR", "CENTER", "FIGURE", "FIGCAPTION", "ADDRESS"]);
  const safeLink = /^(https?:\/\/|mailto:)[^\s"'<>\\`\u0000-\u001f\u007f]+$/i;

  function escapeHTML(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }

  /** The allowed HTML of a tree (`node`: a DOM node or any object with nodeType, nodeName,
   *  nodeValue, childNodes and getAttribute): <b>, <i>, <a href> (http/https/mailto only),
   *  <br>, <div> for blocks, <ul>/<ol>/<li>; every other element is unwrapped to its text,
   *  and scripts, styles, images and form controls are dropped with their content. */
  function cleanHTML(node) {
    const walk = n => {
      if (n.nodeType === 3) return escapeHTML(n.nodeValue || "");
      if (n.nodeType !== 1 && n.nodeType !== 9 && n.nodeType !== 11) return "";
      const name = String(n.nodeName || "").toUpperCase();
      if (droppedNames.has(name)) return "";
      if (name === "BR") return "<br>";
      const inner = Array.from(n.childNodes || []).map(walk).join("");
      const style = String((n.getAttribute && n.getAttribute("style")) || "").toLowerCase().replace(/\s/g, "");
      if (name === "B" || name === "STRONG") return /font-weight:(normal|400)/.test(style) ? inner : "<b>" + inner + "</b>";
      if (name === "I" || name === "EM") return "<i>" + inner + "</i>";
      if (name === "A") {
        const href = String((n.getAttribute && n.getAttribute("href")) || "").trim();
        return safeLink.test(href) && inner ? '<a href="' + escapeHTML(href) + '">' + inner + "</a>" : inner;
      }
      if (name === "UL" || name === "OL" || name === "LI") { const t = name.toLowerCase(); return "<" + t + ">" + inner + "</" + t + ">"; }
      let out = inner;
      if (/font-weight:(bold|[6-9]00)/.test(style)) out = "<b>" + out + "</b>";
      if (/font-style:italic/.test(style)) out = "<i>" + out + "</i>";
      return blockNames.has(name) ? "<div>" + out + "</div>" : out;
    };
    return Array.from(node.childNodes || []).map(walk).join("");
  }

  /** Pasted HTML without its `<style>` elements and `on…=` / `style=` attributes, before the
   *  browser parses it.
   *  Not a safety measure (cleanHTML rebuilds from the parsed tree, and the page's policy blocks
   *  inline handlers and styles anyway): the browser reports every handler or style it blocks
   *  while parsing, even in an inert document, and a paste should not fill the console. */
  function withoutInlineCode(html) {
    return String(html).replace(/<style\b[\s\S]*?(<\/style\s*>|$)/gi, "")
      .replace(/\s(on[a-z]+|style)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, "");
  }

  /** The address a typed link means: http(s) and mailto as they are, an e-mail address as
   *  mailto:, a bare host name as https://; anything else (javascript:, data:) is refused (null). */
  function linkAddress(typed) {
    const t = String(typed || "").trim();
    if (!t) return null;
    if (/^[a-z][a-z0-9+.-]*:/i.test(t)) return safeLink.test(t) ? t : null;
    if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(t)) return "mailto:" + t;
    if (/^[^\s"'<>]+\.[a-z]{2,}([/?#][^\s"'<>]*)?$/i.test(t)) return "https://" + t;
    return null;
  }

  return { cleanHTML, withoutInlineCode, linkAddress, minimumQueryLength, searchReady, withParam, currentAddress, pickAddress, secondsLeft, nextFocus, minimumBodyScale, bodyScale, frameHeight };
});
