import Foundation
import HearthApp
import HearthCore
import HearthStore
import Synchronization
import Testing

/// Export as a background job (Settings' progress bar): progress counts every message up to the
/// total, a second start while it runs starts nothing, a refused folder starts nothing.
@Suite("Export as a background job")
struct ExportJobTests {
    /// A local account with `count` messages in INBOX, each with its source.
    static func mailbox(_ count: Int) throws -> (AppContext, URL) {
        let (store, dir) = try freshStore()
        let context = AppContext(dataDirectory: dir, store: store, secrets: { MemorySecrets() })
        let account = try store.create(Account(email: "job@example.test", displayName: "Job", provider: .local, authType: .local))
        let inbox = try store.upsert(Folder(accountID: account.id!, name: "INBOX", imapPath: "INBOX", folderType: .inbox))
        let messages = (0..<count).map { n in
            let raw = Data("From: a@example.test\r\nTo: job@example.test\r\nSubject: Message \(n)\r\nMessage-ID: <job\(n)@example.test>\r\n\r\nBody \(n)\r\n".utf8)
            let email = Email(accountID: account.id!, messageID: "<job\(n)@example.test>", from: EmailAddress(address: "a@example.test"),
                              subject: "Message \(n)", bodyPlain: "Body \(n)", snippet: "Body", dateReceived: Date(), dateSent: Date(), sizeBytes: raw.count)
            var message = NewMessage(email: email, attachments: [], folderID: inbox.id!, threadingKey: MessageMapping.threadingKey(for: email))
            message.rawSource = raw
            return message
        }
        _ = try store.insert(messages)
        return (context, dir)
    }

    final class Seen: Sendable {
        let states = Mutex<[ExportJob.State]>([])
        let gate = DispatchSemaphore(value: 0)
    }

    @Test("progress goes from 0 to the total; a second start while it runs starts nothing; the outcome is kept")
    func progressAndSecondClick() async throws {
        let (context, dir) = try Self.mailbox(40)
        defer { try? FileManager.default.removeItem(at: dir) }
        let job = ExportJob()
        let seen = Seen()
        let out = dir.appendingPathComponent("export-1")
        let first = try job.start(ExportData.Request(format: .mbox, directory: out), in: context, interval: .zero) { state in
            seen.states.withLock { $0.append(state) }
            // Hold the job at its first real progress report until the second click was made.
            if case .running(_, let p) = state, p.total > 0, p.done == 0 { seen.gate.wait() }
        }
        #expect(first == .started(directory: out))
        let second = try job.start(ExportData.Request(format: .mbox, directory: dir.appendingPathComponent("export-2")), in: context)
        #expect(second == .alreadyRunning(directory: out), "a second click joins the running export")
        seen.gate.signal()
        await job.wait()
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("export-2").path), "no second export was written")
        let progress = seen.states.withLock { $0 }.compactMap { state -> MailExportProgress? in
            if case .running(_, let p) = state { return p } else { return nil }
        }
        #expect(progress.contains { $0.done == 0 && $0.total == 40 } && progress.last == MailExportProgress(done: 40, total: 40), "\(progress)")
        #expect(progress.map(\.done) == progress.map(\.done).sorted(), "never goes back")
        guard case .finished(let outcome) = job.current else { Issue.record("not finished: \(job.current)"); return }
        #expect(outcome.report.messages == 40 && outcome.directory == out)
        let archive = try #require(outcome.archive, "a ZIP to download")
        let bytes = try Data(contentsOf: archive)
        #expect(archive.path == out.path + ".zip" && bytes.prefix(2) == Data("PK".utf8))
    }

    @Test("a folder that is not empty is refused at once and nothing starts")
    func refusedFolder() throws {
        let (context, dir) = try Self.mailbox(2)
        defer { try? FileManager.default.removeItem(at: dir) }
        let busy = dir.appendingPathComponent("busy")
        try FileManager.default.createDirectory(at: busy, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: busy.appendingPathComponent("file"))
        let job = ExportJob()
        #expect(throws: AppError.self) { try job.start(ExportData.Request(format: .maildir, directory: busy), in: context) }
        #expect(job.current == .idle)
    }
}
