import Foundation
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

/// "Move to…" in the web app and Undo of archive on a Gmail-style account (issue 14), against
/// the rig's IMAP server and a real headless Chromium.
///
/// The mailboxes are the web area's: frank (password, plain layout; a "Projects" folder is
/// created on the server for the move) and hank (Gmail layout). Each test delivers its own
/// uniquely seeded messages and acts only on conversations that were not there before.
@Suite("Web app move and Gmail archive undo", .mailRig, .browserPresent, .serialized, .timeLimit(.minutes(4)))
struct WebMoveUndoBrowserTests {
    static let artifacts = Corpora.repositoryRoot.appendingPathComponent("artifacts/web-move")

    struct Mailbox {
        var hearth: HearthBinary
        var env: [String: String]
        var store: MailStore
        var dir: URL
        /// Inbox conversations that arrived for this test, newest first.
        var fresh: [MailThread]
    }

    /// A fresh data directory with `user`'s account, synced, then `count` new messages delivered and synced.
    static func mailbox(_ rig: MailRig, user: String, gmail: Bool, count: Int, label: String) throws -> Mailbox {
        let dir = try Corpora.temporaryDirectory("hearth-\(label)")
        let hearth = HearthBinary(dataDirectory: dir)
        let env = ["HEARTH_SECRET_STORE": "file", "HEARTH_SECRET_KEY_FILE": dir.appendingPathComponent("secret.key").path,
                   "HEARTH_MODEL_CACHE": dir.appendingPathComponent("no-models").path]
        let common = ["--imap-host", rig.host, "--imap-port", String(rig.imapsPort), "--smtp-port", String(rig.imapsPort - 993 + 465),
                      "--ca-file", rig.caFile, "--server-name", "localhost", "--sync-window", "0"]
        let rigTool = Corpora.repositoryRoot.appendingPathComponent("testenv/rig/rig").path
        let credentials = gmail ? ["--provider", "gmail", "--token-command", "RIG_DIR=\(rig.directory) \(rigTool) token \(user)"]
                                : ["--provider", "imap", "--display-name", "Frank", "--password-command", "echo frank-pass"]
        let added = try hearth.run(["account", "add", "--data-dir", dir.path, user] + credentials + common, environment: env, useDataDir: false)
        try #require(added.status == 0, "\(added.stderr)")
        var synced = try hearth.run(["sync"], environment: env)
        try #require(synced.status == 0, "\(synced.stderr)")
        let store = try MailStore.open(directory: dir)
        // Every conversation already stored, in any folder: a new message may join an old one
        // by subject (the rig repeats subjects; other tests archive and delete frank's mail), and
        // that conversation, with messages in Archive or Trash, is not one this test may use.
        let before = Set(try store.threads(ThreadQuery(limit: 100_000)).compactMap(\.id))
        // Gmail keeps every message in All Mail too: `--conf` has the rig save the copy there.
        let allMail = gmail ? ["--conf", "\(rig.directory)/etc/dovecot.conf"] : []
        _ = try rig.run(["deliver", user, String(count), "--seed", "\(label)-\(UUID().uuidString.prefix(8))"] + allMail)
        synced = try hearth.run(["sync"], environment: env)
        try #require(synced.status == 0, "\(synced.stderr)")
        let fresh = try store.threads(ThreadQuery(folderType: .inbox, limit: 500)).filter { $0.id.map { !before.contains($0) } ?? false }
        return Mailbox(hearth: hearth, env: env, store: store, dir: dir, fresh: fresh)
    }

    /// The folders that hold the conversation's messages, in the store: a role ("inbox",
    /// "archive") or a custom folder's name.
    static func folders(_ box: Mailbox, _ thread: ThreadID) throws -> [String] {
        let account = try #require(try box.store.thread(thread)?.accountID)
        let byID = Dictionary(try box.store.folders(account: account).compactMap { f in f.id.map { ($0, f) } }, uniquingKeysWith: { a, _ in a })
        let names = try box.store.emails(inThread: thread).flatMap { try box.store.folders(of: $0.id!) }.compactMap { link in
            byID[link.folderID].map { $0.folderType == .custom ? $0.name : $0.folderType.rawValue }
        }
        return Array(Set(names)).sorted()
    }

    static func journalDrained(_ store: MailStore) async throws -> Int {
        var pending = -1
        for _ in 0..<40 {
            pending = try store.journal(account: nil).count
            if pending == 0 { break }
            try await Task.sleep(for: .milliseconds(250))
        }
        return pending
    }

    /// Steps that note the row below `row` in `window.__below` (where the focus must go).
    static func noteBelow(_ id: Int64) -> [String: Any] {
        ["op": "eval", "name": "below\(id)", "expr": """
            (() => { const r = document.querySelector('.thread-row[data-thread="\(id)"]'); const n = r && r.nextElementSibling;
                     window.__below = n ? n.dataset.thread : null; return window.__below; })()
            """]
    }
    static let focusWentBelow = "window.__below !== null && (document.querySelector('.thread-row.kb-focus') || {dataset: {}}).dataset.thread === window.__below"

    @Test("Move to a folder from the conversation (v) and from the batch toolbar: the row goes, the focus moves down, Undo brings it back; the server agrees")
    func moveAndUndo() async throws {
        let rig = try MailRig.require()
        let frank = "frank@example.test"
        _ = try? rig.run(["doveadm", "mailbox", "create", "-s", "-u", frank, "Projects"])   // once; "exists" afterwards
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        // Six messages: the rig's generated mail replies within its seed and its subjects repeat,
        // so three sometimes made a single new conversation (seen once in a loop of four runs).
        let box = try Self.mailbox(rig, user: frank, gmail: false, count: 6, label: "web-move")
        defer { try? FileManager.default.removeItem(at: box.dir) }
        try #require(box.fresh.count >= 2, "frank's inbox has the delivered messages")
        let target = try #require(box.fresh[box.fresh.count > 2 ? 1 : 0].id)
        let account = try #require(box.fresh.first?.accountID)
        let projects = try #require(try box.store.folders(account: account).first { $0.name == "Projects" }?.id, "the rig made the folder and sync found it")
        #expect(try Self.folders(box, target) == ["inbox"])

        let server = try WebAppBrowserTests.Server(dataDirectory: box.dir, environment: box.env)
        defer { server.stop() }
        let row = ".thread-row[data-thread=\"\(target.rawValue)\"]"
        let quoted = row.replacingOccurrences(of: "\"", with: "\\\"")
        let index = "[...document.querySelectorAll('#thread-list .thread-row')].findIndex(r => r.dataset.thread === '\(target.rawValue)')"
        let steps: [[String: Any]] = [
            ["op": "viewport", "width": 1400, "height": 900, "scheme": "light"],
            ["op": "open", "url": server.url],
            ["op": "wait", "selector": row],
            ["op": "eval", "name": "indexBefore", "expr": index],
            // From the open conversation with the keyboard: v opens the menu on its first folder.
            ["op": "click", "selector": "\(row) .thread-link"],
            ["op": "wait", "selector": "#conversation[data-thread=\"\(target.rawValue)\"]"],
            Self.noteBelow(target.rawValue),
            ["op": "key", "key": "v"],
            ["op": "wait", "selector": "#move-menu[open] .move-target[value=\"\(projects.rawValue)\"]"],
            ["op": "expect", "name": "menuFocused", "expr": "document.activeElement.classList.contains('move-target')"],
            ["op": "expect", "name": "noInboxInMenu", "expr": "![...document.querySelectorAll('#move-menu .move-target')].some(b => b.textContent === 'Inbox')"],
            ["op": "screenshot", "name": "move-menu"],
            ["op": "audit", "name": "conversation-move-menu"],
            ["op": "click", "selector": "#move-menu .move-target[value=\"\(projects.rawValue)\"]"],
            ["op": "waitGone", "selector": row],
            ["op": "waitText", "selector": "#toast", "text": "Moved to Projects"],
            ["op": "expect", "name": "focusBelowAfterMove", "expr": Self.focusWentBelow],
            ["op": "click", "selector": "#undo-action"],
            ["op": "wait", "selector": row],
            ["op": "waitText", "selector": "#toast", "text": "Undone"],
            ["op": "eval", "name": "conversationIndexAfter", "expr": index],
            ["op": "expect", "name": "conversationFocused", "expr": "document.querySelector('\(quoted)').classList.contains('kb-focus')"],
            // From the batch toolbar: tick the row, Move to… → Projects.
            ["op": "click", "selector": "\(row) .row-select"],
            ["op": "wait", "selector": "#batch-move-menu summary"],
            Self.noteBelow(target.rawValue),
            ["op": "click", "selector": "#batch-move-menu summary"],
            ["op": "click", "selector": "#batch-move-menu .move-target[value=\"\(projects.rawValue)\"]"],
            ["op": "waitGone", "selector": row],
            ["op": "waitText", "selector": "#toast", "text": "Moved to Projects"],
            ["op": "expect", "name": "focusBelowAfterBatch", "expr": Self.focusWentBelow],
            ["op": "click", "selector": "#undo-action"],
            ["op": "wait", "selector": row],
            ["op": "waitText", "selector": "#toast", "text": "Undone"],
            ["op": "eval", "name": "batchIndexAfter", "expr": index],
            ["op": "audit", "name": "inbox-after-move-undo"],
        ]
        let values = try WebAppBrowserTests.drive(steps, label: "move", artifacts: Self.artifacts).values
        let before = try #require(values["indexBefore"] as? Int)
        #expect(values["conversationIndexAfter"] as? Int == before, "back in its place")
        #expect(values["batchIndexAfter"] as? Int == before, "back in its place")

        #expect(try Self.folders(box, target) == ["inbox"], "back in INBOX only, in the store")
        #expect(try await Self.journalDrained(box.store) == 0, "the moves and their undos reached the server")
        let synced = try box.hearth.run(["sync"], environment: box.env)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(try Self.folders(box, target) == ["inbox"], "back in INBOX only, on the server (nothing left in Projects)")
    }

    @Test("Gmail layout: archive reaches the server (INBOX label gone, All Mail keeps it), Undo copies it back into INBOX; the server agrees")
    func gmailArchiveUndo() async throws {
        let rig = try MailRig.require()
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let box = try Self.mailbox(rig, user: "hank@gmail.test", gmail: true, count: 2, label: "web-gmail-undo")
        defer { try? FileManager.default.removeItem(at: box.dir) }
        let target = try #require(box.fresh.first?.id, "hank's inbox has the delivered messages")
        let foldersBefore = try Self.folders(box, target)
        #expect(foldersBefore == ["archive", "inbox"], "in INBOX and All Mail: \(foldersBefore)")

        let server = try WebAppBrowserTests.Server(dataDirectory: box.dir, environment: box.env)
        defer { server.stop() }
        let row = ".thread-row[data-thread=\"\(target.rawValue)\"]"
        let steps: [[String: Any]] = [
            ["op": "viewport", "width": 1400, "height": 900, "scheme": "light"],
            ["op": "open", "url": server.url],
            ["op": "wait", "selector": row],
            ["op": "click", "selector": "\(row) .thread-link"],
            ["op": "wait", "selector": "#conversation[data-thread=\"\(target.rawValue)\"]"],
            ["op": "key", "key": "e"],
            ["op": "waitGone", "selector": row],
            ["op": "wait", "selector": "#undo-action"],
            // Let the archive reach Gmail first: the case that could not be undone before.
            ["op": "sleep", "ms": 2500],
            ["op": "click", "selector": "#undo-action"],
            ["op": "waitText", "selector": "#toast", "text": "Undone", "timeout": 15],
            ["op": "wait", "selector": row],
        ]
        try WebAppBrowserTests.drive(steps, label: "gmail-undo", artifacts: Self.artifacts)
        #expect(try await Self.journalDrained(box.store) == 0, "the archive and its undo reached the server")
        #expect(try Self.folders(box, target) == foldersBefore, "INBOX and All Mail again, in the store")
        let synced = try box.hearth.run(["sync"], environment: box.env)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(try Self.folders(box, target) == foldersBefore, "INBOX and All Mail again, on the server")
        #expect(try box.store.threads(ThreadQuery(folderType: .inbox, limit: 500)).contains { $0.id == target })
    }
}
