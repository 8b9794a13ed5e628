import Foundation
import HearthCore
import HearthStore
import Testing

/// The per-sender "Always load remote images" preference (issue 6), stored by `MailStore`.
@Suite struct RemoteContentPreferenceTests {
    @Test func storesPerAccountCaseInsensitivelyAndCascades() throws {
        let fixture = try StoreFixture(label: "hearth-remote-pref")
        let store = fixture.store
        let me = fixture.accountID
        let other = try #require(try store.create(StoreFixture.accountValue("other@example.org")).id)
        #expect(try !store.alwaysLoadsRemoteContent(from: "news@shop.example", account: me), "blocked by default")
        try store.setAlwaysLoadsRemoteContent(true, from: " News@Shop.Example ", account: me)
        try store.setAlwaysLoadsRemoteContent(true, from: "news@shop.example", account: me) // idempotent
        #expect(try store.alwaysLoadsRemoteContent(from: "NEWS@shop.example", account: me))
        #expect(try !store.alwaysLoadsRemoteContent(from: "news@shop.example", account: other), "per account")
        #expect(try store.sendersAlwaysLoadingRemoteContent(account: me) == ["news@shop.example"])
        try store.setAlwaysLoadsRemoteContent(false, from: "news@shop.example", account: me)
        #expect(try !store.alwaysLoadsRemoteContent(from: "news@shop.example", account: me))
        try store.setAlwaysLoadsRemoteContent(true, from: "a@b.example", account: other)
        try store.delete(other)
        #expect(try fixture.count("remote_content_sender") == 0, "rows go with their account")
        #expect(throws: StoreError.self) { try store.setAlwaysLoadsRemoteContent(true, from: "  ", account: me) }
    }
}
