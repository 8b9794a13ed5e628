import Foundation
import HearthCore
import HearthStore
import Testing

@Suite("Thread list queries")
struct ThreadListTests {
    /// Pages through `query` with keyset cursors until exhausted.
    static func allPages(_ store: MailStore, _ query: ThreadQuery) throws -> [MailThread] {
        var out: [MailThread] = []
        var q = query
        while true {
            let page = try store.threads(q)
            out += page
            guard page.count == q.limit, let last = page.last else { return out }
            q.before = ThreadCursor(latestDate: last.latestDate, threadID: last.id!)
        }
    }

    static func isNewestFirst(_ threads: [MailThread]) -> Bool {
        zip(threads, threads.dropFirst()).allSatisfy { a, b in
            a.latestDate > b.latestDate || (a.latestDate == b.latestDate && a.id! > b.id!)
        }
    }

    /// Two accounts, many threads with tied dates, spread over folders.
    static func populated() throws -> (StoreFixture, AccountID, [String: FolderID]) {
        let f = try StoreFixture()
        let b = try f.store.create(StoreFixture.accountValue("b@example.org")).id!
        var folders: [String: FolderID] = ["a.inbox": f.inbox.id!]
        folders["a.sent"] = try f.folder("Sent", .sent).id!
        folders["a.work"] = try f.folder("Work", .custom).id!
        folders["b.inbox"] = try f.folder("INBOX", .inbox, account: b).id!
        folders["b.sent"] = try f.folder("Sent", .sent, account: b).id!
        var batch: [NewMessage] = []
        for i in 0..<157 {
            let account = i % 3 == 0 ? b : f.accountID
            let prefix = account == b ? "b" : "a"
            let folder = folders[i % 5 == 0 ? "\(prefix).sent" : (account == f.accountID && i % 7 == 0 ? "a.work" : "\(prefix).inbox")]!
            // Dates repeat (i / 4) so that many threads tie on latest_date.
            batch.append(message("t\(i)@x", account: account, folder: folder, subject: "Topic \(i)",
                                 date: day(Double(i / 4)), isRead: i % 2 == 0,
                                 category: i % 4 == 0 ? .promotions : .primary))
        }
        _ = try f.store.insert(batch)
        return (f, b, folders)
    }

    @Test func paginationReturnsEveryThreadExactlyOnceNewestFirst() throws {
        let (f, b, folders) = try Self.populated()
        for limit in [1, 7, 50, 500] {
            let all = try Self.allPages(f.store, ThreadQuery(limit: limit))
            #expect(all.count == 157)
            #expect(Set(all.map(\.id)).count == 157)
            #expect(Self.isNewestFirst(all))
        }
        // The merged plans (several accounts, several folders) paginate exactly too.
        let both = try Self.allPages(f.store, ThreadQuery(accounts: [f.accountID, b], limit: 6))
        #expect(both.map(\.id) == (try Self.allPages(f.store, ThreadQuery(limit: 6))).map(\.id))
        let inboxes = try Self.allPages(f.store, ThreadQuery(folderType: .inbox, limit: 5))
        #expect(Set(inboxes.map(\.id)).count == inboxes.count)
        #expect(Self.isNewestFirst(inboxes))
        let inboxCount = try f.count("email_folder", where: "folder_id IN (?, ?)", [folders["a.inbox"]!.rawValue, folders["b.inbox"]!.rawValue])
        #expect(inboxes.count == inboxCount)
    }

    @Test func folderFiltersByIdAndByType() throws {
        let (f, b, folders) = try Self.populated()
        for (name, id) in folders {
            let expected = try f.store.database.writer.read { db in
                try Int64.fetchAll(db, sql: """
                    SELECT DISTINCT e.thread_id FROM email e JOIN email_folder ef ON ef.email_id = e.id
                    WHERE ef.folder_id = ?
                    """, arguments: [id.rawValue])
            }
            let got = try Self.allPages(f.store, ThreadQuery(folderID: id, limit: 10)).map { $0.id!.rawValue }
            #expect(Set(got) == Set(expected), "folder \(name)")
            #expect(!got.isEmpty)
        }
        let sentAll = try Self.allPages(f.store, ThreadQuery(folderType: .sent, limit: 10))
        let sentA = try Self.allPages(f.store, ThreadQuery(accounts: [f.accountID], folderType: .sent, limit: 10))
        let sentB = try Self.allPages(f.store, ThreadQuery(accounts: [b], folderType: .sent, limit: 10))
        #expect(sentAll.count == sentA.count + sentB.count)
        #expect(sentA.allSatisfy { $0.accountID == f.accountID })
        #expect(sentB.allSatisfy { $0.accountID == b })
        // A folder id and a type that disagree select nothing; a folder of another account too.
        #expect(try f.store.threads(ThreadQuery(folderType: .trash)).isEmpty)
        #expect(try f.store.threads(ThreadQuery(folderType: .sent, folderID: folders["a.inbox"]!)).isEmpty)
        #expect(try f.store.threads(ThreadQuery(accounts: [b], folderID: folders["a.inbox"]!)).isEmpty)
    }

    @Test func unifiedViewIsTheUnionOfAccounts() throws {
        let (f, b, _) = try Self.populated()
        let unified = try f.store.threads(ThreadQuery(limit: 1000))
        let a = try f.store.threads(ThreadQuery(accounts: [f.accountID], limit: 1000))
        let onlyB = try f.store.threads(ThreadQuery(accounts: [b], limit: 1000))
        #expect(unified.count == a.count + onlyB.count)
        #expect(Set(unified.map(\.id)) == Set(a.map(\.id) + onlyB.map(\.id)))
        #expect(a.allSatisfy { $0.accountID == f.accountID })
        #expect(onlyB.allSatisfy { $0.accountID == b })
        #expect(!a.isEmpty && !onlyB.isEmpty)
    }

    @Test func categoryAndUnreadFilters() throws {
        let (f, _, folders) = try Self.populated()
        let promotions = try Self.allPages(f.store, ThreadQuery(category: .promotions, limit: 9))
        #expect(promotions.count == (0..<157).filter { $0 % 4 == 0 }.count)
        #expect(promotions.allSatisfy { $0.aiCategory == .promotions })
        let unread = try Self.allPages(f.store, ThreadQuery(unreadOnly: true, limit: 9))
        #expect(unread.count == (0..<157).filter { $0 % 2 != 0 }.count)
        #expect(unread.allSatisfy { $0.unreadCount > 0 })
        let unreadInbox = try Self.allPages(f.store, ThreadQuery(folderID: folders["a.inbox"]!, unreadOnly: true, limit: 4))
        #expect(!unreadInbox.isEmpty)
        #expect(unreadInbox.allSatisfy { $0.unreadCount > 0 && $0.accountID == f.accountID })
        #expect(try f.store.threads(ThreadQuery(limit: 0)).isEmpty)
    }

    @Test func aThreadMovesUpWhenANewMessageArrives() throws {
        let f = try StoreFixture()
        let old = try f.insert("old@x", subject: "Old", date: day(1))
        _ = try f.insert("new@x", subject: "New", date: day(5))
        #expect(try f.store.threads(ThreadQuery(limit: 1)).first?.subject == "New")
        _ = try f.insert("reply@x", subject: "Re: Old", date: day(9), inReplyTo: "old@x", references: ["old@x"])
        let first = try #require(try f.store.threads(ThreadQuery(limit: 1)).first)
        #expect(first.id == (try f.threadID(of: old)))
        #expect(try f.store.threads(ThreadQuery(folderID: f.inbox.id!, limit: 1)).first?.id == first.id)
    }
}
