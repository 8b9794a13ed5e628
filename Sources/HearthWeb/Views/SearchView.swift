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
    /// "Smart search: 12,400 of 60,000 messages ready" while embeddings are being built.
    var smartSearch: String?
    var csrfToken: String
    var now = Date()

    /// A piece of a subject or snippet: matched text is `marked`.
    struct Segment { var text: String; var marked: Bool }
    struct Link { var url: String; var label: String }
    struct Scope { var allURL: String; var hereURL: String; var folderName: String }
    struct Row {
        var id: Int64, href: String, avatarSlot: Int, initials: String, sender: String
        var messageCount: Int?
        var subject: [Segment], snippet: [Segment]
        var hasAttachment: Bool, isoDate: String, shortDate: String
        /// Found by meaning alone (none of the words typed is in it): badged "Related", so a
        /// result without a highlighted word does not look like a wrong match.
        var related: Bool
    }
    struct Results { var chips: [String]; var hasChips: Bool; var countText: String; var text: String; var rows: [Row]; var hasRows: Bool }
    struct Zero { var recent: [Link]; var hasRecent: Bool; var contacts: [Link]; var hasContacts: Bool; var isEmpty: Bool }
    struct Model { var csrfToken: String; var scope: Scope?; var results: Results?; var zero: Zero?; var smartSearch: String? }

    func render() -> String { Templates.render("search", model) }

    var model: Model {
        let scope = scopeFolder.map { folder in
            Scope(allURL: HTML.url("/search", [("q", text)]), hereURL: HTML.url("/search", [("q", text), ("folder", String(folder.rawValue))]),
                  folderName: scopeFolderName ?? "This folder")
        }
        let results = response.map { response -> Results in
            let chips = Self.chipLabels(response.query.filters)
            let rows = response.results.map(row)
            let count = response.results.count
            let countText = count == 1 ? "1 conversation" : "\(count) conversations"
            return Results(chips: chips, hasChips: !chips.isEmpty, countText: countText, text: text, rows: rows, hasRows: !rows.isEmpty)
        }
        var zeroModel: Zero?
        if response == nil, let zero {
            let recent: [Link] = zero.recentSearches.map { Link(url: HTML.url("/search", [("q", $0)]), label: $0) }
            let contacts: [Link] = zero.contacts.map { contact in
                let label: String = contact.name ?? contact.address
                return Link(url: HTML.url("/search", [("q", contact.query)]), label: label)
            }
            zeroModel = Zero(recent: recent, hasRecent: !recent.isEmpty, contacts: contacts, hasContacts: !contacts.isEmpty,
                             isEmpty: recent.isEmpty && contacts.isEmpty)
        }
        return Model(csrfToken: csrfToken, scope: scope, results: results, zero: zeroModel, smartSearch: smartSearch)
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

    private func row(_ result: SearchResult) -> Row {
        let id = result.threadID.rawValue
        let who = PlainAddress(name: result.senderName, address: result.senderEmail ?? "?")
        let sender: String = result.senderName ?? result.senderEmail ?? "(no sender)"
        let count: Int? = result.threadMessageCount > 1 ? result.threadMessageCount : nil
        let href = HTML.url("/mail", [("box", "all"), ("t", String(id))])
        return Row(id: id, href: href, avatarSlot: Display.avatarSlot(who.address),
                   initials: Display.initials(who), sender: sender, messageCount: count,
                   subject: Self.segments(result.subject.marked(before: "\u{1}", after: "\u{2}")),
                   snippet: Self.segments(result.snippet.marked(before: "\u{1}", after: "\u{2}")),
                   hasAttachment: result.hasAttachment, isoDate: Display.isoDate(result.date), shortDate: Display.shortDate(result.date, now: now),
                   related: result.matchSource == .semantic)
    }

    /// Splits text with the marker characters (U+0001 before a match, U+0002 after) into
    /// plain and marked pieces; the template escapes each and wraps the marked ones in `<mark>`.
    static func segments(_ marked: String) -> [Segment] {
        let parts = marked.split(separator: "\u{1}", omittingEmptySubsequences: false)
        var out: [Segment] = []
        func plain(_ text: Substring) {
            let clean = text.replacingOccurrences(of: "\u{2}", with: "")
            if !clean.isEmpty { out.append(Segment(text: clean, marked: false)) }
        }
        plain(parts.first ?? "")
        for part in parts.dropFirst() {
            let pieces = part.split(separator: "\u{2}", maxSplits: 1, omittingEmptySubsequences: false)
            if !pieces[0].isEmpty { out.append(Segment(text: String(pieces[0]), marked: true)) }
            if pieces.count > 1 { plain(pieces[1]) }
        }
        return out
    }
}
