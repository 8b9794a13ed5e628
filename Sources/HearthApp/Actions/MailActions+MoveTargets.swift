import Foundation
import HearthCore

/// Where mail can be moved, for every front end's "Move to" menu, and the folder a user named.
extension MailActions {
    /// A folder offered as a move target, named as the user knows it.
    public struct MoveTarget: Sendable, Equatable {
        public var folder: FolderID
        public var name: String
        public var role: FolderType
        public var account: AccountID
        public var accountEmail: String
    }

    /// Inbox, the account's own folders (labels on Gmail) by name, then Archive, Spam and Trash.
    /// Left out: Sent and Drafts (a message does not become sent by moving it), starred views,
    /// Gmail's All Mail (archive does that), folders that cannot hold mail, and `shown`, the
    /// folder the mail is in now.
    public func moveTargets(accounts: [AccountID]? = nil, excluding shown: FolderID? = nil) throws(AppError) -> [MoveTarget] {
        let store = context.store
        let all = try storeCall { () throws(StoreError) in try store.accounts() }
        let chosen = all.filter { account in accounts.map { ids in account.id.map(ids.contains) ?? false } ?? true }
        var targets: [MoveTarget] = []
        for account in chosen {
            guard let accountID = account.id else { continue }
            let folders = try storeCall { () throws(StoreError) in try store.folders(account: accountID) }
                .filter { $0.isSelectable && $0.id != nil && $0.id != shown }
            let rank: (Folder) -> Int? = { folder in
                switch folder.folderType {
                case .inbox: 0
                case .custom: 1
                case .archive: account.provider == .gmail ? nil : 2
                case .spam: 3
                case .trash: 4
                case .sent, .drafts, .starred: nil
                }
            }
            let offered = folders.compactMap { folder in rank(folder).map { (folder, $0) } }
                .sorted { a, b in a.1 != b.1 ? a.1 < b.1 : a.0.name.localizedStandardCompare(b.0.name) == .orderedAscending }
            for (folder, _) in offered {
                guard let id = folder.id else { continue }
                targets.append(MoveTarget(folder: id, name: Self.displayName(folder), role: folder.folderType, account: accountID, accountEmail: account.email))
            }
        }
        return targets
    }

    /// The folder `name` names (its id, IMAP path or name, any case) in the account of the
    /// targets' first message.
    public func folder(named name: String, for targets: Targets) throws(AppError) -> FolderID {
        let store = context.store
        let first: Email? = try storeCall { () throws(StoreError) -> Email? in
            if let thread = targets.threads.first { return try store.emails(inThread: thread).first }
            guard let id = targets.emails.first else { return nil }
            return try store.email(id)
        }
        guard let account = first?.accountID else { throw .notFound("no such message or conversation") }
        let folders = try storeCall { () throws(StoreError) in try store.folders(account: account) }
        if let id = Int64(name), let folder = folders.first(where: { $0.id?.rawValue == id }), let found = folder.id { return found }
        guard let match = folders.first(where: { $0.imapPath == name || $0.name.caseInsensitiveCompare(name) == .orderedSame }),
              let id = match.id else {
            throw .notFound("no folder \"\(name)\" in that account (folders: \(folders.map(\.imapPath).joined(separator: ", ")))")
        }
        return id
    }

    /// The role folders by their role ("Inbox", not "INBOX"; "Spam", not "[Gmail]/Spam").
    static func displayName(_ folder: Folder) -> String {
        switch folder.folderType {
        case .inbox: "Inbox"
        case .archive: "Archive"
        case .spam: "Spam"
        case .trash: "Trash"
        default: folder.name
        }
    }
}
