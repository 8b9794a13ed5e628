import Foundation
import HearthApp
import HearthCore
import HearthIMAP
import HearthOutbox
import HearthSMTP
import HearthStore
import HearthSync
import HearthTestSupport
import Synchronization

typealias MemorySecrets = MemorySecretStore

/// Records what a connectivity check was asked, and answers as told.
final class FakeConnectivity: ConnectivityChecking, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var imapChecks: [IMAPConfiguration] = []
    private(set) var smtpChecks: [SMTPConfiguration] = []
    var imapFailure: (any Error)?
    var smtpFailure: (any Error)?
    var folders = 7

    func checkIMAP(_ configuration: IMAPConfiguration, credentials: SyncCredentials) async throws -> Int {
        lock.withLock { imapChecks.append(configuration) }
        if let imapFailure { throw imapFailure }
        return folders
    }

    func checkSMTP(_ configuration: SMTPConfiguration, account: Account, secret: AccountSecret) async throws {
        lock.withLock { smtpChecks.append(configuration) }
        if let smtpFailure { throw smtpFailure }
    }
}

/// A credential command runner answering from a table.
struct FakeCommands: SecretCommandRunning {
    var outputs: [String: String] = [:]
    func run(_ command: String, refresh: Bool) throws(AppError) -> String {
        guard let output = outputs[command] else { throw .noPermission("the credential command failed") }
        return output
    }
}

/// A store in a fresh temporary directory.
func freshStore() throws -> (MailStore, URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-app-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return (try MailStore.open(directory: directory), directory)
}

/// A submission transport that must never be reached.
struct NoTransport: SubmissionTransport {
    func openSession(_ configuration: SMTPConfiguration, credentials: SMTPCredentials) async throws -> any SubmissionSession {
        throw SMTPError.connectionFailed(host: configuration.host, port: configuration.port, reason: "no transport in this test")
    }
}

/// Counts submissions and accepts them.
final class CountingTransport: SubmissionTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var submitted = 0
    var count: Int { lock.withLock { submitted } }

    func openSession(_ configuration: SMTPConfiguration, credentials: SMTPCredentials) async throws -> any SubmissionSession {
        Session(owner: self)
    }

    fileprivate func record() { lock.withLock { submitted += 1 } }

    struct Session: SubmissionSession {
        let owner: CountingTransport
        func submit(_ message: Data, from: String, to: [String]) async throws { owner.record() }
        var isUsable: Bool { true }
        func close() async {}
    }
}
