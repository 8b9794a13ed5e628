#!/usr/bin/env python3
"""Hearth browser harness: loads HTML pages in a real headless Chromium and reports, per page,
everything a hostile page could do: dialogs (alert/confirm/prompt/print), console output from
page scripts, every script the page compiled (inline, event handler, javascript: URL, eval),
DOM changes made after parsing (live DOM vs. a fresh parse of the same source), and every
network request, each blocked before it leaves the machine.

Standard library only: Chromium is driven over the DevTools protocol on a pipe
(--remote-debugging-pipe), so no WebDriver, Selenium or websocket package is needed.

Usage:
  harness.py [options] PAGE.html [PAGE.html ...]
  harness.py --list FILE_OF_PATHS [options]

Each page is served as http://hearth.test/<n>/<file name> from memory (nothing listens on a
port). A sidecar PAGE.html.headers.json ({"Header": "value"}) adds response headers, e.g. a
Content-Security-Policy. Requests for http://hearth.test/inline/... are answered locally with a
1x1 PNG (the app's inline-image route) and reported with "served": true. Every other request is
failed by the harness and reported with "served": false.

Output: JSON on --out (default stdout): {"chromium": version, "pages": [{"file", "loaded",
"dialogs", "console", "scripts", "mutatedFrames", "requests", "frames", "text"?}], "seconds"}.
Exit status 0 when the run completed (whatever the pages did), 2 on harness failure.

Options:
  --text            also report visible text (document.body.innerText): "text" for the page,
                    "frameText" {iframe name: text} for each srcdoc iframe
  --scripts-disabled  load pages with JavaScript off (what an email client's renderer does)
  --timeout S       per-page load timeout (default 10)
  --settle-ms MS    time to wait after load for timers and late events (default 300)
  --chromium PATH   browser binary (default: $HEARTH_CHROMIUM, /usr/lib/chromium/chromium, chromium)
"""
import argparse
import base64
import json
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools_pipe import DevToolsPipe  # noqa: E402

HOST = "hearth.test"
WORLD = "hearth-harness"
PNG_1X1 = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")


class HarnessError(Exception):
    pass


class Browser(DevToolsPipe):
    error = HarnessError
    command_timeout = 10

    """One Chromium process and its DevTools pipe."""

    def __init__(self, binary, overall_deadline):
        self.deadline = overall_deadline
        self.launch(binary, "hearth-chromium-", [
            "--disable-default-apps", "--disable-features=Translate,MediaRouter",
            # Belt and braces: even a request the harness failed to intercept cannot leave.
            "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=http://127.0.0.1:9",
            "--proxy-bypass-list=<-loopback>"])

    def take_events(self):
        events, self.events = self.events, []
        return events


class PageRun:
    """Loads one page in a fresh target and collects what happened."""

    def __init__(self, browser, index, path, args):
        self.b = browser
        self.index = index
        self.path = path
        self.args = args
        self.name = os.path.basename(path)
        self.url = f"http://{HOST}/{index}/{self.name}"
        with open(path, "rb") as f:
            self.body = f.read()
        self.headers = {"Content-Type": "text/html; charset=utf-8"}
        sidecar = path + ".headers.json"
        if os.path.exists(sidecar):
            with open(sidecar) as f:
                self.headers.update(json.load(f))
        self.report = {"file": path, "url": self.url, "loaded": False, "dialogs": [], "console": [],
                       "scripts": [], "mutatedFrames": [], "requests": [], "frames": [], "log": []}
        self.contexts = {}  # (sessionId, executionContextId) -> (frameId, isolated?)
        self.intercepted = set()
        self.seen_by_network = []
        self.loaded = False

    DOMAINS = [("Page.enable", {}), ("Runtime.enable", {}), ("Network.enable", {}), ("Log.enable", {}),
               ("Debugger.enable", {})]

    def prepare(self, session):
        """Instruments a session (the page, or an out-of-process frame such as a sandboxed
        iframe, which Chromium isolates in its own process) before anything runs in it."""
        self.sessions.add(session)
        for method, params in self.DOMAINS:
            try:
                self.b.send(method, params, session)
            except HarnessError as e:
                # A frame sandboxed without allow-scripts refuses the debugger outright
                # ("Script execution is prohibited"): nothing can run there to report.
                if session == self.session or "prohibited" not in str(e):
                    raise
                self.report.setdefault("scriptlessFrames", 0)
                if method == "Debugger.enable":
                    self.report["scriptlessFrames"] += 1
        if self.args.scripts_disabled:
            self.b.send("Emulation.setScriptExecutionDisabled", {"value": True}, session)
        self.b.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True}, session)

    def run(self):
        b = self.b
        target = b.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = b.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.session = session
        self.sessions = set()
        try:
            self.prepare(session)
            b.send("Page.navigate", {"url": self.url}, session, wait=False)
            end = time.monotonic() + self.args.timeout
            while not self.loaded and time.monotonic() < end:
                b.pump(min(0.05, end - time.monotonic()))
                self.handle(b.take_events())
            self.report["loaded"] = self.loaded
            settle_end = time.monotonic() + self.args.settle_ms / 1000
            while time.monotonic() < settle_end:
                b.pump(max(0.0, min(0.05, settle_end - time.monotonic())))
                self.handle(b.take_events())
            self.inspect_frames()
            self.handle(b.take_events())
            for url, kind, frame in self.seen_by_network:
                if url not in self.intercepted:
                    self.report["requests"].append({"url": url[:500], "resourceType": kind, "frameId": frame,
                                                    "served": False, "unintercepted": True})
        finally:
            try:
                b.send("Target.closeTarget", {"targetId": target})
            except HarnessError:
                pass
            b.take_events()
        return self.report

    def handle(self, events):
        for ev in events:
            sid = ev.get("sessionId")
            m, p = ev["method"], ev.get("params", {})
            if sid is None and m == "Fetch.requestPaused":
                self.on_request(p, None)  # browser-wide interception: every target, every frame
                continue
            if sid not in self.sessions:
                continue
            if m == "Network.requestWillBeSent":
                # Second witness: a request the interception did not see is reported too.
                url = p.get("request", {}).get("url", "")
                if not url.startswith("data:"):
                    self.seen_by_network.append((url, p.get("type"), p.get("frameId")))
                continue
            if m == "Target.attachedToTarget":
                child = p["sessionId"]
                self.prepare(child)
                self.b.send("Runtime.runIfWaitingForDebugger", {}, child, wait=False)
            elif m == "Fetch.requestPaused":
                self.on_request(p, sid)
            elif m == "Page.loadEventFired" and sid == self.session:
                self.loaded = True
            elif m == "Page.javascriptDialogOpening":
                self.report["dialogs"].append({"type": p.get("type"), "message": p.get("message", "")[:200],
                                               "frameId": p.get("frameId")})
                self.b.send("Page.handleJavaScriptDialog", {"accept": False}, sid, wait=False)
            elif m == "Runtime.executionContextCreated":
                ctx = p["context"]
                aux = ctx.get("auxData", {})
                self.contexts[(sid, ctx["id"])] = (aux.get("frameId"), ctx.get("name") == WORLD)
            elif m == "Runtime.consoleAPICalled":
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))
                self.report["console"].append({"type": p.get("type"), "text": text[:200]})
            elif m == "Debugger.scriptParsed":
                ctx = self.contexts.get((sid, p.get("executionContextId")))
                if ctx and ctx[1]:
                    continue  # our own inspection code
                self.report["scripts"].append({"url": p.get("url", "")[:200], "frameId": ctx[0] if ctx else None,
                                               "length": p.get("length")})
            elif m == "Log.entryAdded":
                e = p.get("entry", {})
                self.report["log"].append({"source": e.get("source"), "level": e.get("level"),
                                           "text": e.get("text", "")[:300]})
            elif m == "Debugger.paused":
                self.b.send("Debugger.resume", {}, sid, wait=False)

    def on_request(self, p, sid):
        req = p["request"]
        url = req["url"]
        self.intercepted.add(url)
        entry = {"url": url[:500], "method": req.get("method"), "resourceType": p.get("resourceType"),
                 "frameId": p.get("frameId"), "served": False}
        if url == self.url:
            entry["served"] = True
            headers = [{"name": k, "value": v} for k, v in self.headers.items()]
            self.b.send("Fetch.fulfillRequest", {"requestId": p["requestId"], "responseCode": 200,
                                                 "responseHeaders": headers,
                                                 "body": base64.b64encode(self.body).decode()}, sid, wait=False)
            self.report["requests"].append(dict(entry, document=True))
            return
        if url.startswith(f"http://{HOST}/inline/"):
            entry["served"] = True
            self.b.send("Fetch.fulfillRequest", {"requestId": p["requestId"], "responseCode": 200,
                                                 "responseHeaders": [{"name": "Content-Type", "value": "image/png"}],
                                                 "body": base64.b64encode(PNG_1X1).decode()}, sid, wait=False)
        elif url == f"http://{HOST}/favicon.ico" and p.get("resourceType") == "Other":
            # The browser's own favicon fetch for the top page, not something the page asked for.
            entry["served"] = True
            entry["browser"] = True
            self.b.send("Fetch.fulfillRequest", {"requestId": p["requestId"], "responseCode": 404,
                                                 "responseHeaders": []}, sid, wait=False)
        else:
            self.b.send("Fetch.failRequest", {"requestId": p["requestId"], "errorReason": "BlockedByClient"},
                        sid, wait=False)
        self.report["requests"].append(entry)

    def evaluate(self, session, frame_id, expression):
        world = self.b.send("Page.createIsolatedWorld", {"frameId": frame_id, "worldName": WORLD,
                                                         "grantUniveralAccess": True}, session)
        ctx = world["executionContextId"]
        self.contexts[(session, ctx)] = (frame_id, True)
        result = self.b.send("Runtime.evaluate", {"expression": expression, "contextId": ctx, "returnByValue": True},
                             session)
        self.handle(self.b.take_events())
        if "exceptionDetails" in result:
            raise HarnessError("inspection failed: " + json.dumps(result["exceptionDetails"])[:300])
        return result.get("result", {}).get("value")

    def refuses_script(self, session, frame_id):
        """Inserts an inline script into the frame's document from our isolated world: it runs in
        the frame's own world unless the frame's sandbox or CSP forbids scripts. The marker it
        would set is removed again, so the frame's DOM is left as it was."""
        return self.evaluate(session, frame_id, """(() => {
            const s = document.createElement('script');
            s.textContent = "document.documentElement.setAttribute('data-hearth-probe', 'ran')";
            (document.head || document.documentElement).appendChild(s); s.remove();
            const ran = document.documentElement.getAttribute('data-hearth-probe') === 'ran';
            document.documentElement.removeAttribute('data-hearth-probe');
            return !ran; })()""") is True

    def inspect_frames(self):
        frames = []  # (session, frame, parentFrameId)

        def walk(session, node, parent):
            f = node["frame"]
            frames.append((session, f, parent if parent is not None else f.get("parentId")))
            for child in node.get("childFrames", []):
                walk(session, child, f["id"])

        for session in sorted(self.sessions, key=lambda x: x != self.session):
            try:
                walk(session, self.b.send("Page.getFrameTree", {}, session)["frameTree"], None)
            except HarnessError:
                continue
        by_id = {}
        for session, f, parent in frames:
            # An out-of-process frame shows in its parent's tree and, as the root, in its own
            # session: only its own session can look inside it.
            own = session != self.session and parent is None
            if f["id"] not in by_id or own:
                by_id[f["id"]] = (session, f, parent if not own else by_id.get(f["id"], (None, None, "x"))[2])
        self.report["frames"] = [{"name": f.get("name", ""), "url": f.get("url", "")[:200], "id": f["id"]}
                                 for _, f, _ in by_id.values()]
        top = next((f for s, f, parent in by_id.values() if s == self.session and not parent), None)
        if top is None:
            return
        srcdocs = {}
        if len(by_id) > 1:
            srcdocs = self.evaluate(self.session, top["id"], """(() => {
                const out = {};
                document.querySelectorAll('iframe').forEach((f, i) => { out[f.name || ('#' + i)] = f.getAttribute('srcdoc'); });
                return out; })()""") or {}
        for fid, (session, f, parent) in by_id.items():
            if f is top:
                source = self.body.decode("utf-8", "replace")
            else:
                source = srcdocs.get(f.get("name", ""))
                if source is None:
                    continue
            try:
                same = self.evaluate(session, fid, "(() => { const src = " + json.dumps(source) + ";"
                                     " const fresh = new DOMParser().parseFromString(src, 'text/html');"
                                     " return fresh.documentElement.outerHTML === document.documentElement.outerHTML; })()")
            except HarnessError as e:
                self.report.setdefault("inspectErrors", []).append(str(e)[:200])
                continue
            self.report.setdefault("checkedFrames", []).append({"name": f.get("name", ""), "unchanged": same})
            if self.args.text:
                text = self.evaluate(session, fid, "document.body ? document.body.innerText : ''")
                self.report.setdefault("frameText", {})[f.get("name", "") or "#top"] = text
            if same is False:
                self.report["mutatedFrames"].append({"frameId": fid, "name": f.get("name", "")})
            if f is not top and session == self.session and self.refuses_script(session, fid):
                # An in-process frame (a same-origin sandbox) cannot refuse the debugger like an
                # out-of-process one does: ask it to run a script instead, and count it when
                # nothing ran (a frame that runs the probe shows up under "scripts").
                self.report["scriptlessFrames"] = self.report.get("scriptlessFrames", 0) + 1
        if self.args.text:
            self.report["text"] = self.report.get("frameText", {}).get("#top", "")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pages", nargs="*")
    parser.add_argument("--list", help="a file with one page path per line")
    parser.add_argument("--out", help="write the JSON report here (default: stdout)")
    parser.add_argument("--text", action="store_true")
    parser.add_argument("--scripts-disabled", action="store_true")
    parser.add_argument("--timeout", type=float, default=10)
    parser.add_argument("--settle-ms", type=int, default=300)
    parser.add_argument("--total-timeout", type=float, default=600, help="give up on the whole run after S seconds")
    parser.add_argument("--chromium", default=os.environ.get("HEARTH_CHROMIUM"))
    args = parser.parse_args()
    pages = list(args.pages)
    if args.list:
        with open(args.list) as f:
            pages += [line.strip() for line in f if line.strip()]
    binary = args.chromium or next((c for c in ["/usr/lib/chromium/chromium", shutil.which("chromium") or ""]
                                    if c and os.path.exists(c)), None)
    if not binary:
        print("harness: no Chromium found (apt-get install chromium)", file=sys.stderr)
        return 2
    started = time.monotonic()
    browser = Browser(binary, started + args.total_timeout)
    report = {"chromium": None, "pages": []}
    try:
        report["chromium"] = browser.send("Browser.getVersion", timeout=30).get("product")
        # Intercept at the browser level: out-of-process frames (sandboxed iframes live in their
        # own renderer) start fetching before a per-frame session could be instrumented.
        browser.send("Fetch.enable", {"patterns": [{"urlPattern": "*"}]})
        for i, page in enumerate(pages):
            try:
                report["pages"].append(PageRun(browser, i, page, args).run())
            except HarnessError as e:
                report["pages"].append({"file": page, "error": str(e)})
                if time.monotonic() > browser.deadline:
                    break
    except HarnessError as e:
        print(f"harness: {e}", file=sys.stderr)
        return 2
    finally:
        browser.close()
    report["seconds"] = round(time.monotonic() - started, 2)
    data = json.dumps(report, indent=1)
    if args.out:
        with open(args.out, "w") as f:
            f.write(data)
    else:
        print(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
