import Foundation
import HearthCore

/// The middle column (spec product §5.3): category tabs, the batch toolbar, conversation rows
/// newest first, and "Older" for the next page (keyset cursor: constant time at any depth).
struct ThreadListView {
    var threads: [MailThread]
    var location: MailLocation
    var heading: String
    var accountEmails: [AccountID: String]
    var visibleTabs: Set<AICategory>
    var csrfToken: String
    var now: Date = Date()

    static let tabs: [(AICategory?, String)] = [(nil, "All"), (.primary, "Primary"), (.social, "Social"), (.promotions, "Promotions"), (.updates, "Updates")]

    func render() -> String {
        var html = "<section class=\"list-pane\" id=\"list-pane\" aria-labelledby=\"list-heading\">"
        html += "<div class=\"list-header\"><h1 id=\"list-heading\">\(HTML.escape(heading))</h1>"
        html += "<form method=\"post\" action=\"/sync\" class=\"inline-form\">\(HTML.csrfField(csrfToken))<input type=\"hidden\" name=\"return\" value=\"\(HTML.escape(location.listURL))\"><button class=\"button subtle\" type=\"submit\" title=\"Check for new mail\">Refresh</button></form></div>"
        if location.isInbox { html += tabsHTML }
        html += toolbar
        html += rows()
        html += "</section>"
        return html
    }

    private var tabsHTML: String {
        var html = "<nav class=\"tabs\" aria-label=\"Categories\"><ul>"
        for (category, label) in Self.tabs where category.map(visibleTabs.contains) ?? true {
            let current = location.category == category
            html += "<li><a href=\"\(HTML.escape(location.url(thread: .some(nil), category: .some(category))))\"\(current ? " aria-current=\"page\"" : "")>\(label)</a></li>"
        }
        return html + "</ul></nav>"
    }

    /// Batch actions on the ticked rows (the checkboxes belong to this form through `form=`).
    private var toolbar: String {
        """
        <form id="batch-form" class="batch-toolbar" method="post" action="/action" aria-label="Actions on selected conversations">
        \(HTML.csrfField(csrfToken))
        <input type="hidden" name="return" value="\(HTML.escape(location.listURL))">
        \(location.folder.map { "<input type=\"hidden\" name=\"from\" value=\"\($0.rawValue)\">" } ?? "")
        <label class="select-all"><input type="checkbox" id="select-all" aria-label="Select all conversations on this page"> All</label>
        <button class="button subtle" name="action" value="archive" type="submit">Archive</button>
        <button class="button subtle" name="action" value="trash" type="submit">Delete</button>
        <button class="button subtle" name="action" value="read" type="submit">Mark read</button>
        <button class="button subtle" name="action" value="unread" type="submit">Mark unread</button>
        <button class="button subtle" name="action" value="star" type="submit">Star</button>
        <span id="selection-count" class="selection-count" aria-live="polite"></span>
        </form>
        """
    }

    func rows() -> String {
        guard !threads.isEmpty else {
            return "<div class=\"empty-state\" id=\"thread-list\"><p>No conversations here.</p></div>"
        }
        var html = "<ol class=\"thread-list\" id=\"thread-list\" aria-label=\"Conversations\">"
        for thread in threads { html += row(thread) }
        html += "</ol>"
        html += pager
        return html
    }

    /// Just the rows and the pager, for the script's "load more" (appended to the list).
    func moreRows() -> String {
        threads.map(row).joined() + "<!--pager-->" + pager
    }

    private var pager: String {
        var html = "<nav class=\"pager\" aria-label=\"Pages\">"
        if location.before != nil {
            html += "<a class=\"button subtle\" href=\"\(HTML.escape(location.url(thread: .some(nil), before: .some(nil))))\">Newest</a>"
        }
        if threads.count >= MailLocation.pageSize, let last = threads.last, let id = last.id {
            let next = location.url(thread: .some(nil), before: .some(ThreadCursor(latestDate: last.latestDate, threadID: id)))
            html += "<a class=\"button subtle\" rel=\"next\" id=\"older-link\" href=\"\(HTML.escape(next))\">Older</a>"
        }
        return html + "</nav>"
    }

    func row(_ thread: MailThread) -> String {
        guard let id = thread.id else { return "" }
        let unread = thread.unreadCount > 0
        let people = thread.participants
        let names = people.prefix(3).map(\.displayName).joined(separator: ", ")
        let senders = names.isEmpty ? "(no sender)" : names
        let first = people.first ?? EmailAddress(address: "?")
        let subject = thread.subject.isEmpty ? "(no subject)" : thread.subject
        let href = location.url(thread: id)
        var classes = ["thread-row"]
        if unread { classes.append("unread") }
        if location.thread == id { classes.append("current") }
        var meta = ""
        if thread.aiCategory != .uncategorized && thread.aiCategory != .primary {
            meta += "<span class=\"badge cat-\(thread.aiCategory.rawValue)\">\(thread.aiCategory.rawValue.capitalized)</span>"
        }
        if location.account == nil, accountEmails.count > 1, let email = accountEmails[thread.accountID] {
            meta += "<span class=\"badge account\" title=\"Account\">\(HTML.escape(email))</span>"
        }
        if thread.hasAttachments { meta += "<span class=\"icon clip\" role=\"img\" aria-label=\"Has attachments\" title=\"Has attachments\">📎</span>" }
        let status = [unread ? "unread" : nil, thread.isStarred ? "starred" : nil].compactMap { $0 }.joined(separator: ", ")
        let label = "\(senders), \(subject)\(status.isEmpty ? "" : ", \(status)"), \(Display.longDate(thread.latestDate))"
        return """
        <li class="\(classes.joined(separator: " "))" data-thread="\(id.rawValue)" data-href="\(HTML.escape(href))">
        <input type="checkbox" class="row-select" name="threads" value="\(id.rawValue)" form="batch-form" aria-label="Select: \(HTML.escape(subject))">
        <form method="post" action="/action" class="star-form">\(HTML.csrfField(csrfToken))<input type="hidden" name="threads" value="\(id.rawValue)"><input type="hidden" name="return" value="\(HTML.escape(location.url()))"><button type="submit" name="action" value="\(thread.isStarred ? "unstar" : "star")" class="star\(thread.isStarred ? " on" : "")" aria-pressed="\(thread.isStarred)" aria-label="Star: \(HTML.escape(subject))">\(thread.isStarred ? "★" : "☆")</button></form>
        <a class="thread-link" href="\(HTML.escape(href))" aria-label="\(HTML.escape(label))">
        <span class="avatar a\(Display.avatarSlot(first.address))" aria-hidden="true">\(HTML.escape(Display.initials(first)))</span>
        <span class="senders">\(HTML.escape(senders))\(thread.messageCount > 1 ? " <span class=\"msg-count\">\(thread.messageCount)</span>" : "")</span>
        <span class="line"><span class="subject">\(HTML.escape(subject))</span> <span class="snippet">\(HTML.escape(thread.snippet))</span></span>
        <span class="meta">\(meta)<time datetime="\(Display.isoDate(thread.latestDate))">\(Display.shortDate(thread.latestDate, now: now))</time></span>
        </a>
        </li>
        """
    }
}
