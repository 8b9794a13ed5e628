import GRDB

/// v4-safety (issue 6): the per-sender "Always load remote images" preference (spec product
/// §5.4.3). One row per (account, sender address); absent means blocked, the default. Rows go
/// with their account (FR-FOUND-03 cascade). Addresses are stored lower-cased.
extension Schema {
    static func v4Safety(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE remote_content_sender (
                account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                address TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                PRIMARY KEY (account_id, address)
            ) WITHOUT ROWID;
            """)
    }
}
