import Foundation
import HearthCore
import Testing

/// Reading order of a conversation: date, then a reply after its parent within the same second,
/// then arrival. The last message is "the latest" for snippets, quotes and smart replies.
@Suite struct ConversationOrderTests {
    static let second = Date(timeIntervalSince1970: 1_700_000_000)

    static func email(_ id: Int64, _ messageID: String, replyTo parent: String? = nil, references: [String] = [],
                      date: Date = second, received: Date = second) -> Email {
        Email(id: EmailID(id), accountID: AccountID(1), messageID: messageID, inReplyTo: parent, references: references,
              subject: messageID, dateReceived: received, dateSent: date)
    }

    @Test func aReplyStoredFirstStillComesAfterItsParentInTheSameSecond() {
        // Sync stores newest first: the reply got the lower row id.
        let reply = Self.email(1, "reply@x", replyTo: "root@x", references: ["root@x"])
        let root = Self.email(2, "root@x")
        #expect(ConversationOrder.sorted([reply, root]).map(\.messageID) == ["root@x", "reply@x"])
        #expect(ConversationOrder.sorted([root, reply]).map(\.messageID) == ["root@x", "reply@x"])
    }

    @Test func aChainInOneSecondFollowsTheReplies() {
        // c answers b (In-Reply-To only), b answers a; stored c, b, a.
        let c = Self.email(1, "c@x", replyTo: "b@x")
        let b = Self.email(2, "b@x", replyTo: "a@x")
        let a = Self.email(3, "a@x")
        #expect(ConversationOrder.sorted([c, b, a]).map(\.messageID) == ["a@x", "b@x", "c@x"])
    }

    @Test func theDateWinsOverTheReplyRelation() {
        // A reply whose Date is a second EARLIER than its parent (a skewed clock) stays earlier:
        // the date is what the user sees next to each message.
        let reply = Self.email(1, "reply@x", replyTo: "root@x", date: Self.second)
        let root = Self.email(2, "root@x", date: Self.second.addingTimeInterval(1))
        #expect(ConversationOrder.sorted([root, reply]).map(\.messageID) == ["reply@x", "root@x"])
    }

    @Test func unrelatedMessagesOfOneSecondGoByArrivalThenRowID() {
        let later = Self.email(1, "later@x", received: Self.second.addingTimeInterval(5))
        let earlier = Self.email(2, "earlier@x", received: Self.second.addingTimeInterval(2))
        let same1 = Self.email(4, "four@x", received: Self.second.addingTimeInterval(9))
        let same2 = Self.email(3, "three@x", received: Self.second.addingTimeInterval(9))
        #expect(ConversationOrder.sorted([later, same1, earlier, same2]).map(\.messageID)
                == ["earlier@x", "later@x", "three@x", "four@x"])
    }

    @Test func aReferenceCycleDoesNotLoseOrRepeatMessages() {
        let a = Self.email(1, "a@x", replyTo: "b@x")
        let b = Self.email(2, "b@x", replyTo: "a@x")
        let c = Self.email(3, "c@x", replyTo: "a@x")
        let sorted = ConversationOrder.sorted([c, b, a])
        #expect(sorted.count == 3 && Set(sorted.compactMap(\.messageID)) == ["a@x", "b@x", "c@x"])
        #expect(sorted.firstIndex { $0.messageID == "a@x" }! < sorted.firstIndex { $0.messageID == "c@x" }!)
    }

    @Test func subSecondDatesStillOrderByTheReplyWithinTheirSecond() {
        // A locally composed reply carries milliseconds; its parent's Date header does not.
        let reply = Self.email(1, "reply@x", replyTo: "root@x", date: Self.second.addingTimeInterval(0.2))
        let root = Self.email(2, "root@x", date: Self.second.addingTimeInterval(0.7))
        #expect(ConversationOrder.sorted([reply, root]).map(\.messageID) == ["root@x", "reply@x"])
    }
}
