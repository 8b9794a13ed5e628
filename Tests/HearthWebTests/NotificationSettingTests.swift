import Foundation
import HearthCore
import Testing
@testable import HearthWeb

/// Per-account new-mail notifications (settings spec: toggle per account, default on): saved the
/// moment it changes and still off after `hearth serve` restarts.
@Suite("Web app: notification setting", .serialized, .timeLimit(.minutes(1)))
struct NotificationSettingTests {
    @Test("per-account notifications: on by default, off saved at once, still off after a restart")
    func survivesRestart() async throws {
        let first = try await WebFixture()
        let account = try #require(first.account.id)
        let cookie = try await first.login()
        let toggle = "id=\"setting-notifications-\(account.rawValue)\" name=\"value\" value=\"on\""
        var page = try await first.http.request("GET", "/settings", headers: ["Cookie": cookie])
        #expect(page.body.contains(toggle + " checked"), "on by default")
        let saved = try await first.http.request("POST", "/settings", headers: ["Cookie": cookie, "X-CSRF-Token": first.policy.csrfToken, "Accept": "application/json"],
                                                 body: "setting=notifications&account=\(account.rawValue)&value=off")
        #expect(saved.status == 200 && saved.body.contains("\"value\":\"off\""))
        await first.stop()
        let second = try await WebFixture(directory: first.directory)
        defer { Task { await second.stop() } }
        page = try await second.http.request("GET", "/settings", headers: ["Cookie": try await second.login()])
        #expect(page.body.contains(toggle + ">"), "still off after the restart")
        #expect(!page.body.contains(toggle + " checked"))
    }
}
