import HearthTestSupport
import Foundation
import HearthIMAP
import Testing

@Suite(.mailRig, .serialized)
struct IdleAndTimeoutTests {
    @Test func idleSeesDeliveryWithinSeconds() async throws {
        let rig = try MailRig.require()
        let connection = try await rig.connect()
        try await connection.authenticate(.xoauth2(user: "alice@gmail.test", accessToken: try rig.token("alice@gmail.test")))
        let selection = try await connection.select(.inbox)
        let existsBefore = selection.exists ?? 0
        let session = try await connection.idle()
        let started = Date()
        let deliver = Task.detached { _ = try rig.run(["deliver", "alice@gmail.test", "1"]) }
        var sawExists = false
        let watchdog = Task {
            try await Task.sleep(for: .seconds(15))
            try await session.done()
        }
        for try await event in session.events {
            if case .exists(let n) = event, n > existsBefore {
                sawExists = true
                break
            }
        }
        watchdog.cancel()
        #expect(sawExists)
        #expect(Date().timeIntervalSince(started) < 60, "a hang guard, not a speed check")
        try await deliver.value
        try await session.done()
        // After DONE, ordinary commands work again.
        _ = try await connection.execute(.noop)
        await connection.logout()
    }

    @Test func stalledPeerHitsReadTimeout() async throws {
        let rig = try MailRig.require()
        try rig.run(["proxy", "start"])
        var config = rig.configuration(port: rig.proxyImapsPort, readTimeout: .seconds(2))
        config.idleTimeout = .seconds(2)
        let connection = try await rig.connect(config)
        try await connection.authenticate(.plain(user: "carol@example.test", password: "carol-pass"))
        try rig.run(["proxy", "stall", "on"])
        defer { _ = try? rig.run(["proxy", "stall", "off"]) }
        let started = Date()
        do {
            _ = try await connection.execute(.noop)
            Issue.record("NOOP through a stalled proxy returned")
        } catch IMAPError.timeout(let operation, let seconds) {
            #expect(operation == "NOOP")
            #expect(seconds == 2)
        }
        #expect(Date().timeIntervalSince(started) < 60, "a hang guard, not a speed check")
        // The connection is closed after a timeout; later use fails at once.
        await #expect(throws: IMAPError.self) { _ = try await connection.execute(.noop) }
        #expect(await connection.state == .closed)
    }

    @Test func proxiedStartTLSShowsLoginDisabledBeforeTLS() async throws {
        let rig = try MailRig.require()
        try rig.run(["proxy", "start"])
        // Through the proxy Dovecot treats the client as remote: LOGINDISABLED before TLS. Our
        // client upgrades first, so authentication still works.
        let connection = try await rig.connect(rig.configuration(security: .startTLS, port: rig.proxyImapPort))
        try await connection.authenticate(.plain(user: "carol@example.test", password: "carol-pass"))
        #expect(await connection.state == .authenticated)
        await connection.logout()
    }

    @Test func serverKickEndsIdleWithBye() async throws {
        let rig = try MailRig.require()
        let connection = try await rig.connect()
        try await connection.authenticate(.xoauth2(user: "alice@gmail.test", accessToken: try rig.token("alice@gmail.test")))
        _ = try await connection.select(.inbox)
        let session = try await connection.idle()
        try rig.run(["kick", "alice@gmail.test"])
        var ended: (any Error)?
        do {
            for try await _ in session.events {}
        } catch {
            ended = error
        }
        let error = try #require(ended as? IMAPError)
        switch error {
        case .serverBye, .connectionClosed: break
        default: Issue.record("unexpected \(error)")
        }
        await #expect(throws: IMAPError.self) { try await session.done() }
        await #expect(throws: IMAPError.self) { _ = try await connection.execute(.noop) }
    }
}
