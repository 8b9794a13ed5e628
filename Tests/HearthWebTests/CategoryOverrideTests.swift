import Foundation
import HearthCore
import Testing
@testable import HearthWeb

/// The conversation's "Category" menu (spec §5.6.2, the user's override): a state change like
/// every action (CSRF token), refused for an unknown category, and stored through HearthApp's
/// `MailCategories` so the sender's next mail follows.
@Suite("Web app: moving a conversation to another category", .serialized, .timeLimit(.minutes(1)))
struct CategoryOverrideTests {
    @Test("the menu lists the five tabs; a choice moves the conversation and marks the new tab current")
    func moveToCategory() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let thread = try #require(try web.thread(subject: "Quarterly budget")?.id)
        let page = { try await web.http.request("GET", "/mail?box=inbox&t=\(thread.rawValue)", headers: ["Cookie": cookie]).body }
        let before = try await page()
        #expect(before.contains("action=\"/category\"") && before.contains(">Category</summary>"))
        for value in ["primary", "social", "promotions", "updates", "forums"] {
            #expect(before.contains("name=\"category\" value=\"\(value)\""), "\(value) offered")
        }
        #expect(!before.contains("aria-pressed=\"true\""), "not sorted yet: no tab is current")

        let headers = ["Cookie": cookie, "X-CSRF-Token": web.policy.csrfToken, "Accept": "application/json"]
        let moved = try await web.http.request("POST", "/category", headers: headers, body: "thread=\(thread.rawValue)&category=promotions")
        #expect(moved.status == 200 && moved.body.contains("\"category\":\"promotions\""), "\(moved.status) \(moved.body)")
        #expect(try web.store.thread(thread)?.aiCategory == .promotions)
        #expect(try web.store.corrections(account: nil).map(\.senderAddress) == ["bob@example.com"], "learnt from the newest sender")
        let after = try await page()
        #expect(after.contains("value=\"promotions\" aria-pressed=\"true\" disabled"))

        let unknown = try await web.http.request("POST", "/category", headers: headers, body: "thread=\(thread.rawValue)&category=uncategorized")
        #expect(unknown.status == 400)
        let missing = try await web.http.request("POST", "/category", headers: headers, body: "thread=999999&category=updates")
        #expect(missing.status == 404)
        var noToken = headers
        noToken["X-CSRF-Token"] = nil
        let forged = try await web.http.request("POST", "/category", headers: noToken, body: "thread=\(thread.rawValue)&category=social")
        #expect(forged.status == 403)
        #expect(try web.store.thread(thread)?.aiCategory == .promotions, "refusals change nothing")
    }
}
