import Foundation
import HearthCore

/// Every JSON document the CLI prints is an envelope naming its schema and version
/// (docs/json-schema.md). Fields are only ever added within a version; removing or changing
/// one bumps the version.
struct JSONEnvelope<Payload: Encodable>: Encodable {
    let schema: String
    let version: Int
    let data: Payload
}

package enum JSONOutput {
    static let version = 1

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    package static func render<Payload: Encodable>(_ schema: String, _ payload: Payload) throws -> String {
        let data = try encoder().encode(JSONEnvelope(schema: "hearth.\(schema)", version: version, data: payload))
        return String(decoding: data, as: UTF8.self)
    }
}

/// An address in JSON: `{"name": "...", "email": "..."}` as spec §5.6 writes participants.
struct AddressJSON: Encodable {
    let name: String?
    let email: String
    init(_ address: EmailAddress) { name = address.name; email = address.address }
}

struct ThreadJSON: Encodable {
    let id: Int64
    let accountId: Int64
    let subject: String
    let latestDate: Date
    let messageCount: Int
    let unreadCount: Int
    let isStarred: Bool
    let hasAttachments: Bool
    let category: String
    let snippet: String
    let participants: [AddressJSON]

    init(_ thread: MailThread) {
        id = thread.id?.rawValue ?? 0
        accountId = thread.accountID.rawValue
        subject = thread.subject
        latestDate = thread.latestDate
        messageCount = thread.messageCount
        unreadCount = thread.unreadCount
        isStarred = thread.isStarred
        hasAttachments = thread.hasAttachments
        category = thread.aiCategory.rawValue
        snippet = thread.snippet
        participants = thread.participants.map(AddressJSON.init)
    }
}

struct ThreadListJSON: Encodable {
    let threads: [ThreadJSON]
    /// Pass to `--before` for the next page; absent on the last page.
    let nextCursor: String?
}

struct AttachmentJSON: Encodable {
    let id: Int64
    let filename: String
    let mimeType: String
    let sizeBytes: Int
    let isInline: Bool
    let contentId: String?
    let partPath: String

    init(_ a: Attachment) {
        id = a.id?.rawValue ?? 0; filename = a.filename; mimeType = a.mimeType
        sizeBytes = a.sizeBytes; isInline = a.isInline; contentId = a.contentID; partPath = a.partPath
    }
}

struct MessageJSON: Encodable {
    let id: Int64
    let messageId: String?
    let inReplyTo: String?
    let references: [String]
    let from: AddressJSON?
    let to: [AddressJSON]
    let cc: [AddressJSON]
    let subject: String
    let date: Date
    let isRead: Bool
    let isStarred: Bool
    let isDraft: Bool
    let snippet: String
    let bodyText: String?
    let hasHTML: Bool
    let sizeBytes: Int
    let attachments: [AttachmentJSON]

    init(_ e: Email, attachments: [Attachment]) {
        id = e.id?.rawValue ?? 0; messageId = e.messageID; inReplyTo = e.inReplyTo
        references = e.references; from = e.from.map(AddressJSON.init)
        to = e.to.map(AddressJSON.init); cc = e.cc.map(AddressJSON.init); subject = e.subject
        date = e.sortDate; isRead = e.isRead; isStarred = e.isStarred; isDraft = e.isDraft
        snippet = e.snippet; bodyText = e.bodyPlain; hasHTML = e.bodyHTML != nil
        sizeBytes = e.sizeBytes; self.attachments = attachments.map(AttachmentJSON.init)
    }
}

struct ThreadDetailJSON: Encodable {
    let thread: ThreadJSON
    let messages: [MessageJSON]
}

struct AccountJSON: Encodable {
    let id: Int64
    let email: String
    let displayName: String
    let provider: String
    let isActive: Bool
    let lastSyncDate: Date?

    init(_ a: Account) {
        id = a.id?.rawValue ?? 0; email = a.email; displayName = a.displayName
        provider = a.provider.rawValue; isActive = a.isActive; lastSyncDate = a.lastSyncDate
    }
}

struct ErrorJSON: Encodable {
    let code: String
    let message: String
}
