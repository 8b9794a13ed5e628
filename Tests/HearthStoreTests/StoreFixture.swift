import Foundation
import GRDB
import HearthCore
import HearthStore
import HearthTestSupport

/// A store on a real SQLite file in a fresh temporary directory, with one local account and an
/// INBOX, plus builders for messages. The directory is removed when the fixture is released.
final class StoreFixture {
    let directory: URL
    let store: MailStore
    let account: Account
    let inbox: Folder

    init(label: String = "hearth-store") throws {
        directory = try Corpora.temporaryDirectory(label)
        store = try MailStore.open(directory: directory)
        account = try store.create(Self.accountValue("me@example.org"))
        inbox = try store.upsert(Folder(accountID: account.id!, name: "INBOX", imapPath: "INBOX", folderType: .inbox))
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    var accountID: AccountID { account.id! }
    var databaseURL: URL { DataDirectory.databaseURL(in: directory) }

    static func accountValue(_ email: String) -> Account {
        Account(email: email, displayName: email, provider: .local, authType: .local, syncWindowDays: nil,
                createdAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    func folder(_ path: String, _ type: FolderType, account: AccountID? = nil) throws -> Folder {
        try store.upsert(Folder(accountID: account ?? accountID, name: path, imapPath: path, folderType: type))
    }

    /// Row count of a table, optionally filtered.
    func count(_ table: String, where condition: String = "1", _ arguments: StatementArguments = []) throws -> Int {
        try store.database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE \(condition)", arguments: arguments) ?? 0
        }
    }
}

/// 2024-01-01 00:00:00 UTC plus `days`.
func day(_ days: Double, hour: Double = 0) -> Date {
    Date(timeIntervalSince1970: 1_704_067_200 + days * 86_400 + hour * 3_600)
}

/// A message as the import would build it: the threading key comes from `MessageMapping`.
func message(
    _ messageID: String?, account: AccountID, folder: FolderID, subject: String = "Hello",
    date: Date = day(0), from: String = "alice@example.org", fromName: String? = nil,
    inReplyTo: String? = nil, references: [String] = [], to: [EmailAddress] = [],
    isRead: Bool = false, isStarred: Bool = false, attachments: [ParsedAttachment] = [],
    category: AICategory = .uncategorized, size: Int = 1000, snippet: String? = nil,
    raw: Data? = nil, imapUID: UInt32? = nil
) -> NewMessage {
    let email = Email(
        accountID: account, messageID: messageID, inReplyTo: inReplyTo, references: references,
        from: EmailAddress(name: fromName, address: from), to: to, subject: subject,
        bodyPlain: "Body of \(messageID ?? "?")", snippet: snippet ?? "snippet \(messageID ?? "?")",
        dateReceived: date.addingTimeInterval(60), dateSent: date, isRead: isRead, isStarred: isStarred,
        hasAttachments: attachments.contains { !$0.isInline }, aiCategory: category, sizeBytes: size)
    return NewMessage(email: email, attachments: attachments, folderID: folder, imapUID: imapUID,
                      threadingKey: MessageMapping.threadingKey(for: email), rawSource: raw)
}

extension StoreFixture {
    /// Inserts one message into INBOX (or `folder`) and returns its id.
    @discardableResult
    func insert(_ messageID: String?, folder: FolderID? = nil, subject: String = "Hello",
                date: Date = day(0), from: String = "alice@example.org", inReplyTo: String? = nil,
                references: [String] = [], isRead: Bool = false, size: Int = 1000,
                account: AccountID? = nil) throws -> EmailID {
        try store.insert([message(
            messageID, account: account ?? accountID, folder: folder ?? inbox.id!, subject: subject,
            date: date, from: from, inReplyTo: inReplyTo, references: references, isRead: isRead,
            size: size)])[0]
    }

    func threadID(of email: EmailID) throws -> ThreadID { try store.email(email)!.threadID! }
}
