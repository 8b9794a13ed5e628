import Foundation
import GRDB

/// v2-search (issue 4): the keyword index and the vector column, kept in step with `email` by
/// SQLite itself so every writer (import, IMAP sync, deletes, account removal) indexes in the
/// same transaction as its own write, without knowing search exists (docs/search.md).
///
/// - `email_fts` is an FTS5 table with **external content**: it stores only the inverted index;
///   the text it indexes (and that `highlight()`/`snippet()` read back) comes from the view
///   `email_search_source` over `email`, so no message text is stored twice.
/// - Triggers on `email` insert/delete/update the index. Account removal cascades to `email`
///   rows, and SQLite runs the delete trigger for each cascaded row.
/// - The body indexed is `body_plain`, or for HTML-only mail the text of `body_html` as
///   `hearth_html_text` extracts it (registered on every connection by `HearthDatabase`).
/// - `search_index` (v1) keeps one embedding per email; this migration adds the model that made
///   it, so vectors of different models are never compared.
extension Schema {
    static func v2Search(_ db: Database) throws {
        // The body the index sees. Deterministic: the delete trigger must hand FTS5 exactly the
        // text the insert trigger gave it, or the index would keep stale tokens.
        func body(_ row: String) -> String {
            """
            CASE WHEN length(trim(coalesce(\(row).body_plain, ''), char(32, 9, 10, 13))) > 0
                 THEN \(row).body_plain
                 ELSE coalesce(hearth_html_text(\(row).body_html), '') END
            """
        }
        func values(_ row: String) -> String {
            "\(row).id, \(row).subject, \(body(row)), coalesce(\(row).from_name, ''), coalesce(\(row).from_address, '')"
        }
        try db.execute(sql: """
            CREATE VIEW email_search_source AS
                SELECT e.id AS id, e.subject AS subject, \(body("e")) AS body,
                       coalesce(e.from_name, '') AS sender_name, coalesce(e.from_address, '') AS sender_email
                FROM email e;

            CREATE VIRTUAL TABLE email_fts USING fts5(
                subject, body, sender_name, sender_email,
                content = 'email_search_source', content_rowid = 'id',
                tokenize = 'unicode61 remove_diacritics 2'
            );

            CREATE TRIGGER email_fts_after_insert AFTER INSERT ON email BEGIN
                INSERT INTO email_fts (rowid, subject, body, sender_name, sender_email)
                VALUES (\(values("new")));
            END;

            CREATE TRIGGER email_fts_after_delete AFTER DELETE ON email BEGIN
                INSERT INTO email_fts (email_fts, rowid, subject, body, sender_name, sender_email)
                VALUES ('delete', \(values("old")));
            END;

            CREATE TRIGGER email_fts_after_update
            AFTER UPDATE OF subject, body_plain, body_html, from_name, from_address ON email BEGIN
                INSERT INTO email_fts (email_fts, rowid, subject, body, sender_name, sender_email)
                VALUES ('delete', \(values("old")));
                INSERT INTO email_fts (rowid, subject, body, sender_name, sender_email)
                VALUES (\(values("new")));
            END;

            -- Mail stored before this migration.
            INSERT INTO email_fts (email_fts) VALUES ('rebuild');

            -- Narrow copies of what search filters and groups by, so it never reads email rows
            -- (whose bodies push these columns into overflow pages): by id for keyword hits
            -- (`INDEXED BY email_search_facets`), by date for filter-only searches.
            CREATE INDEX email_search_facets ON email(
                id, thread_id, account_id, sort_date, is_read, is_starred, has_attachments, ai_category);
            CREATE INDEX email_search_by_date ON email(
                sort_date, account_id, is_read, is_starred, has_attachments, ai_category, thread_id);

            ALTER TABLE search_index ADD COLUMN embedding_model TEXT;
            CREATE INDEX search_index_by_model ON search_index(embedding_model, email_id);
            """)
    }

    /// v10-search-prefix (issue 16): the keyword index gets FTS5 prefix indexes for 2- and
    /// 3-character prefixes, so search-as-you-type (`"mi"*`, `"con"*`) reads one doclist
    /// instead of merging every term that starts that way. Measured on 63K linux-mips messages
    /// (loaded box): `"mi"*` 178 → 2 ms to count its matches, `"con"*` 89 → 1 ms; the index
    /// grows 53 → 125 MB. Same columns, tokenizer, external content and triggers (they name
    /// the table, which is recreated under the same name), rebuilt from the email table.
    static func v10SearchPrefix(_ db: Database) throws {
        try db.execute(sql: """
            DROP TABLE email_fts;
            CREATE VIRTUAL TABLE email_fts USING fts5(
                subject, body, sender_name, sender_email,
                content = 'email_search_source', content_rowid = 'id',
                tokenize = 'unicode61 remove_diacritics 2',
                prefix = '2 3'
            );
            INSERT INTO email_fts (email_fts) VALUES ('rebuild');
            """)
    }

    /// v13-search-email-count (issue 16, session 12): the number of emails, kept by triggers in
    /// a one-row table, so the keyword index's quick check (E-05), which every `hearth search`
    /// process runs when it opens, reads one row instead of counting the mailbox: `count(*)` of
    /// `email` and of FTS5's docsize table cost ≈ 3.5 ms of CPU per process at 60K messages.
    /// The index's side is FTS5's own row total (its averages record), see
    /// `SearchIndexManager.quickKeywordIndexProblem`.
    ///
    /// The insert trigger upserts, so a wipe (which empties every table, this one included)
    /// counts again from 1; a missing row means no emails. A count that drifts anyway (someone
    /// editing the table) makes the quick check report the index out of step, and the repair
    /// that follows sets the count from `email` again.
    static func v13SearchEmailCount(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE email_count (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                emails INTEGER NOT NULL
            );
            INSERT INTO email_count (id, emails) SELECT 1, count(*) FROM email;

            CREATE TRIGGER email_count_after_insert AFTER INSERT ON email BEGIN
                INSERT INTO email_count (id, emails) VALUES (1, 1)
                    ON CONFLICT (id) DO UPDATE SET emails = emails + 1;
            END;

            CREATE TRIGGER email_count_after_delete AFTER DELETE ON email BEGIN
                UPDATE email_count SET emails = emails - 1 WHERE id = 1;
            END;
            """)
    }

    /// `hearth_html_text(html)`: the visible text of an HTML body for the keyword index.
    /// Registered on every connection (`HearthDatabase.configuration`): the FTS triggers call it.
    static let htmlTextFunction = DatabaseFunction("hearth_html_text", argumentCount: 1, pure: true) { values in
        guard let html = String.fromDatabaseValue(values[0]) else { return nil }
        return SearchHTMLText.visibleText(html)
    }
}

/// A small, fast, deterministic HTML-to-text pass for indexing (not for display): drops tags,
/// comments and the content of `script`/`style`/`head`, decodes the common entities.
///
/// Changing its output changes what the delete trigger hands FTS5; any change therefore needs a
/// migration that runs `INSERT INTO email_fts(email_fts) VALUES('rebuild')`.
enum SearchHTMLText {
    /// Bodies above this are cut: the index does not need megabytes of markup.
    static let maxInputBytes = 2 * 1024 * 1024

    static func visibleText(_ html: String) -> String {
        var input = Array(html.utf8.prefix(maxInputBytes))
        input.append(0)
        var out: [UInt8] = []
        out.reserveCapacity(input.count / 2)
        var i = 0
        let n = input.count - 1
        func lower(_ b: UInt8) -> UInt8 { (b >= 65 && b <= 90) ? b + 32 : b }
        func startsWith(_ word: String, at index: Int) -> Bool {
            var k = index
            for c in word.utf8 {
                guard k < n, lower(input[k]) == c else { return false }
                k += 1
            }
            return true
        }
        func skipPast(_ terminator: String, from index: Int) -> Int {
            var k = index
            while k < n {
                if startsWith(terminator, at: k) { return k + terminator.utf8.count }
                k += 1
            }
            return n
        }
        while i < n {
            let b = input[i]
            if b == UInt8(ascii: "<") {
                if startsWith("<!--", at: i) {
                    i = skipPast("-->", from: i + 4)
                } else if startsWith("<script", at: i) {
                    i = skipPast("</script", from: i + 7)
                    i = skipPast(">", from: i)
                } else if startsWith("<style", at: i) {
                    i = skipPast("</style", from: i + 6)
                    i = skipPast(">", from: i)
                } else if startsWith("<head", at: i), i + 5 < n, !isNameByte(input[i + 5]) {
                    i = skipPast("</head", from: i + 5)
                    i = skipPast(">", from: i)
                } else {
                    i = skipPast(">", from: i + 1)
                }
                out.append(32)
            } else if b == UInt8(ascii: "&") {
                let (decoded, next) = entity(input, at: i, end: n)
                out.append(contentsOf: decoded)
                i = next
            } else {
                out.append(b)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57)
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
        "copy": "©", "reg": "®", "eacute": "é", "egrave": "è", "agrave": "à", "uuml": "ü",
        "ouml": "ö", "auml": "ä", "szlig": "ß", "ccedil": "ç", "ntilde": "ñ", "mdash": "—",
        "ndash": "–", "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“",
        "euro": "€", "pound": "£",
    ]

    /// Decodes `&name;`, `&#NNN;`, `&#xHH;` at `index`; anything else is a literal `&`.
    private static func entity(_ input: [UInt8], at index: Int, end n: Int) -> ([UInt8], Int) {
        var k = index + 1
        var name: [UInt8] = []
        while k < n, name.count < 10, input[k] != UInt8(ascii: ";") {
            let c = input[k]
            guard isNameByte(c) || c == UInt8(ascii: "#") else { break }
            name.append(c)
            k += 1
        }
        guard k < n, input[k] == UInt8(ascii: ";"), !name.isEmpty else { return ([UInt8(ascii: "&")], index + 1) }
        let text = String(decoding: name, as: UTF8.self)
        var scalar: Unicode.Scalar?
        if text.hasPrefix("#x") || text.hasPrefix("#X") {
            scalar = UInt32(text.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        } else if text.hasPrefix("#") {
            scalar = UInt32(text.dropFirst()).flatMap(Unicode.Scalar.init)
        } else if let value = named[text.lowercased()] {
            return (Array(value.utf8), k + 1)
        }
        guard let scalar, scalar.value != 0 else { return ([UInt8(ascii: "&")], index + 1) }
        return (Array(String(Character(scalar)).utf8), k + 1)
    }
}
