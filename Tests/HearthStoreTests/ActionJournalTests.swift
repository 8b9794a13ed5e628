import Foundation
import HearthCore
import HearthStore
import Testing

/// The action journal: local change and journal entry in one transaction; completion, backoff
/// bookkeeping, failure with local undo.
@Suite struct ActionJournalTests {
    func plan(_ f: StoreFixture, _ email: EmailID, local: [LocalChange], server: [ServerOperation]) -> ActionPlan {
        ActionPlan(account: f.accountID, email: email, action: .archive, local: local, server: server)
    }

    @Test func aFailingLocalChangeLeavesNeitherChangeNorJournal() throws {
        let f = try StoreFixture()
        let archive = try f.folder("Archive", .archive)
        let id = try f.insert("a@x", isRead: false)
        try f.store.link(id, to: f.inbox.id!, imapUID: 4)
        let broken = plan(f, id, local: [.setFlags(id, isRead: true, isStarred: nil), .unlink(id, from: archive.id!)],
                          server: [.store(folder: f.inbox.id!, uid: 4, flag: .seen, add: true)])
        #expect(throws: StoreError.self) { try f.store.apply(broken, at: day(0)) }
        #expect(try f.store.email(id)?.isRead == false)
        #expect(try f.store.journal(account: f.accountID).isEmpty)
    }

    @Test func moveIsJournalledCompletedWithItsNewUIDOrUndoneWhenItFails() throws {
        let f = try StoreFixture()
        let archive = try f.folder("Archive", .archive)
        let a = try f.insert("a@x")
        let b = try f.insert("b@x", date: day(1))
        try f.store.link(a, to: f.inbox.id!, imapUID: 4)
        try f.store.link(b, to: f.inbox.id!, imapUID: 5)
        for (id, uid) in [(a, UInt32(4)), (b, UInt32(5))] {
            try f.store.apply(plan(f, id, local: [.link(id, to: archive.id!), .unlink(id, from: f.inbox.id!)],
                                   server: [.move(folder: f.inbox.id!, uid: uid, to: archive.id!)]), at: day(0))
        }
        let entries = try f.store.journal(account: f.accountID)
        #expect(entries.map(\.email) == [a, b])
        #expect(try f.store.dueOperations(account: f.accountID, by: day(0)).count == 2)

        // The first is confirmed with COPYUID 90: the archive copy gets that UID.
        try f.store.complete(entries[0].id, newUID: 90)
        #expect(try f.store.uids(in: archive.id!)[90] == a)

        // The second is postponed (not due until later), then fails for good and is undone.
        try f.store.postpone(entries[1].id, attempts: 1, retryAt: day(0, hour: 1), error: "NO busy")
        #expect(try f.store.dueOperations(account: f.accountID, by: day(0)).isEmpty)
        #expect(try f.store.dueOperations(account: f.accountID, by: day(0, hour: 1)).count == 1)
        try f.store.fail(entries[1].id, error: "NO [TRYCREATE] no such mailbox")
        let failed = try #require(try f.store.journal(account: f.accountID).first)
        #expect(failed.state == .failed)
        #expect(failed.lastError == "NO [TRYCREATE] no such mailbox")
        #expect(try f.store.uids(in: f.inbox.id!)[5] == b)
        #expect(try f.store.folders(of: b).map(\.folderID) == [f.inbox.id!])
        #expect(try f.store.dueOperations(account: f.accountID, by: day(9)).isEmpty)

        try f.store.retry(failed.id, at: day(2))
        #expect(try f.store.journal(account: f.accountID).first?.state == .pending)
        try f.store.dismiss(failed.id)
        #expect(try f.store.journal(account: f.accountID).isEmpty)
    }

    @Test func permanentDeleteKeepsItsJournalEntryAfterTheRowIsGone() throws {
        let f = try StoreFixture()
        let trash = try f.folder("Trash", .trash)
        let id = try f.insert("gone@x")
        try f.store.link(id, to: trash.id!, imapUID: 3)
        try f.store.apply(ActionPlan(account: f.accountID, email: id, action: .deletePermanently, local: [.delete(id)],
                                     server: [.expunge(folder: trash.id!, uid: 3)]), at: day(0))
        #expect(try f.store.email(id) == nil)
        let entry = try #require(try f.store.journal(account: f.accountID).first)
        #expect(entry.email == nil)
        #expect(entry.operation == .expunge(folder: trash.id!, uid: 3))
    }

    @Test func removingTheAccountRemovesItsJournal() throws {
        let f = try StoreFixture()
        let id = try f.insert("a@x")
        try f.store.link(id, to: f.inbox.id!, imapUID: 4)
        try f.store.apply(plan(f, id, local: [.setFlags(id, isRead: true, isStarred: nil)],
                               server: [.store(folder: f.inbox.id!, uid: 4, flag: .seen, add: true)]), at: day(0))
        try f.store.delete(f.accountID)
        #expect(try f.count("pending_operation") == 0)
    }
}
