import Foundation
import HearthCore
import HearthStore
import Testing

@Suite("Contacts, statistics, accounts, folders")
struct ContactAndStatisticsTests {
    @Test func contactsAreRankedByFrequencyThenRecency() throws {
        let f = try StoreFixture()
        let a = f.accountID
        let ann = EmailAddress(name: "Ann Smith", address: "ann@example.org")
        let andy = EmailAddress(name: "Andy", address: "andy@example.org")
        let anton = EmailAddress(address: "anton@example.org")
        try f.store.recordSeen([ann], account: a, date: day(1))
        try f.store.recordSeen([ann, andy], account: a, date: day(2))
        try f.store.recordSeen([anton], account: a, date: day(5))
        try f.store.recordSeen([andy], account: a, date: day(3))
        // One sighting per call even if the address repeats within it (From == To).
        try f.store.recordSeen([EmailAddress(address: "ANN@example.org"), ann], account: a, date: day(0))

        let found = try f.store.contacts(matching: "an", account: a, limit: 10)
        #expect(found.map(\.address) == ["ann@example.org", "andy@example.org", "anton@example.org"])
        #expect(found.map(\.frequency) == [3, 2, 1])
        // last_seen is the latest sighting, not the latest call.
        #expect(found[0].lastSeen == day(2))
        #expect(found[0].displayName == "Ann Smith")
        // Ties on frequency: the more recent first.
        try f.store.recordSeen([anton], account: a, date: day(6))
        let tie = try f.store.contacts(matching: "an", account: a, limit: 10)
        #expect(tie.map(\.address) == ["ann@example.org", "anton@example.org", "andy@example.org"])
        // Name and name-word prefixes match, case-insensitively; LIKE wildcards are literal.
        #expect(try f.store.contacts(matching: "smi", account: a, limit: 10).map(\.address) == ["ann@example.org"])
        #expect(try f.store.contacts(matching: "ANDY", account: a, limit: 10).map(\.address) == ["andy@example.org"])
        #expect(try f.store.contacts(matching: "%", account: a, limit: 10).isEmpty)
        #expect(try f.store.contacts(matching: "an", account: a, limit: 1).count == 1)
    }

    @Test func theUnifiedViewMergesContactsAcrossAccounts() throws {
        let f = try StoreFixture()
        let b = try f.store.create(StoreFixture.accountValue("b@example.org")).id!
        try f.store.recordSeen([EmailAddress(name: "Old Name", address: "zoe@example.org")], account: f.accountID, date: day(1))
        try f.store.recordSeen([EmailAddress(name: "Zoe", address: "zoe@example.org")], account: b, date: day(4))
        try f.store.recordSeen([EmailAddress(address: "zed@example.org")], account: f.accountID, date: day(9))
        try f.store.recordSeen([EmailAddress(address: "zed@example.org")], account: f.accountID, date: day(2))
        try f.store.recordSeen([EmailAddress(address: "zoe@example.org")], account: b, date: day(3))

        let merged = try f.store.contacts(matching: "z", account: nil, limit: 10)
        #expect(merged.map(\.address) == ["zoe@example.org", "zed@example.org"]) // 1 + 2 sightings beat 2
        #expect(merged.map(\.frequency) == [3, 2])
        let zoe = try #require(merged.first)
        #expect(zoe.frequency == 3)
        #expect(zoe.lastSeen == day(4))
        #expect(zoe.displayName == "Zoe")
        #expect(zoe.accountID == b)
        #expect(try f.store.contacts(matching: "zoe", account: f.accountID, limit: 10).map(\.frequency) == [1])
        // Deleting an account deletes its contacts.
        try f.store.delete(b)
        #expect(try f.store.contacts(matching: "zoe", account: nil, limit: 10).map(\.frequency) == [1])
    }

    @Test func statisticsCountPerAccountAndOverall() throws {
        let f = try StoreFixture()
        let b = try f.store.create(StoreFixture.accountValue("b@example.org")).id!
        let bInbox = try f.folder("INBOX", .inbox, account: b).id!
        let pdf = ParsedAttachment(filename: "a.pdf", mimeType: "application/pdf", sizeBytes: 10, partPath: "2")
        _ = try f.store.insert([
            message("1@x", account: f.accountID, folder: f.inbox.id!, subject: "A", date: day(1)),
            message("2@x", account: f.accountID, folder: f.inbox.id!, subject: "Re: A", date: day(2),
                    inReplyTo: "1@x", references: ["g1@x", "1@x"], attachments: [pdf]),
            message("3@x", account: f.accountID, folder: f.inbox.id!, subject: "Re: A", date: day(3),
                    inReplyTo: "2@x", references: ["g1@x", "1@x", "2@x"]),
            message("4@x", account: f.accountID, folder: f.inbox.id!, subject: "B", date: day(3), inReplyTo: "g2@x"),
            message("5@x", account: b, folder: bInbox, subject: "C", date: day(3), inReplyTo: "g3@x"),
        ])
        try f.store.recordSeen([EmailAddress(address: "x@y")], account: b, date: day(1))
        let a = try f.store.statistics(account: f.accountID)
        #expect(a.accounts == 1)
        #expect(a.folders == 1)
        #expect(a.emails == 4)
        #expect(a.threads == 2)
        #expect(a.ghostNodes == 2)
        #expect(a.largestThreadSize == 3)
        #expect(a.attachments == 1)
        #expect(a.contacts == 0)
        #expect(a.databaseBytes > 0)
        let all = try f.store.statistics(account: nil)
        #expect(all.accounts == 2)
        #expect(all.folders == 2)
        #expect(all.emails == 5)
        #expect(all.threads == 3)
        #expect(all.ghostNodes == 3)
        #expect(all.contacts == 1)
        let fileSize = try FileManager.default.attributesOfItem(atPath: f.databaseURL.path)[.size] as? NSNumber
        #expect(all.databaseBytes >= fileSize?.int64Value ?? .max)
    }

    @Test func accountsRoundTripAndUpdate() throws {
        let f = try StoreFixture()
        var account = Account(
            email: "imap@example.org", displayName: "IMAP", provider: .imap, authType: .password,
            imap: ServerEndpoint(host: "imap.example.org", port: 993, security: .implicitTLS, extraCAFile: "/ca.pem"),
            smtp: ServerEndpoint(host: "smtp.example.org", port: 587, security: .startTLS),
            lastSyncDate: day(3), isActive: false, syncWindowDays: 14, createdAt: day(1))
        account = try f.store.create(account)
        #expect(try f.store.account(account.id!) == account)
        account.displayName = "Renamed"
        account.smtp = nil
        try f.store.update(account)
        #expect(try f.store.account(account.id!) == account)
        #expect(try f.store.accounts().map(\.id) == [f.accountID, account.id])
        var ghost = account
        ghost.id = AccountID(999)
        #expect(throws: StoreError.notFound("account 999")) { try f.store.update(ghost) }
    }

    @Test func folderUpsertMatchesByPathOrId() throws {
        let f = try StoreFixture()
        let again = try f.store.upsert(Folder(accountID: f.accountID, name: "Inbox", imapPath: "INBOX", folderType: .inbox,
                                              uidValidity: 7, uidNext: 100, highestModSeq: UInt64(1) << 40))
        #expect(again.id == f.inbox.id)
        #expect(again.name == "Inbox")
        #expect(again.uidValidity == 7)
        #expect(again.uidNext == 100)
        #expect(again.highestModSeq == UInt64(1) << 40)
        var renamed = again
        renamed.imapPath = "Posteingang"
        #expect(try f.store.upsert(renamed).imapPath == "Posteingang")
        #expect(try f.store.folders(account: f.accountID).count == 1)
        #expect(throws: StoreError.notFound("folder 12345")) {
            var missing = again
            missing.id = FolderID(12345)
            _ = try f.store.upsert(missing)
        }
    }
}
