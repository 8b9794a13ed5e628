import Foundation
import HearthApp
import HearthCore
import HearthSync

/// Live updates (server-sent events): new mail, sync progress, outbox state.
///
/// Two sources feed the event hub: the IDLE watchers this process runs (when configured), and a
/// cheap poll of the store every two seconds, which also sees mail that another process (a
/// `hearth sync` in a terminal) stored. The poll reads the newest inbox conversation, the
/// folders' unread counters and the outbox states: a few indexed rows, whatever the mailbox size.
extension WebApp {
    static let pollInterval: Duration = .seconds(2)

    struct StoreSnapshot: Equatable {
        var newestInbox: ThreadCursor?
        var unread: Int
        var outbox: [String]
    }

    func snapshot() -> StoreSnapshot? {
        guard let newest = try? store.threads(ThreadQuery(folderType: .inbox, limit: 1)).first,
              let accounts = try? store.accounts() else {
            return (try? store.accounts()).map { _ in StoreSnapshot(newestInbox: nil, unread: 0, outbox: []) }
        }
        var unread = 0
        for account in accounts {
            guard let id = account.id, let folders = try? store.folders(account: id) else { continue }
            unread += folders.filter { $0.folderType == .inbox }.map(\.unreadCount).reduce(0, +)
        }
        let outbox = ((try? store.outboxEntries(account: nil, includeDrafts: false)) ?? [])
            .map { "\($0.emailID.rawValue):\($0.phase.rawValue):\($0.sendState.rawValue)" }
        return StoreSnapshot(newestInbox: newest.id.map { ThreadCursor(latestDate: newest.latestDate, threadID: $0) },
                             unread: unread, outbox: outbox)
    }

    func pollForChanges() async {
        var last = snapshot()
        var ticks = 0
        while !Task.isCancelled {
            do { try await Task.sleep(for: Self.pollInterval) } catch { return }
            ticks += 1
            if ticks % 10 == 0 { hub.publish(LiveEvent(name: "ping", json: "{}")) }
            guard hub.count > 0, let now = snapshot() else { continue }
            defer { last = now }
            guard let previous = last, now != previous else { continue }
            if let newest = now.newestInbox, newest != previous.newestInbox,
               newest.latestDate >= (previous.newestInbox?.latestDate ?? .distantPast),
               let thread = try? store.thread(newest.threadID), thread.unreadCount > 0,
               settings.notificationsEnabled(thread.accountID) {
                // The banner only for accounts whose notifications are on (settings spec,
                // per account); otherwise the list still refreshes through "changed".
                hub.publish(.make("newmail", ["thread": newest.threadID.rawValue, "subject": thread.subject,
                                               "from": thread.participants.last?.displayName ?? "", "unread": now.unread]))
            } else if now.unread != previous.unread || now.newestInbox != previous.newestInbox {
                hub.publish(.make("changed", ["unread": now.unread]))
            }
            if now.outbox != previous.outbox { publishOutbox() }
        }
    }

    func publishOutbox() {
        let entries = (try? store.outboxEntries(account: nil, includeDrafts: false)) ?? []
        let items: [[String: any Sendable]] = entries.map {
            ["id": $0.emailID.rawValue, "subject": $0.message.subject, "status": $0.status(), "state": $0.sendState.rawValue]
        }
        hub.publish(.make("outbox", ["waiting": entries.filter { $0.sendState != .sent }.count, "items": items]))
    }

    /// `GET /events`: the event stream of this page.
    func events() -> WebResponse {
        let (id, stream) = hub.subscribe()
        let hub = self.hub
        let downloads = self.downloads.currentEvents()
        return WebResponse(status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")],
                           body: .stream { write in
            defer { hub.unsubscribe(id) }
            do {
                try await write("retry: 3000\n: connected\n\n")
                for event in downloads { try await write(event.wireFormat) }
                for await event in stream {
                    try await write(event.wireFormat)
                }
            } catch {
                return // the page went away
            }
        })
    }

    /// One IDLE watcher per account "sync now" would sync (run by `InboxWatchersService`), signed
    /// in and connected exactly as that sync is: the application layer's credentials and servers.
    func makeWatchers() -> [(Account, InboxWatcher)] {
        guard let app = try? application(), let accounts = try? syncedAccounts() else { return [] }
        return accounts.compactMap { account -> (Account, InboxWatcher)? in
            guard let credentials = try? app.credentials.sync(for: account),
                  let options = try? app.servers.syncOptions(for: account) else { return nil }
            return (account, InboxWatcher(account: account, credentials: credentials, store: store,
                                          options: InboxWatcher.Options(sync: options)))
        }
    }

    /// The accounts "sync now" syncs (those with a server, active).
    func syncedAccounts() throws -> [Account] {
        try SyncMail(try application()).accounts(nil)
    }

    /// Runs one watcher until it stops, reporting what it does as `sync` events.
    func follow(_ watcher: InboxWatcher, account: Account) async {
        await watcher.start()
        var firstSync = true
        for await event in watcher.events {
            switch event {
            case .newMail(let count): hub.publish(.make("sync", ["account": account.email, "state": "new-mail", "count": count]))
            case .synced(let result):
                hub.publish(.make("sync", ["account": account.email, "state": "done"]))
                // AI after sync (LiveAI.swift): the first sync may find a backlog, later ones new mail.
                if firstSync || result.inserted > 0 { runAIAfterSync() }
                firstSync = false
            case .watching: hub.publish(.make("sync", ["account": account.email, "state": "watching"]))
            case .disconnected, .reconnecting: hub.publish(.make("sync", ["account": account.email, "state": "offline"]))
            case .stopped(let error): hub.publish(.make("sync", ["account": account.email, "state": error == nil ? "stopped" : "failed", "message": error.map { "\($0)" } ?? ""]))
            }
        }
    }
}
