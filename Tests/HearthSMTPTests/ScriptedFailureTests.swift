import Foundation
import HearthTestSupport
@testable import HearthSMTP
import Testing

/// Server misbehaviour the rig cannot produce on demand, from a scripted server that speaks
/// TLS with the rig's certificate (so the rig must be up for its CA and key).
@Suite("SMTP failure handling (scripted server)", .mailRig, .timeLimit(.minutes(2)))
struct ScriptedFailureTests {
    static func connect(_ server: ScriptedTLSServer, _ rig: MailRig, security: SMTPConfiguration.Security = .implicitTLS,
                        readTimeout: Duration = .seconds(10)) async throws -> SMTPConnection {
        try await SMTPConnection.connect(SMTPConfiguration(
            host: "127.0.0.1", port: server.port, security: security, serverName: "localhost",
            extraCAFile: rig.caFile, readTimeout: readTimeout, dataCompletionTimeout: readTimeout))
    }

    static func serve(_ rig: MailRig, implicitTLS: Bool = true, _ script: SMTPScript) async throws -> ScriptedTLSServer {
        try await ScriptedTLSServer(implicitTLS: implicitTLS, rig: rig) { script.respond($0) }
    }

    static let raw = Data("Subject: x\r\n\r\nbody\r\n".utf8)

    @Test("4xx on RCPT is transient; nothing is sent (RSET, no DATA)")
    func transientRecipient() async throws {
        let rig = try MailRig.require()
        var script = SMTPScript()
        script.rcpt = { line in line.contains("busy@") ? [.reply(["450 4.2.1 Mailbox busy, try later"])] : [.reply(["250 2.1.5 OK"])] }
        let server = try await Self.serve(rig, script)
        defer { server.stop() }
        let connection = try await Self.connect(server, rig)
        try await connection.authenticate(.plain(user: "u", password: "p"))
        do {
            try await connection.send(Self.raw, from: "a@x.test", to: ["ok@x.test", "busy@x.test"])
            Issue.record("accepted")
        } catch let error as SMTPError {
            #expect(error.isTransient && !error.isBadRecipient)
        }
        await connection.quit()
        #expect(!server.commands.contains("DATA"))
        #expect(server.commands.contains("RSET"))
        // MAIL, RCPT and RCPT were written together (PIPELINING) in the order given.
        let envelope = server.commands.filter { $0.hasPrefix("MAIL") || $0.hasPrefix("RCPT") }
        #expect(envelope == ["MAIL FROM:<a@x.test> SIZE=20", "RCPT TO:<ok@x.test>", "RCPT TO:<busy@x.test>"])
    }

    @Test("451 after the message is transient, 554 5.6.0 is permanent")
    func afterData() async throws {
        let rig = try MailRig.require()
        for (reply, transient) in [("451 4.3.0 local error", true), ("554 5.6.0 content rejected", false)] {
            var script = SMTPScript()
            script.afterMessage = [.reply([reply])]
            let server = try await Self.serve(rig, script)
            defer { server.stop() }
            let connection = try await Self.connect(server, rig)
            try await connection.authenticate(.plain(user: "u", password: "p"))
            do {
                try await connection.send(Self.raw, from: "a@x.test", to: ["b@x.test"])
                Issue.record("accepted")
            } catch let error as SMTPError {
                #expect(error.isTransient == transient, "\(reply)")
                guard case .rejected(.message, let r) = error else { Issue.record("\(error)"); continue }
                #expect(r.code == Int(reply.prefix(3)))
            }
            await connection.quit()
        }
    }

    @Test("SIZE: a message over the limit is refused before MAIL")
    func sizeLimit() async throws {
        let rig = try MailRig.require()
        let server = try await Self.serve(rig, SMTPScript())
        defer { server.stop() }
        let connection = try await Self.connect(server, rig)
        try await connection.authenticate(.plain(user: "u", password: "p"))
        await #expect(throws: SMTPError.messageTooLarge(size: 100_001, limit: 100_000)) {
            try await connection.send(Data(repeating: 0x61, count: 100_001), from: "a@x.test", to: ["b@x.test"])
        }
        await connection.quit()
        #expect(!server.commands.contains { $0.hasPrefix("MAIL") })
    }

    @Test("a 421 greeting is a transient refusal")
    func busyGreeting() async throws {
        let rig = try MailRig.require()
        var script = SMTPScript()
        script.greeting = [.reply(["421 4.3.2 Too busy"]), .close]
        let server = try await Self.serve(rig, script)
        defer { server.stop() }
        do {
            _ = try await Self.connect(server, rig)
            Issue.record("connected")
        } catch let error as SMTPError {
            #expect(error.isTransient)
        }
    }

    @Test("STARTTLS not offered, refused, or with injected data: never plaintext")
    func startTLSPolicy() async throws {
        let rig = try MailRig.require()
        var missing = SMTPScript()
        missing.ehlo = ["250-plain.test", "250 AUTH PLAIN"]
        var refused = SMTPScript()
        refused.ehlo = ["250-plain.test", "250 STARTTLS"]
        var injected = SMTPScript()
        injected.ehlo = ["250-plain.test", "250 STARTTLS"]
        for (name, script, base) in [("missing", missing, nil), ("refused", refused, "454 4.7.0 TLS not available"),
                                     ("injected", injected, "220 go\r\n250 injected")] as [(String, SMTPScript, String?)] {
            let wrapped = ScriptWrapper(script: script, startTLSReply: base)
            let server = try await ScriptedTLSServer(implicitTLS: false, rig: rig) { wrapped.respond($0) }
            defer { server.stop() }
            do {
                _ = try await Self.connect(server, rig, security: .startTLS)
                Issue.record("\(name): connected")
            } catch let error as SMTPError {
                switch (name, error) {
                case ("missing", .startTLSUnavailable), ("refused", .startTLSUnavailable), ("injected", .protocolViolation): break
                default: Issue.record("\(name): unexpected \(error)")
                }
            }
            #expect(!server.commands.contains { $0.hasPrefix("AUTH") }, "\(name): credentials before TLS")
        }
    }

    @Test("STARTTLS that works: capabilities are learnt again over TLS")
    func startTLSWorks() async throws {
        let rig = try MailRig.require()
        var script = SMTPScript()
        script.ehlo = ["250-plain.test", "250-STARTTLS", "250 AUTH PLAIN"]
        let server = try await Self.serve(rig, implicitTLS: false, script)
        defer { server.stop() }
        let connection = try await Self.connect(server, rig, security: .startTLS)
        #expect(await connection.isTLSActive)
        #expect(server.commands.filter { $0.hasPrefix("EHLO") }.count == 2)
        await connection.quit()
    }

    @Test("a silent server times out, within the read timeout")
    func silence() async throws {
        let rig = try MailRig.require()
        var script = SMTPScript()
        script.greeting = [.silence]
        let server = try await Self.serve(rig, script)
        defer { server.stop() }
        let start = ContinuousClock.now
        do {
            _ = try await Self.connect(server, rig, readTimeout: .milliseconds(500))
            Issue.record("connected")
        } catch let error as SMTPError {
            #expect(error == .timeout(stage: .greeting, seconds: 0.5))
        }
        #expect(ContinuousClock.now - start < .seconds(30), "a hang guard, not a speed check: the timeout error above is the proof")
    }

    @Test("a refused XOAUTH2 token: the challenge is acknowledged and decoded")
    func oauthChallenge() async throws {
        let rig = try MailRig.require()
        var script = SMTPScript()
        let challenge = Data(#"{"status":"401","schemes":"bearer"}"#.utf8).base64EncodedString()
        script.auth = [.reply(["334 \(challenge)"])]
        let wrapped = AuthAckWrapper(script: script)
        let server = try await ScriptedTLSServer(implicitTLS: true, rig: rig) { wrapped.respond($0) }
        defer { server.stop() }
        let connection = try await Self.connect(server, rig)
        do {
            try await connection.authenticate(.xoauth2(user: "u@x.test", accessToken: "expired"))
            Issue.record("accepted")
        } catch let error as SMTPError {
            #expect(error.isAuthenticationFailure)
            #expect(error == .authenticationFailed(reply: SMTPReply(code: 535, enhanced: EnhancedStatusCode(5, 7, 8), lines: ["bad token"]),
                                                   details: #"{"status":"401","schemes":"bearer"}"#))
        }
        #expect(server.commands.last == "")
        await connection.close()
    }
}

/// Replaces the STARTTLS step of a script.
struct ScriptWrapper: Sendable {
    var script: SMTPScript
    var startTLSReply: String?
    func respond(_ event: ScriptedTLSServer.Event) -> [ScriptedTLSServer.Action] {
        if case .command(let line) = event, line.uppercased() == "STARTTLS", let startTLSReply {
            return [.raw(startTLSReply + "\r\n")]
        }
        return script.respond(event)
    }
}

/// Answers the client's empty acknowledgement line with 535.
struct AuthAckWrapper: Sendable {
    var script: SMTPScript
    func respond(_ event: ScriptedTLSServer.Event) -> [ScriptedTLSServer.Action] {
        if case .command(let line) = event, line.isEmpty { return [.reply(["535 5.7.8 bad token"])] }
        return script.respond(event)
    }
}
