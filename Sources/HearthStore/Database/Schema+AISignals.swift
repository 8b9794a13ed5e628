import GRDB

/// v9-ai-signals (issue 7, AI after sync): the categoriser's signal header fields
/// (List-Id, List-Post, List-Unsubscribe, Precedence, Auto-Submitted, …) per email, stored at
/// ingestion. Synced mail keeps no raw source, so without this table a mailing-list post
/// fetched over IMAP would lose the strongest categorisation signals. `fields` is a JSON array
/// of `[name, value]` pairs (a few hundred bytes); the row goes with its email.
extension Schema {
    static func v9AISignals(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE email_signal_header (
                email_id INTEGER PRIMARY KEY REFERENCES email(id) ON DELETE CASCADE,
                fields TEXT NOT NULL
            );
            """)
    }
}
