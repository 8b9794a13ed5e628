import GRDB

extension Schema {
    /// v3-outbox (issue 5): the outbox beside the email row that carries `send_state` and the
    /// retry fields. `outbox` holds what only an unsent message has: its phase (draft / undo
    /// window / ready), the composition (JSON of `ComposedMessage` without attachment bytes)
    /// for editing, the bytes frozen at Send, the undo deadline and owner, the server copy of
    /// the draft, and whether the Sent copy is done. Attachment bytes live in
    /// `outbox_attachment`. Both cascade from the email (and so from the account).
    static func v3Outbox(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE outbox (
                email_id INTEGER PRIMARY KEY REFERENCES email(id) ON DELETE CASCADE,
                account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                phase TEXT NOT NULL CHECK (phase IN ('draft', 'undo', 'ready')),
                composition TEXT NOT NULL,
                saved_at INTEGER NOT NULL,
                undo_deadline INTEGER,
                owner_pid INTEGER,
                rendered BLOB,
                server_draft_mailbox TEXT,
                server_draft_uid INTEGER,
                server_draft_uidvalidity INTEGER,
                server_draft_saved_at INTEGER,
                sent_copy TEXT NOT NULL DEFAULT 'none' CHECK (sent_copy IN ('none', 'pending', 'appended', 'server'))
            );
            CREATE INDEX outbox_by_account ON outbox(account_id, phase);

            CREATE TABLE outbox_attachment (
                id INTEGER PRIMARY KEY,
                email_id INTEGER NOT NULL REFERENCES outbox(email_id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                filename TEXT NOT NULL,
                mime_type TEXT NOT NULL,
                content_id TEXT,
                data BLOB NOT NULL
            );
            CREATE INDEX outbox_attachment_by_email ON outbox_attachment(email_id, position);
            """)
    }
}
