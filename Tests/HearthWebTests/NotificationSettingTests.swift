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

/// The new-mail banner honours the per-account setting: the live poll announces `newmail` for an
/// account with notifications on, and only `changed` (the list refreshes, no banner) when off.
@Suite("Web app: new-mail events follow the notification setting", .serialized, .timeLimit(.minutes(1)))
struct NewMailNotificationTests {
    func arrive(_ fixture: WebFixture, id: String, minutes: Double) throws {
        let date = Date().addingTimeInterval(minutes * 60)
        let email = Email(accountID: fixture.account.id!, messageID: id, from: EmailAddress(name: "Zoe", address: "zoe@example.com"),
                          to: [EmailAddress(address: "me@example.org")], subject: "Arrived \(id)", bodyPlain: "hello",
                          snippet: "hello", dateReceived: date, dateSent: date, isRead: false)
        _ = try fixture.store.insert([NewMessage(email: email, attachments: [], folderID: fixture.inbox.id!,
                                                 threadingKey: MessageMapping.threadingKey(for: email))])
    }

    /// The first `newmail` or `changed` event within `seconds` (pings are skipped).
    func nextMailEvent(_ events: AsyncStream<LiveEvent>, seconds: Double) async -> String? {
        await withTaskGroup(of: String?.self) { group in
            group.addTask {
                for await event in events where event.name == "newmail" || event.name == "changed" { return event.name }
                return nil
            }
            group.addTask { try? await Task.sleep(for: .seconds(seconds)); return nil }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    @Test("notifications on: newmail; off: changed only")
    func bannerFollowsTheSetting() async throws {
        let fixture = try await WebFixture()
        defer { Task { await fixture.stop() } }
        let account = try #require(fixture.account.id)
        let app = fixture.server.app

        let (_, onEvents) = app.hub.subscribe()
        try await Task.sleep(for: .milliseconds(300))
        try arrive(fixture, id: "n1@x", minutes: 1)
        #expect(await nextMailEvent(onEvents, seconds: 8) == "newmail")

        _ = try app.settings.set(.notifications, to: "off", account: account)
        let (_, offEvents) = app.hub.subscribe()
        try await Task.sleep(for: .milliseconds(300))
        try arrive(fixture, id: "n2@x", minutes: 2)
        #expect(await nextMailEvent(offEvents, seconds: 8) == "changed")
    }
}
