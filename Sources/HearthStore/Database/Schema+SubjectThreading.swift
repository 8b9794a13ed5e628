import GRDB

extension Schema {
    /// What the tightened subject fallback reads (docs/threading.md): whether a message is
    /// automated and whether it is a reply. Existing rows are filled from what the store already
    /// holds (list id, signal headers, sender, reply headers, subject prefix); only threading of
    /// mail arriving later reads them, nothing is re-threaded.
    static func v11SubjectThreading(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE email ADD COLUMN is_automated INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE email ADD COLUMN is_reply INTEGER NOT NULL DEFAULT 0;
            UPDATE email SET is_reply = 1
             WHERE is_headerless = 0
                OR lower(subject) GLOB 're:*' OR lower(subject) GLOB 'fw:*' OR lower(subject) GLOB 'fwd:*'
                OR lower(subject) GLOB 'aw:*' OR lower(subject) GLOB 'sv:*' OR lower(subject) GLOB 'wg:*';
            UPDATE email SET is_automated = 1
             WHERE list_id IS NOT NULL
                OR lower(from_address) GLOB 'noreply*' OR lower(from_address) GLOB 'no-reply*'
                OR lower(from_address) GLOB 'donotreply@*' OR lower(from_address) GLOB 'do-not-reply@*'
                OR lower(from_address) GLOB 'mailer-daemon@*'
                OR id IN (SELECT email_id FROM email_signal_header
                           WHERE lower(fields) GLOB '*list-id*' OR lower(fields) GLOB '*list-unsubscribe*'
                              OR lower(fields) GLOB '*precedence*bulk*' OR lower(fields) GLOB '*auto-submitted*auto-*');
            """)
    }
}
