import HearthTestSupport
import Foundation
import GRDB
import HearthCore
import HearthStore
import Testing

/// Benchmark-style tests: they print throughput and query times and check only correctness.
/// Size: `HEARTH_STORE_BENCH_EMAILS` (default 10,000; the figures in docs/store.md use 50,000). Run in release for real figures:
/// `swift test -c release --filter PerformanceTests`.
@Suite("Performance (prints timings)", .serialized)
struct PerformanceTests {
    static let emailCount: Int = {
        ProcessInfo.processInfo.environment["HEARTH_STORE_BENCH_EMAILS"].flatMap(Int.init) ?? 10_000
    }()

    /// Deterministic synthetic mail: about 45% replies into earlier conversations (References
    /// chains), the rest new conversations, some of them headerless re-uses of a subject (subject
    /// fallback); INBOX 70%, Sent 20%, a small custom folder 2%, Archive the rest; 60% read.
    static func syntheticMail(_ count: Int, account: AccountID, folders: [FolderID]) -> [NewMessage] {
        var rng = SeededGenerator(seed: 42)
        var conversations: [[String]] = []
        var out: [NewMessage] = []
        out.reserveCapacity(count)
        let start = Date(timeIntervalSince1970: 1_600_000_000)
        for i in 0..<count {
            let id = "m\(i)@bench.example"
            let date = start.addingTimeInterval(Double(i) * 600 + Double(rng.next() % 300))
            var references: [String] = []
            var subject: String
            if !conversations.isEmpty && rng.next() % 100 < 45 {
                let c = Int(rng.next() % UInt64(min(conversations.count, 400)))
                let index = conversations.count - 1 - c
                references = Array(conversations[index].suffix(5))
                conversations[index].append(id)
                subject = "Re: Conversation \(index)"
            } else {
                conversations.append([id])
                subject = rng.next() % 10 == 0 ? "Weekly report" : "Conversation \(conversations.count - 1)"
            }
            let roll = rng.next() % 100
            let folder = roll < 70 ? folders[0] : roll < 90 ? folders[1] : roll < 92 ? folders[2] : folders[3]
            let email = Email(
                accountID: account, messageID: id, inReplyTo: references.last, references: references,
                from: EmailAddress(name: "Person \(rng.next() % 200)", address: "p\(rng.next() % 200)@example.org"),
                to: [EmailAddress(address: "me@example.org")], subject: subject,
                bodyPlain: "Hello, this is message \(i). Short body text for the benchmark.",
                snippet: "Hello, this is message \(i).", dateReceived: date, dateSent: date,
                isRead: rng.next() % 10 < 6, aiCategory: AICategory.allCases[Int(rng.next() % 6)], sizeBytes: 900)
            out.append(NewMessage(email: email, attachments: [], folderID: folder,
                                  threadingKey: MessageMapping.threadingKey(for: email)))
        }
        return out
    }

    static func measure<T>(_ runs: Int = 5, _ body: () throws -> T) rethrows -> (ms: Double, value: T) {
        var times: [Double] = []
        var value: T?
        for _ in 0..<runs {
            let t0 = DispatchTime.now().uptimeNanoseconds
            value = try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
        }
        return (times.sorted()[runs / 2], value!)
    }

    @Test func insertThroughputAndThreadListAtScale() throws {
        let f = try StoreFixture(label: "hearth-bench")
        let folders = [f.inbox.id!, try f.folder("Sent", .sent).id!, try f.folder("Small", .custom).id!,
                       try f.folder("Archive", .archive).id!]
        let mail = Self.syntheticMail(Self.emailCount, account: f.accountID, folders: folders)

        let t0 = Date()
        var stored = 0
        for start in stride(from: 0, to: mail.count, by: 500) {
            stored += try f.store.insert(Array(mail[start..<min(start + 500, mail.count)])).count
        }
        let seconds = Date().timeIntervalSince(t0)
        let stats = try f.store.statistics(account: nil)
        print("[store-bench] inserted \(stored) emails in \(String(format: "%.2f", seconds)) s = \(Int(Double(stored) / seconds)) msgs/s (batches of 500); \(stats.threads) threads, largest \(stats.largestThreadSize), \(stats.databaseBytes / 1_048_576) MiB")
        #expect(stored == mail.count)
        #expect(stats.emails == mail.count)
        #expect(stats.threads < mail.count)

        // Contacts as the importer records them today: one call (one transaction) per message.
        let sample = mail.prefix(2_000)
        let c0 = Date()
        for m in sample {
            try f.store.recordSeen([m.email.from!] + m.email.to, account: f.accountID, date: m.email.sortDate)
        }
        let contactSeconds = Date().timeIntervalSince(c0)
        print("[store-bench] recordSeen, one call per message: \(Int(Double(sample.count) / contactSeconds)) calls/s")
        #expect(try f.store.contacts(matching: "me@", account: f.accountID, limit: 1).first?.frequency == sample.count)

        try f.store.database.writer.writeWithoutTransaction { db in try db.execute(sql: "ANALYZE") }

        let cursorSource = try f.store.threads(ThreadQuery(limit: 1000))
        let deep = ThreadCursor(latestDate: cursorSource.last!.latestDate, threadID: cursorSource.last!.id!)
        let queries: [(String, ThreadQuery)] = [
            ("unified, first page", ThreadQuery(limit: 50)),
            ("unified, after 1000", ThreadQuery(limit: 50, before: deep)),
            ("one account", ThreadQuery(accounts: [f.accountID], limit: 50)),
            ("inbox by type", ThreadQuery(folderType: .inbox, limit: 50)),
            ("inbox by type, after 1000", ThreadQuery(folderType: .inbox, limit: 50, before: deep)),
            ("small custom folder", ThreadQuery(folderID: folders[2], limit: 50)),
            ("unread only", ThreadQuery(unreadOnly: true, limit: 50)),
            ("category promotions", ThreadQuery(category: .promotions, limit: 50)),
            ("inbox, unread, promotions", ThreadQuery(folderType: .inbox, category: .promotions, unreadOnly: true, limit: 50)),
        ]
        for (name, query) in queries {
            let (ms, threads) = try Self.measure { try f.store.threads(query) }
            print("[store-bench] thread list \(name): \(String(format: "%.2f", ms)) ms for \(threads.count) threads")
            #expect(threads.count == 50)
        }

        // Query plans of the thread list statements (printed for docs/store.md).
        try f.store.database.writer.read { db in
            for (sql, arguments) in [
                ("SELECT thread.id FROM thread WHERE (thread.latest_date, thread.id) < (?, ?) ORDER BY thread.latest_date DESC, thread.id DESC LIMIT 50",
                 [1, 1] as StatementArguments),
                ("SELECT thread.id FROM thread_folder tf JOIN thread ON thread.id = tf.thread_id WHERE tf.folder_id = ? AND thread.unread_count > 0 AND (tf.latest_date, tf.thread_id) < (?, ?) ORDER BY tf.latest_date DESC, tf.thread_id DESC LIMIT 50",
                 [1, 1, 1]),
                ("SELECT DISTINCT thread_id FROM email WHERE account_id = ? AND normalized_subject = ? AND sort_date BETWEEN ? AND ? AND (is_headerless = 1 OR ? = 0)",
                 [1, "x", 1, 1, 1]),
            ] {
                let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
                    .map { $0["detail"] as String }
                print("[store-bench] plan: \(plan.joined(separator: " | "))")
                #expect(!plan.contains { $0.contains("USE TEMP B-TREE FOR ORDER BY") })
            }
        }

        // Deleting the account at this size stays one statement.
        let (deleteMS, _) = try Self.measure(1) { try f.store.delete(f.accountID) }
        print("[store-bench] account delete with \(stored) emails: \(String(format: "%.0f", deleteMS)) ms")
        #expect(try f.count("email") == 0)
        #expect(try f.count("thread_node") == 0)
    }
}

