import Foundation
import HearthCore
import HearthStore
import Testing

/// Same-second messages as sync stores them (newest first, so the reply gets the lower row id):
/// the conversation, the thread's snippet and "the latest message" follow the reply relation.
@Suite struct ConversationOrderStoreTests {
    @Test func aReplyStoredBeforeItsParentInTheSameSecondIsStillTheLatest() throws {
        let fixture = try StoreFixture(label: "hearth-order")
        let at = day(3, hour: 9)
        let ids = try fixture.store.insert([
            message("reply@x", account: fixture.accountID, folder: fixture.inbox.id!, subject: "Re: Plan", date: at,
                    from: "bob@example.org", inReplyTo: "root@x", references: ["root@x"], snippet: "the reply"),
            message("root@x", account: fixture.accountID, folder: fixture.inbox.id!, subject: "Plan", date: at,
                    snippet: "the question"),
        ])
        let thread = try fixture.threadID(of: ids[0])
        #expect(try fixture.threadID(of: ids[1]) == thread)
        #expect(try fixture.store.emails(inThread: thread).map(\.messageID) == ["root@x", "reply@x"])
        #expect(try fixture.store.thread(thread)?.snippet == "the reply")
        #expect(try fixture.store.thread(thread)?.subject == "Plan")
    }

    @Test func withoutAReplyRelationTheEarlierArrivalComesFirst() throws {
        let fixture = try StoreFixture(label: "hearth-order")
        let at = day(3, hour: 9)
        // Two answers to the same (absent) message: one conversation, no relation between them.
        var first = message("a@x", account: fixture.accountID, folder: fixture.inbox.id!, subject: "Re: Same", date: at,
                            inReplyTo: "root@x", references: ["root@x"], snippet: "first")
        var second = message("b@x", account: fixture.accountID, folder: fixture.inbox.id!, subject: "Re: Same", date: at,
                             inReplyTo: "root@x", references: ["root@x"], snippet: "second")
        first.email.dateReceived = at.addingTimeInterval(10)
        second.email.dateReceived = at.addingTimeInterval(20)
        // Stored in reverse order of arrival.
        let ids = try fixture.store.insert([second, first])
        let thread = try fixture.threadID(of: ids[0])
        #expect(try fixture.threadID(of: ids[1]) == thread)
        #expect(try fixture.store.emails(inThread: thread).map(\.messageID) == ["a@x", "b@x"])
        #expect(try fixture.store.thread(thread)?.snippet == "second")
    }
}
