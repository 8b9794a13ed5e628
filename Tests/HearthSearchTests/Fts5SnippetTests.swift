import Foundation
import GRDB
import HearthCore
import HearthSearch
import HearthStore
import Testing

/// `hearth_snippet()` (CFTS5Snippet, registered on every connection) must give exactly what
/// FTS5's own `snippet()` gives — it replaces it in the results' snippets only because the
/// built-in one is quadratic in a message's matches (docs/search.md, session 12).
@Suite struct Fts5SnippetTests {
    /// Every (message, argument set) of `matches`: the built-in's output and ours.
    static func compare(_ store: MailStore, matches: [String], limit: Int = 400) throws -> (compared: Int, differing: [String]) {
        let argumentSets = ["1, '[', ']', '…', 24", "0, '<b>', '</b>', '...', 8", "-1, '[', ']', '…', 10",
                            "1, '', '', '', 64", "1, '[', ']', '…', 3", "2, '(', ')', '~', 5"]
        var compared = 0
        var differing: [String] = []
        try store.database.writer.read { db in
            for match in matches {
                for arguments in argumentSets {
                    let rows = try Row.fetchAll(db, sql: """
                        SELECT rowid, snippet(email_fts, \(arguments)), hearth_snippet(email_fts, \(arguments))
                        FROM email_fts WHERE email_fts MATCH ? ORDER BY rowid LIMIT \(limit)
                        """, arguments: [match])
                    for row in rows {
                        compared += 1
                        let builtIn: String? = row[1], ours: String? = row[2]
                        if builtIn != ours {
                            differing.append("\(match) [\(arguments)] #\(row[0] as Int64): \(builtIn ?? "nil") ≠ \(ours ?? "nil")")
                        }
                    }
                }
            }
        }
        return (compared, differing)
    }

    @Test func theSameSnippetsAsFTS5sOwnOnCraftedMail() throws {
        let f = try SearchFixture()
        let patch = (0..<120).map { n in
            n % 7 == 0 ? "Flush the cache here. Then flush_cache_all: cache line \(n) of the cache." : "static void r4k_flush_cache_page(struct vm_area \(n)) { flush cache; }"
        }.joined(separator: "\n")
        try f.add(subject: "[PATCH] cache flush cleanup", body: patch)
        try f.add(subject: "cache flush", body: "")
        try f.add(subject: "nothing here", body: "Cache. Flush! cache: flush? The cache flush problem on r4000: a b c a b c.")
        try f.add(subject: "short", body: "flush")
        try f.add(subject: "overlapping phrases", body: "one two three two three four one two three. four one two")
        try f.add(subject: "Sentences", body: "First sentence about nothing.  Second one: the cache.\n\nThird: flush it. " + String(repeating: "word ", count: 60) + "cache flush end.")
        try f.add(subject: "Ünïcode cäche", body: "Die Cäche flush — café cache façade flush. 日本語 cache テスト flush.")
        try f.add(subject: "from someone", body: "cache flush", from: "cache.flush@example.org", fromName: "Cache Flusher")
        let matches = [#""cache" "flush"*"#, #""cache" "flush""#, #""cache flush""#, #""fl"*"#, #""cache""#,
                       #""one two" "two three" "three four""#, #""two three"*"#, #""cache" OR "flush""#,
                       #"{sender_name sender_email} : "cache"*"#, #""cache"*"#]
        let (compared, differing) = try Self.compare(f.store, matches: matches)
        #expect(compared > 200)
        #expect(differing.isEmpty, "\(differing.prefix(3))")
    }

    /// The sixth argument scores several phrases as one: the words a prefix was spelled out
    /// as give the fragment the prefix gives. A group list that does not fit the expression
    /// (too few, too many, out of range, not numbers) is ignored.
    @Test func groupedPhrasesScoreAsTheirPrefix() throws {
        let f = try SearchFixture()
        let padding = String(repeating: "filler words about nothing at all ", count: 6)
        try f.add(subject: "groups", body: "A flushed cache here. \(padding) Then flush, flushing and flushes together. \(padding) The end.")
        try f.store.database.writer.read { db in
            func snippet(_ match: String, _ extra: String = "") throws -> String? {
                try String.fetchOne(db, sql: """
                    SELECT hearth_snippet(email_fts, 1, '[', ']', '…', 8\(extra)) FROM email_fts WHERE email_fts MATCH ?
                    """, arguments: [match])
            }
            let prefix = try snippet(#""flush"*"#)
            let spelled = #"("flush" OR "flushed" OR "flushes" OR "flushing")"#
            // Four phrases: the fragment with three different words wins over the first match.
            #expect(try snippet(spelled) != prefix)
            #expect(try snippet(spelled, ", '0 0 0 0'") == prefix)
            for ignored in ["'0 0 0'", "'0 0 0 0 0'", "'0 0 0 9'", "'a b c d'", "''", "NULL"] {
                #expect(try snippet(spelled, ", \(ignored)") == (try snippet(spelled)), "\(ignored)")
            }
        }
    }

    @Test(.corporaPresent, .timeLimit(.minutes(5)))
    func theSameSnippetsAsFTS5sOwnOnRealMail() throws {
        let corpus = try CorpusFixture.shared.get()
        let matches = [#""cache" "flush"*"#, #""kernel""#, #""mips"*"#, #""patch""#, #""page fault""#, #""the""#,
                       #""linux" "kernel" "mips""#, #""ma"*"#, #""interrupt" "handler"*"#, #""tlb""#]
        let (compared, differing) = try Self.compare(corpus.store, matches: matches, limit: 150)
        #expect(compared > 5_000)
        #expect(differing.isEmpty, "\(differing.prefix(3))")
    }
}
