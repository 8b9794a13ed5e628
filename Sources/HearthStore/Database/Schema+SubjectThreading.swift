import GRDB
import HearthCore

extension Schema {
    /// What the tightened subject fallback reads (docs/threading.md): whether a message is
    /// automated and whether it is a reply. Existing rows are filled from what the store already
    /// holds (list id, signal headers, sender, reply headers, subject) by the very rules new mail
    /// is judged by (`AutomatedMail`, `SubjectNormalizer`), so old and new rows never disagree;
    /// only threading of mail arriving later reads them, nothing is re-threaded.
    static func v11SubjectThreading(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE email ADD COLUMN is_automated INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE email ADD COLUMN is_reply INTEGER NOT NULL DEFAULT 0;
            """)
        try backfillSubjectThreading(db)
    }

    /// Sets `is_automated` / `is_reply` of every row from its stored fields (rows start at 0).
    static func backfillSubjectThreading(_ db: Database) throws {
        // Collected first, written after: no update while the cursor walks the same table.
        var automated: [Int64] = []
        var replies: [Int64] = []
        let rows = try Row.fetchCursor(db, sql: """
            SELECT e.id, e.subject, e.is_headerless, e.list_id, e.from_address, s.fields
            FROM email e LEFT JOIN email_signal_header s ON s.email_id = e.id
            """)
        while let row = try rows.next() {
            let id: Int64 = row["id"]
            let subject: String = row["subject"] ?? ""
            let headerless: Bool = row["is_headerless"] ?? true
            if !headerless || SubjectNormalizer.isReplyOrForward(subject) { replies.append(id) }
            if AutomatedMail.isAutomated(listID: row["list_id"], fromAddress: row["from_address"],
                                         signalHeaders: SignalHeaderRows.decode(row["fields"])) {
                automated.append(id)
            }
        }
        let markAutomated = try db.makeStatement(sql: "UPDATE email SET is_automated = 1 WHERE id = ?")
        for id in automated { try markAutomated.execute(arguments: [id]) }
        let markReply = try db.makeStatement(sql: "UPDATE email SET is_reply = 1 WHERE id = ?")
        for id in replies { try markReply.execute(arguments: [id]) }
    }
}
