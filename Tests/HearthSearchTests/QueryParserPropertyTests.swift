import Foundation
import GRDB
import HearthCore
@testable import HearthSearch
import HearthTestSupport
import Testing

/// Property tests of the parser and the FTS5 expression builder over seeded random strings:
/// total (never traps), deterministic, fast, plain words never lost, and every expression it
/// builds is accepted by SQLite's FTS5 (so no typed text can become a query error).
@Suite("Query parser properties")
struct QueryParserPropertyTests {
    static let pieces: [String] = [
        "from", "to", "in", "on", "before", "after", "since", "last", "past", "this", "week", "month", "year",
        "yesterday", "today", "january", "march", "dec", "monday", "2024", "2024-02-01", "2024-02-30", "31", "5th",
        "with", "without", "attachments", "files", "unread", "read", "emails", "promotions", "social", "inbox",
        "\"", "“", "”", "(", ")", "*", ":", "NEAR(", "NEAR", "OR", "AND", "NOT", "^", "-", "+", "{", "}", "'",
        "\\", "%", "_", "\u{0}", "\u{1}", "\u{E000}", "\u{E001}", "é", "e\u{301}", "日本語", "😀", "👩‍👩‍👧", "ß",
        "from:", "to:", "is:", "has:", "in:", "before:", "after:", "on:", "category:", "account:", "date:",
        "is:unread", "has:attachment", "before:2024", "after:yesterday", "from:bob", "x@y.z", "a.b", "c++",
        " ", "  ", "\n", "\t", ",", ".", ";", "?", "!", "budget", "kernel", "mips", "patch",
        // "N units ago", "a couple of …", "sent by": the natural-language forms added in session 4.
        "ago", "a", "an", "couple", "few", "of", "two", "twelve", "0", "3650", "3651", "99999999999999999999",
        "-1", "+5", "day", "days", "weeks", "months", "years", "sent", "by", "until", "the", "who",
    ]

    static func randomQuery(_ random: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...24, using: &random)
        var text = ""
        for _ in 0..<count {
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                // A random scalar anywhere in the BMP (surrogates excluded) or above.
                let value = UInt32.random(in: 1...0x2FFFF, using: &random)
                if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
            case 1:
                text += String(repeating: "x", count: Int.random(in: 1...300, using: &random))
            default:
                text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }
            if Bool.random(using: &random) { text += " " }
        }
        return text
    }

    @Test func parserIsTotalDeterministicAndItsExpressionsAreValidFTS5() throws {
        let fixture = try SearchFixture()
        try fixture.add(subject: "Budget for the kernel patch", body: "mips port, c++ and café")
        try fixture.add(subject: "日本語のメール", body: "テスト")
        let now = Date(timeIntervalSince1970: 1_710_000_000)
        var random = SeededGenerator(seed: 0x5EA2C4)
        let clock = ContinuousClock()
        var slowest = Duration.zero
        var total = Duration.zero
        let runs = 3_000
        for _ in 0..<runs {
            let raw = Self.randomQuery(&random)
            let zone = ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Chatham"].randomElement(using: &random)!
            let parser = SearchQueryParser(now: now, calendar: calendar(zone))
            var query = SearchQuery(raw: "")
            let elapsed = clock.measure { query = parser.parse(raw) }
            slowest = max(slowest, elapsed)
            total += elapsed
            #expect(parser.parse(raw) == query, "not deterministic: \(raw.debugDescription)")
            #expect(query.raw == raw)
            for term in query.terms {
                switch term {
                case .word(let w): #expect(!w.isEmpty && !w.contains(where: \.isWhitespace))
                case .phrase(let p): #expect(!p.isEmpty)
                }
            }
            for prefix in [true, false] {
                guard let match = FTSMatch.expression(query.terms, prefixLast: prefix) else { continue }
                do {
                    _ = try fixture.store.database.writer.read { db in
                        try Int.fetchOne(db, sql: "SELECT count(*) FROM email_fts WHERE email_fts MATCH ?", arguments: [match])
                    }
                } catch {
                    Issue.record("FTS5 rejected \(match.debugDescription) built from \(raw.debugDescription): \(error)")
                }
            }
            for sender in query.filters.senders {
                guard let match = FTSMatch.sender(sender) else { continue }
                #expect(throws: Never.self) {
                    _ = try fixture.store.database.writer.read { db in
                        try Int.fetchOne(db, sql: "SELECT count(*) FROM email_fts WHERE email_fts MATCH ?", arguments: [match])
                    }
                }
            }
        }
        let mean = total / runs
        print("parser: \(runs) random queries, mean \(mean), slowest \(slowest)")
        #expect(mean < .milliseconds(2), "FR-SEARCH-04 budget: mean parse \(mean)")
    }

    @Test func plainWordsAreNeverLost() {
        var random = SeededGenerator(seed: 42)
        let letters = Array("bcdfghjkqvwxz")
        let parser = SearchQueryParser(now: Date(), calendar: calendar("UTC"))
        for _ in 0..<500 {
            let words = (0..<Int.random(in: 1...8, using: &random)).map { _ in
                String((0..<Int.random(in: 4...9, using: &random)).map { _ in letters.randomElement(using: &random)! })
            }
            let query = parser.parse(words.joined(separator: " "))
            #expect(query.terms == words.map(SearchTerm.word))
            #expect(query.filters.isEmpty)
        }
    }

    @Test func hostileQueriesNeverFailASearch() async throws {
        let fixture = try SearchFixture()
        try fixture.add(subject: "Budget meeting", body: "near the end of the quarter, OR not")
        let engine = SearchEngine(store: fixture.store, embedder: HashingEmbedder())
        _ = try await engine.indexManager.embedPending(using: HashingEmbedder())
        var random = SeededGenerator(seed: 7)
        var queries = ["\"", "NEAR(", "*", "OR", "AND", "NOT", "\"budget", "budget\"", "(budget", "budget)",
                       "{subject}: budget", "subject:budget", "^budget", String(repeating: "budget OR ", count: 1_100)]
        for _ in 0..<200 { queries.append(Self.randomQuery(&random)) }
        for raw in queries {
            let response = try await engine.search(raw)
            #expect(response.results.count <= 50)
        }
        #expect(try await engine.search("\"budget").results.count == 1)
        // Operators are text: "NEAR(" is the word "near" (the message has it), never a syntax error.
        #expect(try await engine.search("NEAR(").results.count == 1)
        #expect(try await engine.search("\"*\"").results.isEmpty)
    }
}
