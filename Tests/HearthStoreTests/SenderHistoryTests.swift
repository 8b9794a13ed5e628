import Foundation
import HearthCore
import HearthStore
import Testing

/// `AIBacklogRepository.senderHistory` (issue 15): the categoriser's reply history (addresses the
/// user wrote to, from the Sent folder) and sender history (mail received and its categories).
@Suite struct SenderHistoryTests {
    @Test func writtenToComesFromSentMailAndReceivedMailKeepsItsCategories() throws {
        let f = try StoreFixture(label: "hearth-sender-history")
        let sent = try f.folder("Sent", .sent)
        _ = try f.store.insert([
            message("<s1@x>", account: f.accountID, folder: sent.id!, from: "me@example.org",
                    to: [EmailAddress(name: "Ann", address: "Ann@Example.org")]),
            message("<s2@x>", account: f.accountID, folder: sent.id!, from: "me@example.org",
                    to: [EmailAddress(address: "ann@example.org"), EmailAddress(address: "bob@example.org")]),
            message("<r1@x>", account: f.accountID, folder: f.inbox.id!, from: "ann@example.org", category: .primary),
            message("<r2@x>", account: f.accountID, folder: f.inbox.id!, from: "news@paper.example", category: .updates),
            message("<r3@x>", account: f.accountID, folder: f.inbox.id!, from: "News@Paper.example", category: .updates),
            message("<r4@x>", account: f.accountID, folder: f.inbox.id!, from: "news@paper.example"),
        ])
        let history = try f.store.senderHistory(of: ["ann@example.org", "NEWS@paper.example", "bob@example.org", "nobody@x.example"])
        #expect(history["ann@example.org"]?.messagesWrittenTo == 2)
        #expect(history["ann@example.org"]?.messagesReceived == 1)
        #expect(history["bob@example.org"]?.messagesWrittenTo == 1)
        #expect(history["news@paper.example"]?.messagesWrittenTo == 0)
        #expect(history["news@paper.example"]?.messagesReceived == 3)
        #expect(history["news@paper.example"]?.categories == [.updates: 2])
        #expect(history["nobody@x.example"] == nil)
    }

    /// `sentMessageIDs` (session 10): the categoriser asks which of the messages an email answers
    /// are the user's — in a Sent folder, or written from the account's own address wherever it
    /// is kept — so that a reply in a conversation the user took part in is primary.
    @Test func sentMessageIDsAreTheUsersMessagesInTheSentFolderOrFromTheirOwnAddress() throws {
        let f = try StoreFixture(label: "hearth-sent-ids")
        let sent = try f.folder("Sent", .sent)
        _ = try f.store.insert([
            message("<s1@x>", account: f.accountID, folder: sent.id!, from: "me@example.org"),
            message("<c1@x>", account: f.accountID, folder: f.inbox.id!, from: "Me@Example.org"),
            message("<r1@x>", account: f.accountID, folder: f.inbox.id!, from: "ann@example.org"),
        ])
        let found = try f.store.sentMessageIDs(among: ["<s1@x>", "<c1@x>", "<r1@x>", "<unknown@x>", ""])
        #expect(found == ["<s1@x>", "<c1@x>"])
        #expect(try f.store.sentMessageIDs(among: []).isEmpty)
    }
}
