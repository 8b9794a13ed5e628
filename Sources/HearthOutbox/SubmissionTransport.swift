import Foundation
import HearthCore
import HearthSMTP

/// Opens SMTP sessions. A protocol so the queue logic is tested with fakes as well as
/// against the rig; errors are `SMTPError`.
public protocol SubmissionTransport: Sendable {
    func openSession(_ configuration: SMTPConfiguration, credentials: SMTPCredentials) async throws -> any SubmissionSession
}

/// One authenticated session that can submit several messages in a row (throughput: 100
/// queued messages reuse one connection).
public protocol SubmissionSession: Sendable {
    func submit(_ message: Data, from: String, to: [String]) async throws
    /// False once the connection broke; the queue opens a new one.
    var isUsable: Bool { get async }
    func close() async
}

/// The real transport: `SMTPConnection`.
public struct SMTPSubmissionTransport: SubmissionTransport {
    public init() {}

    public func openSession(_ configuration: SMTPConfiguration, credentials: SMTPCredentials) async throws -> any SubmissionSession {
        let connection = try await SMTPConnection.connect(configuration)
        do {
            try await connection.authenticate(credentials)
        } catch {
            await connection.quit()
            throw error
        }
        return SMTPSession(connection: connection)
    }

    struct SMTPSession: SubmissionSession {
        let connection: SMTPConnection
        func submit(_ message: Data, from: String, to: [String]) async throws {
            try await connection.send(message, from: from, to: to)
        }
        var isUsable: Bool { get async { await connection.isUsable } }
        func close() async { await connection.quit() }
    }
}
