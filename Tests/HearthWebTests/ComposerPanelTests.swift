import Foundation
import HearthCore
import HearthStore
import HearthTestSupport
import Testing
@testable import HearthWeb

/// A draft keeps a half-typed recipient instead of refusing it (issue 14); the composer beside
/// its conversation is checked in Chromium in `SetupBrowserTests` (one browser at a time).
@Suite("Web app: composer beside the conversation", .serialized, .timeLimit(.minutes(2)))
struct ComposerPanelTests {
    @Test("autosave keeps a half-typed recipient (and says so); sending still refuses it")
    func draftKeepsHalfTypedAddress() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let headers = ["Cookie": cookie, "X-CSRF-Token": web.policy.csrfToken, "Accept": "application/json"]
        let body = "account=\(web.account.id!.rawValue)&to=\(FormDecoding.encode("Bob <bob@example.com>, ann@"))&subject=Hi&body=Draft"
        let saved = try await web.http.request("POST", "/compose/draft", headers: headers, body: body)
        #expect(saved.status == 200, "\(saved.body)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(saved.body.utf8)) as? [String: Any])
        #expect(json["unfinished"] as? [String] == ["ann@"])
        let id = try #require(json["id"] as? Int)
        let entry = try #require(try web.store.outboxEntry(EmailID(Int64(id))))
        #expect(entry.message.to.map(\.address) == ["bob@example.com", "ann@"], "the text is kept")
        let page = try await web.http.request("GET", "/compose?draft=\(id)", headers: ["Cookie": cookie])
        #expect(page.body.contains("value=\"Bob &lt;bob@example.com&gt;, ann@\"") || page.body.contains("ann@\""))
        let sent = try await web.http.request("POST", "/compose/send", headers: headers, body: body)
        #expect(sent.status == 400 && sent.body.contains("not a valid address"))
    }
}
