import Foundation
import HearthSync
import ServiceLifecycle

/// What `hearth serve` runs beside the HTTP server, as services of one `ServiceGroup`
/// (`WebServer`): they start together, and a graceful shutdown reaches each of them, so
/// stopping the app ends IDLE connections with LOGOUT and closes every event stream.
extension WebApp {
    /// The services of this app, in the order they start; the HTTP server is added by `WebServer`.
    func backgroundServices() -> [ServiceGroupConfiguration.ServiceConfiguration] {
        var services: [any Service] = [LiveUpdatesService(app: self), OutboxRecoveryService(app: self)]
        if self.services.watchInboxes { services.append(InboxWatchersService(app: self)) }
        services.append(AIBacklogService(app: self))
        services.append(RequestWorkService(app: self))
        // A service that is done (the outbox recovered, no account to watch) must not stop the others.
        return services.map { .init(service: $0, successTerminationBehavior: .ignore, failureTerminationBehavior: .ignore) }
    }
}

/// The two-second store poll behind the live updates (`LiveUpdates.swift`).
struct LiveUpdatesService: Service {
    weak var app: WebApp?

    func run() async throws {
        guard let app else { return }
        try await cancelWhenGracefulShutdown { await app.pollForChanges() }
    }
}

/// Sends what a previous run left queued in the outbox (`ComposeRoutes.recoverOutbox`).
struct OutboxRecoveryService: Service {
    weak var app: WebApp?

    func run() async throws {
        guard let app else { return }
        try await cancelWhenGracefulShutdown { await app.recoverOutbox() }
    }
}

/// One IDLE watcher per account with a server: new mail is synced as it arrives, reported as
/// `sync` events, and followed by the AI queue (`LiveAI.swift`).
struct InboxWatchersService: Service {
    weak var app: WebApp?

    func run() async throws {
        guard let app else { return }
        let watchers = app.makeWatchers()
        guard !watchers.isEmpty else { return }
        await withTaskGroup(of: Void.self) { group in
            for (account, watcher) in watchers {
                group.addTask { await app.follow(watcher, account: account) }
            }
            // On shutdown each watcher logs out; its event stream then ends its task.
            group.addTask {
                await untilShutdown()
                for (_, watcher) in watchers { await watcher.stop() }
            }
        }
    }
}

/// Mail stored while no AI ran — an import without `--ai`, a `hearth sync` whose background run
/// reached its time limit, models installed since — is categorised, embedded and summarised
/// once at start. When IDLE watchers run, their first sync starts that run instead.
struct AIBacklogService: Service {
    weak var app: WebApp?

    func run() async throws {
        guard let app else { return }
        if app.services.watchInboxes, let synced = try? app.syncedAccounts(), !synced.isEmpty { return }
        app.runAIAfterSync()
    }
}

/// Work that requests started (a sync on request, a send, a purge) and the model downloads:
/// cancelled at shutdown, with the AI queue stopped and every event stream closed.
struct RequestWorkService: Service {
    weak var app: WebApp?

    func run() async throws {
        await untilShutdown()
        await app?.shutdown()
    }
}

/// Waits for the group's graceful shutdown (or cancellation).
private func untilShutdown() async {
    try? await gracefulShutdown()
}
