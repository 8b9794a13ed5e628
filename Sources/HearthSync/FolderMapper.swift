import HearthCore
import HearthIMAP

/// Turns an IMAP LIST entry into the domain's `Folder`.
///
/// The role comes from RFC 6154 SPECIAL-USE attributes when the server sends them (Dovecot and
/// Gmail do, even on a plain LIST); only when it sends none do we guess from the name, because
/// older servers (and localized Gmail accounts before SPECIAL-USE) only have names to go by.
public enum FolderMapper {
    /// The folder for one LIST entry. Sync state (UIDVALIDITY, …) is left empty: it is learnt on
    /// SELECT, and `merge(_:into:)` keeps what an earlier sync stored.
    public static func folder(from item: MailboxListItem, account: AccountID) -> Folder {
        Folder(accountID: account,
               name: displayName(of: item),
               imapPath: item.name.wire,
               folderType: folderType(of: item),
               isSelectable: item.attributes.isSelectable)
    }

    /// A fresh mapping applied to the stored folder: name, role and selectability follow the
    /// server, the sync state (UIDVALIDITY, UIDNEXT, HIGHESTMODSEQ, last sync) is kept.
    public static func merge(_ fresh: Folder, into stored: Folder?) -> Folder {
        guard var merged = stored else { return fresh }
        merged.name = fresh.name
        merged.folderType = fresh.folderType
        merged.isSelectable = fresh.isSelectable
        return merged
    }

    /// The role of a LIST entry: INBOX, then SPECIAL-USE, then well-known names.
    public static func folderType(of item: MailboxListItem) -> FolderType {
        if item.name.isInbox { return .inbox }
        if let use = item.attributes.specialUse, let type = folderType(of: use) { return type }
        return folderType(forName: item.name.displayName, delimiter: item.delimiter)
    }

    /// SPECIAL-USE → domain role. `\Important` has no domain role (it is a Gmail label like any
    /// other), so it falls through to the name rules, which leave it `.custom`.
    public static func folderType(of use: SpecialUse) -> FolderType? {
        switch use {
        case .sent: .sent
        case .drafts: .drafts
        case .trash: .trash
        case .junk: .spam
        case .all, .archive: .archive
        case .flagged: .starred
        case .important: nil
        }
    }

    /// Role by name for servers without SPECIAL-USE: Gmail's `[Gmail]/…` / `[Google Mail]/…`
    /// system labels and the names common clients create (Outlook, Apple Mail, Thunderbird).
    public static func folderType(forName path: String, delimiter: Character?) -> FolderType {
        let lowered = path.lowercased()
        if lowered == "inbox" { return .inbox }
        for prefix in ["[gmail]/", "[google mail]/"] where lowered.hasPrefix(prefix) {
            let label = String(lowered.dropFirst(prefix.count))
            return gmailLabels[label] ?? .custom
        }
        // Common names apply to top-level folders, or to children of INBOX (Courier, Cyrus
        // put everything under "INBOX.").
        var leaf = lowered
        if let delimiter, let range = lowered.range(of: "inbox\(delimiter)"), range.lowerBound == lowered.startIndex {
            leaf = String(lowered[range.upperBound...])
        }
        if let delimiter, leaf.contains(delimiter) { return .custom }
        return commonNames[leaf] ?? .custom
    }

    /// What to show: the last path component, "Inbox" for INBOX.
    public static func displayName(of item: MailboxListItem) -> String {
        if item.name.isInbox { return "Inbox" }
        let full = item.name.displayName
        guard let delimiter = item.delimiter,
              let last = full.split(separator: delimiter, omittingEmptySubsequences: true).last
        else { return full }
        return String(last)
    }

    private static let gmailLabels: [String: FolderType] = [
        "sent mail": .sent, "drafts": .drafts, "trash": .trash, "bin": .trash, "spam": .spam,
        "all mail": .archive, "starred": .starred,
    ]

    private static let commonNames: [String: FolderType] = [
        "sent": .sent, "sent items": .sent, "sent messages": .sent, "sent mail": .sent,
        "drafts": .drafts, "draft": .drafts,
        "trash": .trash, "deleted items": .trash, "deleted messages": .trash, "bin": .trash,
        "junk": .spam, "spam": .spam, "junk e-mail": .spam, "junk email": .spam, "bulk mail": .spam,
        "archive": .archive, "archives": .archive, "all mail": .archive,
        "starred": .starred, "flagged": .starred,
    ]
}
