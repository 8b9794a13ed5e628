import Foundation

/// Why an action cannot be planned; each case says what the user can do about it.
public enum MailActionError: Error, Sendable, Equatable, CustomStringConvertible {
    case emailNotFound(EmailID)
    case noFolder(FolderType, account: AccountID)
    case notInTrash(EmailID)
    case folderNotFound(FolderID)
    case notInFolder(EmailID, FolderID)
    case store(StoreError)

    public var description: String {
        switch self {
        case .emailNotFound(let id): "No message with id \(id)."
        case .noFolder(let type, let account):
            "Account \(account) has no \(type.rawValue) folder; sync the account so its folders are known, or create one on the server."
        case .notInTrash(let id): "Message \(id) is not in Trash; only messages in Trash can be deleted permanently. Delete it first."
        case .folderNotFound(let id): "No folder with id \(id) in this account."
        case .notInFolder(let email, let folder): "Message \(email) is not in folder \(folder)."
        case .store(let error): "\(error)"
        }
    }
}

/// Turns a user action on one message into its local changes and server operations. Pure: the
/// caller passes what the store knows, so the rules below are tested without a database.
///
/// Rules (docs/sync.md, "Actions"):
/// - read/star: flags locally; `UID STORE` in every folder where the message has a UID (on a
///   plain server each folder holds its own copy with its own flags).
/// - archive: out of INBOX (or the `from` folder). When the archive folder already holds the
///   message — Gmail's All Mail — that is all (Gmail: archive = remove the INBOX label); else it
///   moves to the Archive folder.
/// - delete: to Trash from every folder but a Gmail-style archive (Gmail drops the labels
///   itself); the first copy is moved, further copies expunged so Trash holds one.
/// - permanent delete: only from Trash; the message is deleted locally and expunged from Trash.
/// - move: from the `from` folder (default: INBOX, else the message's only folder) to the target.
/// - copy: into the target as well, copied on the server from the `from` folder (default: the
///   folder with a UID, a Gmail-style All Mail first); nothing when it is already there.
/// Folders where the message has no UID yet (not synced) get the local change only.
public struct MailActionPlanner: Sendable {
    public struct Association: Sendable, Hashable {
        public var folder: Folder
        public var uid: UInt32?
        public init(folder: Folder, uid: UInt32?) { self.folder = folder; self.uid = uid }
    }

    public let account: Account
    public let folders: [Folder]

    public init(account: Account, folders: [Folder]) {
        self.account = account; self.folders = folders
    }

    public func plan(_ action: MailAction, email: Email, in associations: [Association],
                     from source: FolderID? = nil) throws(MailActionError) -> ActionPlan {
        guard let accountID = account.id, let emailID = email.id else { throw .emailNotFound(email.id ?? EmailID(0)) }
        var plan = ActionPlan(account: accountID, email: emailID, action: action, local: [], server: [])
        switch action {
        case .setRead(let read):
            plan.local = [.setFlags(emailID, isRead: read, isStarred: nil)]
            plan.server = flagOperations(associations, flag: .seen, add: read)
        case .setStarred(let starred):
            plan.local = [.setFlags(emailID, isRead: nil, isStarred: starred)]
            plan.server = flagOperations(associations, flag: .flagged, add: starred)
        case .archive:
            let archive = try folder(.archive)
            guard let from = try sourceAssociation(source, associations, emailID) else { return plan }
            guard from.folder.id != archive.id else { return plan }
            let archiveHoldsIt = associations.contains { $0.folder.id == archive.id }
            try remove(from, to: archiveHoldsIt ? nil : archive, emailID, &plan)
        case .moveToTrash:
            let trash = try folder(.trash)
            let others = associations.filter { $0.folder.id != trash.id }
            guard !others.isEmpty else { return plan }
            let gmailArchive = account.provider == .gmail ? others.filter { $0.folder.folderType == .archive } : []
            let toRemove = others.filter { a in !gmailArchive.contains(a) }
            // Locally the message leaves every folder (All Mail too) and lands in Trash once.
            plan.local = [.link(emailID, to: trash.id ?? FolderID(0))] + others.compactMap { a in a.folder.id.map { .unlink(emailID, from: $0) } }
            var moved = false
            for a in toRemove {
                guard let folder = a.folder.id, let uid = a.uid else { continue }
                plan.server.append(moved ? .expunge(folder: folder, uid: uid) : .move(folder: folder, uid: uid, to: trash.id ?? FolderID(0)))
                moved = true
            }
        case .deletePermanently:
            let trash = try folder(.trash)
            guard let inTrash = associations.first(where: { $0.folder.id == trash.id }) else { throw .notInTrash(emailID) }
            plan.local = [.delete(emailID)]
            if let uid = inTrash.uid, let folder = trash.id { plan.server = [.expunge(folder: folder, uid: uid)] }
        case .move(let target):
            guard let destination = folders.first(where: { $0.id == target }) else { throw .folderNotFound(target) }
            guard let from = try sourceAssociation(source, associations, emailID), from.folder.id != target else { return plan }
            try remove(from, to: destination, emailID, &plan)
        case .copy(let target):
            guard let destination = folders.first(where: { $0.id == target }), let toID = destination.id else { throw .folderNotFound(target) }
            guard !associations.contains(where: { $0.folder.id == target }) else { return plan }
            plan.local = [.link(emailID, to: toID)]
            if let from = copySource(source, associations), let folder = from.folder.id, let uid = from.uid {
                plan.server = [.copy(folder: folder, uid: uid, to: toID)]
            }
        }
        return plan
    }

    /// One STORE per folder where the message has a UID.
    private func flagOperations(_ associations: [Association], flag: ActionFlag, add: Bool) -> [ServerOperation] {
        associations.compactMap { association -> ServerOperation? in
            guard let folder = association.folder.id, let uid = association.uid else { return nil }
            return .store(folder: folder, uid: uid, flag: flag, add: add)
        }
    }

    /// Takes the message out of `from`, into `destination` when given.
    private func remove(_ from: Association, to destination: Folder?, _ email: EmailID, _ plan: inout ActionPlan) throws(MailActionError) {
        guard let fromID = from.folder.id else { return }
        if let destination, let toID = destination.id {
            plan.local = [.link(email, to: toID), .unlink(email, from: fromID)]
            if let uid = from.uid { plan.server = [.move(folder: fromID, uid: uid, to: toID)] }
        } else {
            plan.local = [.unlink(email, from: fromID)]
            if let uid = from.uid { plan.server = [.expunge(folder: fromID, uid: uid)] }
        }
    }

    /// Where the server copies from: the folder given, else a Gmail-style All Mail, else any
    /// folder where the message has a UID.
    private func copySource(_ source: FolderID?, _ associations: [Association]) -> Association? {
        let withUID = associations.filter { $0.uid != nil }
        if let source, let given = withUID.first(where: { $0.folder.id == source }) { return given }
        return withUID.first { $0.folder.folderType == .archive } ?? withUID.first
    }

    /// The folder the action applies to: the one given, else INBOX, else the only folder.
    private func sourceAssociation(_ source: FolderID?, _ associations: [Association], _ email: EmailID) throws(MailActionError) -> Association? {
        if let source {
            guard let found = associations.first(where: { $0.folder.id == source }) else { throw .notInFolder(email, source) }
            return found
        }
        if let inbox = associations.first(where: { $0.folder.folderType == .inbox }) { return inbox }
        let nonArchive = associations.filter { $0.folder.folderType != .archive }
        return nonArchive.count == 1 ? nonArchive[0] : (associations.count == 1 ? associations[0] : nil)
    }

    private func folder(_ type: FolderType) throws(MailActionError) -> Folder {
        guard let accountID = account.id else { throw .noFolder(type, account: AccountID(0)) }
        // Prefer a selectable folder of that role; Gmail has exactly one of each.
        guard let found = folders.first(where: { $0.folderType == type && $0.isSelectable && $0.id != nil }) else {
            throw .noFolder(type, account: accountID)
        }
        return found
    }
}
