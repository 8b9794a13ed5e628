import Foundation
import HearthCore

/// Where the user is in the mail view, parsed from and written back into the URL, so every
/// link keeps the rest of the state (account, folder, tab, page, open conversation) and a
/// reload or a shared URL shows the same thing.
struct MailLocation: Sendable, Hashable {
    /// A folder role across accounts ("inbox", "sent"…), "all" for every conversation, or
    /// "outbox". Ignored when `folder` is set.
    var box: String = "inbox"
    var account: AccountID?
    var folder: FolderID?
    var category: AICategory?
    var before: ThreadCursor?
    var thread: ThreadID?
    /// A message whose remote images the user chose to load (this message only).
    var remoteFor: EmailID?

    init(box: String = "inbox", account: AccountID? = nil, folder: FolderID? = nil, category: AICategory? = nil,
         before: ThreadCursor? = nil, thread: ThreadID? = nil) {
        self.box = box; self.account = account; self.folder = folder; self.category = category
        self.before = before; self.thread = thread
    }

    init(_ request: WebRequest) {
        if let box = request.query("box"), Self.boxes.contains(box) { self.box = box }
        account = request.query("account").flatMap(Int64.init).map(AccountID.init(rawValue:))
        folder = request.query("folder").flatMap(Int64.init).map(FolderID.init(rawValue:))
        category = request.query("cat").flatMap(AICategory.init(rawValue:))
        before = request.query("before").flatMap(Self.parseCursor)
        thread = request.query("t").flatMap(Int64.init).map(ThreadID.init(rawValue:))
        remoteFor = request.query("remote").flatMap(Int64.init).map(EmailID.init(rawValue:))
    }

    static let boxes = ["inbox", "starred", "sent", "drafts", "archive", "trash", "spam", "all", "outbox"]

    var folderType: FolderType? {
        guard folder == nil else { return nil }
        switch box {
        case "all", "outbox": return nil
        default: return FolderType(rawValue: box)
        }
    }

    var isInbox: Bool { folder == nil && box == "inbox" }

    var query: ThreadQuery {
        ThreadQuery(accounts: account.map { [$0] } ?? [], folderType: folderType, folderID: folder,
                    category: category, limit: MailLocation.pageSize, before: before)
    }

    static let pageSize = 50

    /// The URL of this location with some parts changed.
    func url(thread: ThreadID?? = .none, before: ThreadCursor?? = .none, category: AICategory?? = .none, partial: Bool = false) -> String {
        var copy = self
        if case .some(let t) = thread { copy.thread = t }
        if case .some(let b) = before { copy.before = b }
        if case .some(let c) = category { copy.category = c; copy.before = nil }
        var items: [(String, String?)] = []
        if copy.folder == nil { items.append(("box", copy.box)) }
        items.append(("account", copy.account.map { String($0.rawValue) }))
        items.append(("folder", copy.folder.map { String($0.rawValue) }))
        items.append(("cat", copy.category?.rawValue))
        items.append(("before", copy.before.map(Self.formatCursor)))
        items.append(("t", copy.thread.map { String($0.rawValue) }))
        if partial { items.append(("partial", "list")) }
        return HTML.url("/mail", items)
    }

    /// The list's own URL (no open conversation), for "back" on phones and after archiving.
    var listURL: String { url(thread: .some(nil)) }

    static func formatCursor(_ cursor: ThreadCursor) -> String {
        "\(Int64((cursor.latestDate.timeIntervalSince1970 * 1000).rounded())):\(cursor.threadID.rawValue)"
    }

    static func parseCursor(_ text: String) -> ThreadCursor? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let millis = Int64(parts[0]), let id = Int64(parts[1]) else { return nil }
        return ThreadCursor(latestDate: Date(timeIntervalSince1970: Double(millis) / 1000), threadID: ThreadID(id))
    }
}
