import Foundation
import HearthCore
import HearthProcess
import HearthStore
import HearthTestSupport
import Testing
@testable import HearthWeb

/// The composer's real bold/italic/link (issue 14), in headless Chromium against an in-process
/// server whose account is yara@example.test on the rig (this suite's own mailbox: it writes to
/// itself): a word selected and Ctrl+B'd arrives over IMAP as multipart/alternative with the
/// word in <b> and a plain part; pasted hostile HTML never leaves (nor does it when a script
/// posts it directly, bypassing the editor); a formatted draft comes back formatted.
@Suite("Web app in Chromium: composer formatting", .mailRig, .serialized, .timeLimit(.minutes(3)),
       .enabled(if: BrowserDriver.isAvailable, Comment(rawValue: BrowserHarness.skipReason)))
struct ComposerFormattingBrowserTests {
    static let artifacts = Corpora.repositoryRoot.appendingPathComponent("artifacts/web-compose")
    static let user = "yara@example.test"

    /// A web app whose second account is the rig user (password in a memory secret store).
    struct Rigged {
        let web: WebFixture
        let account: AccountID
        var base: String { "http://127.0.0.1:\(web.server.port)" }
        var login: [String: Any] { ["op": "open", "url": "\(base)/login?s=\(web.policy.loginSecret)"] }

        init() async throws {
            let rig = try MailRig.require()
            let secrets = MemorySecretStore()
            try secrets.save(Data("yara-pass".utf8), for: SecretKey(accountEmail: ComposerFormattingBrowserTests.user, kind: .password))
            var services = WebServices(secrets: secrets)
            services.modelDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("no-models-\(UUID().uuidString)")
            web = try await WebFixture(services: services)
            let endpoint = { (port: Int) in ServerEndpoint(host: "localhost", port: port, security: .implicitTLS, extraCAFile: rig.caFile) }
            let created = try web.store.create(Account(email: ComposerFormattingBrowserTests.user, displayName: "Yara", provider: .imap, authType: .password,
                                                       imap: endpoint(rig.imapsPort), smtp: endpoint(rig.submissionsPort), syncWindowDays: nil))
            account = try #require(created.id)
        }

        /// The composer filled in for a message to ourselves.
        func newMessage(subject: String) -> [[String: Any]] {
            [["op": "open", "url": "\(base)/compose"],
             ["op": "wait", "selector": "#compose-editor"],
             ["op": "eval", "name": "from", "expr": "(() => { document.querySelector('#compose-from').value = '\(account.rawValue)'; return true; })()"],
             ["op": "type", "selector": "#compose-to", "text": ComposerFormattingBrowserTests.user],
             ["op": "type", "selector": "#compose-subject", "text": subject]]
        }
    }

    /// The message with `subject` in the rig user's INBOX, read over IMAP (Python's imaplib and
    /// email package): its content type, its text/plain and text/html parts, and the raw source.
    static func received(subject: String, timeout: Double = 30) throws -> [String: String] {
        let rig = try MailRig.require()
        let script = """
            import imaplib, ssl, sys, time, json, email
            from email import policy
            ctx = ssl.create_default_context(cafile=sys.argv[1])
            m = imaplib.IMAP4_SSL("localhost", int(sys.argv[2]), ssl_context=ctx)
            m.login(sys.argv[3], sys.argv[4])
            end = time.time() + float(sys.argv[6])
            ids = []
            while time.time() < end:
                m.select("INBOX")
                ids = m.search(None, "HEADER", "Subject", '"%s"' % sys.argv[5])[1][0].split()
                if ids: break
                time.sleep(0.3)
            if not ids: print(json.dumps({})); sys.exit(0)
            raw = m.fetch(ids[-1], "(RFC822)")[1][0][1]
            msg = email.message_from_bytes(raw, policy=policy.default)
            out = {"contentType": msg.get_content_type(), "raw": raw.decode("utf-8", "replace"), "count": str(len(ids))}
            for part in msg.walk():
                if part.get_content_type() in ("text/plain", "text/html") and not part.is_attachment():
                    out[part.get_content_type()] = part.get_content()
            print(json.dumps(out))
            """
        let outcome = try Subprocess.run("/usr/bin/python3", ["-c", script, rig.caFile, String(rig.imapsPort), user, "yara-pass", subject, String(timeout)],
                                         timeout: timeout + 30)
        guard outcome.status == 0, let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: String] else {
            throw RawHTTP.Failure.malformed("IMAP read failed: \(outcome.stderr)")
        }
        return object
    }

    /// Selects `word` in the editor (the first text node holding it), as a user's double-click would.
    static func select(_ word: String) -> String {
        """
        (() => { const ed = document.getElementById('compose-editor');
          const walker = document.createTreeWalker(ed, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const at = n.nodeValue.indexOf('\(word)');
            if (at < 0) continue;
            const r = document.createRange(); r.setStart(n, at); r.setEnd(n, at + \(word.count));
            const s = getSelection(); s.removeAllRanges(); s.addRange(r); return true;
          }
          return false; })()
        """
    }

    @Test("select a word, Ctrl+B, send: the recipient gets an HTML part with <b>word</b> and a plain part")
    func boldArrives() async throws {
        let rigged = try await Rigged()
        defer { Task { await rigged.web.stop() } }
        let subject = "Bold \(UUID().uuidString.prefix(8))"
        let steps: [[String: Any]] = [rigged.login, ["op": "viewport", "width": 1400, "height": 900, "scheme": "light"]]
            + rigged.newMessage(subject: subject) + [
            ["op": "type", "selector": "#compose-editor", "text": "Please read the report today."],
            ["op": "expect", "name": "bold off before", "expr": "document.querySelector('[data-format=bold]').getAttribute('aria-pressed') === 'false'"],
            ["op": "expect", "name": "select 'report'", "expr": Self.select("report")],
            ["op": "key", "key": "b", "ctrl": true],
            ["op": "expect", "name": "the word is bold in the editor, and the button says so",
             "expr": "document.querySelector('#compose-editor b, #compose-editor strong')?.textContent === 'report' && document.querySelector('[data-format=bold]').getAttribute('aria-pressed') === 'true'"],
            ["op": "expect", "name": "the rest is not bold", "expr": "document.getElementById('compose-editor').textContent === 'Please read the report today.'"],
            ["op": "screenshot", "name": "bold-before-send", "scale": 0.6],
            ["op": "click", "selector": "#send-button"],
            ["op": "waitText", "selector": "body", "text": "Sending", "timeout": 15],
        ]
        try BrowserDriver.run(steps, label: "bold", artifacts: Self.artifacts)
        let message = try Self.received(subject: subject)
        #expect(message["contentType"] == "multipart/alternative", "\(message["raw"] ?? "nothing arrived")")
        let html = message["text/html"] ?? "", plain = message["text/plain"] ?? ""
        #expect(html.contains("<b>report</b>") || html.contains("<strong>report</strong>"), "html: \(html)")
        #expect(html.contains("Please read the ") && html.contains(" today."), "html: \(html)")
        #expect(plain.trimmingCharacters(in: .whitespacesAndNewlines) == "Please read the report today.", "plain: \(plain)")
    }

    static let hostileHTML = """
        <p onclick="alert(1)">Safe <b>words</b> and <a href="https://ok.example/">a fine link</a></p>\
        <script>alert('x')</script><style>p{color:red}</style><img src="https://tracker.example/pixel.gif" alt="">\
        <a href="javascript:alert(2)">evil link</a><img src=x onerror="alert(3)"><iframe src="https://frame.example/"></iframe>
        """
    static let forbidden = ["alert", "onclick", "onerror", "javascript:", "tracker.example", "frame.example", "<script", "<img", "<iframe", "<style", "style="]

    @Test("pasted hostile HTML (script, onclick, javascript: link, remote image) is not sent; nor when posted past the editor")
    func hostilePasteNeverSent() async throws {
        let rigged = try await Rigged()
        defer { Task { await rigged.web.stop() } }
        // The server never trusts the browser: the HTML posted as the editor's content, past any script.
        let direct = "Direct \(UUID().uuidString.prefix(8))"
        let cookie = try await rigged.web.login()
        let fields = ["account": String(rigged.account.rawValue), "to": Self.user, "subject": direct, "format": "rich",
                      "bodyHTML": Self.hostileHTML, "body": Self.hostileHTML]
        let body = fields.map { "\($0.key)=\(FormDecoding.encode($0.value))" }.joined(separator: "&")
        let sent = try await rigged.web.http.request("POST", "/compose/send", headers: [
            "Cookie": cookie, "X-CSRF-Token": rigged.web.policy.csrfToken, "Accept": "application/json",
            "Content-Type": "application/x-www-form-urlencoded"], body: body)
        #expect(sent.status == 200, "\(sent.body)")
        try Self.expectHarmless(try Self.received(subject: direct), "posted")

        let subject = "Paste \(UUID().uuidString.prefix(8))"
        let literal = "'" + Self.hostileHTML.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        let paste = """
            (() => { const ed = document.getElementById('compose-editor'); ed.focus();
              const dt = new DataTransfer(); dt.setData('text/html', \(literal)); dt.setData('text/plain', 'Safe words');
              const ev = new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true });
              ed.dispatchEvent(ev); return ev.defaultPrevented; })()
            """
        let clean = "(() => { const ed = document.getElementById('compose-editor'); return !ed.querySelector('script, style, img, iframe, [onclick], [onerror], [style], a[href^=\"javascript\"]') && ed.textContent.includes('Safe words') && ed.querySelector('a[href=\"https://ok.example/\"]') !== null; })()"
        let steps: [[String: Any]] = [rigged.login, ["op": "viewport", "width": 1400, "height": 900, "scheme": "light"]]
            + rigged.newMessage(subject: subject) + [
            ["op": "expect", "name": "paste handled by the editor", "expr": paste],
            ["op": "expect", "name": "only allowed markup in the editor", "expr": clean],
            ["op": "click", "selector": "#send-button"],
            ["op": "waitText", "selector": "body", "text": "Sending", "timeout": 15],
        ]
        try BrowserDriver.run(steps, label: "paste", artifacts: Self.artifacts)
        let pasted = try Self.received(subject: subject)
        try Self.expectHarmless(pasted, "pasted")
    }

    static func expectHarmless(_ message: [String: String], _ label: String) throws {
        let raw = try #require(message["raw"], "\(label): nothing arrived")
        #expect(message["contentType"] == "multipart/alternative", "\(label): \(raw)")
        let html = message["text/html"] ?? "", plain = message["text/plain"] ?? ""
        for needle in forbidden {
            #expect(!html.lowercased().contains(needle.lowercased()), "\(label): \(needle) in the HTML part: \(html)")
            #expect(!raw.lowercased().contains(needle.lowercased()), "\(label): \(needle) in the message")
        }
        #expect(html.contains("<b>words</b>") && html.contains("<a href=\"https://ok.example/\">a fine link</a>"), "\(label): \(html)")
        #expect(plain.contains("Safe words and a fine link <https://ok.example/>") && plain.contains("evil link"), "\(label): \(plain)")
    }

    @Test("a formatted draft survives autosave and reopening (in the pop-out window)")
    func draftKeepsFormatting() async throws {
        let rigged = try await Rigged()
        defer { Task { await rigged.web.stop() } }
        let subject = "Draft \(UUID().uuidString.prefix(8))"
        let draftURL = "document.querySelector('#composer [name=draft]').value"
        var steps: [[String: Any]] = [rigged.login, ["op": "viewport", "width": 1400, "height": 900, "scheme": "light"]]
            + rigged.newMessage(subject: subject) + [
            ["op": "type", "selector": "#compose-editor", "text": "Keep this word and that one."],
            ["op": "expect", "name": "select 'word'", "expr": Self.select("word")],
            ["op": "key", "key": "b", "ctrl": true],
            ["op": "expect", "name": "select 'that'", "expr": Self.select("that")],
            ["op": "key", "key": "i", "ctrl": true],
            ["op": "expect", "name": "bold and italic", "expr": "document.querySelector('#compose-editor b')?.textContent === 'word' && document.querySelector('#compose-editor i')?.textContent === 'that'"],
            // Ctrl+K: the link box opens on the selection; a bare host name becomes https://.
            ["op": "expect", "name": "select 'one'", "expr": Self.select("one")],
            ["op": "key", "key": "k", "ctrl": true],
            ["op": "expect", "name": "link box open with the focus in it", "expr": "!document.getElementById('link-box').hidden && document.activeElement === document.getElementById('link-url')"],
            ["op": "type", "selector": "#link-url", "text": "example.org/plan"],
            ["op": "key", "key": "Enter"],
            ["op": "expect", "name": "the word is a link, the box closed", "expr": "document.querySelector('#compose-editor a[href=\"https://example.org/plan\"]')?.textContent === 'one' && document.getElementById('link-box').hidden"],
            ["op": "expect", "name": "select 'Keep'", "expr": Self.select("Keep")],
            ["op": "click", "selector": "[data-format=link]"],
            ["op": "type", "selector": "#link-url", "text": "javascript:alert(1)"],
            ["op": "click", "selector": "#link-apply"],
            ["op": "expect", "name": "a javascript: address is refused and said why", "expr": "document.getElementById('link-note').textContent.includes('web address') && !document.querySelector('#compose-editor a[href^=\"javascript\"]') && !document.getElementById('link-box').hidden"],
            ["op": "click", "selector": "#link-cancel"],
            ["op": "expect", "name": "cancel closes the box", "expr": "document.getElementById('link-box').hidden && document.querySelectorAll('#compose-editor a').length === 1"],
            // Keyboard: Tab goes from the subject through Bold, Italic, Link and the two lists to the text.
            ["op": "expect", "name": "focus on the subject", "expr": "(document.getElementById('compose-subject').focus(), document.activeElement.id === 'compose-subject')"],
            ["op": "key", "key": "Tab"],
            ["op": "expect", "name": "Tab reaches Bold", "expr": "document.activeElement.dataset.format === 'bold' && document.activeElement.getAttribute('aria-pressed') !== null"],
            ["op": "key", "key": "Tab"],
            ["op": "key", "key": "Tab"],
            ["op": "expect", "name": "then Italic and Link", "expr": "document.activeElement.dataset.format === 'link'"],
            ["op": "key", "key": "Tab"],
            ["op": "key", "key": "Tab"],
            ["op": "expect", "name": "then Bulleted and Numbered list", "expr": "document.activeElement.dataset.format === 'numbers'"],
            ["op": "key", "key": "Tab"],
            ["op": "expect", "name": "then the message", "expr": "document.activeElement.id === 'compose-editor'"],
            // The autosave (every 30 s) and Save draft are one function; the button runs it now.
            ["op": "click", "selector": "#save-draft"],
            ["op": "waitText", "selector": "#autosave-status", "text": "Draft saved"],
            ["op": "eval", "name": "draft", "expr": draftURL],
        ]
        let first = try BrowserDriver.run(steps, label: "draft save", artifacts: Self.artifacts)
        let id = try #require((first.values["draft"] as? String).flatMap(Int64.init), "a draft id")
        let entry = try #require(try rigged.web.store.outboxEntry(EmailID(id)))
        #expect(entry.message.bodyFormat == .rich && entry.message.body == "Keep this word and that one <https://example.org/plan>.")
        #expect(entry.message.richBody?.blocks == [.line([.init("Keep this "), .init("word", bold: true), .init(" and "), .init("that", italic: true), .init(" "),
                                                          .init("one", link: RichText.Link("https://example.org/plan")), .init(".")])])

        steps = [rigged.login, ["op": "viewport", "width": 720, "height": 760, "scheme": "light"],
            ["op": "open", "url": "\(rigged.base)/compose?draft=\(id)&popout=1"],
            ["op": "wait", "selector": "#compose-editor"],
            ["op": "expect", "name": "reopened formatted", "expr": "document.querySelector('#compose-editor b')?.textContent === 'word' && document.querySelector('#compose-editor i')?.textContent === 'that' && document.querySelector('#compose-editor a')?.getAttribute('href') === 'https://example.org/plan' && document.getElementById('compose-editor').textContent === 'Keep this word and that one.'"],
            ["op": "expect", "name": "caret in the bold word", "expr": Self.select("word")],
            ["op": "expect", "name": "Bold shows pressed there", "expr": "document.querySelector('[data-format=bold]').getAttribute('aria-pressed') === 'true' && document.querySelector('[data-format=italic]').getAttribute('aria-pressed') === 'false'"],
            ["op": "click", "selector": "#save-draft"],
            ["op": "waitText", "selector": "#autosave-status", "text": "Draft saved"],
            ["op": "screenshot", "name": "draft-reopened-popout"],
            ["op": "audit", "name": "pop-out composer"],
        ]
        try BrowserDriver.run(steps, label: "draft reopen", artifacts: Self.artifacts)
        let again = try #require(try rigged.web.store.outboxEntry(EmailID(id)))
        #expect(again.message.bodyFormat == .rich && again.message.richBody == entry.message.richBody, "still formatted after the second save")
    }
}

/// Lists (Bulleted / Numbered: buttons and Ctrl+Shift+8 / +7) and the pop-out window, used as a
/// user would: typed, clicked, sent, and read back at the rig.
extension ComposerFormattingBrowserTests {
    @Test("a bulleted list by its button and a numbered list by Ctrl+Shift+7 arrive as <ul>/<ol> and as '- ' / '1. ' lines")
    func listsArrive() async throws {
        let rigged = try await Rigged()
        defer { Task { await rigged.web.stop() } }
        let subject = "Lists \(UUID().uuidString.prefix(8))"
        let steps: [[String: Any]] = [rigged.login, ["op": "viewport", "width": 1400, "height": 900, "scheme": "light"]]
            + rigged.newMessage(subject: subject) + [
            ["op": "type", "selector": "#compose-editor", "text": "Shopping:"],
            ["op": "key", "key": "Enter"],
            ["op": "mouse", "selector": "[data-format=bullets]"],
            ["op": "expect", "name": "Bulleted list pressed", "expr": "document.querySelector('[data-format=bullets]').getAttribute('aria-pressed') === 'true'"],
            ["op": "insert", "text": "milk"],
            ["op": "key", "key": "Enter"],
            ["op": "insert", "text": "eggs"],
            ["op": "key", "key": "Enter"],
            ["op": "key", "key": "Enter"],
            ["op": "expect", "name": "a second Enter leaves the list", "expr": "document.querySelector('[data-format=bullets]').getAttribute('aria-pressed') === 'false'"],
            ["op": "insert", "text": "Steps:"],
            ["op": "key", "key": "Enter"],
            ["op": "key", "key": "7", "ctrl": true, "shift": true, "code": "Digit7"],
            ["op": "expect", "name": "Ctrl+Shift+7 starts a numbered list", "expr": "document.querySelector('[data-format=numbers]').getAttribute('aria-pressed') === 'true' && !!document.querySelector('#compose-editor ol')"],
            ["op": "insert", "text": "first"],
            ["op": "key", "key": "Enter"],
            ["op": "insert", "text": "second"],
            ["op": "eval", "name": "editor", "expr": "document.getElementById('compose-editor').innerHTML"],
            ["op": "expect", "name": "two lists in the editor", "expr": "[...document.querySelectorAll('#compose-editor ul li')].map(l => l.textContent).join('|') === 'milk|eggs' && [...document.querySelectorAll('#compose-editor ol li')].map(l => l.textContent).join('|') === 'first|second'"],
            ["op": "key", "key": "8", "ctrl": true, "shift": true, "code": "Digit8"],
            ["op": "expect", "name": "Ctrl+Shift+8 turns the item into a bullet", "expr": "document.querySelector('[data-format=bullets]').getAttribute('aria-pressed') === 'true'"],
            ["op": "key", "key": "7", "ctrl": true, "shift": true, "code": "Digit7"],
            ["op": "expect", "name": "and back, one list, no styled spans", "expr": "[...document.querySelectorAll('#compose-editor ol li')].map(l => l.textContent).join('|') === 'first|second' && document.querySelectorAll('#compose-editor ol').length === 1 && !document.querySelector('#compose-editor span, #compose-editor [style]')"],
            ["op": "screenshot", "name": "lists-before-send", "scale": 0.6],
            ["op": "mouse", "selector": "#send-button"],
            ["op": "waitText", "selector": "body", "text": "Sending", "timeout": 15],
        ]
        let run = try BrowserDriver.run(steps, label: "lists", artifacts: Self.artifacts)
        let message = try Self.received(subject: subject)
        #expect(message["contentType"] == "multipart/alternative", "\(message["raw"] ?? "nothing arrived"); editor: \(run.values["editor"] ?? "")")
        let html = message["text/html"] ?? "", plain = (message["text/plain"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        #expect(html.contains("<ul><li>milk</li><li>eggs</li></ul>") && html.contains("<ol><li>first</li><li>second</li></ol>"), "\(html)")
        #expect(plain.contains("Shopping:\n- milk\n- eggs\n") && plain.contains("Steps:\n1. first\n2. second"), "\(plain)")
    }

    @Test("the composer beside a thread, Pop out clicked: the new window has the text, more is typed there, Send closes it and the message arrives")
    func popOutSends() async throws {
        let rigged = try await Rigged()
        defer { Task { await rigged.web.stop() } }
        let thread = try #require(try rigged.web.thread(subject: "Re: Quarterly budget") ?? rigged.web.thread(subject: "Quarterly budget"))
        let subject = "Pop-out \(UUID().uuidString.prefix(8))"
        let user = Self.user
        let beside = """
            (() => { const c = document.querySelector('.composer-pane').getBoundingClientRect();
              const t = document.querySelector('.conversation-pane, .conversation');
              return document.body.classList.contains('compose-beside') && !!t && t.getBoundingClientRect().width > 300 && c.width > 300 && c.right <= innerWidth; })()
            """
        let besideToolbar = """
            (() => { const shown = [...document.querySelectorAll('.conversation-actions > a, .conversation-actions > form')].filter(e => e.getClientRects().length > 0);
              const send = document.querySelector('#send-button').getBoundingClientRect();
              return !shown.some(e => /^(Reply|Reply all|Forward)$/.test(e.textContent.trim())) && shown.length > 0
                && new Set(shown.map(e => Math.round(e.getBoundingClientRect().top))).size === 1 && send.bottom <= innerHeight && send.top >= 0; })()
            """
        let fill = "(() => { document.querySelector('#compose-from').value = '\(rigged.account.rawValue)'; document.querySelector('#compose-to').value = '\(user)'; "
            + "document.querySelector('#compose-subject').value = '\(subject)'; return true; })()"
        let popped = "document.body.classList.contains('popout') && !!window.opener && !document.getElementById('pop-out') "
            + "&& document.getElementById('compose-editor').textContent.includes('Typed in the panel.') "
            + "&& document.getElementById('compose-to').value === '\(user)' && document.getElementById('compose-subject').value === '\(subject)'"
        let steps: [[String: Any]] = [rigged.login, ["op": "viewport", "width": 1400, "height": 900, "scheme": "light"],
            ["op": "open", "url": "\(rigged.base)/mail?box=inbox&t=\(thread.id!.rawValue)"],
            ["op": "wait", "selector": "a[href*='mode=reply']"],
            ["op": "mouse", "selector": "a[href*='mode=reply']"],
            ["op": "wait", "selector": "#compose-editor"],
            ["op": "expect", "name": "the composer beside the thread, both on screen", "expr": beside],
            ["op": "expect", "name": "beside a composer the conversation's toolbar has no Reply/Forward and keeps one line; Send is in view", "expr": besideToolbar],
            ["op": "expect", "name": "from, to, subject", "expr": fill],
            ["op": "type", "selector": "#compose-editor", "text": "Typed in the panel. "],
            ["op": "mouse", "selector": "#pop-out"],
            ["op": "window"],
            ["op": "wait", "selector": "#compose-editor"],
            ["op": "expect", "name": "a window of its own, the composer alone, with what was typed", "expr": popped],
            ["op": "expect", "name": "the window's size", "expr": "innerWidth <= 800"],
            ["op": "screenshot", "name": "popout-window"],
            ["op": "audit", "name": "pop-out window"],
            ["op": "type", "selector": "#compose-editor", "text": "And more in the pop-out. "],
            ["op": "mouse", "selector": "#send-button"],
            ["op": "window", "index": 0],
            ["op": "waitText", "selector": "body", "text": "Sending in", "timeout": 10],
            ["op": "expect", "name": "the main window shows the conversation again, the panel closed",
             "expr": "!document.getElementById('composer') && location.search.includes('t=\(thread.id!.rawValue)')"],
            ["op": "windows", "name": "windows"],
            ["op": "screenshot", "name": "popout-sent-main-window"],
        ]
        let run = try BrowserDriver.run(steps, label: "pop-out", artifacts: Self.artifacts)
        #expect(run.values["windows"] as? Int == 1, "the pop-out window closed after Send: \(run.values["windows"] ?? "?")")
        let message = try Self.received(subject: subject)
        let plain = message["text/plain"] ?? message["raw"] ?? ""
        #expect(plain.contains("Typed in the panel.") && plain.contains("And more in the pop-out."), "\(message["raw"] ?? "nothing arrived")")
        #expect(message["count"] == "1", "sent once")
    }
}

/// Screenshots of the formatted composer beside its conversation at 1400, 1024 and 390 px,
/// light and dark, each audited. `HEARTH_WRITE_SCREENSHOTS=1` writes them to docs/screenshots
/// (linked from docs/web.md; the wide ones at 60 %); otherwise to artifacts/web-compose.
/// In the same serialized suite: one browser at a time.
extension ComposerFormattingBrowserTests {
    @Test("the formatted composer at 1400, 1024 and 390 px, light and dark")
    func screenshots() async throws {
        let write = ProcessInfo.processInfo.environment["HEARTH_WRITE_SCREENSHOTS"] == "1"
        let folder = write ? Corpora.repositoryRoot.appendingPathComponent("docs/screenshots") : Self.artifacts
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let thread = try #require(try web.thread(subject: "Re: Quarterly budget") ?? web.thread(subject: "Quarterly budget"))
        let base = "http://127.0.0.1:\(web.server.port)"
        let html = "<div>Hi Bob,</div><div><br></div><div>Thanks — <b>ship it on Friday</b>. The <i>final</i> numbers are in <a href=\"https://example.org/budget\">the budget sheet</a>:</div><ul><li>travel within the plan</li><li>hardware <b>10 % under</b></li></ul><div>Anna</div>"
        let paste = """
            (() => { const ed = document.getElementById('compose-editor'); ed.focus();
              const r = document.createRange(); r.setStart(ed, 0); r.collapse(true); const s = getSelection(); s.removeAllRanges(); s.addRange(r);
              const dt = new DataTransfer(); dt.setData('text/html', '\(html)');
              ed.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
              const b = document.evaluate("//div[@id='compose-editor']//b[contains(., 'Friday')]", document, null, 9, null).singleNodeValue;
              const range = document.createRange(); range.selectNodeContents(b); s.removeAllRanges(); s.addRange(range);
              return ed.querySelectorAll('b').length === 2 && ed.querySelector('ul li') !== null; })()
            """
        var steps: [[String: Any]] = [["op": "open", "url": "\(base)/login?s=\(web.policy.loginSecret)"]]
        for theme in ["light", "dark"] {
            for width in [1400, 1024, 390] {
                steps += [
                    ["op": "viewport", "width": width, "height": width == 390 ? 844 : 900, "mobile": width == 390, "scheme": theme],
                    ["op": "open", "url": "\(base)/compose?thread=\(thread.id!.rawValue)&mode=reply"],
                    ["op": "wait", "selector": "#compose-editor"],
                    ["op": "expect", "name": "formatted text in the editor \(theme) \(width)", "expr": paste],
                    ["op": "sleep", "ms": 150],
                    ["op": "expect", "name": "Bold pressed \(theme) \(width)", "expr": "document.querySelector('[data-format=bold]').getAttribute('aria-pressed') === 'true'"],
                    ["op": "expect", "name": "toolbar and Send on screen, no sideways scroll \(theme) \(width)", "expr": """
                        (() => { const t = document.getElementById('format-bar').getBoundingClientRect(), s = document.getElementById('send-button').getBoundingClientRect();
                          return t.width > 0 && t.right <= innerWidth && s.bottom <= innerHeight && s.top >= 0 && document.documentElement.scrollWidth <= innerWidth + 1; })()
                        """],
                    ["op": "screenshot", "name": "\(theme)-\(width)-composer-formatted", "scale": width == 390 ? 1 : 0.6],
                    ["op": "audit", "name": "composer-formatted-\(theme)-\(width)"],
                ]
            }
        }
        try BrowserDriver.run(steps, label: "composer screenshots", artifacts: folder, timeout: 120)
    }
}
