import Foundation
import GRDB
import HearthCore
import HearthSearch
import HearthStore

/// An in-memory store with one local account (INBOX, Sent) and a builder for messages, for the
/// keyword, fusion and index tests.
final class SearchFixture {
    let store: MailStore
    let account: Account
    let inbox: Folder
    let sent: Folder
    private var sequence = 0

    init(accountEmail: String = "me@example.org") throws {
        store = try MailStore.inMemory()
        account = try store.create(Account(email: accountEmail, displayName: "Me", provider: .local,
                                           authType: .local, syncWindowDays: nil))
        inbox = try store.upsert(Folder(accountID: account.id!, name: "INBOX", imapPath: "INBOX", folderType: .inbox))
        sent = try store.upsert(Folder(accountID: account.id!, name: "Sent", imapPath: "Sent", folderType: .sent))
    }

    var accountID: AccountID { account.id! }

    /// Stores one message and returns its id. Each gets a unique Message-ID (its own thread
    /// unless `inReplyTo` names another).
    @discardableResult
    func add(subject: String, body: String? = nil, html: String? = nil, from: String = "alice@example.org",
             fromName: String? = nil, to: [String] = ["me@example.org"], date: Date = Date(timeIntervalSince1970: 1_704_067_200),
             isRead: Bool = false, isStarred: Bool = false, hasAttachments: Bool = false,
             category: AICategory = .uncategorized, folder: Folder? = nil, account: AccountID? = nil,
             messageID: String? = nil, inReplyTo: String? = nil) throws -> EmailID {
        sequence += 1
        let owner = account ?? accountID
        let email = Email(
            accountID: owner, messageID: messageID ?? "m\(sequence)@test", inReplyTo: inReplyTo,
            references: inReplyTo.map { [$0] } ?? [], from: EmailAddress(name: fromName, address: from),
            to: to.map { EmailAddress(name: nil, address: $0) }, subject: subject, bodyPlain: body, bodyHTML: html,
            snippet: String((body ?? "").prefix(80)), dateReceived: date, dateSent: date, isRead: isRead,
            isStarred: isStarred, hasAttachments: hasAttachments, aiCategory: category, sizeBytes: 100 + sequence)
        let target = folder?.id ?? inbox.id!
        return try store.insert([NewMessage(email: email, attachments: [], folderID: target,
                                            threadingKey: MessageMapping.threadingKey(for: email))])[0]
    }

    func count(_ sql: String, _ arguments: StatementArguments = []) throws -> Int {
        try store.database.writer.read { db in try Int.fetchOne(db, sql: sql, arguments: arguments) ?? 0 }
    }

    /// Email ids whose keyword index entry matches a raw FTS5 expression.
    func ftsIDs(_ match: String) throws -> Set<Int64> {
        try store.database.writer.read { db in
            Set(try Int64.fetchAll(db, sql: "SELECT rowid FROM email_fts WHERE email_fts MATCH ?", arguments: [match]))
        }
    }
}

/// A calendar in a fixed zone, for reproducible date tests.
func calendar(_ zone: String) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    return calendar
}

/// A date from components in `calendar`.
func date(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0, _ s: Int = 0, in calendar: Calendar) -> Date {
    calendar.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: min, second: s))!
}

/// An embedder that always fails (E-04: search must not notice).
struct FailingEmbedder: TextEmbedder {
    let dimensions = 384
    let modelIdentifier = "failing"
    struct Failure: Error {}
    func embed(_ texts: [String]) async throws -> [[Float]] { throw Failure() }
}
