import Foundation
import HearthCore

/// What every app page shows around its content: the top bar (search, compose, settings,
/// sync status), the live banner, the sidebar, and the keyboard help (`shell.mustache`).
struct PageShell {
    var title: String
    var csrfToken: String
    var theme: Theme
    var bodyClass: String = ""
    /// The text already in the search box (search results page).
    var searchText: String = ""
    var searchScopeFolder: FolderID?

    struct Shortcut { var keys: String; var action: String }

    /// What `shell.mustache` reads; `sidebar` and `main` are markup other templates rendered.
    struct Model {
        var title: String
        var csrfToken: String
        var theme: String
        var bodyClass: String
        var searchText: String
        var searchScopeFolder: Int64?
        var sidebar: String?
        var main: String
        var shortcuts: [Shortcut]
    }

    func render(sidebar: String?, main: String) -> String {
        Templates.render("shell", Model(title: title, csrfToken: csrfToken, theme: theme.rawValue, bodyClass: bodyClass,
                                        searchText: searchText, searchScopeFolder: searchScopeFolder?.rawValue,
                                        sidebar: sidebar, main: main, shortcuts: Self.shortcuts))
    }

    static let shortcuts: [Shortcut] = [
        Shortcut(keys: "j / k", action: "Next / previous conversation"),
        Shortcut(keys: "o or Enter", action: "Open conversation"),
        Shortcut(keys: "u", action: "Back to the list"),
        Shortcut(keys: "e", action: "Archive"),
        Shortcut(keys: "#", action: "Delete"),
        Shortcut(keys: "v", action: "Move to a folder or label"),
        Shortcut(keys: "s", action: "Star or unstar"),
        Shortcut(keys: "x", action: "Select conversation"),
        Shortcut(keys: "Shift+I / Shift+U", action: "Mark read / unread"),
        Shortcut(keys: "r / a / f", action: "Reply / reply all / forward"),
        Shortcut(keys: "c", action: "Compose"),
        Shortcut(keys: "/", action: "Search"),
        Shortcut(keys: "?", action: "This help"),
        Shortcut(keys: "Ctrl+N, Ctrl+R, Ctrl+Shift+F, Ctrl+Delete", action: "Compose, reply, forward, delete (where the browser allows)"),
        Shortcut(keys: "Ctrl+B / Ctrl+I / Ctrl+K", action: "In a message: bold / italic / link (⌘ on a Mac)"),
        Shortcut(keys: "Esc", action: "Close dialogs, leave the search box"),
    ]
}

/// The left column: unified mailboxes, each account with its folders, the outbox
/// (`sidebar.mustache`).
struct Sidebar {
    struct AccountFolders {
        var account: Account
        var folders: [Folder]
    }

    var accounts: [AccountFolders]
    var location: MailLocation
    var outboxCount: Int

    struct Link {
        var url: String
        var label: String
        /// nil for none: a zero is not shown.
        var count: Int?
        var countLabel: String
        var current: Bool
    }

    struct Section {
        var title: String
        var isAccounts: Bool
        var links: [Link]
    }

    struct Model { var sections: [Section] }

    static let unifiedBoxes: [(box: String, label: String, type: FolderType?)] = [
        ("inbox", "Inbox", .inbox), ("starred", "Starred", .starred), ("sent", "Sent", .sent),
        ("drafts", "Drafts", .drafts), ("archive", "Archive", .archive), ("spam", "Spam", .spam),
        ("trash", "Trash", .trash), ("all", "All mail", nil),
    ]

    func render() -> String {
        Templates.render("sidebar", Model(sections: sections))
    }

    var sections: [Section] {
        let scoped = location.account
        let title = scoped.flatMap { id in accounts.first { $0.account.id == id }?.account.email } ?? "All accounts"
        var boxes: [Link] = []
        for box in Self.unifiedBoxes {
            let unread = box.type.map { type in
                accounts.filter { scoped == nil || $0.account.id == scoped }
                    .flatMap(\.folders).filter { $0.folderType == type }.map(\.unreadCount).reduce(0, +)
            } ?? 0
            let current = location.folder == nil && location.box == box.box
            let url = HTML.url("/mail", [("box", box.box), ("account", scoped.map { String($0.rawValue) })])
            boxes.append(link(url, label: box.label, count: box.box == "inbox" || box.box == "spam" ? unread : 0, current: current))
        }
        boxes.append(link("/mail?box=outbox", label: "Outbox", count: outboxCount, current: location.box == "outbox" && location.folder == nil, countLabel: "waiting"))
        var sections = [Section(title: title, isAccounts: false, links: boxes)]
        if accounts.count > 1 || scoped != nil {
            var links = [link("/mail?box=inbox", label: "Unified inbox", count: 0, current: scoped == nil && location.isInbox)]
            for item in accounts {
                guard let id = item.account.id else { continue }
                links.append(link(HTML.url("/mail", [("box", "inbox"), ("account", String(id.rawValue))]),
                                  label: item.account.email, count: 0, current: scoped == id && location.folder == nil))
            }
            sections.append(Section(title: "Accounts", isAccounts: true, links: links))
        }
        for item in accounts where scoped == nil || item.account.id == scoped {
            let custom = item.folders.filter { $0.isSelectable && ($0.folderType == .custom) }
            guard !custom.isEmpty else { continue }
            let links = custom.compactMap { folder -> Link? in
                guard let id = folder.id else { return nil }
                return link(HTML.url("/mail", [("folder", String(id.rawValue)), ("account", item.account.id.map { String($0.rawValue) })]),
                            label: folder.name, count: folder.unreadCount, current: location.folder == id)
            }
            sections.append(Section(title: accounts.count > 1 ? "Folders · \(item.account.email)" : "Folders", isAccounts: false, links: links))
        }
        return sections
    }

    private func link(_ url: String, label: String, count: Int, current: Bool, countLabel: String = "unread") -> Link {
        Link(url: url, label: label, count: count > 0 ? count : nil, countLabel: countLabel, current: current)
    }
}
