import Foundation
import GRDB
import HearthCore
@testable import HearthSearch
import HearthMIME
import HearthStore
import HearthTestSupport
import Testing

/// Search over real mail, with answers checked independently of the index: decoded text read
/// back from the store (HTML through HearthMIME's converter), tokenised by Foundation.
@Suite("Search on real mail", .corporaPresent, .timeLimit(.minutes(5)), .serialized)
struct CorpusSearchTests {
    let corpus: CorpusFixture

    init() throws { corpus = try CorpusFixture.shared.get() }

    func options(_ account: Account, limit: Int = 50, exact: Bool = true, zone: String = "UTC") -> SearchEngine.Options {
        SearchEngine.Options(accounts: [account.id!], limit: limit, now: Date(timeIntervalSince1970: 1_100_000_000),
                             calendar: calendar(zone), prefixLastTerm: !exact)
    }

    @Test(arguments: [("mips", ["kernel", "cache", "gcc", "binutils", "ptrace", "linux"]),
                      ("spam", ["money", "click", "remove", "razor", "free", "unsubscribe"])])
    func everyHitContainsTheWord(_ which: String, _ words: [String]) async throws {
        let account = which == "mips" ? corpus.mips : corpus.spam
        let engine = SearchEngine(store: corpus.store)
        for word in words {
            let response = try await engine.search(word, options: options(account))
            #expect(!response.results.isEmpty, "no hit for \(word)")
            for result in response.results {
                #expect(result.accountID == account.id)
                let tokens = readerTokens(try corpus.visibleText(result.emailID))
                #expect(tokens.contains(word), "\(word): email \(result.emailID) does not contain it")
                #expect(result.subject.ranges.allSatisfy { readerTokens(String(result.subject.text[$0])) == [word] })
            }
        }
    }

    @Test func keywordRecallEqualsAFullScan() throws {
        // Every linux-mips email with a text body: those whose words include "kernel", by a scan
        // of the decoded text, are exactly those the index returns.
        let rows = try corpus.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, subject, coalesce(from_name, ''), coalesce(from_address, ''), body_plain FROM email
                WHERE account_id = ? AND length(trim(coalesce(body_plain, ''))) > 0
                """, arguments: [corpus.mips.id!.rawValue])
        }
        var scanned = Set<Int64>()
        for row in rows {
            let text = [row[1], row[2], row[3], row[4]].compactMap { $0 as String? }.joined(separator: " ")
            if readerTokens(text).contains("kernel") { scanned.insert(row[0]) }
        }
        let withText = Set(rows.map { $0[0] as Int64 })
        let indexed = try corpus.read { db in
            Set(try Int64.fetchAll(db, sql: "SELECT rowid FROM email_fts WHERE email_fts MATCH '\"kernel\"'"))
        }.intersection(withText)
        #expect(scanned.count > 30)
        #expect(indexed == scanned, "index-only: \(indexed.subtracting(scanned).prefix(5)), scan-only: \(scanned.subtracting(indexed).prefix(5))")
    }

    @Test func phrasesMatchConsecutiveWords() async throws {
        let engine = SearchEngine(store: corpus.store)
        for (account, phrase) in [(corpus.spam, ["click", "here"]), (corpus.mips, ["cross", "compiler"])] {
            let response = try await engine.search("\"\(phrase.joined(separator: " "))\"", options: options(account))
            #expect(!response.results.isEmpty)
            for result in response.results {
                let tokens = readerTokens(try corpus.visibleText(result.emailID))
                let pairs = zip(tokens, tokens.dropFirst())
                let found = pairs.contains { (a: String, b: String) -> Bool in a == phrase[0] && b == phrase[1] }
                #expect(found, "\(phrase) not consecutive in email \(result.emailID)")
            }
        }
    }

    @Test func senderFilterIsExactlyTheMessagesFromThatSender() async throws {
        let (address, total) = try corpus.read { db -> (String, Int) in
            let row = try Row.fetchOne(db, sql: """
                SELECT lower(from_address), count(*) FROM email WHERE account_id = ? AND from_address IS NOT NULL
                GROUP BY 1 ORDER BY 2 DESC LIMIT 1
                """, arguments: [corpus.mips.id!.rawValue])!
            return (row[0], row[1])
        }
        let engine = SearchEngine(store: corpus.store)
        let response = try await engine.search("from:\(address)", options: options(corpus.mips, limit: 10_000))
        #expect(total > 10)
        for result in response.results {
            let email = try #require(try corpus.store.email(result.emailID))
            let sender = readerTokens((email.from?.name ?? "") + " " + (email.from?.address ?? ""))
            #expect(readerTokens(address).allSatisfy { part in sender.contains { $0.hasPrefix(part) } })
        }
        // Every message of that address is found (it may also find similar addresses).
        #expect(response.results.reduce(0) { $0 + $1.matchedMessages } >= total)
        let local = String(address.prefix { $0 != "@" })
        let natural = try await engine.search("from \(local)", options: options(corpus.mips, limit: 10_000))
        #expect(natural.query.filters.senders == [local])
        #expect(natural.results.allSatisfy { $0.matchSource == .filters })
    }

    @Test(arguments: ["UTC", "America/Los_Angeles", "Asia/Kolkata"])
    func dateFiltersAreExactAtDayBoundariesInTheUsersZone(_ zone: String) async throws {
        let engine = SearchEngine(store: corpus.store)
        let cal = calendar(zone)
        let start = date(2000, 6, 15, in: cal), end = date(2000, 6, 16, in: cal)
        func count(_ lower: Date?, _ upper: Date?) throws -> Int {
            try corpus.read { db in
                try Int.fetchOne(db, sql: """
                    SELECT count(*) FROM email WHERE account_id = ? AND sort_date >= ? AND sort_date < ?
                    """, arguments: [corpus.mips.id!.rawValue, lower.map { Int64($0.timeIntervalSince1970 * 1000) } ?? Int64.min,
                                     upper.map { Int64($0.timeIntervalSince1970 * 1000) } ?? Int64.max]) ?? 0
            }
        }
        func messages(_ query: String) async throws -> (Int, [SearchResult]) {
            let r = try await engine.search(query, options: options(corpus.mips, limit: 10_000, zone: zone)).results
            return (r.reduce(0) { $0 + $1.matchedMessages }, r)
        }
        let (onDay, dayResults) = try await messages("on 2000-06-15")
        #expect(onDay == (try count(start, end)))
        #expect(onDay > 0)
        #expect(dayResults.allSatisfy { $0.date >= start && $0.date < end })
        let (since, _) = try await messages("since 2000-06-15")
        let (before, _) = try await messages("before 2000-06-15")
        #expect(since == (try count(start, nil)))
        #expect(before == (try count(nil, start)))
        #expect(since + before == (try count(nil, nil)))
    }

    @Test func htmlOnlyMailIsFoundByItsVisibleWords() async throws {
        let candidates = try corpus.read { db in
            try Int64.fetchAll(db, sql: """
                SELECT id FROM email WHERE account_id = ? AND length(trim(coalesce(body_plain, ''))) = 0
                AND body_html IS NOT NULL ORDER BY id LIMIT 20
                """, arguments: [corpus.spam.id!.rawValue])
        }
        #expect(candidates.count >= 5, "the slice has HTML-only spam")
        let engine = SearchEngine(store: corpus.store)
        for id in candidates {
            let email = try #require(try corpus.store.email(EmailID(id)))
            let body = readerTokens(HTMLText.plainText(fromHTML: email.bodyHTML ?? ""))
            guard let word = body.dropFirst(body.count / 3).first(where: { $0.count >= 7 && $0.allSatisfy(\.isLetter) }) else { continue }
            let response = try await engine.search("\(word) account:spamassassin@hearth.local", options: options(corpus.spam, limit: 500))
            #expect(response.results.contains { $0.emailID.rawValue == id || $0.threadMessageCount > 1 }, "\(word) did not find \(id)")
        }
    }

    @Test func hostileQueriesOnRealMail() async throws {
        let embedder = HashingEmbedder()
        let engine = SearchEngine(store: corpus.store, embedder: embedder)
        for raw in ["\"", "NEAR(", "*", "OR", "AND", "NOT", "\"unbalanced kernel", "kernel\"", "(((", "a:b:c", "from:",
                    "-kernel", "^cache", "{subject}: kernel", "kernel*", "\u{0}", String(repeating: "mips ", count: 2_100)] {
            let response = try await engine.search(raw, options: options(corpus.mips))
            #expect(response.results.count <= 50)
        }
    }

    @Test func hybridSearchOnRealMailWithTheTestEmbedder() async throws {
        let embedder = HashingEmbedder()
        let engine = SearchEngine(store: corpus.store, embedder: embedder)
        let clock = ContinuousClock()
        let started = clock.now
        try await engine.indexManager.embedPending(using: embedder, batchSize: 128)
        let embedTime = clock.now - started
        let status = try engine.indexManager.status(model: embedder.modelIdentifier)
        #expect(status.pendingEmbeddings == 0)
        let response = try await engine.search("kernel cache flush on r4000", options: options(corpus.mips))
        #expect(response.usedSemantic)
        #expect(response.semanticHits == SearchEngine.semanticTopK)
        #expect(response.results.contains { $0.matchSource == .both })
        #expect(response.results.allSatisfy { $0.accountID == corpus.mips.id })
        print("corpus hybrid: embedded \(status.embedded) emails (hashing) in \(embedTime); "
              + "query \(String(format: "%.1f", response.seconds * 1000)) ms; vector index \(engine.vectorIndexMemoryBytes / 1024) KiB")
    }
}
