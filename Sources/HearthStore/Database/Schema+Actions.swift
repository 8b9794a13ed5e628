import GRDB

extension Schema {
    /// v7 (issue 3): the offline action journal. One row per server operation, replayed in id
    /// order. `email_id` is SET NULL when the message goes (a permanent delete must still reach
    /// the server); a folder that goes takes its operations with it.
    static func v7Actions(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE pending_operation (
                id INTEGER PRIMARY KEY,
                account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                email_id INTEGER REFERENCES email(id) ON DELETE SET NULL,
                action TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('store', 'move', 'expunge')),
                folder_id INTEGER NOT NULL REFERENCES folder(id) ON DELETE CASCADE,
                uid INTEGER NOT NULL,
                target_folder_id INTEGER REFERENCES folder(id) ON DELETE CASCADE,
                flag TEXT CHECK (flag IN ('seen', 'flagged')),
                flag_add INTEGER,
                created_at INTEGER NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at INTEGER NOT NULL,
                state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'failed')),
                last_error TEXT,
                CHECK ((kind = 'move') = (target_folder_id IS NOT NULL)),
                CHECK ((kind = 'store') = (flag IS NOT NULL AND flag_add IS NOT NULL))
            );
            CREATE INDEX pending_operation_due ON pending_operation(account_id, state, next_attempt_at);
            CREATE INDEX pending_operation_email ON pending_operation(email_id);
            CREATE INDEX pending_operation_folder ON pending_operation(folder_id);
            CREATE INDEX pending_operation_target ON pending_operation(target_folder_id);
            """)
    }
}

extension Schema {
    /// v8 (issue 3): what identifies the message when the folder was renumbered meanwhile —
    /// the folder's UIDVALIDITY when the action was made, and the Message-ID.
    static func v8ActionIdentity(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE pending_operation ADD COLUMN uid_validity INTEGER;
            ALTER TABLE pending_operation ADD COLUMN message_id TEXT;
            """)
    }
}

extension Schema {
    /// v12 (issue 14): a `copy` operation (UID COPY; on Gmail, adding a label), with which an
    /// archive that already reached Gmail is undone. SQLite cannot change a CHECK, so the table
    /// is rebuilt with the same columns and rows.
    static func v12ActionCopy(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE pending_operation_v12 (
                id INTEGER PRIMARY KEY,
                account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                email_id INTEGER REFERENCES email(id) ON DELETE SET NULL,
                action TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('store', 'move', 'copy', 'expunge')),
                folder_id INTEGER NOT NULL REFERENCES folder(id) ON DELETE CASCADE,
                uid INTEGER NOT NULL,
                target_folder_id INTEGER REFERENCES folder(id) ON DELETE CASCADE,
                flag TEXT CHECK (flag IN ('seen', 'flagged')),
                flag_add INTEGER,
                created_at INTEGER NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at INTEGER NOT NULL,
                state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'failed')),
                last_error TEXT,
                uid_validity INTEGER,
                message_id TEXT,
                CHECK ((kind IN ('move', 'copy')) = (target_folder_id IS NOT NULL)),
                CHECK ((kind = 'store') = (flag IS NOT NULL AND flag_add IS NOT NULL))
            );
            INSERT INTO pending_operation_v12 (id, account_id, email_id, action, kind, folder_id, uid, target_folder_id, flag,
                                               flag_add, created_at, attempts, next_attempt_at, state, last_error, uid_validity, message_id)
                SELECT id, account_id, email_id, action, kind, folder_id, uid, target_folder_id, flag,
                       flag_add, created_at, attempts, next_attempt_at, state, last_error, uid_validity, message_id
                FROM pending_operation;
            DROP TABLE pending_operation;
            ALTER TABLE pending_operation_v12 RENAME TO pending_operation;
            CREATE INDEX pending_operation_due ON pending_operation(account_id, state, next_attempt_at);
            CREATE INDEX pending_operation_email ON pending_operation(email_id);
            CREATE INDEX pending_operation_folder ON pending_operation(folder_id);
            CREATE INDEX pending_operation_target ON pending_operation(target_folder_id);
            """)
    }
}
