import GRDB

/// v5-ai (issue 7): what on-device AI keeps.
/// - `email.ai_confidence` / `email.ai_category_source`: how sure the categoriser was and which
///   stage decided (signals, embedding, llm, preference, user, fallback); NULL = never categorised.
/// - `ai_category_correction`: the user's re-categorisations, the local preference signal that
///   steers future mail from the same sender and near neighbours (embedding: little-endian
///   Float32 blob). Rows go with their account; the email link is cleared if the email goes.
/// - `ai_thread_summary`: one cached summary per thread with the message count and newest email
///   it was written for, so a thread that grew is recognised as stale.
extension Schema {
    static func v5AI(_ db: Database) throws {
        let categories = "'primary', 'social', 'promotions', 'updates', 'forums', 'uncategorized'"
        let sources = "'signals', 'embedding', 'llm', 'preference', 'user', 'fallback'"
        try db.execute(sql: """
            ALTER TABLE email ADD COLUMN ai_confidence REAL;
            ALTER TABLE email ADD COLUMN ai_category_source TEXT CHECK (ai_category_source IN (\(sources)));
            CREATE INDEX email_uncategorized ON email(sort_date) WHERE ai_category = 'uncategorized';

            CREATE TABLE ai_category_correction (
                id INTEGER PRIMARY KEY,
                account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                email_id INTEGER REFERENCES email(id) ON DELETE SET NULL,
                sender_address TEXT NOT NULL,
                category TEXT NOT NULL CHECK (category IN (\(categories))),
                embedding BLOB,
                created_at INTEGER NOT NULL
            );
            CREATE INDEX ai_category_correction_by_sender ON ai_category_correction(account_id, sender_address);

            CREATE TABLE ai_thread_summary (
                thread_id INTEGER PRIMARY KEY REFERENCES thread(id) ON DELETE CASCADE,
                message_count INTEGER NOT NULL,
                last_email_id INTEGER,
                summary TEXT NOT NULL,
                model TEXT NOT NULL,
                created_at INTEGER NOT NULL
            );
            """)
    }
}
