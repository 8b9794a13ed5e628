import Foundation
import HearthTestSupport
@testable import HearthSMTP
import Testing

/// Every network step has a deadline (as for IMAP): TCP connect, the TLS handshake (implicit or
/// after STARTTLS) and each write. The silent peers are scripted on loopback.
@Suite("SMTP deadlines on every network step", .timeLimit(.minutes(2)))
struct SMTPTransportDeadlineTests {
    private static func configuration(port: Int, security: SMTPConfiguration.Security, caFile: String? = nil) -> SMTPConfiguration {
        SMTPConfiguration(host: "127.0.0.1", port: port, security: security, serverName: "localhost", extraCAFile: caFile,
                          connectTimeout: .seconds(1), readTimeout: .seconds(1), dataCompletionTimeout: .seconds(1))
    }

    @Test("a TCP connect that never completes gives up at the connect deadline")
    func tcpConnect() async throws {
        let listener = try UnansweredListener()
        do {
            _ = try await SMTPConnection.connect(Self.configuration(port: listener.port, security: .implicitTLS))
            Issue.record("connected to a port that never answers")
        } catch SMTPError.connectionFailed(_, let port, let reason) {
            #expect(port == listener.port)
            #expect(reason.lowercased().contains("timeout") || reason.lowercased().contains("timed out"), "\(reason)")
        }
    }

    @Test("a server silent after accepting STARTTLS: the handshake times out", .mailRig)
    func silentStartTLSHandshake() async throws {
        let rig = try MailRig.require()
        var script = SMTPScript()
        script.ehlo = ["250-scripted.test", "250 STARTTLS"]
        let fixed = script
        let server = try await ScriptedTLSServer(implicitTLS: false, rig: rig) { event in
            if case .command(let line) = event, line.uppercased() == "STARTTLS" {
                return [.acceptStartTLSThenStall("220 2.0.0 Ready to start TLS")]
            }
            return fixed.respond(event)
        }
        defer { server.stop() }
        do {
            _ = try await SMTPConnection.connect(Self.configuration(port: server.port, security: .startTLS, caFile: rig.caFile))
            Issue.record("connected although the handshake never completed")
        } catch let error as SMTPError {
            #expect(error == .timeout(stage: .startTLS, seconds: 1))
        }
    }

    @Test("a server silent from the first byte on an implicit-TLS port: the handshake times out", .mailRig)
    func silentImplicitHandshake() async throws {
        let rig = try MailRig.require()
        // A plaintext server that says nothing: the client's ClientHello is never answered.
        let server = try await ScriptedTLSServer(implicitTLS: false, rig: rig) { _ in [.silence] }
        defer { server.stop() }
        do {
            _ = try await SMTPConnection.connect(Self.configuration(port: server.port, security: .implicitTLS, caFile: rig.caFile))
            Issue.record("connected although the handshake never completed")
        } catch let error as SMTPError {
            #expect(error == .timeout(stage: .greeting, seconds: 1))
        }
    }

    @Test("a server that stops reading during the message: the write times out", .mailRig)
    func stalledWrite() async throws {
        let rig = try MailRig.require()
        var script = SMTPScript()
        script.ehlo = ["250-scripted.test", "250-PIPELINING", "250-8BITMIME", "250 AUTH PLAIN"]
        let fixed = script
        let server = try await ScriptedTLSServer(implicitTLS: true, rig: rig) { event in
            if case .command(let line) = event, line.uppercased() == "DATA" {
                return [.reply(["354 go ahead"]), .stopReading]
            }
            return fixed.respond(event)
        }
        defer { server.stop() }
        let connection = try await SMTPConnection.connect(Self.configuration(port: server.port, security: .implicitTLS,
                                                                             caFile: rig.caFile))
        try await connection.authenticate(.plain(user: "u@x.test", password: "p"))
        // Far more than the socket buffers hold, so the write blocks once the peer stops reading.
        var message = Data("Subject: big\r\n\r\n".utf8)
        message.append(Data(String(repeating: String(repeating: "x", count: 76) + "\r\n", count: 600_000).utf8))
        do {
            try await connection.send(message, from: "u@x.test", to: ["v@x.test"])
            Issue.record("the message went to a peer that reads nothing")
        } catch let error as SMTPError {
            #expect(error == .timeout(stage: .message, seconds: 1))
        }
        #expect(!(await connection.isUsable))
    }

    @Test("the server name is checked as given, never satisfied by the certificate's IP entry", .mailRig)
    func serverNameAsGiven() async throws {
        let rig = try MailRig.require()
        var configuration = SMTPConfiguration(host: "127.0.0.1", port: rig.submissionsPort, security: .implicitTLS,
                                              serverName: "smtp.evil.test", extraCAFile: rig.caFile,
                                              connectTimeout: .seconds(10), readTimeout: .seconds(10))
        do {
            _ = try await SMTPConnection.connect(configuration)
            Issue.record("a certificate for other names was accepted because it named the IP")
        } catch let error as SMTPError {
            #expect(error == .tlsFailure(.hostnameMismatch("smtp.evil.test")))
        }
        configuration.serverName = nil
        let byAddress = try await SMTPConnection.connect(configuration)
        await byAddress.quit()
    }
}
