import Foundation
import HearthCore
@testable import HearthOutbox
import HearthStore
import HearthTestSupport
import Testing

/// One message to two rig users at once: the relay sink delivers it to both over one LMTP
/// transaction and answers 250 (it used to answer 451 after delivering: it read one LMTP reply
/// where there is one per recipient; see testenv/rig/lib/smtp_sink.py). Users: erin (sender and
/// recipient) and rose (recipient).
@Suite("Rig sink: one message, two local recipients", .mailRig, .timeLimit(.minutes(2)))
struct TwoLocalRecipientsTests {
    @Test("erin writes to erin and rose: sent at the first attempt, exactly one copy in each INBOX")
    func deliveredToBoth() async throws {
        let e = try OutboxRigTests.setup(OutboxRigTests.erin)
        let mark = e.rig.sinkHighWaterMark()
        let id = try await e.outbox.saveDraft(ComposedMessage(
            from: EmailAddress(name: "Erin", address: OutboxRigTests.erin),
            to: [EmailAddress(address: OutboxRigTests.erin), EmailAddress(address: "rose@example.test")],
            subject: "Two recipients \(UUID().uuidString.prefix(8))", body: "For both of you.\n"), account: e.account.id!)
        #expect(try await e.outbox.completeSend(try await e.outbox.send(id)) == .sent, "the sink refused a message to two local users")
        let messageID = try #require(try e.store.email(id)?.messageID)
        let record = try #require(try await e.rig.waitForSink(after: mark, containing: messageID))
        #expect(record.status == "delivered")
        #expect(Set(record.recipients) == [OutboxRigTests.erin, "rose@example.test"])
        #expect(e.rig.sinkRecords(after: mark, containing: messageID).count == 1, "submitted once: no retry")
        for user in [OutboxRigTests.erin, "rose@example.test"] {
            #expect(try await e.rig.waitForMessage(user: user, mailbox: "INBOX", messageID: messageID) != nil, "nothing in \(user)'s INBOX")
            #expect(try e.rig.uids(user: user, mailbox: "INBOX", messageID: messageID).count == 1, "\(user): one copy")
        }
    }
}
