import Foundation

/// Imports an mbox file or Maildir into a local account (issue: foundation, import): streaming,
/// parsed, threaded and stored in batches, one transaction per batch. A message that cannot be
/// parsed is counted and reported, never silently dropped or allowed to stop the import.
public struct ImportMailboxUseCase: Sendable {
    public struct Progress: Sendable {
        public var messagesRead: Int
        public var messagesStored: Int
        public var duplicates: Int
        public var failures: Int
        public var bytesRead: Int64
        public var totalBytes: Int64?
    }

    public struct Report: Sendable, Codable, Hashable {
        public var accountID: AccountID
        public var messagesRead: Int
        public var messagesStored: Int
        public var duplicates: Int
        public var failures: [Failure]
        public var seconds: Double

        public struct Failure: Sendable, Codable, Hashable {
            /// 1-based position of the message in the source.
            public var index: Int
            public var reason: String
        }
    }

    public let parser: any MessageParser
    public let accounts: any AccountRepository
    public let folders: any FolderRepository
    public let emails: any EmailRepository
    public let contacts: (any ContactRepository)?
    public var batchSize: Int

    public init(parser: any MessageParser, accounts: any AccountRepository,
                folders: any FolderRepository, emails: any EmailRepository,
                contacts: (any ContactRepository)? = nil, batchSize: Int = 500) {
        self.parser = parser; self.accounts = accounts; self.folders = folders
        self.emails = emails; self.contacts = contacts; self.batchSize = max(1, batchSize)
    }

    /// Finds the local account with this address or creates it, with an INBOX.
    public func localAccount(email: String, displayName: String) throws(StoreError) -> Account {
        if let existing = try accounts.accounts().first(where: {
            $0.provider == .local && $0.email.caseInsensitiveCompare(email) == .orderedSame
        }) { return existing }
        return try accounts.create(Account(
            email: email, displayName: displayName, provider: .local, authType: .local,
            syncWindowDays: nil))
    }

    public func run<Source: RawMessageSource>(
        source: inout Source, into account: Account, keepRawSource: Bool = true,
        progress: (Progress) -> Void = { _ in }
    ) throws(ImportError) -> Report {
        guard let accountID = account.id else { throw .store(.notFound("account without id")) }
        let started = Date()
        var folderCache: [String: FolderID] = [:]
        var batch: [NewMessage] = []
        var seenInBatch = Set<String>()
        var state = Progress(messagesRead: 0, messagesStored: 0, duplicates: 0, failures: 0,
                             bytesRead: 0, totalBytes: source.totalBytes)
        var failures: [Report.Failure] = []

        func flush() throws(ImportError) {
            guard !batch.isEmpty else { return }
            do {
                _ = try emails.insert(batch)
                try contacts?.recordSeen(batch.map { ContactSighting($0.email) }, account: accountID)
            } catch { throw .store(error) }
            state.messagesStored += batch.count
            batch.removeAll(keepingCapacity: true)
            seenInBatch.removeAll(keepingCapacity: true)
        }

        while true {
            let raw: RawMessage?
            do { raw = try source.next() } catch {
                // A mailbox that breaks part-way (a truncated .xz, an I/O error) keeps every
                // message read before the break: store them, then report the error.
                try flush()
                throw .source(error)
            }
            guard let raw else { break }
            state.messagesRead += 1
            state.bytesRead = source.bytesRead
            let parsed: ParsedMessage
            do { parsed = try parser.parse(raw.data) } catch {
                state.failures += 1
                failures.append(.init(index: state.messagesRead, reason: error.description))
                continue
            }
            let folderPath = raw.folderPath ?? "INBOX"
            let folderID: FolderID
            if let cached = folderCache[folderPath] {
                folderID = cached
            } else {
                let folder: Folder
                do {
                    folder = try folders.upsert(Folder(
                        accountID: accountID, name: Self.displayName(ofPath: folderPath),
                        imapPath: folderPath, folderType: Self.folderType(ofPath: folderPath)))
                } catch { throw .store(error) }
                guard let id = folder.id else { throw .store(.notFound("folder \(folderPath)")) }
                folderID = id
                folderCache[folderPath] = folderID
            }
            let email = MessageMapping.email(from: parsed, account: accountID,
                                             received: raw.receivedDate, flags: raw.flags)
            if let messageID = email.messageID {
                // The same message twice (an mbox with copies, a Maildir with the message in two
                // folders) is stored once and linked to every folder it was found in.
                let key = "\(messageID)\u{0}\(email.sizeBytes)"
                if seenInBatch.contains(key) { try flush() }
                let known: EmailID?
                do { known = try emails.existingEmail(account: accountID, messageID: messageID, sizeBytes: email.sizeBytes) }
                catch { throw .store(error) }
                if let known {
                    state.duplicates += 1
                    do { try emails.link(known, to: folderID, imapUID: nil) } catch { throw .store(error) }
                    continue
                }
                seenInBatch.insert(key)
            }
            let signals = CategorizationHeaders.pick(parsed.headers, attachments: parsed.attachments)
            var message = NewMessage(
                email: email, attachments: parsed.attachments.map { var a = $0; a.content = nil; return a },
                folderID: folderID, threadingKey: MessageMapping.threadingKey(for: email, signalHeaders: signals),
                rawSource: keepRawSource ? raw.data : nil)
            message.signalHeaders = signals
            batch.append(message)
            if batch.count >= batchSize {
                try flush()
                progress(state)
            }
        }
        try flush()
        progress(state)
        return Report(accountID: accountID, messagesRead: state.messagesRead,
                      messagesStored: state.messagesStored, duplicates: state.duplicates,
                      failures: failures, seconds: Date().timeIntervalSince(started))
    }

    /// Folder role from a conventional folder name (Maildir++ ".Sent", mbox file names).
    public static func folderType(ofPath path: String) -> FolderType {
        let last = displayName(ofPath: path).lowercased()
        switch last {
        case "inbox": return .inbox
        case "sent", "sent mail", "sent items", "sent messages": return .sent
        case "drafts", "draft": return .drafts
        case "trash", "deleted", "deleted items", "deleted messages": return .trash
        case "spam", "junk", "junk e-mail": return .spam
        case "archive", "all mail", "archives": return .archive
        case "starred", "flagged": return .starred
        default: return .custom
        }
    }

    public static func displayName(ofPath path: String) -> String {
        let parts = path.split(whereSeparator: { $0 == "/" || $0 == "." })
        return parts.last.map(String.init) ?? path
    }
}

/// Why an import stopped.
public enum ImportError: Error, Sendable, CustomStringConvertible {
    case source(MailboxReadError)
    case store(StoreError)

    public var description: String {
        switch self {
        case .source(let e): e.description
        case .store(let e): e.description
        }
    }
}
