import HearthTestSupport
import Foundation
import HearthIMAP
import Testing

@Suite(.mailRig, .serialized)
struct AuthenticationTests {
    private func expectAuthFailure(_ body: () async throws -> Void,
                                   details check: ((String?) -> Bool)? = nil) async {
        do {
            try await body()
            Issue.record("authentication unexpectedly succeeded")
        } catch IMAPError.authenticationFailed(let message, let code, let details) {
            #expect(!message.isEmpty)
            #expect(code == .authenticationFailed)
            if let check { #expect(check(details), "details: \(details ?? "nil")") }
        } catch {
            Issue.record("expected authenticationFailed, got \(error)")
        }
    }

    @Test func plainLoginAsCarol() async throws {
        let rig = try MailRig.require()
        let connection = try await rig.carol()
        #expect(await connection.state == .authenticated)
        // Capabilities were refreshed after authentication: post-login list has MOVE etc.
        let caps = await connection.capabilities
        #expect(caps.contains(.move) && caps.contains(.uidPlus) && caps.contains(.condStore))
        await connection.logout()
    }

    @Test func wrongPasswordIsAuthenticationFailed() async throws {
        let rig = try MailRig.require()
        let connection = try await rig.connect()
        await expectAuthFailure {
            try await connection.authenticate(.plain(user: "carol@example.test", password: "wrong"))
        }
        // The connection stays usable for another attempt.
        try await connection.authenticate(.plain(user: "carol@example.test", password: "carol-pass"))
        await connection.logout()
    }

    @Test func xoauth2AsAlice() async throws {
        let rig = try MailRig.require()
        let token = try rig.token("alice@gmail.test")
        let connection = try await rig.connect()
        try await connection.authenticate(.xoauth2(user: "alice@gmail.test", accessToken: token))
        #expect(await connection.state == .authenticated)
        #expect(await connection.capabilities.contains(.idle))
        await connection.logout()
    }

    @Test func oauthBearerAsAliceOverStartTLS() async throws {
        let rig = try MailRig.require()
        let token = try rig.token("alice@gmail.test")
        let connection = try await rig.connect(rig.configuration(security: .startTLS))
        try await connection.authenticate(.oauthBearer(user: "alice@gmail.test", accessToken: token,
                                                       host: "localhost", port: rig.imapPort))
        #expect(await connection.state == .authenticated)
        await connection.logout()
    }

    @Test func expiredTokenFailsWithDecodedChallenge() async throws {
        let rig = try MailRig.require()
        let token = try rig.token("alice@gmail.test", ["--expired"])
        let connection = try await rig.connect()
        await expectAuthFailure({
            try await connection.authenticate(.xoauth2(user: "alice@gmail.test", accessToken: token))
        }, details: { $0?.contains("\"status\"") == true })
        await expectAuthFailure({
            try await connection.authenticate(.oauthBearer(user: "alice@gmail.test", accessToken: token,
                                                           host: "localhost", port: rig.imapsPort))
        }, details: { $0?.contains("invalid_token") == true })
        await connection.close()
    }

    @Test func tokenOfAnotherUserFails() async throws {
        let rig = try MailRig.require()
        let bobsToken = try rig.token("bob@gmail.test")
        let connection = try await rig.connect()
        await expectAuthFailure {
            try await connection.authenticate(.xoauth2(user: "alice@gmail.test", accessToken: bobsToken))
        }
        await connection.close()
    }

    @Test func passwordForOAuthOnlyUserFails() async throws {
        let rig = try MailRig.require()
        let connection = try await rig.connect()
        await expectAuthFailure {
            try await connection.authenticate(.plain(user: "alice@gmail.test", password: "anything"))
        }
        await connection.close()
    }
}
