import GRDB

/// v6-accounts (issue 9): what accounts, settings and storage management keep.
/// - `account_auth_status`: an account whose token refresh failed for good waits here for the
///   user to sign in again (FR-SET-02's "Re-authenticate"); no row means fine.
/// - `account_setting`: per-account settings (notifications, attachment cache limit, …) that go
///   with their account; app-wide settings stay in `settings`.
/// - `attachment_access`: when a downloaded attachment was last opened, for LRU eviction of the
///   attachment cache (spec §8.1: 500 MB per account by default).
/// Everything cascades from its account or attachment (FR-FOUND-03).
extension Schema {
    static func v6Accounts(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE account_auth_status (
                account_id INTEGER PRIMARY KEY REFERENCES account(id) ON DELETE CASCADE,
                state TEXT NOT NULL CHECK (state IN ('reauthenticate')),
                reason TEXT NOT NULL,
                since INTEGER NOT NULL
            ) WITHOUT ROWID;

            CREATE TABLE account_setting (
                account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                key TEXT NOT NULL,
                value TEXT NOT NULL,
                PRIMARY KEY (account_id, key)
            ) WITHOUT ROWID;

            CREATE TABLE attachment_access (
                attachment_id INTEGER PRIMARY KEY REFERENCES attachment(id) ON DELETE CASCADE,
                last_access INTEGER NOT NULL
            );
            CREATE INDEX attachment_access_by_time ON attachment_access(last_access);
            """)
    }
}
