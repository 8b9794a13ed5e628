import Foundation
import HearthCore
import HearthIMAP
import Logging

/// The server folders the send pipeline writes to over IMAP: Drafts (a draft's copy, replaced
/// on every save) and Sent (our copy of a sent message, for servers that do not keep one).
public protocol ServerMailboxes: Sendable {
    /// Appends `raw` to the Drafts folder and removes every older copy of the same draft
    /// (same Message-ID). Returns where the new copy is.
    func storeDraft(_ raw: Data, messageID: String, account: Account, savedAt: Date) async throws -> ServerDraftCopy
    /// Removes every copy of the draft with this Message-ID from the Drafts folder.
    func deleteDraft(messageID: String, account: Account) async throws
    /// Appends the sent message to the Sent folder, flagged \Seen.
    func appendSent(_ raw: Data, account: Account, date: Date) async throws
    /// The server's own copy of a message we sent (Gmail-style servers keep one in Sent);
    /// nil when it is not there (yet).
    func locateSent(messageID: String, account: Account) async throws -> ServerSentCopy?
}

extension ServerMailboxes {
    /// Default for implementations that cannot look (the copy is then left to sync).
    public func locateSent(messageID: String, account: Account) async throws -> ServerSentCopy? { nil }
}

/// `ServerMailboxes` over `IMAPConnection`: one short session per operation (drafts are
/// saved every 30 s at most; a sent copy once per message). Folders are found by SPECIAL-USE
/// (\Drafts, \Sent), else by the usual names.
public struct IMAPServerMailboxes: ServerMailboxes {
    let settings: OutboxServerSettings
    let credentials: any AccountCredentialProvider
    let logger: Logger

    public init(settings: OutboxServerSettings, credentials: any AccountCredentialProvider,
                logger: Logger = Logger(label: "hearth.outbox")) {
        self.settings = settings; self.credentials = credentials; self.logger = logger
    }

    public func storeDraft(_ raw: Data, messageID: String, account: Account, savedAt: Date) async throws -> ServerDraftCopy {
        try await session(account) { connection in
            let mailbox = try await Self.folder(.drafts, connection)
            let appended = try await connection.execute(.append(mailbox, AppendMessage(data: raw, flags: [.draft, .seen], internalDate: savedAt)))
            var uid: UInt32?, validity: UInt32?
            if case .appendUID(let v, let uids)? = appended.completion.code {
                validity = v
                uid = uids.numbers(limit: 1).first
            }
            try await Self.deleteCopies(of: messageID, in: mailbox, keeping: uid, connection)
            return ServerDraftCopy(mailbox: mailbox.wire, uid: uid, uidValidity: validity, savedAt: savedAt)
        }
    }

    public func deleteDraft(messageID: String, account: Account) async throws {
        try await session(account) { connection in
            let mailbox = try await Self.folder(.drafts, connection)
            try await Self.deleteCopies(of: messageID, in: mailbox, keeping: nil, connection)
        }
    }

    public func appendSent(_ raw: Data, account: Account, date: Date) async throws {
        try await session(account) { connection in
            let mailbox = try await Self.folder(.sent, connection)
            _ = try await connection.execute(.append(mailbox, AppendMessage(data: raw, flags: [.seen], internalDate: date)))
        }
    }

    /// EXAMINE Sent, UID SEARCH HEADER Message-ID, RFC822.SIZE of the newest match.
    public func locateSent(messageID: String, account: Account) async throws -> ServerSentCopy? {
        try await session(account) { connection in
            let mailbox = try await Self.folder(.sent, connection)
            let selection = try await connection.select(mailbox, readOnly: true)
            guard let validity = selection.uidValidity,
                  let uid = try await connection.uidSearch(.header(field: "Message-ID", value: messageID)).last else { return nil }
            let size = SizeBox()
            _ = try await connection.uidFetch(SequenceSet(ranges: [SequenceRange(uid)]), attributes: [.uid, .rfc822Size]) { message in
                if message.uid == uid, let bytes = message.size { size.set(bytes) }
            }
            guard let bytes = size.value else { return nil }
            return ServerSentCopy(folderPath: mailbox.wire, uid: uid, uidValidity: validity, sizeBytes: bytes)
        }
    }

    /// Connects, signs in (refreshing an OAuth token once if refused), runs `body`, logs out.
    private func session<T: Sendable>(_ account: Account, _ body: (IMAPConnection) async throws -> T) async throws -> T {
        guard let configuration = settings.imap(for: account) else {
            throw OutboxError.accountNotConfigured("no IMAP server is set for \(account.email)")
        }
        var refreshed = false
        while true {
            let connection = try await IMAPConnection.connect(configuration)
            do {
                let secret = try await credentials.secret(for: account, refresh: refreshed)
                try await connection.authenticate(secret.imap(user: account.email))
                let result = try await body(connection)
                await connection.logout()
                return result
            } catch IMAPError.authenticationFailed(let message, let code, let details) where !refreshed && account.authType == .oauth2 {
                logger.info("IMAP refused the token of \(account.email) (\(message)); refreshing once")
                _ = (code, details)
                refreshed = true
                await connection.logout()
            } catch {
                await connection.logout()
                throw error
            }
        }
    }

    static func folder(_ use: SpecialUse, _ connection: IMAPConnection) async throws -> MailboxName {
        let items = try await connection.listMailboxes()
        if let match = items.first(where: { $0.attributes.specialUse == use && $0.attributes.isSelectable }) { return match.name }
        let names: [String] = use == .drafts ? ["drafts", "draft", "[gmail]/drafts"] : ["sent", "sent items", "sent messages", "sent mail", "[gmail]/sent mail"]
        if let match = items.first(where: { names.contains($0.name.displayName.lowercased()) && $0.attributes.isSelectable }) { return match.name }
        throw OutboxError.accountNotConfigured("the server has no \(use == .drafts ? "Drafts" : "Sent") folder")
    }

    /// UID SEARCH by Message-ID, then \Deleted on every match except `keeping`, then UID
    /// EXPUNGE of exactly those (UIDPLUS). Without UIDPLUS they stay flagged \Deleted: a plain
    /// EXPUNGE could remove other messages someone else flagged.
    static func deleteCopies(of messageID: String, in mailbox: MailboxName, keeping: UInt32?, _ connection: IMAPConnection) async throws {
        _ = try await connection.select(mailbox)
        let found = try await connection.uidSearch(.header(field: "Message-ID", value: messageID))
        let doomed = found.filter { $0 != keeping }
        guard !doomed.isEmpty else { return }
        let set = SequenceSet(doomed)
        _ = try await connection.execute(.uidStore(set, StoreOperation(.add, [.deleted], silent: true), unchangedSince: nil))
        if await connection.capabilities.contains(.uidPlus) {
            _ = try await connection.execute(.uidExpunge(set))
        }
    }
}

/// The size reported by a FETCH callback (which is `@Sendable`).
private final class SizeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: Int?
    func set(_ value: Int) { lock.withLock { bytes = value } }
    var value: Int? { lock.withLock { bytes } }
}
