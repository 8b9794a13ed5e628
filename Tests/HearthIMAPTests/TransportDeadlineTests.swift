import Foundation
import HearthTestSupport
@testable import HearthIMAP
import Testing

/// Every network step has a deadline: a peer that goes silent at TCP connect, during the TLS
/// handshake (implicit or after STARTTLS) or stops reading while we write ends the attempt with
/// a clear error, never a hang. Scripted peers on loopback play the silent server.
@Suite(.timeLimit(.minutes(2)))
struct TransportDeadlineTests {
    private static func configuration(port: Int, security: IMAPConfiguration.Security, caFile: String? = nil) -> IMAPConfiguration {
        IMAPConfiguration(host: "127.0.0.1", port: port, security: security, serverName: "localhost", extraCAFile: caFile,
                          connectTimeout: .seconds(1), readTimeout: .seconds(1))
    }

    @Test func tcpConnectThatNeverCompletesGivesUp() async throws {
        let listener = try UnansweredListener()
        do {
            _ = try await IMAPConnection.connect(Self.configuration(port: listener.port, security: .implicitTLS))
            Issue.record("connected to a port that never answers")
        } catch IMAPError.connectionFailed(_, let port, let reason) {
            #expect(port == listener.port)
            #expect(reason.lowercased().contains("timeout") || reason.lowercased().contains("timed out"), "\(reason)")
        }
    }

    @Test func silentTLSHandshakeAfterStartTLSTimesOut() async throws {
        let server = try ScriptedServer { peer in
            peer.send("* OK [CAPABILITY IMAP4rev1 STARTTLS] ready\r\n")
            guard let tag = peer.expectCommand("STARTTLS") else { return }
            peer.send("\(tag) OK begin TLS now\r\n")
            Thread.sleep(forTimeInterval: 4)   // reads nothing: the ClientHello goes unanswered
        }
        do {
            _ = try await IMAPConnection.connect(Self.configuration(port: server.port, security: .startTLS))
            Issue.record("connected although the handshake never completed")
        } catch IMAPError.timeout(let operation, let seconds) {
            #expect(operation == "the TLS handshake")
            #expect(seconds == 1)
        }
    }

    @Test func silentImplicitTLSHandshakeTimesOut() async throws {
        let server = try ScriptedServer { _ in Thread.sleep(forTimeInterval: 4) }
        do {
            _ = try await IMAPConnection.connect(Self.configuration(port: server.port, security: .implicitTLS))
            Issue.record("connected although the handshake never completed")
        } catch IMAPError.timeout(let operation, _) {
            #expect(operation == "the TLS handshake")
        }
    }

    @Test(.mailRig) func writeToAPeerThatStoppedReadingTimesOut() async throws {
        let rig = try MailRig.require()
        let server = try await ScriptedTLSServer(implicitTLS: true, rig: rig) { event in
            switch event {
            case .connected: return [.raw("* OK [CAPABILITY IMAP4rev1 LITERAL+ AUTH=PLAIN] ready\r\n")]
            case .command(let line) where line.uppercased().contains("APPEND"): return [.stopReading]
            default: return []
            }
        }
        defer { server.stop() }
        let connection = try await IMAPConnection.connect(Self.configuration(port: server.port, security: .implicitTLS,
                                                                             caFile: rig.caFile))
        // Far more than the socket buffers hold, so the write blocks once the peer stops reading.
        let message = AppendMessage(data: Data(repeating: UInt8(ascii: "x"), count: 48 << 20))
        do {
            _ = try await connection.execute(.append(MailboxName("INBOX"), message))
            Issue.record("the append completed against a peer that reads nothing")
        } catch IMAPError.timeout(let operation, _) {
            #expect(operation == "sending data")
        }
        // The connection's state is unknown after a stalled write: it is closed, not reused.
        await #expect(throws: IMAPError.self) { _ = try await connection.execute(.noop) }
    }

    @Test(.mailRig) func serverNameIsCheckedAsGivenNotByTheCertificatesIPEntry() async throws {
        let rig = try MailRig.require()
        // The rig's certificate names localhost and the IP 127.0.0.1, not imap.evil.test.
        var configuration = rig.configuration()
        configuration.host = "127.0.0.1"
        configuration.serverName = "imap.evil.test"
        do {
            _ = try await IMAPConnection.connect(configuration)
            Issue.record("a certificate for another name was accepted because it named the IP")
        } catch IMAPError.tlsFailure(.hostnameMismatch(let name)) {
            #expect(name == "imap.evil.test")
        }
        configuration.serverName = nil   // the IP itself is the name: its IP entry matches
        let byAddress = try await IMAPConnection.connect(configuration)
        await byAddress.logout()
    }
}
