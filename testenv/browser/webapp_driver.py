#!/usr/bin/env python3
"""Drives the Hearth web app in a real headless Chromium (DevTools protocol over a pipe, standard
library only) through a scenario of steps, and reports what happened: step results, values the
page computed, console errors, CSP violations, an accessibility audit per page, screenshots.

Unlike harness.py (which serves static pages from memory and blocks every request), this one
talks to a running `hearth serve` on 127.0.0.1; every other host is unresolvable.

Usage: webapp_driver.py SCENARIO.json --out REPORT.json [--artifacts DIR] [--timeout S]

A scenario is {"steps": [...]}; each step has "op":
  open {url}                     navigate and wait for the load event
  wait {selector, timeout?}      until document.querySelector(selector) exists and is visible
  waitGone {selector}            until it no longer exists
  waitText {selector, text}      until its textContent contains text
  key {key, shift?, ctrl?, code?}  a key press (keyDown, char, keyUp) on the focused element
  mouse {selector}               a real click: the mouse pressed and released at the element's centre
                                 (a user gesture, unlike click: pop-up windows may open)
  window {index?}                go on in another page target: the newest (a pop-up the page
                                 opened) or index 0 (the first); waits for it to load
  click {selector}               element.click()
  type {selector, text}          focus it and insert text (as typed: input events fire)
  insert {text}                  insert text where the focus and caret are (as typed)
  windows {name}                 the number of open page windows, reported under name
  eval {expr, name}              evaluate; the JSON value is reported under name
  expect {expr, name}            evaluate; must be truthy, else the step fails
  sleep {ms}
  viewport {width, height, scheme?, mobile?}   window size and prefers-color-scheme
  screenshot {name, scale?}      PNG into --artifacts/name.png (scale < 1: a smaller picture)
  audit {name}                   accessibility checks of the current page (see AUDIT)
  axaudit {name}                 the same from Chromium's accessibility tree (names, images, h1, landmarks)
Exit 0 when the run completed (failed steps are in the report), 2 on driver failure.
"""
import argparse
import base64
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools_pipe import DevToolsPipe  # noqa: E402

# Landmarks, names of controls, image alternatives, visible focus, and WCAG contrast of every
# visible text (colour against the first opaque background up the tree). Returns a summary.
AUDIT = r"""
(() => {
  const out = {landmarks: {}, unnamed: [], contrast: [], checkedText: 0, images: [], duplicateIds: []};
  out.landmarks.main = document.querySelectorAll('main, [role=main]').length;
  out.landmarks.nav = document.querySelectorAll('nav, [role=navigation]').length;
  out.landmarks.banner = document.querySelectorAll('body > header, [role=banner]').length;
  out.landmarks.search = document.querySelectorAll('[role=search]').length;
  out.lang = document.documentElement.lang || '';
  out.title = document.title;
  const visible = el => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const nameOf = el => {
    if (el.getAttribute('aria-label')) return el.getAttribute('aria-label');
    const by = el.getAttribute('aria-labelledby');
    if (by) return by.split(/\s+/).map(id => (document.getElementById(id) || {}).textContent || '').join(' ').trim();
    if (el.id) { const l = document.querySelector('label[for="' + CSS.escape(el.id) + '"]'); if (l && l.textContent.trim()) return l.textContent; }
    const wrap = el.closest('label'); if (wrap && wrap.textContent.trim()) return wrap.textContent;
    if (el.getAttribute('title')) return el.getAttribute('title');
    if (['BUTTON', 'A', 'SUMMARY'].includes(el.tagName)) return el.textContent.trim();
    if (el.type === 'submit' || el.type === 'button') return el.value;
    return '';
  };
  for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, iframe, summary')) {
    if (!visible(el) && el.tagName !== 'IFRAME') continue;
    const name = el.tagName === 'IFRAME' ? el.getAttribute('title') : nameOf(el);
    if (!name || !name.trim()) out.unnamed.push(el.outerHTML.slice(0, 120));
  }
  for (const img of document.querySelectorAll('img')) if (!img.hasAttribute('alt')) out.images.push(img.outerHTML.slice(0, 100));
  const ids = {}; for (const el of document.querySelectorAll('[id]')) { ids[el.id] = (ids[el.id] || 0) + 1; }
  out.duplicateIds = Object.keys(ids).filter(k => ids[k] > 1);
  const parse = c => { const m = c.match(/rgba?\(([^)]+)\)/); if (!m) return null; const p = m[1].split(',').map(x => parseFloat(x));
    return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const background = el => { for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c.a > 0.5) return c; } return {r: 255, g: 255, b: 255, a: 1}; };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  while (walker.nextNode()) {
    const node = walker.currentNode; const el = node.parentElement;
    if (!el || seen.has(el) || !node.textContent.trim()) continue;
    seen.add(el);
    if (!visible(el) || el.closest('.visually-hidden, .skip-link, option, script, style')) continue;
    const s = getComputedStyle(el); const fg = parse(s.color); if (!fg) continue;
    const bg = background(el);
    const l1 = lum(fg), l2 = lum(bg); const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    const size = parseFloat(s.fontSize), bold = parseInt(s.fontWeight, 10) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    out.checkedText++;
    if (ratio < (large ? 3 : 4.5)) out.contrast.push({text: node.textContent.trim().slice(0, 40), ratio: Math.round(ratio * 100) / 100,
      color: s.color, background: 'rgb(' + bg.r + ',' + bg.g + ',' + bg.b + ')'});
  }
  // Focus is visible: a focusable element gets an outline or a box shadow when focused.
  const probe = document.querySelector('a[href], button');
  if (probe) { probe.focus(); const s = getComputedStyle(probe); out.focusOutline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2; probe.blur(); }
  out.reducedMotionRule = [...document.styleSheets].some(sh => { try { return [...sh.cssRules].some(r => r.conditionText && r.conditionText.includes('prefers-reduced-motion')); } catch (e) { return false; } });
  return out;
})()
"""


class DriverError(Exception):
    pass


class Chromium(DevToolsPipe):
    error = DriverError
    command_timeout = 15

    def __init__(self, binary, deadline):
        self.deadline = deadline
        self.launch(binary, "hearth-webapp-chromium-", [
            "--hide-scrollbars", "--font-render-hinting=none",
            # Only the app: every host name is unresolvable (127.0.0.1 is an address, not a name).
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"])


KEYS = {"Enter": (13, "\r"), "Escape": (27, ""), "Delete": (46, ""), "Backspace": (8, ""), "Tab": (9, ""),
        "ArrowDown": (40, ""), "ArrowUp": (38, "")}


class Run:
    def __init__(self, browser, artifacts):
        self.b = browser
        self.artifacts = artifacts
        self.report = {"steps": [], "values": {}, "console": [], "exceptions": [], "csp": [], "audits": {}, "screenshots": []}
        target = self.b.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.targets = [target]
        self.attach(target)
        self.loaded = False

    def attach(self, target):
        self.s = self.b.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for method in ("Page.enable", "Runtime.enable", "Log.enable"):
            self.b.send(method, {}, self.s)

    def switch_window(self, index, timeout):
        """Attaches to another page: the first one (index 0) or the newest other than the current."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.b.pump(0.1)
            self.drain()
            pages = [t for t in self.b.send("Target.getTargets").get("targetInfos", []) if t.get("type") == "page"]
            if index is not None:
                chosen = next((t for t in pages if t["targetId"] == self.targets[index]), None) if index < len(self.targets) else None
            else:
                # A window one of ours opened (a pop-up), once it has its address.
                chosen = next((t for t in pages if t["targetId"] not in self.targets and t.get("openerId") in self.targets
                               and t.get("url", "") not in ("", "about:blank")), None)
            if chosen:
                if chosen["targetId"] not in self.targets:
                    self.targets.append(chosen["targetId"])
                self.attach(chosen["targetId"])
                self.poll("document.readyState === 'complete'", max(1, end - time.monotonic()), "the window to load")
                return
            time.sleep(0.1)
        raise DriverError("no such window")

    def drain(self):
        for ev in self.b.events:
            if ev.get("sessionId") != self.s:
                continue
            m, p = ev["method"], ev.get("params", {})
            if m == "Page.loadEventFired":
                self.loaded = True
            elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                self.report["console"].append(" ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))[:300])
            elif m == "Runtime.exceptionThrown":
                d = p.get("exceptionDetails", {})
                self.report["exceptions"].append((d.get("exception", {}).get("description") or d.get("text", ""))[:300])
            elif m == "Log.entryAdded":
                e = p.get("entry", {})
                text = e.get("text", "")
                if "Content Security Policy" in text or "Content-Security-Policy" in text:
                    self.report["csp"].append(text[:300])
            elif m == "Page.javascriptDialogOpening":
                # confirm() in the app (discard, remove account): accept, as a user would.
                self.b.send("Page.handleJavaScriptDialog", {"accept": True}, self.s, wait=False)
        self.b.events = []

    def evaluate(self, expr):
        r = self.b.send("Runtime.evaluate", {"expression": expr, "returnByValue": True, "awaitPromise": True}, self.s)
        if "exceptionDetails" in r:
            raise DriverError("evaluate failed: " + json.dumps(r["exceptionDetails"])[:300])
        return r.get("result", {}).get("value")

    def poll(self, expr, timeout, what):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.b.pump(0.05)
            self.drain()
            try:
                if self.evaluate(expr):
                    return
            except DriverError:
                pass
            time.sleep(0.05)
        raise DriverError("timed out waiting for " + what)

    def step(self, st):
        op = st["op"]
        if op == "open":
            self.loaded = False
            self.b.send("Page.navigate", {"url": st["url"]}, self.s)
            end = time.monotonic() + st.get("timeout", 15)
            while not self.loaded and time.monotonic() < end:
                self.b.pump(0.05)
                self.drain()
            if not self.loaded:
                raise DriverError("page did not load: " + st["url"])
        elif op == "wait":
            sel = json.dumps(st["selector"])
            self.poll(f"(() => {{ const e = document.querySelector({sel}); if (!e) return false; const r = e.getBoundingClientRect(); return r.width > 0 || r.height > 0; }})()",
                      st.get("timeout", 8), st["selector"])
        elif op == "waitGone":
            self.poll(f"!document.querySelector({json.dumps(st['selector'])})", st.get("timeout", 8), "gone " + st["selector"])
        elif op == "waitText":
            self.poll(f"((document.querySelector({json.dumps(st['selector'])}) || {{}}).textContent || '').includes({json.dumps(st['text'])})",
                      st.get("timeout", 8), st["selector"] + " containing " + st["text"])
        elif op == "key":
            key = st["key"]
            code, text = KEYS.get(key, (ord(key.upper()) if len(key) == 1 else 0, key if len(key) == 1 else ""))
            modifiers = (8 if st.get("shift") else 0) | (2 if st.get("ctrl") else 0)
            base = {"key": key, "windowsVirtualKeyCode": code, "modifiers": modifiers}
            if st.get("code"):
                base["code"] = st["code"]
            self.b.send("Input.dispatchKeyEvent", dict(base, type="keyDown" if not text else "keyDown", text=text), self.s)
            self.b.send("Input.dispatchKeyEvent", dict(base, type="keyUp"), self.s)
        elif op == "click":
            ok = self.evaluate(f"(() => {{ const e = document.querySelector({json.dumps(st['selector'])}); if (!e) return false; e.click(); return true; }})()")
            if not ok:
                raise DriverError("nothing to click: " + st["selector"])
        elif op == "mouse":
            sel = json.dumps(st["selector"])
            box = self.evaluate(f"(() => {{ const e = document.querySelector({sel}); if (!e) return null; e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }})()")
            if not box:
                raise DriverError("nothing to click: " + st["selector"])
            for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
                self.b.send("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left",
                            "buttons": 1 if kind == "mousePressed" else 0, "clickCount": 1}, self.s)
        elif op == "insert":
            self.b.send("Input.insertText", {"text": st["text"]}, self.s)
        elif op == "windows":
            pages = [t for t in self.b.send("Target.getTargets").get("targetInfos", [])
                     if t.get("type") == "page" and t.get("url", "") not in ("", "about:blank")]
            self.report["values"][st["name"]] = len(pages)
        elif op == "window":
            self.switch_window(st.get("index"), st.get("timeout", 10))
        elif op == "type":
            ok = self.evaluate(f"(() => {{ const e = document.querySelector({json.dumps(st['selector'])}); if (!e) return false; e.focus(); return true; }})()")
            if not ok:
                raise DriverError("nothing to type into: " + st["selector"])
            self.b.send("Input.insertText", {"text": st["text"]}, self.s)
        elif op == "eval":
            self.report["values"][st["name"]] = self.evaluate(st["expr"])
        elif op == "expect":
            # The page answers an input through events it handles after the input returns (the
            # toolbar follows selectionchange): an expectation may take up to "timeout" seconds
            # (2 by default) to come true, then fails as before. A loaded box made the single
            # reading fail once in three full runs (session 20).
            end = time.monotonic() + st.get("timeout", 2)
            value = self.evaluate(st["expr"])
            while not value and time.monotonic() < end:
                self.b.pump(0.05)
                self.drain()
                value = self.evaluate(st["expr"])
            self.report["values"][st["name"]] = value
            if not value:
                raise DriverError("expectation failed: " + st["name"])
        elif op == "sleep":
            end = time.monotonic() + st["ms"] / 1000
            while time.monotonic() < end:
                self.b.pump(0.05)
                self.drain()
        elif op == "viewport":
            self.b.send("Emulation.setDeviceMetricsOverride", {"width": st["width"], "height": st["height"],
                        "deviceScaleFactor": 1, "mobile": bool(st.get("mobile"))}, self.s)
            if "scheme" in st:
                self.b.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": st["scheme"]}]}, self.s)
        elif op == "screenshot":
            params = {"format": "png"}
            if st.get("scale"):
                # A smaller picture of the whole viewport (for screenshots kept in the repository).
                size = self.evaluate("[innerWidth, innerHeight]")
                params["clip"] = {"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": st["scale"]}
            data = self.b.send("Page.captureScreenshot", params, self.s, timeout=30)["data"]
            path = os.path.join(self.artifacts, st["name"] + ".png")
            with open(path, "wb") as f:
                f.write(base64.b64decode(data))
            self.report["screenshots"].append(path)
        elif op == "audit":
            self.report["audits"][st["name"]] = self.evaluate(AUDIT)
        elif op == "axaudit":
            self.report.setdefault("axAudits", {})[st["name"]] = self.ax_audit()
        else:
            raise DriverError("unknown op " + op)

    # Roles a user operates: each needs an accessible name (what a screen reader announces).
    INTERACTIVE = {"button", "link", "textbox", "searchbox", "checkbox", "radio", "combobox", "listbox", "menuitem",
                   "tab", "switch", "slider", "spinbutton", "option", "menuitemcheckbox", "menuitemradio", "treeitem"}

    def ax_audit(self):
        """The page's accessibility tree as Chromium computes it (CDP Accessibility.getFullAXTree):
        controls and images without a name, the level-1 headings and the landmarks."""
        self.b.send("Accessibility.enable", {}, self.s)
        nodes = self.b.send("Accessibility.getFullAXTree", {}, self.s, timeout=30).get("nodes", [])
        out = {"nodes": 0, "unnamed": [], "imagesWithoutText": [], "h1": 0, "landmarks": {}}
        for node in nodes:
            if node.get("ignored"):
                continue
            out["nodes"] += 1
            role = (node.get("role") or {}).get("value", "")
            name = ((node.get("name") or {}).get("value") or "").strip()
            if role in self.INTERACTIVE and not name:
                out["unnamed"].append(role + " #" + str(node.get("backendDOMNodeId", "?")))
            if role in ("image", "img") and not name:
                out["imagesWithoutText"].append(str(node.get("backendDOMNodeId", "?")))
            if role == "heading":
                level = next((p.get("value", {}).get("value") for p in node.get("properties", []) if p.get("name") == "level"), None)
                if level == 1:
                    out["h1"] += 1
            if role in ("main", "banner", "navigation", "search", "contentinfo", "complementary", "region", "form"):
                out["landmarks"][role] = out["landmarks"].get(role, 0) + 1
        return out

    def run(self, steps):
        for i, st in enumerate(steps):
            started = time.monotonic()
            entry = {"index": i, "op": st["op"], "label": st.get("label", st.get("selector", st.get("name", st.get("key", ""))))}
            try:
                self.step(st)
                self.b.pump(0.01)
                self.drain()
                entry["ok"] = True
            except DriverError as e:
                entry["ok"] = False
                entry["error"] = str(e)
                try:
                    entry["url"] = self.evaluate("location.href")
                    if self.artifacts:
                        data = self.b.send("Page.captureScreenshot", {"format": "png"}, self.s)["data"]
                        path = os.path.join(self.artifacts, f"failure-step-{i}.png")
                        with open(path, "wb") as f:
                            f.write(base64.b64decode(data))
                        entry["screenshot"] = path
                except DriverError:
                    pass
            entry["seconds"] = round(time.monotonic() - started, 3)
            self.report["steps"].append(entry)
            if not entry["ok"]:
                break
        return self.report


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("scenario")
    ap.add_argument("--out", required=True)
    ap.add_argument("--artifacts", default="")
    ap.add_argument("--timeout", type=float, default=100)
    ap.add_argument("--chromium", default=os.environ.get("HEARTH_CHROMIUM") or "")
    args = ap.parse_args()
    binary = args.chromium or next((p for p in ("/usr/lib/chromium/chromium", "/usr/bin/chromium") if os.path.exists(p)), "chromium")
    with open(args.scenario) as f:
        scenario = json.load(f)
    if args.artifacts:
        os.makedirs(args.artifacts, exist_ok=True)
    started = time.monotonic()
    browser = Chromium(binary, started + args.timeout)
    try:
        report = Run(browser, args.artifacts).run(scenario["steps"])
        report["chromium"] = browser.send("Browser.getVersion").get("product")
    except DriverError as e:
        print("driver failed: " + str(e), file=sys.stderr)
        return 2
    finally:
        browser.close()
    report["seconds"] = round(time.monotonic() - started, 2)
    with open(args.out, "w") as f:
        json.dump(report, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
