import Foundation
import HearthCore
import HearthSearch

/// Search results (search spec FR-SEARCH-01/02/03/09): "N conversations", the filters the
/// parser understood as chips, the scope toggle, rows with the matches marked, the zero state
/// (recent searches, frequent contacts) and the empty state.
struct SearchView {
    var text: String
    var response: SearchResponse?
    var zero: ZeroState?
    var scopeFolder: FolderID?
    var scopeFolderName: String?
    var csrfToken: String
    var now = Date()

    func render() -> String {
        var html = "<section class=\"list-pane search-results\" id=\"list-pane\" aria-labelledby=\"list-heading\">"
        html += "<div class=\"list-header\"><h1 id=\"list-heading\">Search</h1></div>"
        html += scopeToggle
        if let response {
            html += chips(response.query)
            let count = response.results.count
            html += "<p class=\"result-count\" id=\"result-count\" role=\"status\">\(count) conversation\(count == 1 ? "" : "s")</p>"
            if response.results.isEmpty {
                html += "<div class=\"empty-state\"><h2>No results</h2><p>Nothing matches “\(HTML.escape(text))”. Check the spelling, remove a filter, or search all mail.</p></div>"
            } else {
                html += "<ol class=\"thread-list\" id=\"thread-list\" aria-label=\"Search results\">"
                html += response.results.map(row).joined()
                html += "</ol>"
            }
        } else if let zero {
            html += zeroState(zero)
        }
        return html + "</section>"
    }

    private var scopeToggle: String {
        guard let scopeFolder else { return "" }
        let all = HTML.href("/search", [("q", text)])
        let here = HTML.href("/search", [("q", text), ("folder", String(scopeFolder.rawValue))])
        return "<nav class=\"tabs scope\" aria-label=\"Search scope\"><ul><li><a href=\"\(all)\">All mail</a></li><li><a href=\"\(here)\" aria-current=\"page\">\(HTML.escape(scopeFolderName ?? "This folder"))</a></li></ul></nav>"
    }

    static func chipLabels(_ filters: SearchFilters) -> [String] {
        var chips: [String] = filters.senders.map { "From: \($0)" } + filters.recipients.map { "To: \($0)" }
        if let range = filters.dateRange {
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.dateFormat = "d MMM yyyy"
            switch (range.start, range.end) {
            case let (s?, e?): chips.append("Date: \(f.string(from: s)) – \(f.string(from: e.addingTimeInterval(-1)))")
            case let (s?, nil): chips.append("After \(f.string(from: s.addingTimeInterval(-1)))")
            case let (nil, e?): chips.append("Before \(f.string(from: e))")
            default: break
            }
        }
        if let attachment = filters.hasAttachment { chips.append(attachment ? "Has attachment" : "No attachment") }
        if let folder = filters.folder {
            switch folder {
            case .type(let type): chips.append("In: \(type.rawValue.capitalized)")
            case .named(let name): chips.append("In: \(name)")
            }
        }
        if let account = filters.account { chips.append("Account: \(account)") }
        if let category = filters.category { chips.append("Category: \(category.rawValue.capitalized)") }
        if let read = filters.isRead { chips.append(read ? "Read" : "Unread") }
        if let starred = filters.isStarred { chips.append(starred ? "Starred" : "Not starred") }
        return chips
    }

    private func chips(_ query: SearchQuery) -> String {
        let labels = Self.chipLabels(query.filters)
        guard !labels.isEmpty else { return "" }
        return "<ul class=\"chips\" id=\"filter-chips\" aria-label=\"Filters\">" + labels.map { "<li class=\"chip\">\(HTML.escape($0))</li>" }.joined() + "</ul>"
    }

    private func zeroState(_ zero: ZeroState) -> String {
        var html = "<div class=\"zero-state\" id=\"zero-state\">"
        if !zero.recentSearches.isEmpty {
            html += "<h2>Recent searches</h2><ul class=\"suggestion-list\">"
            html += zero.recentSearches.map { "<li><a href=\"\(HTML.href("/search", [("q", $0)]))\">\(HTML.escape($0))</a></li>" }.joined()
            html += "</ul><form method=\"post\" action=\"/settings/recent\" class=\"inline-form\">\(HTML.csrfField(csrfToken))<button class=\"button subtle\" type=\"submit\">Clear recent searches</button></form>"
        }
        if !zero.contacts.isEmpty {
            html += "<h2>People you write with</h2><ul class=\"suggestion-list\">"
            html += zero.contacts.map { c in "<li><a href=\"\(HTML.href("/search", [("q", c.query)]))\">\(HTML.escape(c.name ?? c.address))</a></li>" }.joined()
            html += "</ul>"
        }
        if zero.recentSearches.isEmpty && zero.contacts.isEmpty {
            html += "<p>Type to search subjects, text and senders. Try <code>from:anna has:attachment last month</code>.</p>"
        }
        return html + "</div>"
    }

    private func row(_ result: SearchResult) -> String {
        let id = result.threadID.rawValue
        let href = HTML.href("/mail", [("box", "all"), ("t", String(id))])
        let sender = result.senderName ?? result.senderEmail ?? "(no sender)"
        let subject = result.subject.marked(before: "\u{1}", after: "\u{2}")
        let snippet = result.snippet.marked(before: "\u{1}", after: "\u{2}")
        let who = PlainAddress(name: result.senderName, address: result.senderEmail ?? "?")
        return """
        <li class="thread-row" data-thread="\(id)" data-href="\(href)">
        <a class="thread-link" href="\(href)">
        <span class="avatar a\(Display.avatarSlot(who.address))" aria-hidden="true">\(HTML.escape(Display.initials(who)))</span>
        <span class="senders">\(HTML.escape(sender))\(result.threadMessageCount > 1 ? " <span class=\"msg-count\">\(result.threadMessageCount)</span>" : "")</span>
        <span class="line"><span class="subject">\(Self.highlight(subject))</span> <span class="snippet">\(Self.highlight(snippet))</span></span>
        <span class="meta">\(result.hasAttachment ? "<span class=\"icon clip\" role=\"img\" aria-label=\"Has attachments\">📎</span>" : "")<time datetime="\(Display.isoDate(result.date))">\(Display.shortDate(result.date, now: now))</time></span>
        </a>
        </li>
        """
    }

    /// Escapes the text, then turns the marker characters into `<mark>`: the markers are
    /// control characters, which `HTML.escape` would blank, so they are swapped first.
    static func highlight(_ marked: String) -> String {
        let parts = marked.split(separator: "\u{1}", omittingEmptySubsequences: false)
        var out = HTML.escape(String(parts.first ?? "").replacingOccurrences(of: "\u{2}", with: ""))
        for part in parts.dropFirst() {
            let pieces = part.split(separator: "\u{2}", maxSplits: 1, omittingEmptySubsequences: false)
            out += "<mark>" + HTML.escape(String(pieces[0])) + "</mark>"
            if pieces.count > 1 { out += HTML.escape(String(pieces[1]).replacingOccurrences(of: "\u{2}", with: "")) }
        }
        return out
    }
}
