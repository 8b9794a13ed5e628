import HearthTestSupport
import Foundation
import HearthIMAP
import Testing

@Suite(.mailRig, .serialized)
struct ConnectionTLSTests {
    @Test func implicitTLSWithRigCAConnects() async throws {
        let rig = try MailRig.require()
        let connection = try await rig.connect()
        #expect(await connection.isTLSActive)
        let caps = await connection.capabilities
        #expect(caps.contains(.imap4rev1))
        #expect(caps.supportsAuth("XOAUTH2"))
        #expect(!caps.contains(.startTLS))
        await connection.logout()
        #expect(await connection.state == .loggedOut)
    }

    @Test func startTLSUpgradesAndRefreshesCapabilities() async throws {
        let rig = try MailRig.require()
        let connection = try await rig.connect(rig.configuration(security: .startTLS))
        #expect(await connection.isTLSActive)
        // The list after STARTTLS no longer offers STARTTLS: the pre-TLS list was discarded.
        #expect(!(await connection.capabilities.contains(.startTLS)))
        try await connection.authenticate(.plain(user: "carol@example.test", password: "carol-pass"))
        #expect(await connection.capabilities.contains(.move))
        await connection.logout()
    }

    @Test func certificateFromUnknownCAIsRefused() async throws {
        let rig = try MailRig.require()
        await #expect {
            _ = try await rig.connect(rig.configuration(trustRigCA: false))
        } throws: { error in
            guard case IMAPError.tlsFailure(.certificateUntrusted) = error else { return false }
            return true
        }
        await #expect {
            _ = try await rig.connect(rig.configuration(security: .startTLS, trustRigCA: false))
        } throws: { error in
            guard case IMAPError.tlsFailure(.certificateUntrusted) = error else { return false }
            return true
        }
    }

    @Test func implicitTLSToPlainPortFailsCleanly() async throws {
        let rig = try MailRig.require()
        // Speaking TLS to the STARTTLS port: the handshake fails; no hang, a TLS error.
        await #expect(throws: IMAPError.self) {
            _ = try await rig.connect(rig.configuration(security: .implicitTLS, port: rig.imapPort))
        }
    }

    @Test func startTLSNotAdvertisedIsRefused() async throws {
        let rig = try MailRig.require()
        // The implicit-TLS port does not advertise STARTTLS; asking for STARTTLS there must fail
        // rather than continue. (Plain TCP to a TLS port: greeting never arrives → timeout or error.)
        var config = rig.configuration(security: .startTLS, port: rig.imapsPort)
        config.readTimeout = .seconds(3)
        await #expect(throws: IMAPError.self) { _ = try await rig.connect(config) }
    }

    @Test func connectionRefusedIsConnectionFailed() async throws {
        let rig = try MailRig.require()
        await #expect {
            _ = try await rig.connect(rig.configuration(port: 1))
        } throws: { error in
            guard case IMAPError.connectionFailed = error else { return false }
            return true
        }
    }
}
