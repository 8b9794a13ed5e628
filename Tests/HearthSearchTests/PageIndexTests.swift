import Foundation
import GRDB
import HearthCore
@testable import HearthSearch
import HearthStore
import Testing

/// Issue 16: an expression with a prefix longer than the prefix indexes is highlighted in an
/// index of the page's messages alone (`PageIndex`), and the marks and snippets are
/// exactly those of the mailbox index.
@Suite("The page's own keyword index")
struct PageIndexTests {
    /// What the mailbox index gives: one walk of the expression, each match tested against the ids.
    static func mailboxHighlights(_ match: String, ids: [Int64], _ db: Database) throws -> [Int64: [String]] {
        var arguments: StatementArguments = [KeywordSearcher.open, KeywordSearcher.close, KeywordSearcher.open, KeywordSearcher.close, match]
        arguments += StatementArguments(ids)
        let rows = try Row.fetchAll(db, sql: """
            SELECT rowid, highlight(email_fts, 0, ?, ?), snippet(email_fts, 1, ?, ?, '…', 24)
            FROM email_fts WHERE email_fts MATCH ? AND +rowid IN (\(FilterSQL.placeholders(ids.count)))
            """, arguments: arguments)
        return Dictionary(rows.map { ($0[0] as Int64, [($0[1] as String?) ?? "", ($0[2] as String?) ?? ""]) },
                          uniquingKeysWith: { a, _ in a })
    }

    static func pageHighlights(_ match: String, ids: [Int64], _ db: Database) throws -> [Int64: [String]] {
        try PageIndex.highlights(match: match, ids: ids, open: KeywordSearcher.open, close: KeywordSearcher.close, db)
            .mapValues { [$0.subject, $0.snippet] }
    }

    @Test func theTokenizerIsTheMailboxIndexs() throws {
        let f = try SearchFixture()
        let sql = try f.store.database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'email_fts'")
        }
        #expect(sql?.contains("tokenize = '\(PageIndex.tokenizer)'") == true)
    }

    /// Messages that "mips"* and its neighbours find in every column and in ways FTS5 folds:
    /// a long body, a near miss, accents inside and next to the prefix, an HTML-only body, the
    /// sender's address, several words.
    static func addPrefixMail(_ f: SearchFixture) throws -> [Int64] {
        let long = String(repeating: "Unrelated words about the weather and lunch. ", count: 30)
        var ids: [EmailID] = []
        ids.append(try f.add(subject: "MIPS64 port", body: "\(long) The mipsel toolchain builds; MIPS too. \(long)"))
        ids.append(try f.add(subject: "Mipmap textures", body: "nothing about the architecture, only a mipmap"))
        ids.append(try f.add(subject: "Déjà vu", body: "Le café était MIPSÉ? Ré-essayez—mips-linux", from: "ralf@linux-mips.org",
                             fromName: "Ralf Bächle"))
        ids.append(try f.add(subject: "HTML only", html: "<p>The <b>mips</b>el board</p><script>mipsy()</script>"))
        ids.append(try f.add(subject: "Sender only", body: "no word here", from: "mipsy@example.org"))
        ids.append(try f.add(subject: "Other", body: "kernel cache flush on the r4000 mips box"))
        ids.append(try f.add(subject: "Accent", body: "Only ÀMIPSÉ here, and écache"))
        return ids.map(\.rawValue)
    }

    @Test func marksAndSnippetsEqualTheMailboxIndexs() throws {
        let f = try SearchFixture()
        let all = try Self.addPrefixMail(f)
        try f.store.database.writer.read { db in
            for match in [#""mips"*"#, #""mipse"*"#, #""kernel" "cach"*"#, #""cafe" OR "mipsé"*"#,
                          #""mips"* AND ({sender_name sender_email} : "ralf"*)"#, #"{sender_name sender_email} : "mipsy"*"#,
                          #""zzzz"*"#] {
                #expect(FTSMatch.hasUnindexedPrefixTerm(match), "\(match) takes the page's own index")
                let reference = try Self.mailboxHighlights(match, ids: all, db)
                #expect(try Self.pageHighlights(match, ids: all, db) == reference, "\(match)")
                // A part of the page only (the rest must not be marked or returned).
                let part = Array(all.prefix(3))
                #expect(try Self.pageHighlights(match, ids: part, db) == (try Self.mailboxHighlights(match, ids: part, db)))
            }
            #expect(try Self.mailboxHighlights(#""mips"*"#, ids: all, db).count >= 4)
            #expect(try Self.pageHighlights(#""mips"*"#, ids: [], db).isEmpty)
        }
    }

    /// The engine's highlights for a long prefix (spelled out as the page's words, sought
    /// message by message) equal the mailbox index's marks and snippets; a message whose text
    /// folds a word the byte scan does not ("mipsé" with its accent) still comes back.
    @Test func spelledOutPrefixesMarkWhatTheMailboxIndexMarks() throws {
        let f = try SearchFixture()
        let all = try Self.addPrefixMail(f)
        try f.store.database.writer.read { db in
            for match in [#""mips"*"#, #""mipse"*"#, #""kernel" "cach"*"#, #""àmip"*"#,
                          #""mips"* AND ({sender_name sender_email} : "ralf"*)"#, #"{sender_name sender_email} : "mipsy"*"#,
                          #"("kernel" "cach"*) OR ("flush" "mips"*)"#, #""zzzz"*"#] {
                let reference = try Self.mailboxHighlights(match, ids: all, db)
                let engine = try KeywordSearcher.highlights(match: match, ids: all, db).mapValues { [$0.subject, $0.snippet] }
                #expect(engine == reference, "\(match)")
            }
        }
    }

    /// Which messages a long prefix matches, decided from their own text, is what the mailbox
    /// index says: words spelled out, a branch of an OR without the prefix, a column filter,
    /// and folding the byte scan does not do ("ÀMIPSÉ", "MIPSÉ").
    @Test func confirmedMatchesAreTheMailboxIndexs() throws {
        let f = try SearchFixture()
        let all = try Self.addPrefixMail(f)
        try f.store.database.writer.read { db in
            for match in [#""mips"*"#, #""mipse"*"#, #""àmip"*"#, #"("kernel" "flush") OR ("kernel" "mipsel"*)"#,
                          #"{sender_name sender_email} : "mipsy"*"#, #"{subject} : "mips"*"#, #""zzzz"*"#] {
                let reference = Set(try Self.mailboxHighlights(match, ids: all, db).keys)
                #expect(try KeywordSearcher.confirmedMatches(match: match, ids: all, db) == reference, "\(match)")
            }
            // "mipsel" spelled out; "MIPSÉ" (its É folds to e) only through the fallback.
            #expect(try KeywordSearcher.confirmedMatches(match: #""mipse"*"#, ids: all, db) == [all[0], all[2]])
        }
    }

    @Test func aLongPrefixIsSpelledOutAsThePagesWords() throws {
        let texts: [Int64: [String]] = [
            1: ["Cached results", "the CACHE, caches—and cache-line; écache is not one", "", ""],
            2: ["", "cachet", "", ""],
            3: ["nothing", "here", "", ""],
        ]
        let one = try #require(PrefixExpansion(#""cache"*"#, texts: texts))
        #expect(one.expression == #"("cache" OR "cached" OR "caches" OR "cachet")"#)
        // Next to a phrase FTS5 needs an explicit AND; after a column filter's colon it must not have one.
        #expect(PrefixExpansion(#""kernel" "cache"*"#, texts: [2: texts[2]!])?.expression == #""kernel" AND ("cachet")"#)
        #expect(PrefixExpansion(#""cache"* "kernel""#, texts: [2: texts[2]!])?.expression == #"("cachet") AND "kernel""#)
        #expect(PrefixExpansion(#"("a" "cache"*) OR ("b")"#, texts: [2: texts[2]!])?.expression == #"("a" AND ("cachet")) OR ("b")"#)
        #expect(PrefixExpansion(#"{sender_name sender_email} : "cache"*"#, texts: [2: texts[2]!])?.expression
                == #"{sender_name sender_email} : ("cachet")"#)
        // A phrase's earlier words stay; a prefix no message has stays the word itself.
        #expect(PrefixExpansion(#""line cach"*"#, texts: [2: texts[2]!])?.expression == #"("line cachet")"#)
        #expect(PrefixExpansion(#""zzzz"*"#, texts: texts)?.expression == #"("zzzz")"#)
        // Not spelled out: no long prefix, a non-ASCII one, or too many words.
        #expect(PrefixExpansion(#""cac"*"#, texts: texts) == nil)
        #expect(PrefixExpansion(#""écac"*"#, texts: texts) == nil)
        let many = (0...PrefixExpansion.mostWords).map { "cache\($0)" }.joined(separator: " ")
        #expect(PrefixExpansion(#""cache"*"#, texts: [1: [many]]) == nil)
        let blob = "cache" + String(repeating: "0f", count: FTSMatch.maxTermLength)
        #expect(PrefixExpansion(#""cache"*"#, texts: [1: ["a dump: " + blob]]) == nil)
        #expect(PrefixExpansion(#""cache"*"#, texts: [1: ["a dump: " + blob.prefix(FTSMatch.maxTermLength)]]) != nil)
    }

    @Test func longPrefixesAreCutToTheIndexedLength() throws {
        #expect(PrefixCuts(#""mips"*"#) == PrefixCuts(expression: #""mip"*"#, terms: [#""mip"*"#]))
        #expect(PrefixCuts(#""Kernel" "page fault"*"#)?.expression == #""Kernel" "page fau"*"#)
        #expect(PrefixCuts(#""x" AND ({sender_name sender_email} : "ralf"*)"#)
                == PrefixCuts(expression: #""x" AND ({sender_name sender_email} : "ral"*)"#, terms: [#""ral"*"#]))
        #expect(PrefixCuts(#""mips-linux"*"#)?.expression == #""mips-lin"*"#)
        #expect(PrefixCuts(#""say ""hello"""*"#)?.expression == #""say ""hel"*"#)
        // Nothing to cut: words, indexed prefixes, a star inside a string.
        #expect(PrefixCuts(#""mips""#) == nil)
        #expect(PrefixCuts(#""mip"* "kernel""#) == nil)
        #expect(PrefixCuts(#""a*bcde" "c""#) == nil)
        // Letters FTS5 folds (case aside) are left to FTS5.
        #expect(PrefixCuts(#""mipsé"*"#) == nil)
        #expect(PrefixCuts(#""écoles"*"#) == nil)
        // The cut matches a superset, on the prefix index.
        let f = try SearchFixture()
        try f.add(subject: "mipsel", body: "the mipmap and the mips64 port")
        try f.add(subject: "other", body: "nothing")
        try f.store.database.writer.read { db in
            let cut = try KeywordSearcher.count(#""mip"*"#, upTo: 10, db)
            #expect(cut == 1)
            #expect(try KeywordSearcher.prefixMergeIsLong(#""mips"*"#, db) == false)
            #expect(try KeywordSearcher.prefixMergeIsLong(#""mipsé"*"#, db))
        }
    }
}
