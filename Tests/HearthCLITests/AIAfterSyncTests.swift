import Foundation
import HearthAI
import HearthCore
import HearthSearch
import HearthStore
import HearthTestSupport
import Testing

/// `hearth sync` runs the AI pipeline afterwards (spec §5.6.6), end to end: una's INBOX on the
/// rig gets the hand-written fixture mailbox, then the binary syncs it with the real models
/// (categories with confidences from the synced list headers, a vector per email, a summary of
/// the 3-message conversation naming its decision), and with no model (nothing AI is written,
/// the sync still succeeds). una@example.test is this suite's alone.
@Suite(.mailRig, .serialized, .timeLimit(.minutes(5)))
struct AIAfterSyncTests {
    let user = AIMailFixture.user

    func prepare(_ rig: MailRig, in dir: URL) throws {
        // A known mailbox: whatever earlier runs left is expunged, then the fixture is seeded.
        _ = try? rig.run(["doveadm", "expunge", "-u", user, "mailbox", "INBOX", "all"])
        let source = try AIMailFixture.writeDirectory(in: dir)
        try rig.run(["seed", String(AIMailFixture.messages.count), "--user", user, "--source", source.path])
    }

    func addAccount(_ hearth: HearthBinary, rig: MailRig, dir: URL, env: [String: String]) throws {
        let added = try hearth.run(["account", "add", "--data-dir", dir.path, user, "--imap-host", rig.host,
                                    "--imap-port", String(rig.imapsPort), "--ca-file", rig.caFile, "--server-name", "localhost",
                                    "--provider", "imap", "--sync-window", "0", "--password-stdin"],
                                   environment: env, useDataDir: false, stdin: "una-pass\n")
        #expect(added.status == 0, "\(added.stderr)")
    }

    /// A fresh data directory with the fixture seeded on the rig and una's account added.
    func freshAccount(_ label: String) throws -> (dir: URL, hearth: HearthBinary, env: [String: String]) {
        let rig = try MailRig.require()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try prepare(rig, in: dir)
        let hearth = HearthBinary(dataDirectory: dir)
        let env = ["HEARTH_SECRET_STORE": "file", "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path]
        try addAccount(hearth, rig: rig, dir: dir, env: env)
        return (dir, hearth, env)
    }

    @Test(.enabled(if: AIModels.present || AIModels.required, Comment(rawValue: AIModels.skipReason)))
    func syncCategorisesEmbedsAndSummarisesWithTheRealModels() throws {
        let (dir, hearth, env) = try freshAccount("hearth-ai-sync")
        defer { try? FileManager.default.removeItem(at: dir) }

        let started = Date()
        let synced = try hearth.run(["sync", "--json", "--wait-ai"], environment: env)
        let seconds = Date().timeIntervalSince(started)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stderr.contains("\"schema\":\"hearth.ai\""), "\(synced.stderr)")

        let store = try MailStore.open(directory: dir)
        let emails = try store.threads(ThreadQuery(limit: 50)).compactMap(\.id).flatMap { try store.emails(inThread: $0) }
        #expect(emails.count == AIMailFixture.messages.count)
        var byMessageID: [String: CategoryAssignment] = [:]
        for email in emails {
            let id = try #require(email.id)
            let assignment = try #require(try store.categoryAssignment(of: id), "email \(email.subject) has no category")
            #expect(assignment.confidence > 0 && assignment.confidence <= 1)
            if let messageID = email.messageID { byMessageID[messageID] = assignment }
        }
        // Strong signals from headers that only the synced signal-header table still has.
        #expect(byMessageID["list-2@hearth.test"]?.category == .forums && byMessageID["list-2@hearth.test"]?.source == .signals)
        #expect(byMessageID["build-1842@build.example.org"]?.category == .updates)
        #expect(byMessageID["deal-1@shop.example.com"]?.category == .promotions)
        #expect(byMessageID["offsite-3@hearth.test"]?.category == .primary)

        let status = try SearchEngine(store: store).indexManager.status(model: "minilm")
        #expect(status.embedded == emails.count && status.pendingEmbeddings == 0, "\(status)")

        let thread = try #require(emails.first { $0.messageID == "offsite-1@hearth.test" }?.threadID)
        let summary = try #require(try store.threadSummary(thread), "no summary for the 3-message thread (sync took \(seconds) s): \(synced.stderr)")
        #expect(summary.messageCount == 3)
        #expect(summary.text.contains(AIMailFixture.decisionWord), "\(summary.text)")
    }

    /// `hearth sync` returns once the mail is stored; the AI step runs in a background process
    /// (one per data directory) that finishes within its bound and leaves its report in the log.
    @Test(.enabled(if: AIModels.present || AIModels.required, Comment(rawValue: AIModels.skipReason)))
    func syncReturnsBeforeTheAIStepWhichFinishesInTheBackground() async throws {
        let (dir, hearth, env) = try freshAccount("hearth-ai-background")
        defer { try? FileManager.default.removeItem(at: dir) }

        let started = Date()
        let synced = try hearth.run(["sync", "--json"], environment: env)
        let syncSeconds = Date().timeIntervalSince(started)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(!synced.stderr.contains("\"schema\":\"hearth.ai\""), "no AI report from the foreground: \(synced.stderr)")
        let store = try MailStore.open(directory: dir)
        let thread = try #require(try store.threads(ThreadQuery(limit: 50)).compactMap(\.id).first { thread in
            (try? store.emails(inThread: thread).contains { $0.messageID == "offsite-1@hearth.test" }) == true
        })
        // The background run: done within the AI bound (120 s) plus start-up, never much later.
        var summary: StoredThreadSummary?
        let deadline = Date().addingTimeInterval(200)
        while Date() < deadline {
            summary = try store.threadSummary(thread)
            if summary != nil, try store.uncategorizedEmails(limit: 50).isEmpty { break }
            try await Task.sleep(for: .seconds(1))
        }
        let aiSeconds = Date().timeIntervalSince(started)
        #expect(summary?.messageCount == 3, "no summary from the background run after \(aiSeconds) s")
        #expect(try store.uncategorizedEmails(limit: 50).isEmpty)
        let log = (try? String(contentsOf: dir.appendingPathComponent("ai-after-sync.log"), encoding: .utf8)) ?? ""
        #expect(log.contains("AI: "), "the background run reports in its log: \(log)")
        print("sync returned after \(String(format: "%.1f", syncSeconds)) s; background AI done after \(String(format: "%.1f", aiSeconds)) s")
    }

    @Test func withoutAModelSyncSucceedsAndWritesNoAIRows() throws {
        let rig = try MailRig.require()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-ai-nomodel-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try prepare(rig, in: dir)
        let hearth = HearthBinary(dataDirectory: dir)
        let empty = dir.appendingPathComponent("no-models")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let env = ["HEARTH_SECRET_STORE": "file", "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path,
                   "HEARTH_MODEL_CACHE": empty.path]
        try addAccount(hearth, rig: rig, dir: dir, env: env)

        let synced = try hearth.run(["sync"], environment: env)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("\(AIMailFixture.messages.count) new"), "\(synced.stdout)")
        #expect(!synced.stderr.contains("AI:"), "\(synced.stderr)")

        let store = try MailStore.open(directory: dir)
        #expect(try store.uncategorizedEmails(limit: 50).count == AIMailFixture.messages.count)
        for thread in try store.threads(ThreadQuery(limit: 50)).compactMap(\.id) {
            #expect(try store.threadSummary(thread) == nil)
            for email in try store.emails(inThread: thread) {
                #expect(try store.categoryAssignment(of: try #require(email.id)) == nil)
            }
        }
        #expect(try SearchEngine(store: store).indexManager.status(model: "minilm").embedded == 0)
        // The signal headers are kept anyway, for when a model arrives.
        let ids = try store.threads(ThreadQuery(limit: 50)).compactMap(\.id).flatMap { try store.emails(inThread: $0) }.compactMap(\.id)
        #expect(try store.signalHeaders(of: ids).count == 3)
    }
}

/// The installed models, as the binary finds them (HEARTH_MODEL_CACHE or ~/.cache/hearth/models).
enum AIModels {
    static let manager = ModelManager()
    static var present: Bool {
        manager.installedModel(for: .embedding) != nil && manager.installedModel(for: .generation) != nil
    }
    static var required: Bool { ProcessInfo.processInfo.environment["HEARTH_REQUIRE_MODELS"] == "1" }
    static let skipReason = "skipped: AI models not installed (scripts/fetch-models.sh)"
}
