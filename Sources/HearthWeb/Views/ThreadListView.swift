import Foundation
import HearthCore

/// The middle column (spec product §5.3): category tabs, the batch toolbar, conversation rows
/// newest first, and "Older" for the next page (keyset cursor: constant time at any depth).
/// `thread-list.mustache`; `thread-rows.mustache` for the script's "load more".
struct ThreadListView {
    var threads: [MailThread]
    /// Where "Older" starts (HearthApp's `ThreadListState.nextCursor`; nil: this is the last page).
    var nextCursor: ThreadCursor?
    var location: MailLocation
    var heading: String
    var accountEmails: [AccountID: String]
    var visibleTabs: Set<AICategory>
    var csrfToken: String
    /// Whether a model that sorts mail into categories is installed: an empty category tab
    /// says so when it is not (nothing can be sorted), else that there is no mail there.
    var categoriesAvailable: Bool = true
    /// "Move to…" in the batch toolbar: the folders of the accounts shown.
    var moveMenu: MoveMenu?
    var now: Date = Date()

    static let tabs: [(AICategory?, String)] = [(nil, "All"), (.primary, "Primary"), (.social, "Social"), (.promotions, "Promotions"), (.updates, "Updates"), (.forums, "Forums")]

    struct Tab { var url: String; var label: String; var current: Bool }
    struct Badge { var kind: String; var text: String; var title: String? }

    struct Row {
        var id: Int64
        var href: String
        var returnURL: String
        var unread: Bool
        var current: Bool
        var starred: Bool
        var subject: String
        var label: String
        var avatarSlot: Int
        var initials: String
        var senders: String
        /// Shown only for conversations of more than one message.
        var messageCount: Int?
        var snippet: String
        var badges: [Badge]
        var hasAttachments: Bool
        var isoDate: String
        var shortDate: String
    }

    struct Model {
        var heading: String
        var csrfToken: String
        var listURL: String
        var hasTabs: Bool
        var tabs: [Tab]
        var fromFolder: Int64?
        var rows: [Row]
        var hasRows: Bool
        var emptyText: String
        /// Why an empty category tab is empty when no model sorts mail: a link to Settings › AI.
        var needsModel: Bool
        var newestURL: String?
        var olderURL: String?
        var move: MoveMenu.Model?
    }

    var model: Model {
        let rows = threads.compactMap(row)
        var tabs: [Tab] = []
        for (category, label) in Self.tabs {
            if let category, !visibleTabs.contains(category) { continue }
            tabs.append(Tab(url: location.url(thread: .some(nil), category: .some(category)), label: label, current: location.category == category))
        }
        var older: String?
        if let nextCursor { older = location.url(thread: .some(nil), before: .some(nextCursor)) }
        var newest: String?
        if location.before != nil { newest = location.url(thread: .some(nil), before: .some(nil)) }
        return Model(heading: heading, csrfToken: csrfToken, listURL: location.listURL, hasTabs: location.isInbox, tabs: tabs,
                     fromFolder: location.folder?.rawValue, rows: rows, hasRows: !rows.isEmpty, emptyText: emptyText,
                     needsModel: needsModel, newestURL: newest, olderURL: older, move: moveMenu?.model(menuID: "batch-move-menu"))
    }

    /// An empty category tab (other than All and Primary, where unsorted mail lands) with no model to sort mail.
    var needsModel: Bool {
        guard threads.isEmpty, let category = location.category, category != .primary else { return false }
        return !categoriesAvailable
    }

    var emptyText: String {
        needsModel ? "Download an AI model to sort mail into categories." : "No mail here."
    }

    func render() -> String { Templates.render("thread-list", model) }

    /// Just the rows and the pager, for the script's "load more" (appended to the list).
    func moreRows() -> String { Templates.render("thread-rows", model) }

    func row(_ thread: MailThread) -> Row? {
        guard let id = thread.id else { return nil }
        let unread = thread.unreadCount > 0
        let people = thread.participants
        let names = people.prefix(3).map(\.displayName).joined(separator: ", ")
        let senders = names.isEmpty ? "(no sender)" : names
        let first = people.first ?? EmailAddress(address: "?")
        let subject = thread.subject.isEmpty ? "(no subject)" : thread.subject
        var badges: [Badge] = []
        if thread.aiCategory != .uncategorized && thread.aiCategory != .primary {
            badges.append(Badge(kind: "cat-\(thread.aiCategory.rawValue)", text: thread.aiCategory.rawValue.capitalized, title: nil))
        }
        if location.account == nil, accountEmails.count > 1, let email = accountEmails[thread.accountID] {
            badges.append(Badge(kind: "account", text: email, title: "Account"))
        }
        var states: [String] = []
        if unread { states.append("unread") }
        if thread.isStarred { states.append("starred") }
        let status = states.isEmpty ? "" : ", " + states.joined(separator: ", ")
        let label = "\(senders), \(subject)\(status), \(Display.longDate(thread.latestDate))"
        let count: Int? = thread.messageCount > 1 ? thread.messageCount : nil
        return Row(id: id.rawValue, href: location.url(thread: id), returnURL: location.url(), unread: unread,
                   current: location.thread == id, starred: thread.isStarred, subject: subject, label: label,
                   avatarSlot: Display.avatarSlot(first.address), initials: Display.initials(first), senders: senders,
                   messageCount: count, snippet: thread.snippet, badges: badges,
                   hasAttachments: thread.hasAttachments, isoDate: Display.isoDate(thread.latestDate),
                   shortDate: Display.shortDate(thread.latestDate, now: now))
    }
}
