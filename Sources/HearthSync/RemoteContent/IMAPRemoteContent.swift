import Foundation
import HearthCore
import HearthIMAP
import HearthMIME
import Logging

/// On-demand content of synced mail over IMAP (spec §8.1: attachments are downloaded when the
/// user asks, then cached). Sync stores each message's structure and part paths, not the
/// attachment bytes or the raw source; this fetches them.
///
/// - One attachment: `UID FETCH uid (BODYSTRUCTURE BODY.PEEK[section])` in one round trip; the
///   part's Content-Transfer-Encoding comes from the BODYSTRUCTURE, so the bytes are decoded
///   exactly as the sender's client encoded them. `.PEEK` never sets `\Seen`.
/// - The raw source: `UID FETCH uid (BODY.PEEK[])`.
/// - The folder is EXAMINEd (read-only) and its UIDVALIDITY compared with the stored one: a
///   renumbered folder means the stored UID may name another message, so it is not used.
///   Every place the store knows for the message is tried; none left → `.noLongerOnServer`.
/// - Connections go through the account's `ConnectionLimiter` (the same cap as sync and IDLE).
/// - Attachments are looked up in, and written to, the `FetchedAttachmentCache` first/after.
public struct IMAPRemoteContent: RemoteMessageContent {
    /// Credentials and IMAP options for an account, as sync gets them.
    public typealias ConnectionSettings = @Sendable (Account) throws -> (credentials: SyncCredentials, options: AccountSynchronizer.Options)

    let locator: any RemoteMessageLocating
    let cache: (any FetchedAttachmentCache)?
    let settings: ConnectionSettings
    let logger: Logger

    public init(locator: any RemoteMessageLocating, cache: (any FetchedAttachmentCache)?,
                settings: @escaping ConnectionSettings, logger: Logger = Logger(label: "hearth.sync.content")) {
        self.locator = locator; self.cache = cache; self.settings = settings; self.logger = logger
    }

    public func attachmentContent(_ attachment: Attachment) async throws -> Data {
        try await content(of: attachment)
    }

    public func rawSource(of email: EmailID) async throws -> Data {
        try await source(of: email)
    }

    /// The decoded bytes of the attachment: from the cache when there, else from the server
    /// (then cached).
    public func content(of attachment: Attachment) async throws(RemoteContentError) -> Data {
        let location = try locator.locate(attachment.emailID)
        guard let accountID = location.account.id else { throw .notFound("the account of \(location.account.email)") }
        if let cache, let cached = cache.cachedContent(of: attachment, account: accountID) { return cached }
        let numbers = attachment.partPath.split(separator: ".").map { Int($0) ?? 0 }
        guard !numbers.isEmpty, numbers.allSatisfy({ $0 >= 1 }) else { throw .partMissing(attachment.partPath) }
        let section = BodySection(part: numbers)
        let data = try await firstPlace(holding: location) { connection, uid throws(SyncError) -> FetchOutcome in
            let fetched = try await Self.fetch(uid, [.uid, .bodyStructure, .body(section: section, peek: true)], on: connection)
            guard let fetched else { return .gone }
            guard let encoded = fetched.body(section) else { return .noSuchPart }
            let encoding = fetched.bodyStructure?.part(at: numbers).map { TransferEncoding(headerValue: $0.encoding) } ?? .sevenBit
            let decoded = encoded.withUnsafeBytes { raw in
                TransferDecoding.decode(raw.bindMemory(to: UInt8.self), encoding: encoding)
            }
            return .found(Data(decoded))
        }
        // A file the cache cannot keep (over the budget, disk full) is still the user's file:
        // hand it over, just not cached.
        if let cache {
            do { try cache.save(data, for: attachment, account: accountID) } catch {
                logger.warning("attachment not cached", metadata: ["attachment": "\(attachment.id?.rawValue ?? 0)", "why": "\(error)"])
            }
        }
        return data
    }

    /// The message as the server holds it.
    public func source(of email: EmailID) async throws(RemoteContentError) -> Data {
        let location = try locator.locate(email)
        return try await firstPlace(holding: location) { connection, uid throws(SyncError) -> FetchOutcome in
            guard let fetched = try await Self.fetch(uid, [.uid, .body(section: .complete, peek: true)], on: connection) else { return .gone }
            guard let raw = fetched.body(.complete) else { return .noSuchPart }
            return .found(raw)
        }
    }

    enum FetchOutcome: Sendable {
        case found(Data)
        case gone
        case noSuchPart
    }

    /// Connects once, then tries each stored place until one still holds the message.
    private func firstPlace(holding location: RemoteMessageLocation,
                            _ body: @Sendable @escaping (IMAPConnection, UInt32) async throws(SyncError) -> FetchOutcome) async throws(RemoteContentError) -> Data {
        let account = location.account
        let resolved: (credentials: SyncCredentials, options: AccountSynchronizer.Options)
        do { resolved = try settings(account) } catch {
            throw .connection(.accountNotConfigured(String(describing: error)))
        }
        let configuration: IMAPConfiguration
        do { configuration = try IMAPSettings.configuration(for: account, options: resolved.options) } catch {
            throw .connection(error)
        }
        let outcome: PlaceOutcome
        do {
            outcome = try await resolved.options.connections.withConnection(account: account.email, configuration: configuration) {
                connection throws(SyncError) -> PlaceOutcome in
                let imapCredentials = try await resolved.credentials.imapCredentials()
                try await SyncCall.imap(.authenticate) { try await connection.authenticate(imapCredentials) }
                var reasons: [String] = []
                for place in location.places {
                    let selection: MailboxSelection
                    do {
                        selection = try await connection.select(MailboxName(wire: place.folderPath), readOnly: true)
                    } catch let error as IMAPError {
                        if case .commandFailed(_, .no, _, _) = error { reasons.append("\(place.folderPath) is gone"); continue }
                        throw SyncCall.map(error, stage: .session(folder: place.folderPath))
                    } catch {
                        throw .unexpected("\(error)")
                    }
                    if let stored = place.uidValidity, let now = selection.uidValidity, stored != now {
                        reasons.append("\(place.folderPath) was renumbered (UIDVALIDITY \(stored) → \(now))")
                        continue
                    }
                    switch try await body(connection, place.uid) {
                    case .found(let data): return .found(data)
                    case .gone: reasons.append("UID \(place.uid) was removed from \(place.folderPath)")
                    case .noSuchPart: return .noSuchPart
                    }
                }
                return .missing(reasons)
            }
        } catch {
            throw .connection(error)
        }
        switch outcome {
        case .found(let data): return data
        case .noSuchPart: throw .partMissing("requested")
        case .missing(let reasons):
            logger.info("message no longer on the server", metadata: ["account": "\(account.email)", "why": "\(reasons)"])
            throw .noLongerOnServer(reason: reasons.joined(separator: "; "))
        }
    }

    enum PlaceOutcome: Sendable {
        case found(Data)
        case noSuchPart
        case missing([String])
    }

    /// One message by UID on the selected folder; nil when the server returned no FETCH for it
    /// (expunged: RFC 3501 — a UID FETCH of a missing UID answers OK with no data).
    static func fetch(_ uid: UInt32, _ attributes: [FetchAttribute], on connection: IMAPConnection) async throws(SyncError) -> FetchedMessage? {
        let box = FetchBox()
        _ = try await SyncCall.imap(.session(folder: nil)) {
            try await connection.uidFetch(SequenceSet(ranges: [SequenceRange(uid)]), attributes: attributes) { message in
                if message.uid == uid { box.set(message) }
            }
        }
        return box.value
    }
}

/// Collects the FETCH response of the one UID asked for (the callback is `@Sendable`).
private final class FetchBox: @unchecked Sendable {
    private let lock = NSLock()
    private var message: FetchedMessage?
    func set(_ value: FetchedMessage) { lock.withLock { message = value } }
    var value: FetchedMessage? { lock.withLock { message } }
}
