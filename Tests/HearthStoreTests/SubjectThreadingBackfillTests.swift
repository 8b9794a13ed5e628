import Foundation
import GRDB
import HearthCore
@testable import HearthStore
import Testing

/// Rows stored before `v11-subject-threading` are back-filled by the same rules the insert path
/// applies to new mail: after wiping the two columns, the back-fill must give every row exactly
/// what the insert gave it.
@Suite struct SubjectThreadingBackfillTests {
    @Test func backfillAgreesWithTheInsertPath() throws {
        let f = try StoreFixture()
        let folder = try #require(f.inbox.id)
        func new(_ id: String, subject: String, from: String = "ann@example.org", references: [String] = [],
                 listID: String? = nil, signals: [HeaderField] = []) -> NewMessage {
            let email = Email(accountID: f.accountID, messageID: id, references: references,
                              from: EmailAddress(name: nil, address: from), subject: subject,
                              dateReceived: day(1), dateSent: day(1), sizeBytes: 100, listID: listID)
            var message = NewMessage(email: email, attachments: [], folderID: folder,
                                     threadingKey: MessageMapping.threadingKey(for: email, signalHeaders: signals))
            message.signalHeaders = signals
            return message
        }
        let ids = try f.store.insert([
            new("plain@x", subject: "Lunch"),
            new("re@x", subject: "RE: Lunch"),
            new("ref@x", subject: "Lunch", references: ["plain@x"]),
            new("list@x", subject: "[dev] build broken", listID: "<dev.example.org>"),
            new("bulk@x", subject: "Sale", signals: [HeaderField(name: "Precedence", value: "bulk")]),
            new("auto@x", subject: "Out of office", signals: [HeaderField(name: "Auto-Submitted", value: "auto-replied")]),
            new("human-auto@x", subject: "Hi", signals: [HeaderField(name: "Auto-Submitted", value: "no")]),
            new("noreply@x", subject: "Your receipt", from: "no-reply@shop.example"),
        ])
        func flags() throws -> [Int64: [Int]] {
            try f.store.database.writer.read { db in
                var out: [Int64: [Int]] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT id, is_automated, is_reply FROM email") {
                    out[row["id"]] = [row["is_automated"], row["is_reply"]]
                }
                return out
            }
        }
        let inserted = try flags()
        // The insert path's verdicts, spelled out so a change to either rule is seen here.
        #expect(ids.map { inserted[$0.rawValue] ?? [] } == [[0, 0], [0, 1], [0, 1], [1, 0], [1, 0], [1, 0], [0, 0], [1, 0]])
        try f.store.database.writer.write { db in
            try db.execute(sql: "UPDATE email SET is_automated = 0, is_reply = 0")
            try Schema.backfillSubjectThreading(db)
        }
        #expect(try flags() == inserted)
    }
}
