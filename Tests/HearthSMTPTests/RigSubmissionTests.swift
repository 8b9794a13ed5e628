import Foundation
import HearthTestSupport
@testable import HearthSMTP
import Testing

/// Against the rig's real Dovecot submission and relay sink. Users: gina@gmail.test (OAuth)
/// and erin@example.test (password) only.
@Suite("SMTP submission against the rig", .mailRig, .timeLimit(.minutes(2)), .serialized)
struct RigSubmissionTests {
    static let erin = "erin@example.test"
    static let gina = "gina@gmail.test"

    static func configuration(_ rig: MailRig, _ security: SMTPConfiguration.Security, port: Int? = nil) -> SMTPConfiguration {
        SMTPConfiguration(host: "127.0.0.1", port: port ?? (security == .implicitTLS ? rig.submissionsPort : rig.submissionPort),
                          security: security, serverName: "localhost", extraCAFile: rig.caFile,
                          readTimeout: .seconds(20), dataCompletionTimeout: .seconds(30))
    }

    static func message(from: String, to: String, id: String, extra: String = "") -> Data {
        Data("""
            From: <\(from)>\r
            To: <\(to)>\r
            Subject: rig test \(id)\r
            Message-ID: <\(id)>\r
            Date: Tue, 21 Nov 2026 10:00:00 +0000\r
            \r
            Hello.\r
            .a line starting with a dot\r
            \(extra)
            """.utf8)
    }

    @Test("implicit TLS + XOAUTH2: the sink records exactly our bytes and the envelope")
    func implicitTLSXOAuth2() async throws {
        let rig = try MailRig.require()
        let mark = rig.sinkHighWaterMark()
        let id = "smtp-xoauth2-\(UUID().uuidString)@gmail.test"
        let connection = try await SMTPConnection.connect(Self.configuration(rig, .implicitTLS))
        #expect(await connection.isTLSActive)
        #expect(await connection.capabilities.supportsAuth("XOAUTH2"))
        try await connection.authenticate(.xoauth2(user: Self.gina, accessToken: try rig.token(Self.gina)))
        let raw = Self.message(from: Self.gina, to: Self.erin, id: id)
        let receipt = try await connection.send(raw, from: Self.gina, to: [Self.erin])
        #expect(receipt.reply.code == 250)
        await connection.quit()
        let record = try #require(try await rig.waitForSink(after: mark, containing: id))
        #expect(record.mailFrom == Self.gina)
        #expect(record.recipients == [Self.erin])
        // Byte-sound: the relay may only have prepended trace headers.
        let body = String(decoding: record.raw, as: UTF8.self)
        #expect(body.hasSuffix(String(decoding: raw, as: UTF8.self)))
        #expect(body.contains("\r\n.a line starting with a dot\r\n"))
        #expect(try await rig.waitForMessage(user: Self.erin, mailbox: "INBOX", messageID: id) != nil)
    }

    @Test("STARTTLS + PLAIN, then OAUTHBEARER on the other port")
    func startTLSPlainAndOAuthBearer() async throws {
        let rig = try MailRig.require()
        let mark = rig.sinkHighWaterMark()
        let id = "smtp-plain-\(UUID().uuidString)@example.test"
        let connection = try await SMTPConnection.connect(Self.configuration(rig, .startTLS))
        #expect(await connection.isTLSActive)
        try await connection.authenticate(.plain(user: Self.erin, password: "erin-pass"))
        try await connection.send(Self.message(from: Self.erin, to: Self.gina, id: id), from: Self.erin, to: [Self.gina])
        await connection.quit()
        #expect(try await rig.waitForSink(after: mark, containing: id) != nil)

        let bearer = try await SMTPConnection.connect(Self.configuration(rig, .implicitTLS))
        try await bearer.authenticate(.oauthBearer(user: Self.gina, accessToken: try rig.token(Self.gina), host: "localhost", port: rig.submissionsPort))
        #expect(await bearer.isAuthenticated)
        await bearer.quit()
    }

    @Test("an expired token is refused with the server's JSON reason; a wrong password too")
    func refusedCredentials() async throws {
        let rig = try MailRig.require()
        let connection = try await SMTPConnection.connect(Self.configuration(rig, .implicitTLS))
        do {
            try await connection.authenticate(.xoauth2(user: Self.gina, accessToken: try rig.token(Self.gina, ["--expired"])))
            Issue.record("an expired token was accepted")
        } catch let error as SMTPError {
            #expect(error.isAuthenticationFailure)
            if case .authenticationFailed(let reply, let details) = error {
                #expect(reply.code == 535)
                #expect(details?.contains("401") == true || details?.contains("invalid") == true)
            }
        }
        await connection.quit()
        let plain = try await SMTPConnection.connect(Self.configuration(rig, .startTLS))
        await #expect(throws: SMTPError.self) { try await plain.authenticate(.plain(user: Self.erin, password: "wrong")) }
        await plain.quit()
    }

    @Test("a refused recipient fails the whole transaction at once; the connection stays usable")
    func badRecipient() async throws {
        let rig = try MailRig.require()
        let mark = rig.sinkHighWaterMark()
        let id = "smtp-badrcpt-\(UUID().uuidString)@example.test"
        let connection = try await SMTPConnection.connect(Self.configuration(rig, .implicitTLS))
        try await connection.authenticate(.plain(user: Self.erin, password: "erin-pass"))
        let raw = Self.message(from: Self.erin, to: Self.gina, id: id)
        do {
            try await connection.send(raw, from: Self.erin, to: [Self.gina, "x@[999.1.1.1]"])
            Issue.record("a refused recipient was accepted")
        } catch let error as SMTPError {
            #expect(error.isBadRecipient)
            #expect(!error.isTransient)
            guard case .recipientsRejected(let list) = error else { Issue.record("\(error)"); return }
            #expect(list.map(\.address) == ["x@[999.1.1.1]"])
            #expect(list.first?.reply.code == 501)
        }
        // Nothing went to gina either (all or nothing), and the session is still good.
        let id2 = "smtp-after-\(UUID().uuidString)@example.test"
        try await connection.send(Self.message(from: Self.erin, to: Self.erin, id: id2), from: Self.erin, to: [Self.erin])
        await connection.quit()
        #expect(try await rig.waitForSink(after: mark, containing: id2) != nil)
        #expect(rig.sinkRecords(after: mark, containing: id).isEmpty)
    }

    @Test("the certificate must be trusted: without the rig CA the handshake fails")
    func untrustedCertificate() async throws {
        let rig = try MailRig.require()
        var config = Self.configuration(rig, .implicitTLS)
        config.extraCAFile = nil
        do {
            _ = try await SMTPConnection.connect(config)
            Issue.record("connected to a server with an untrusted certificate")
        } catch let error as SMTPError {
            guard case .tlsFailure = error else { Issue.record("expected a TLS failure, got \(error)"); return }
        }
    }
}
