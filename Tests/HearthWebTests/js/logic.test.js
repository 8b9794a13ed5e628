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

test("wrapSelection wraps the selection and puts the caret after it", () => {
  assert.deepEqual(L.wrapSelection("say hello now", 4, 9, "bold"), { value: "say *hello* now", caret: 11 });
  assert.deepEqual(L.wrapSelection("say hello", 4, 9, "italic"), { value: "say _hello_", caret: 11 });
  assert.deepEqual(L.wrapSelection("", 0, 0, "bold"), { value: "*text*", caret: 6 });
  assert.deepEqual(L.wrapSelection("see docs", 4, 8, "link", "https://x.example/"),
    { value: "see [docs](https://x.example/)", caret: 30 });
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

// A tiny stand-in for DOM nodes: what the editor's content looks like to markupFromTree.
const el = (name, ...kids) => ({ nodeType: 1, nodeName: name, childNodes: kids, getAttribute: () => null });
const a = (href, ...kids) => ({ nodeType: 1, nodeName: "A", childNodes: kids, getAttribute: k => (k === "href" ? href : null) });
const tx = s => ({ nodeType: 3, nodeName: "#text", nodeValue: s, childNodes: [] });
const root = (...kids) => el("DIV", ...kids);

test("the editor's bold, italic and links become the writer's markup", () => {
  assert.equal(L.markupFromTree(root(tx("Hi "), el("B", tx("there")), tx(", see "), a("https://x.example/", tx("this")), tx("."))),
    "Hi *there*, see [this](https://x.example/).");
  assert.equal(L.markupFromTree(root(el("I", tx("soft")), tx(" and "), el("STRONG", tx("loud ")))), "_soft_ and *loud* ");
  assert.equal(L.markupFromTree(root(el("B", el("I", tx("both"))))), "*_both_*");
  // Links other than http(s)/mailto stay text: a draft never carries javascript: links.
  assert.equal(L.markupFromTree(root(a("javascript:alert(1)", tx("click")))), "click");
});

test("lines: Chromium's <div> per line and <br>, as newlines", () => {
  assert.equal(L.markupFromTree(root(tx("a"), el("DIV", el("BR")), el("DIV", tx("b")))), "a\n\nb");
  assert.equal(L.markupFromTree(root(tx("one"), el("BR"), tx("two"))), "one\ntwo");
  assert.equal(L.markupFromTree(root(tx("x\u00a0y"))), "x y");
  assert.equal(L.markupFromTree(root(el("B", tx("a"), el("BR"), tx("b")))), "*a*\n*b*");
});

test("markup lines parse back into styled pieces by the writer's rules", () => {
  assert.deepEqual(L.parseMarkupLine("Hi *there* and _you_"), [
    { text: "Hi ", bold: false, italic: false, href: null }, { text: "there", bold: true, italic: false, href: null },
    { text: " and ", bold: false, italic: false, href: null }, { text: "you", bold: false, italic: true, href: null }]);
  assert.deepEqual(L.parseMarkupLine("[docs](https://d.example/)"), [{ text: "docs", bold: false, italic: false, href: "https://d.example/" }]);
  assert.deepEqual(L.parseMarkupLine("a*b*c 2*3*4 * x *"), [{ text: "a*b*c 2*3*4 * x *", bold: false, italic: false, href: null }]);
  assert.deepEqual(L.parseMarkupLine("[x](javascript:alert(1))"), [{ text: "[x](javascript:alert(1))", bold: false, italic: false, href: null }]);
  assert.equal(L.hasFormatting("plain\ntext"), false);
  assert.equal(L.hasFormatting("plain\n*bold*"), true);
});

test("markup → pieces → markup is stable", () => {
  for (const line of ["Hi *there*, see [this](https://x.example/).", "_soft_ and *loud*", "no formatting at all"]) {
    const pieces = L.parseMarkupLine(line);
    const tree = root(...pieces.map(p => {
      let n = tx(p.text);
      if (p.italic) n = el("I", n);
      if (p.bold) n = el("B", n);
      if (p.href) n = a(p.href, n);
      return n;
    }));
    assert.equal(L.markupFromTree(tree), line);
  }
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
