import Foundation
@testable import HearthIMAP
import Testing

/// STARTTLS policy against scripted servers: never continue without TLS.
@Suite struct StartTLSPolicyTests {
    private func connect(_ server: ScriptedServer, security: IMAPConfiguration.Security = .startTLS) async throws -> IMAPConnection {
        try await IMAPConnection.connect(IMAPConfiguration(host: "127.0.0.1", port: server.port, security: security,
                                                           serverName: "localhost", readTimeout: .seconds(3)))
    }

    private func expectStartTLSUnavailable(_ server: ScriptedServer) async {
        do {
            _ = try await connect(server)
            Issue.record("connected without TLS")
        } catch IMAPError.startTLSUnavailable {
        } catch {
            Issue.record("expected startTLSUnavailable, got \(error)")
        }
    }

    @Test func startTLSNotAdvertised() async throws {
        let server = try ScriptedServer { peer in
            peer.send("* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] stripped by a middlebox\r\n")
        }
        await expectStartTLSUnavailable(server)
    }

    @Test func startTLSNotAdvertisedAfterCapabilityCommand() async throws {
        let server = try ScriptedServer { peer in
            peer.send("* OK hello\r\n")
            guard let tag = peer.expectCommand("CAPABILITY") else { return }
            peer.send("* XNOISE some unknown line\r\n* CAPABILITY IMAP4rev1 AUTH=PLAIN\r\n\(tag) OK done\r\n")
        }
        await expectStartTLSUnavailable(server)
    }

    @Test func startTLSRefused() async throws {
        let server = try ScriptedServer { peer in
            peer.send("* OK [CAPABILITY IMAP4rev1 STARTTLS] hi\r\n")
            guard let tag = peer.expectCommand("STARTTLS") else { return }
            peer.send("\(tag) NO TLS is broken today\r\n")
        }
        await expectStartTLSUnavailable(server)
    }

    @Test func preauthOnPlaintextIsRefused() async throws {
        let server = try ScriptedServer { peer in
            peer.send("* PREAUTH [CAPABILITY IMAP4rev1 STARTTLS] already logged in\r\n")
        }
        await expectStartTLSUnavailable(server)
    }

    @Test func dataInjectedAfterStartTLSResponseIsRefused() async throws {
        let server = try ScriptedServer { peer in
            peer.send("* OK [CAPABILITY IMAP4rev1 STARTTLS] hi\r\n")
            guard let tag = peer.expectCommand("STARTTLS") else { return }
            peer.send("\(tag) OK Begin TLS\r\n* CAPABILITY IMAP4rev1 AUTH=PLAIN\r\n")
        }
        do {
            _ = try await connect(server)
            Issue.record("accepted injected data")
        } catch IMAPError.protocolViolation(let detail) {
            #expect(detail.contains("STARTTLS"))
        }
    }

    @Test func byeGreeting() async throws {
        let server = try ScriptedServer { peer in peer.send("* BYE Too many connections\r\n") }
        do {
            _ = try await connect(server)
            Issue.record("connected to a server that said BYE")
        } catch IMAPError.serverBye(let text) {
            #expect(text == "Too many connections")
        }
    }

    @Test func silentServerTimesOut() async throws {
        let server = try ScriptedServer { peer in _ = peer.readLine() }
        let started = Date()
        do {
            _ = try await connect(server)
            Issue.record("connected to a silent server")
        } catch IMAPError.timeout(let operation, _) {
            #expect(operation == "greeting")
        }
        #expect(Date().timeIntervalSince(started) < 60, "a hang guard, not a speed check: the timeout error above is the proof")
    }

    @Test func badCAFileIsReported() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-ca-\(UUID().uuidString).pem").path
        try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try await IMAPConnection.connect(IMAPConfiguration(host: "127.0.0.1", port: 9, extraCAFile: path))
            Issue.record("accepted a bad CA file")
        } catch IMAPError.tlsFailure(.invalidCAFile(let reported, _)) {
            #expect(reported == path)
        }
    }
}

struct CommandSendQueueTests {
    @Test func synchronisingLiteralBlocksLaterCommands() {
        let encoder = IMAPCommandEncoder(capabilities: Capabilities())
        let commands = [
            encoder.encode(.noop, tag: "A1"),
            encoder.encode(.append(.inbox, AppendMessage(data: Data("x".utf8))), tag: "A2"),
            encoder.encode(.noop, tag: "A3"),
        ]
        var queue = CommandSendQueue(commands)
        #expect(queue.nextCommand()?.tag == "A1")
        #expect(queue.nextCommand()?.tag == "A2")
        #expect(queue.isWaitingForContinuation)
        #expect(queue.nextCommand() == nil)
        #expect(queue.current == 0)
        #expect(queue.completed(tag: "A1") == 0)
        #expect(queue.current == 1)
        #expect(queue.continuationReceived().map { String(decoding: $0, as: UTF8.self) } == "x\r\n")
        #expect(queue.nextCommand()?.tag == "A3")
        #expect(queue.completed(tag: "nope") == nil)
        #expect(queue.completed(tag: "A3") == 2)
        #expect(queue.completed(tag: "A2") == 1)
        #expect(queue.outstanding.isEmpty)
    }

    @Test func refusedLiteralIsDropped() {
        let encoder = IMAPCommandEncoder(capabilities: Capabilities())
        var queue = CommandSendQueue([encoder.encode(.append(.inbox, AppendMessage(data: Data("x".utf8))), tag: "A1"),
                                      encoder.encode(.noop, tag: "A2")])
        _ = queue.nextCommand()
        #expect(queue.completed(tag: "A1") == 0)
        #expect(!queue.isWaitingForContinuation)
        #expect(queue.nextCommand()?.tag == "A2")
    }
}
