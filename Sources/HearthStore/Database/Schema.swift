import GRDB

/// The schema, as an append-only list of migrations. A migration that has shipped is NEVER
/// edited: every change is a new migration ("v2", "v3", …) appended at the end
/// (docs/store.md, "Migrations").
///
/// Conventions: integer row ids; dates are INTEGER milliseconds since 1970-01-01 UTC; booleans
/// are 0/1; enums are their raw string values under a CHECK; multi-value fields follow
/// foundation §5.6 (see docs/store.md, "Serialization").
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", migrate: v1)
        migrator.registerMigration("v7-actions", migrate: v7Actions)
        migrator.registerMigration("v8-action-identity", migrate: v8ActionIdentity)
        migrator.registerMigration("v4-safety", migrate: v4Safety)
        migrator.registerMigration("v2-search", migrate: v2Search)
        migrator.registerMigration("v5-ai", migrate: v5AI)
        migrator.registerMigration("v3-outbox", migrate: v3Outbox)
        migrator.registerMigration("v6-accounts", migrate: v6Accounts)
        migrator.registerMigration("v9-ai-signals", migrate: v9AISignals)
        migrator.registerMigration("v10-search-prefix", migrate: v10SearchPrefix)
        migrator.registerMigration("v11-subject-threading", migrate: v11SubjectThreading)
        migrator.registerMigration("v12-action-copy", migrate: v12ActionCopy)
        migrator.registerMigration("v13-search-email-count", migrate: v13SearchEmailCount)
        return migrator
    }

    /// v1 (issue 2). The enum value lists are spelled out, not derived from the Swift enums,
    /// so that adding a case in Core can never silently change a shipped migration.
    private static func v1(_ db: Database) throws {
        let providers = "'gmail', 'imap', 'local'"
        let authTypes = "'oauth2', 'password', 'local'"
        let security = "'tls', 'starttls'"
        let folderTypes = "'inbox', 'sent', 'drafts', 'trash', 'spam', 'archive', 'starred', 'custom'"
        let categories = "'primary', 'social', 'promotions', 'updates', 'forums', 'uncategorized'"
        let sendStates = "'none', 'queued', 'sending', 'retry_wait', 'failed', 'sent'"
        try db.execute(sql: """
            CREATE TABLE account (
                id INTEGER PRIMARY KEY,
                email TEXT NOT NULL,
                display_name TEXT NOT NULL,
                provider TEXT NOT NULL CHECK (provider IN (\(providers))),
                auth_type TEXT NOT NULL CHECK (auth_type IN (\(authTypes))),
                imap_host TEXT,
                imap_port INTEGER,
                imap_security TEXT CHECK (imap_security IN (\(security))),
                imap_extra_ca_file TEXT,
                smtp_host TEXT,
                smtp_port INTEGER,
                smtp_security TEXT CHECK (smtp_security IN (\(security))),
                smtp_extra_ca_file TEXT,
                last_sync_date INTEGER,
                is_active INTEGER NOT NULL DEFAULT 1,
                sync_window_days INTEGER,
                created_at INTEGER NOT NULL
            );

            CREATE TABLE folder (
                id INTEGER PRIMARY KEY,
                account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                imap_path TEXT NOT NULL,
                folder_type TEXT NOT NULL CHECK (folder_type IN (\(folderTypes))),
                unread_count INTEGER NOT NULL DEFAULT 0,
                total_count INTEGER NOT NULL DEFAULT 0,
                uid_validity INTEGER,
                uid_next INTEGER,
                highest_modseq INTEGER,
                last_sync_date INTEGER,
                is_selectable INTEGER NOT NULL DEFAULT 1,
                UNIQUE (account_id, imap_path)
            );
            CREATE INDEX folder_by_type ON folder(folder_type, account_id);

            CREATE TABLE thread (
                id INTEGER PRIMARY KEY,
                account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                subject TEXT NOT NULL DEFAULT '',
                latest_date INTEGER NOT NULL DEFAULT 0,
                message_count INTEGER NOT NULL DEFAULT 0,
                unread_count INTEGER NOT NULL DEFAULT 0,
                is_starred INTEGER NOT NULL DEFAULT 0,
                has_attachments INTEGER NOT NULL DEFAULT 0,
                ai_category TEXT NOT NULL DEFAULT 'uncategorized' CHECK (ai_category IN (\(categories))),
                ai_summary TEXT,
                snippet TEXT NOT NULL DEFAULT '',
                participants TEXT NOT NULL DEFAULT '[]'
            );
            CREATE INDEX thread_by_date ON thread(latest_date, id);
            CREATE INDEX thread_by_account_date ON thread(account_id, latest_date, id);

            CREATE TABLE email (
                id INTEGER PRIMARY KEY,
                account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                thread_id INTEGER NOT NULL REFERENCES thread(id),
                message_id TEXT,
                in_reply_to TEXT,
                "references" TEXT NOT NULL DEFAULT '',
                from_address TEXT,
                from_name TEXT,
                to_addresses TEXT NOT NULL DEFAULT '[]',
                to_names TEXT,
                cc_addresses TEXT NOT NULL DEFAULT '[]',
                cc_names TEXT,
                bcc_addresses TEXT NOT NULL DEFAULT '[]',
                bcc_names TEXT,
                reply_to_addresses TEXT NOT NULL DEFAULT '[]',
                reply_to_names TEXT,
                subject TEXT NOT NULL DEFAULT '',
                normalized_subject TEXT NOT NULL DEFAULT '',
                is_headerless INTEGER NOT NULL DEFAULT 1,
                body_plain TEXT,
                body_html TEXT,
                snippet TEXT NOT NULL DEFAULT '',
                date_received INTEGER NOT NULL,
                date_sent INTEGER,
                sort_date INTEGER NOT NULL,
                is_read INTEGER NOT NULL DEFAULT 0,
                is_starred INTEGER NOT NULL DEFAULT 0,
                is_draft INTEGER NOT NULL DEFAULT 0,
                is_deleted INTEGER NOT NULL DEFAULT 0,
                is_answered INTEGER NOT NULL DEFAULT 0,
                has_attachments INTEGER NOT NULL DEFAULT 0,
                ai_category TEXT NOT NULL DEFAULT 'uncategorized' CHECK (ai_category IN (\(categories))),
                ai_summary TEXT,
                size_bytes INTEGER NOT NULL DEFAULT 0,
                send_state TEXT NOT NULL DEFAULT 'none' CHECK (send_state IN (\(sendStates))),
                send_retry_count INTEGER NOT NULL DEFAULT 0,
                send_queued_date INTEGER,
                send_next_attempt INTEGER,
                send_error TEXT,
                gmail_msgid INTEGER,
                list_id TEXT
            );
            CREATE INDEX email_by_message_id ON email(account_id, message_id);
            CREATE INDEX email_by_thread ON email(thread_id, sort_date);
            CREATE INDEX email_by_subject ON email(account_id, normalized_subject, sort_date);
            CREATE INDEX email_by_gmail_msgid ON email(account_id, gmail_msgid) WHERE gmail_msgid IS NOT NULL;
            CREATE INDEX email_by_send_state ON email(send_state) WHERE send_state <> 'none';

            CREATE TABLE email_folder (
                email_id INTEGER NOT NULL REFERENCES email(id) ON DELETE CASCADE,
                folder_id INTEGER NOT NULL REFERENCES folder(id) ON DELETE CASCADE,
                imap_uid INTEGER,
                PRIMARY KEY (email_id, folder_id)
            ) WITHOUT ROWID;
            CREATE INDEX email_folder_by_folder ON email_folder(folder_id, imap_uid);

            -- Denormalised "thread T has at least one email in folder F", with the thread's
            -- latest_date, so a folder's thread list is one index range scan.
            CREATE TABLE thread_folder (
                thread_id INTEGER NOT NULL REFERENCES thread(id) ON DELETE CASCADE,
                folder_id INTEGER NOT NULL REFERENCES folder(id) ON DELETE CASCADE,
                latest_date INTEGER NOT NULL,
                PRIMARY KEY (thread_id, folder_id)
            ) WITHOUT ROWID;
            CREATE INDEX thread_folder_by_folder ON thread_folder(folder_id, latest_date, thread_id);

            -- The persistent reference graph: every Message-ID seen in an account, real
            -- (email_id set) or ghost (email_id NULL: referenced, never stored or deleted).
            CREATE TABLE thread_node (
                id INTEGER PRIMARY KEY,
                account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                message_id TEXT NOT NULL,
                thread_id INTEGER NOT NULL REFERENCES thread(id) ON DELETE CASCADE,
                email_id INTEGER REFERENCES email(id) ON DELETE SET NULL,
                UNIQUE (account_id, message_id)
            );
            CREATE INDEX thread_node_by_thread ON thread_node(thread_id);
            CREATE INDEX thread_node_by_email ON thread_node(email_id) WHERE email_id IS NOT NULL;

            CREATE TABLE attachment (
                id INTEGER PRIMARY KEY,
                email_id INTEGER NOT NULL REFERENCES email(id) ON DELETE CASCADE,
                filename TEXT NOT NULL,
                mime_type TEXT NOT NULL,
                size_bytes INTEGER NOT NULL DEFAULT 0,
                part_path TEXT NOT NULL,
                content_id TEXT,
                is_inline INTEGER NOT NULL DEFAULT 0,
                local_path TEXT,
                is_downloaded INTEGER NOT NULL DEFAULT 0
            );
            CREATE INDEX attachment_by_email ON attachment(email_id);

            CREATE TABLE email_source (
                email_id INTEGER PRIMARY KEY REFERENCES email(id) ON DELETE CASCADE,
                raw BLOB NOT NULL
            );

            CREATE TABLE contact (
                id INTEGER PRIMARY KEY,
                account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                address TEXT NOT NULL,
                display_name TEXT,
                last_seen INTEGER NOT NULL,
                frequency INTEGER NOT NULL DEFAULT 0,
                UNIQUE (account_id, address)
            );

            CREATE TABLE search_index (
                email_id INTEGER PRIMARY KEY REFERENCES email(id) ON DELETE CASCADE,
                content TEXT NOT NULL DEFAULT '',
                embedding BLOB
            );

            CREATE TABLE settings (
                key TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            ) WITHOUT ROWID;
            """)
    }
}
