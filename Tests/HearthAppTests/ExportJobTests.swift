import Foundation
import HearthApp
import HearthCore
import HearthProcess
import HearthStore
import Synchronization
import Testing

/// Export as a background job (Settings' progress bar): progress counts every message up to the
/// total, a second start while it runs starts nothing, a refused folder starts nothing.
@Suite("Export as a background job", .serialized)
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
        let zip = ExportArea(dataDirectory: dir).archive()
        let first = try job.start(ExportData.Request(format: .mbox, directory: out, archive: zip), in: context, interval: .zero) { state in
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
        #expect(archive == zip && bytes.prefix(2) == Data("PK".utf8), "the ZIP in the export area, not next to the folder")
        #expect(archive.deletingLastPathComponent().path == dir.appendingPathComponent("exports").path)
        let names = try Self.entries(archive)
        let root = archive.deletingPathExtension().lastPathComponent
        #expect(names.contains("\(root)/job@example.test/INBOX.mbox") && names.contains("\(root)/settings.json"), "\(names)")
        #expect(!FileManager.default.fileExists(atPath: archive.path + ".partial"))
    }

    /// The ZIP's entry names, read by Python's zipfile (an independent reader).
    static func entries(_ archive: URL) throws -> [String] {
        let script = "import sys, zipfile\nprint('\\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))"
        let run = try Subprocess.run("/usr/bin/python3", ["-c", script, archive.path], timeout: 30)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    enum Phase: String, CaseIterable, Sendable { case writing, packing }

    @Test("Cancel while writing the messages or while making the ZIP: nothing is left behind, the page can say so",
          arguments: Phase.allCases)
    func cancelLeavesNothing(_ phase: Phase) async throws {
        let (context, dir) = try Self.mailbox(60)
        defer { try? FileManager.default.removeItem(at: dir) }
        let area = ExportArea(dataDirectory: dir)
        // An earlier export's folder the user may still want stays; only this export's files go.
        let kept = area.folder(at: Date(timeIntervalSince1970: 0))
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        // A named folder that existed (empty) before stays, empty; a ZIP-only export's staging goes.
        let named = dir.appendingPathComponent("named")
        try FileManager.default.createDirectory(at: named, withIntermediateDirectories: true)
        for folder in [named, nil] as [URL?] {
            let job = ExportJob()
            let seen = Seen()
            let zip = area.archive(at: Date().addingTimeInterval(folder == nil ? 1 : 2))
            try job.start(ExportData.Request(format: .mbox, directory: folder, archive: zip), in: context, interval: .zero) { state in
                switch (phase, state) {
                case (.writing, .running(_, let p)) where p.done == 10: seen.gate.wait()
                case (.packing, .packing): seen.gate.wait()
                default: break
                }
            }
            // Held at its gate: cancel, then let it go on.
            try await Task.sleep(for: .milliseconds(200))
            #expect(job.current.isRunning)
            #expect(job.cancel())
            seen.gate.signal()
            await job.wait()
            guard case .cancelled = job.current else { Issue.record("\(phase): not cancelled: \(job.current)"); continue }
            #expect(!FileManager.default.fileExists(atPath: zip.path) && !FileManager.default.fileExists(atPath: zip.path + ".partial"))
            if let folder {
                #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "the named folder is as it was: empty")
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: area.directory.path)
            #expect(left == [kept.lastPathComponent], "\(phase): only the older export folder is left: \(left)")
        }
    }

    @Test("A ZIP-only export keeps the ZIP alone; the next export removes the earlier ZIP")
    func zipOnlyAndCleanUp() async throws {
        let (context, dir) = try Self.mailbox(5)
        defer { try? FileManager.default.removeItem(at: dir) }
        let area = ExportArea(dataDirectory: dir)
        let job = ExportJob()
        let first = area.archive(at: Date(timeIntervalSince1970: 1_000_000))
        try job.start(ExportData.Request(format: .maildir, archive: first), in: context)
        await job.wait()
        guard case .finished(let outcome) = job.current else { Issue.record("\(job.current)"); return }
        #expect(outcome.directory == nil && outcome.archive == first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: area.directory.path) == [first.lastPathComponent])
        // Another export in the same second gets a name of its own.
        #expect(area.archive(at: Date(timeIntervalSince1970: 1_000_000)).lastPathComponent == first.deletingPathExtension().lastPathComponent + "-2.zip")
        let second = area.archive(at: Date(timeIntervalSince1970: 2_000_000))
        try job.start(ExportData.Request(format: .mbox, archive: second), in: context)
        await job.wait()
        #expect(try FileManager.default.contentsOfDirectory(atPath: area.directory.path) == [second.lastPathComponent])
        // The ZIP never goes inside the folder being exported.
        let inside = dir.appendingPathComponent("outer")
        do {
            try job.start(ExportData.Request(format: .mbox, directory: inside, archive: inside.appendingPathComponent("x.zip")), in: context)
            Issue.record("a ZIP inside the exported folder was accepted")
        } catch {
            #expect(error.message.contains("cannot go inside"), "\(error)")
        }
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
