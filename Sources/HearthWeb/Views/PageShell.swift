import Foundation
import HearthCore

/// What every app page shows around its content: the top bar (search, compose, settings,
/// sync status), the live banner, the sidebar, and the keyboard help.
struct PageShell {
    var title: String
    var csrfToken: String
    var theme: Theme
    var bodyClass: String = ""
    /// The text already in the search box (search results page).
    var searchText: String = ""
    var searchScopeFolder: FolderID?

    func render(sidebar: String?, main: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en" data-theme="\(theme.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta name="csrf-token" content="\(HTML.escape(csrfToken))">
        <title>\(HTML.escape(title)) — Hearth</title>
        <link rel="stylesheet" href="/assets/app.css">
        <script src="/assets/app.js" defer></script>
        </head>
        <body class="\(HTML.escape(bodyClass))">
        <a class="skip-link" href="#main">Skip to content</a>
        \(topBar)
        <div id="live-banner" class="live-banner" role="status" aria-live="polite" hidden></div>
        <div class="layout\(sidebar == nil ? " no-sidebar" : "")">
        \(sidebar ?? "")
        <main id="main" tabindex="-1">
        \(main)
        </main>
        </div>
        <div id="toast" class="toast" role="status" aria-live="polite" hidden></div>
        \(Self.helpDialog)
        </body>
        </html>
        """
    }

    private var topBar: String {
        let scope = searchScopeFolder.map { "<input type=\"hidden\" name=\"folder\" value=\"\($0.rawValue)\">" } ?? ""
        return """
        <header class="topbar">
        <button type="button" class="icon-button menu-toggle" id="menu-toggle" aria-controls="sidebar" aria-expanded="false" aria-label="Show mailboxes">☰</button>
        <a class="brand" href="/mail">Hearth</a>
        <form class="search-form" role="search" method="get" action="/search" id="search-form">
        <label class="visually-hidden" for="search-input">Search mail</label>
        <input type="search" id="search-input" name="q" value="\(HTML.escape(searchText))" placeholder="Search mail (/)" autocomplete="off" aria-describedby="search-hint">
        <span id="search-hint" class="visually-hidden">Filters such as from:name, has:attachment, is:unread or last week are understood. Results update as you type.</span>
        \(scope)
        </form>
        <a class="button primary compose-button" href="/compose" id="compose-link" accesskey="c">Compose</a>
        <a class="icon-button" href="/settings" aria-label="Settings" title="Settings">⚙</a>
        <button type="button" class="icon-button" id="help-button" aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)">?</button>
        <span id="sync-status" class="sync-status" role="status" aria-live="polite"></span>
        </header>
        """
    }

    static let shortcuts: [(String, String)] = [
        ("j / k", "Next / previous conversation"), ("o or Enter", "Open conversation"), ("u", "Back to the list"),
        ("e", "Archive"), ("#", "Delete"), ("s", "Star or unstar"), ("x", "Select conversation"),
        ("Shift+I / Shift+U", "Mark read / unread"),
        ("r / a / f", "Reply / reply all / forward"), ("c", "Compose"), ("/", "Search"), ("?", "This help"),
        ("Ctrl+N, Ctrl+R, Ctrl+Shift+F, Ctrl+Delete", "Compose, reply, forward, delete (where the browser allows)"),
        ("Esc", "Close dialogs, leave the search box"),
    ]

    static var helpDialog: String {
        let rows = shortcuts.map { "<tr><th scope=\"row\"><kbd>\(HTML.escape($0.0))</kbd></th><td>\(HTML.escape($0.1))</td></tr>" }.joined()
        return """
        <dialog id="help-dialog" aria-labelledby="help-title">
        <h2 id="help-title">Keyboard shortcuts</h2>
        <table class="shortcuts"><tbody>\(rows)</tbody></table>
        <form method="dialog"><button class="button" type="submit">Close</button></form>
        </dialog>
        """
    }
}

/// The left column: unified mailboxes, each account with its folders, the outbox.
struct Sidebar {
    struct AccountFolders {
        var account: Account
        var folders: [Folder]
    }

    var accounts: [AccountFolders]
    var location: MailLocation
    var outboxCount: Int

    static let unifiedBoxes: [(box: String, label: String, type: FolderType?)] = [
        ("inbox", "Inbox", .inbox), ("starred", "Starred", .starred), ("sent", "Sent", .sent),
        ("drafts", "Drafts", .drafts), ("archive", "Archive", .archive), ("spam", "Spam", .spam),
        ("trash", "Trash", .trash), ("all", "All mail", nil),
    ]

    func render() -> String {
        var html = "<nav class=\"sidebar\" id=\"sidebar\" aria-label=\"Mailboxes\">"
        let scoped = location.account
        let title = scoped.flatMap { id in accounts.first { $0.account.id == id }?.account.email } ?? "All accounts"
        html += "<h2 class=\"sidebar-title\">\(HTML.escape(title))</h2><ul class=\"boxes\">"
        for box in Self.unifiedBoxes {
            let unread = box.type.map { type in
                accounts.filter { scoped == nil || $0.account.id == scoped }
                    .flatMap(\.folders).filter { $0.folderType == type }.map(\.unreadCount).reduce(0, +)
            } ?? 0
            let current = location.folder == nil && location.box == box.box
            let url = HTML.url("/mail", [("box", box.box), ("account", scoped.map { String($0.rawValue) })])
            html += link(url, label: box.label, count: box.box == "inbox" || box.box == "spam" ? unread : 0, current: current)
        }
        html += link("/mail?box=outbox", label: "Outbox", count: outboxCount, current: location.box == "outbox" && location.folder == nil, countLabel: "waiting")
        html += "</ul>"
        if accounts.count > 1 || scoped != nil {
            html += "<h2 class=\"sidebar-title\">Accounts</h2><ul class=\"boxes accounts\">"
            html += link("/mail?box=inbox", label: "Unified inbox", count: 0, current: scoped == nil && location.isInbox)
            for item in accounts {
                guard let id = item.account.id else { continue }
                html += link(HTML.url("/mail", [("box", "inbox"), ("account", String(id.rawValue))]),
                             label: item.account.email, count: 0, current: scoped == id && location.folder == nil)
            }
            html += "</ul>"
        }
        for item in accounts where scoped == nil || item.account.id == scoped {
            let custom = item.folders.filter { $0.isSelectable && ($0.folderType == .custom) }
            guard !custom.isEmpty else { continue }
            html += "<h2 class=\"sidebar-title\">\(HTML.escape(accounts.count > 1 ? "Folders · \(item.account.email)" : "Folders"))</h2><ul class=\"boxes\">"
            for folder in custom {
                guard let id = folder.id else { continue }
                html += link(HTML.url("/mail", [("folder", String(id.rawValue)), ("account", item.account.id.map { String($0.rawValue) })]),
                             label: folder.name, count: folder.unreadCount, current: location.folder == id)
            }
            html += "</ul>"
        }
        html += "<p class=\"sidebar-footer\"><a href=\"/settings\">Settings</a> · <a href=\"/welcome\">Tour</a></p></nav>"
        return html
    }

    private func link(_ url: String, label: String, count: Int, current: Bool, countLabel: String = "unread") -> String {
        let badge = count > 0 ? "<span class=\"count\" aria-label=\"\(count) \(countLabel)\">\(count)</span>" : ""
        return "<li><a href=\"\(HTML.escape(url))\"\(current ? " aria-current=\"page\"" : "")><span>\(HTML.escape(label))</span>\(badge)</a></li>"
    }
}
