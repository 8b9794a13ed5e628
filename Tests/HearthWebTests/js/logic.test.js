// Unit tests of the page script's pure logic (Sources/HearthWeb/Resources/static/logic.js),
// with node's own runner: `node --test Tests/HearthWebTests/js/`. ScriptTests.swift runs it.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const L = require(path.join(__dirname, "../../../Sources/HearthWeb/Resources/static/logic.js"));

test("search waits for two characters, but an empty box shows the zero state", () => {
  assert.equal(L.searchReady(""), true);
  assert.equal(L.searchReady("   "), true);
  assert.equal(L.searchReady("a"), false);
  assert.equal(L.searchReady(" a "), false);
  assert.equal(L.searchReady("ab"), true);
  assert.equal(L.searchReady("é"), false);
  assert.equal(L.searchReady("日本"), true);
});

test("withParam sets, replaces and removes one parameter and keeps the rest", () => {
  assert.equal(L.withParam("/mail?box=inbox&t=3", "t", null), "/mail?box=inbox");
  assert.equal(L.withParam("/mail?box=inbox", "partial", "list"), "/mail?box=inbox&partial=list");
  assert.equal(L.withParam("/mail?box=inbox&t=3", "t", "9"), "/mail?box=inbox&t=9");
  assert.equal(L.withParam("http://127.0.0.1:8025/mail?box=x", "t", null), "/mail?box=x");
});

test("the address being typed is the part after the last comma", () => {
  assert.equal(L.currentAddress("ann@example.org, bo"), "bo");
  assert.equal(L.currentAddress("bo"), "bo");
  assert.equal(L.currentAddress("ann@example.org, "), "");
});

test("picking a contact replaces only the address being typed", () => {
  assert.equal(L.pickAddress("bo", { name: "Bob", address: "bob@example.org" }), '"Bob" <bob@example.org>, ');
  assert.equal(L.pickAddress("ann@example.org, bo", { address: "bob@example.org" }), "ann@example.org, bob@example.org, ");
  assert.equal(L.pickAddress("x", { name: 'Evil "quoted"', address: "e@example.org" }), '"Evil quoted" <e@example.org>, ');
});

test("secondsLeft rounds up and never goes negative", () => {
  assert.equal(L.secondsLeft(10_000, 0), 10);
  assert.equal(L.secondsLeft(10_000, 9_001), 1);
  assert.equal(L.secondsLeft(10_000, 10_000), 0);
  assert.equal(L.secondsLeft(10_000, 99_000), 0);
});

test("after removing rows the focus goes to the next row below, else above", () => {
  assert.equal(L.nextFocus(["1", "2", "3"], ["2"]), "3");
  assert.equal(L.nextFocus(["1", "2", "3"], ["3"]), "2");
  assert.equal(L.nextFocus([1, 2, 3, 4], [2, 3]), "4");
  assert.equal(L.nextFocus(["1"], ["1"]), null);
  assert.equal(L.nextFocus(["1", "2"], ["9"]), null);
});

// A tiny stand-in for DOM nodes: what pasted HTML looks like to cleanHTML.
const el = (name, ...kids) => ({ nodeType: 1, nodeName: name, childNodes: kids, getAttribute: () => null });
const styled = (name, style, ...kids) => ({ nodeType: 1, nodeName: name, childNodes: kids, getAttribute: k => (k === "style" ? style : null) });
const a = (href, ...kids) => ({ nodeType: 1, nodeName: "A", childNodes: kids, getAttribute: k => (k === "href" ? href : k === "onclick" ? "alert(1)" : null) });
const tx = s => ({ nodeType: 3, nodeName: "#text", nodeValue: s, childNodes: [] });
const root = (...kids) => el("BODY", ...kids);

test("pasted HTML keeps bold, italic, safe links, lines and lists", () => {
  assert.equal(L.cleanHTML(root(tx("Hi "), el("STRONG", tx("there")), tx(", see "), a("https://x.example/", tx("this")), tx("."))),
    'Hi <b>there</b>, see <a href="https://x.example/">this</a>.');
  assert.equal(L.cleanHTML(root(el("P", el("EM", tx("soft"))), el("UL", el("LI", tx("one")), el("LI", tx("two"))))),
    "<div><i>soft</i></div><ul><li>one</li><li>two</li></ul>");
  assert.equal(L.cleanHTML(root(tx("a"), el("BR"), tx("b"))), "a<br>b");
  // Word processors: bold and italic as inline styles; Google Docs' wrapper <b style="font-weight:normal">.
  assert.equal(L.cleanHTML(root(styled("B", "font-weight: normal", styled("SPAN", "font-weight:700", tx("x")), styled("SPAN", "font-style:italic", tx("y"))))),
    "<b>x</b><i>y</i>");
});

test("pasted HTML loses scripts, styles, images, handlers and unsafe links", () => {
  const hostile = root(el("SCRIPT", tx("alert(1)")), el("STYLE", tx("body{}")), el("IMG"), a("javascript:alert(1)", tx("click")),
    a("https://ok.example/\" onclick=\"x", tx("quoted")), el("IFRAME", tx("frame")), el("SPAN", tx("<b>not a tag</b>")));
  assert.equal(L.cleanHTML(hostile), "clickquoted&lt;b&gt;not a tag&lt;/b&gt;");
});

test("inline handlers and styles are taken out before the browser parses a paste", () => {
  assert.equal(L.withoutInlineCode('<p onclick="alert(1)" style=\'color:red\'>a</p><img src=x onerror=alert(3)><b ONMOUSEOVER = "x">b</b>'),
    '<p>a</p><img src=x><b>b</b>');
  assert.equal(L.withoutInlineCode("a<style>p{color:red}</style>b<STYLE media=x>q{}</STYLE >c<style>open"), "abc");
  assert.equal(L.withoutInlineCode('<a href="https://x.example/?onclick=1">x</a>'), '<a href="https://x.example/?onclick=1">x</a>');
});

test("a typed link address: http(s) and mailto kept, bare hosts and addresses completed, other schemes refused", () => {
  assert.equal(L.linkAddress("https://a.example/x?y=1"), "https://a.example/x?y=1");
  assert.equal(L.linkAddress(" example.org/docs "), "https://example.org/docs");
  assert.equal(L.linkAddress("ann@example.org"), "mailto:ann@example.org");
  assert.equal(L.linkAddress("mailto:ann@example.org"), "mailto:ann@example.org");
  assert.equal(L.linkAddress("javascript:alert(1)"), null);
  assert.equal(L.linkAddress("data:text/html,x"), null);
  assert.equal(L.linkAddress("not a link"), null);
});

test("bodyScale fits wide mail to its card, never below the minimum", () => {
  assert.equal(L.bodyScale(600, 580), 1);
  assert.equal(L.bodyScale(600, 601), 1, "a pixel of rounding is not worth scaling");
  assert.equal(L.bodyScale(0, 700), 1, "an unmeasured frame is left alone");
  assert.equal(L.bodyScale(344, 688), 0.5);
  assert.ok(L.bodyScale(332, 688) * 688 <= 332, "rounded down: the scaled mail fits");
  assert.equal(L.bodyScale(100, 1000), L.minimumBodyScale);
});

test("frameHeight rounds up the taller of scroll height and box", () => {
  assert.equal(L.frameHeight(65.2, 64), 66);
  assert.equal(L.frameHeight(0, 116.4), 117);
  assert.equal(L.frameHeight(undefined, undefined), 0);
});
