import Foundation
import HearthCore
import HearthStore
#if canImport(Glibc)
import Glibc
#endif

/// `hearth compose …` running in the background until its message sits in the undo window:
/// for tests that look at (or kill) a send inside its window.
final class UndoWindowProcess {
    let process = Process()
    /// The stored entry once it reached the undo window (nil if it never did within 30 s).
    private(set) var entry: OutboxEntry?

    init(_ arguments: [String], store: MailStore, subject: String) async throws {
        process.executableURL = HearthBinary.executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<300 {
            entry = try store.outboxEntries(account: nil, includeDrafts: true).first { $0.message.subject == subject }
            if entry?.phase == .undo { break }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// SIGKILL to the process this object started, then waits for it.
    func kill() {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    deinit { kill() }
}
