import Foundation
import GRDB
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

/// FR-FOUND-03, one test per rule, on a real database file.
@Suite("Cascade rules (FR-FOUND-03)")
struct CascadeTests {
    /// Tables that hold data of an account, directly or through an email/thread/folder.
    static let accountTables = ["account", "folder", "email", "email_folder", "thread", "thread_node",
                                "thread_folder", "attachment", "email_source", "contact", "search_index"]

    /// The same deterministic mail for any account: threads with replies and a ghost, two
    /// folders, an attachment, raw sources, contacts and search_index rows.
    static func populate(_ fixture: StoreFixture, account: AccountID) throws {
        let inbox = try fixture.folder("INBOX", .inbox, account: account).id!
        let sent = try fixture.folder("Sent", .sent, account: account).id!
        let pdf = ParsedAttachment(filename: "a.pdf", mimeType: "application/pdf", sizeBytes: 10, partPath: "2")
        let ids = try fixture.store.insert([
            message("root@x", account: account, folder: inbox, subject: "Plan", date: day(1), raw: Data("raw1".utf8)),
            message("reply@x", account: account, folder: sent, subject: "Re: Plan", date: day(2),
                    inReplyTo: "root@x", references: ["root@x"], attachments: [pdf], raw: Data("raw2".utf8)),
            message("orphan@x", account: account, folder: inbox, subject: "Other", date: day(3),
                    inReplyTo: "ghost@x", references: ["ghost@x"]),
        ])
        try fixture.store.link(ids[0], to: sent, imapUID: 7)
        try fixture.store.recordSeen([EmailAddress(address: "bob@example.org")], account: account, date: day(1))
        try fixture.store.database.writer.write { db in
            for id in ids {
                try db.execute(sql: "INSERT INTO search_index (email_id, content) VALUES (?, 'text')", arguments: [id.rawValue])
            }
        }
    }

    static func counts(_ fixture: StoreFixture) throws -> [String: Int] {
        var out: [String: Int] = [:]
        for table in accountTables { out[table] = try fixture.count(table) }
        return out
    }

    @Test func deletingAnAccountRemovesEveryRowOfItAndOnlyIt() throws {
        // Reference: the other account alone.
        let alone = try StoreFixture()
        let b0 = try alone.store.create(StoreFixture.accountValue("b@example.org")).id!
        try Self.populate(alone, account: b0)
        try alone.store.delete(alone.accountID) // the fixture's own account, with its empty INBOX
        let expected = try Self.counts(alone)
        for table in Self.accountTables {
            #expect(expected[table]! > 0, "populate leaves \(table) empty: the test would prove nothing")
        }

        let fixture = try StoreFixture()
        let a = fixture.accountID
        let b = try fixture.store.create(StoreFixture.accountValue("b@example.org")).id!
        try Self.populate(fixture, account: a)
        try Self.populate(fixture, account: b)
        try fixture.store.delete(a)

        #expect(try Self.counts(fixture) == expected)
        for table in ["folder", "email", "thread", "thread_node", "contact"] {
            #expect(try fixture.count(table, where: "account_id = ?", [a.rawValue]) == 0, "\(table) keeps rows of a deleted account")
        }
        #expect(try fixture.store.account(a) == nil)
        #expect(try fixture.store.threads(ThreadQuery(accounts: [b])).count == 2)
        #expect(try fixture.store.statistics(account: b).emails == 3)
        #expect(throws: StoreError.notFound("account \(a)")) { try fixture.store.delete(a) }
    }

    @Test func deletingAFolderMovesItsOnlyEmailsToTheArchiveFolder() throws {
        let fixture = try StoreFixture()
        let work = try fixture.folder("Work", .custom)
        let archive = try fixture.folder("Archive", .archive)
        let only = try fixture.insert("only@x", folder: work.id!, isRead: false)
        let shared = try fixture.insert("shared@x", folder: work.id!, subject: "Shared", isRead: true)
        try fixture.store.link(shared, to: fixture.inbox.id!, imapUID: nil)

        try fixture.store.delete(work.id!)

        #expect(try fixture.store.folder(work.id!) == nil)
        #expect(try fixture.store.folders(of: only).map(\.folderID) == [archive.id!])
        #expect(try fixture.store.folders(of: shared).map(\.folderID) == [fixture.inbox.id!])
        let archived = try fixture.store.folder(archive.id!)!
        #expect(archived.totalCount == 1)
        #expect(archived.unreadCount == 1)
        #expect(try fixture.store.threads(ThreadQuery(folderID: archive.id!)).map(\.id)
                == [try fixture.threadID(of: only)])
        #expect(try fixture.count("email") == 2)
    }

    @Test func deletingAFolderCreatesAnArchiveWhenTheAccountHasNone() throws {
        let fixture = try StoreFixture()
        let work = try fixture.folder("Work", .custom)
        let email = try fixture.insert("only@x", folder: work.id!)
        #expect(try fixture.store.folders(account: fixture.accountID).allSatisfy { $0.folderType != .archive })

        try fixture.store.delete(work.id!)

        let archives = try fixture.store.folders(account: fixture.accountID).filter { $0.folderType == .archive }
        #expect(archives.count == 1)
        #expect(archives.first?.imapPath == "Archive")
        #expect(try fixture.store.folders(of: email).map(\.folderID) == archives.map { $0.id! })
        #expect(archives.first?.totalCount == 1)
    }

    @Test func deletingTheTrashDeletesEmailsOnlyInTrash() throws {
        let fixture = try StoreFixture()
        let trash = try fixture.folder("Trash", .trash)
        let pdf = ParsedAttachment(filename: "a.pdf", mimeType: "application/pdf", sizeBytes: 10, partPath: "2")
        let ids = try fixture.store.insert([
            message("t1@x", account: fixture.accountID, folder: trash.id!, subject: "Junk", attachments: [pdf],
                    raw: Data("raw".utf8)),
            message("t2@x", account: fixture.accountID, folder: trash.id!, subject: "Kept"),
        ])
        try fixture.store.link(ids[1], to: fixture.inbox.id!, imapUID: nil)
        let trashedThread = try fixture.threadID(of: ids[0])

        try fixture.store.delete(trash.id!)

        #expect(try fixture.store.email(ids[0]) == nil)
        #expect(try fixture.store.thread(trashedThread) == nil)
        #expect(try fixture.count("attachment") == 0)
        #expect(try fixture.count("email_source") == 0)
        #expect(try fixture.store.email(ids[1]) != nil)
        #expect(try fixture.store.folders(of: ids[1]).map(\.folderID) == [fixture.inbox.id!])
        #expect(try fixture.store.folders(account: fixture.accountID).allSatisfy { $0.folderType != .archive })
    }

    @Test func anEmailInTwoFoldersStaysInTheOtherWhenOneIsDeleted() throws {
        let fixture = try StoreFixture()
        let a = try fixture.folder("A", .custom)
        let b = try fixture.folder("B", .custom)
        let email = try fixture.insert("two@x", folder: a.id!)
        try fixture.store.link(email, to: b.id!, imapUID: 42)
        try fixture.store.delete(a.id!)
        #expect(try fixture.store.folders(of: email) == [EmailFolder(emailID: email, folderID: b.id!, imapUID: 42)])
        #expect(try fixture.store.folders(account: fixture.accountID).allSatisfy { $0.folderType != .archive })
        #expect(try fixture.store.folder(b.id!)?.totalCount == 1)
    }

    @Test func unlinkingTheLastAssociationArchivesTheEmail() throws {
        let fixture = try StoreFixture()
        let email = try fixture.insert("u@x")
        let other = try fixture.insert("u2@x", subject: "Second")
        let custom = try fixture.folder("Custom", .custom)
        try fixture.store.link(other, to: custom.id!, imapUID: nil)

        try fixture.store.unlink(other, from: fixture.inbox.id!) // not the last one: plain removal
        #expect(try fixture.store.folders(of: other).map(\.folderID) == [custom.id!])

        try fixture.store.unlink(email, from: fixture.inbox.id!) // the last one: archived
        let archive = try #require(try fixture.store.folders(account: fixture.accountID).first { $0.folderType == .archive })
        #expect(try fixture.store.folders(of: email).map(\.folderID) == [archive.id!])
        #expect(try fixture.store.folder(fixture.inbox.id!)?.totalCount == 0)
        #expect(try fixture.store.threads(ThreadQuery(folderType: .inbox)).isEmpty)
        #expect(throws: StoreError.self) { try fixture.store.unlink(email, from: fixture.inbox.id!) }
    }

    @Test func unlinkingTheLastAssociationFromTrashDeletesTheEmail() throws {
        let fixture = try StoreFixture()
        let trash = try fixture.folder("Trash", .trash)
        let email = try fixture.insert("tr@x", folder: trash.id!)
        let thread = try fixture.threadID(of: email)
        try fixture.store.unlink(email, from: trash.id!)
        #expect(try fixture.store.email(email) == nil)
        #expect(try fixture.store.thread(thread) == nil)
        #expect(try fixture.store.folder(trash.id!)?.totalCount == 0)
    }

    @Test func deletingAnEmailRemovesItsRowsAndUpdatesItsThread() throws {
        let fixture = try StoreFixture()
        let sent = try fixture.folder("Sent", .sent)
        let pdf = ParsedAttachment(filename: "a.pdf", mimeType: "application/pdf", sizeBytes: 10, partPath: "2")
        let ids = try fixture.store.insert([
            message("p@x", account: fixture.accountID, folder: fixture.inbox.id!, subject: "Topic", date: day(1),
                    from: "alice@example.org", snippet: "first"),
            message("c@x", account: fixture.accountID, folder: sent.id!, subject: "Re: Topic", date: day(2),
                    from: "bob@example.org", inReplyTo: "p@x", references: ["p@x"], attachments: [pdf],
                    snippet: "second", raw: Data("raw".utf8)),
        ])
        try fixture.store.database.writer.write { db in
            try db.execute(sql: "INSERT INTO search_index (email_id, content) VALUES (?, 'x')", arguments: [ids[1].rawValue])
        }
        let thread = try fixture.threadID(of: ids[0])
        #expect(try fixture.store.thread(thread)?.messageCount == 2)

        try fixture.store.delete(ids[1])

        for table in ["email_folder", "attachment", "email_source", "search_index"] {
            #expect(try fixture.count(table, where: "email_id = ?", [ids[1].rawValue]) == 0, "\(table) kept a row")
        }
        let updated = try #require(try fixture.store.thread(thread))
        #expect(updated.messageCount == 1)
        #expect(updated.snippet == "first")
        #expect(updated.hasAttachments == false)
        #expect(updated.participants.map(\.address) == ["alice@example.org"])
        #expect(updated.latestDate == day(1))
        #expect(try fixture.store.threads(ThreadQuery(folderID: sent.id!)).isEmpty)
        #expect(try fixture.store.folder(sent.id!)?.totalCount == 0)
        // The deleted message's node is now a ghost of the surviving thread.
        #expect(try fixture.count("thread_node", where: "message_id = 'c@x' AND email_id IS NULL") == 1)
        #expect(try fixture.store.statistics(account: nil).ghostNodes == 1)

        // Deleting the last email deletes the thread and its nodes.
        try fixture.store.delete(ids[0])
        #expect(try fixture.store.thread(thread) == nil)
        #expect(try fixture.count("thread_node") == 0)
        #expect(try fixture.count("thread_folder") == 0)
        #expect(try fixture.store.folder(fixture.inbox.id!)?.totalCount == 0)
        #expect(throws: StoreError.notFound("email \(ids[0])")) { try fixture.store.delete(ids[0]) }
    }

    @Test func folderCountsFollowInsertsLinksAndDeletes() throws {
        let fixture = try StoreFixture()
        let ids = try fixture.store.insert((0..<10).map { i in
            message("n\(i)@x", account: fixture.accountID, folder: fixture.inbox.id!, subject: "S\(i)", isRead: i % 3 == 0)
        })
        var inbox = try fixture.store.folder(fixture.inbox.id!)!
        #expect(inbox.totalCount == 10)
        #expect(inbox.unreadCount == 6)
        try fixture.store.delete(ids[1]) // unread
        try fixture.store.delete(ids[0]) // read
        try fixture.store.link(ids[2], to: fixture.inbox.id!, imapUID: 5) // already there: UID only
        inbox = try fixture.store.folder(fixture.inbox.id!)!
        #expect(inbox.totalCount == 8)
        #expect(inbox.unreadCount == 5)
        #expect(try fixture.store.folders(of: ids[2]).first?.imapUID == 5)
        // Upserting the folder (sync state) leaves the store-maintained counts alone.
        var changed = inbox
        changed.uidValidity = 99
        changed.totalCount = 0
        let stored = try fixture.store.upsert(changed)
        #expect(stored.totalCount == 8)
        #expect(stored.uidValidity == 99)
    }
}
