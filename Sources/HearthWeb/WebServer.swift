import Foundation
import HearthCore
import HearthStore
import Hummingbird
import Logging
import ServiceLifecycle

/// `hearth serve`: the web app on 127.0.0.1 (never another interface), Hummingbird underneath.
/// The HTTP server and the app's background services (live-update poll, outbox recovery, IDLE
/// watchers, the work requests started) run in one `ServiceGroup`; `stop()` shuts it down
/// gracefully.
///
/// ```swift
/// let server = WebServer(app: WebApp(store: store, dataDirectory: dir, services: services))
/// let url = try await server.start(port: 0)     // prints nothing; the caller shows `url`
/// ...
/// await server.stop()
/// ```
public final class WebServer: Sendable {
    public let app: WebApp
    private let running = Locked<(group: ServiceGroup, task: Task<Void, any Error>)?>(nil)

    public init(app: WebApp) { self.app = app }

    /// Binds 127.0.0.1:`port` (0: any free port), starts serving and the app's background
    /// services, and returns the login URL (with the per-launch secret). Throws when the port
    /// is taken.
    public func start(port: Int = 0, logger: Logger? = nil) async throws -> String {
        var log = logger ?? Logger(label: "hearth.web.http")
        // Hummingbird logs a cancelled shutdown as an error; real failures are thrown instead.
        if logger == nil { log.logLevel = .critical }
        let bound = AsyncStream<Result<Int, any Error>>.makeStream()
        let application = Application(
            responder: app.responder,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { [app] channel in
                // The Host check needs the real port before the first request is answered.
                app.policy.port = channel.localAddress?.port ?? 0
                bound.continuation.yield(.success(app.policy.port))
                bound.continuation.finish()
            },
            logger: log)
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [.init(service: application)]
        services += app.backgroundServices()
        // Signals are the CLI's business (`ServeWiring.waitForTermination`), not the group's.
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: services, gracefulShutdownSignals: [], logger: log))
        let task = Task {
            do {
                try await group.run()
            } catch {
                bound.continuation.yield(.failure(error))
                bound.continuation.finish()
                throw error
            }
            bound.continuation.finish()
        }
        running.value = (group, task)
        var iterator = bound.stream.makeAsyncIterator()
        guard let outcome = await iterator.next() else { throw WebServerError.didNotStart("the server stopped before it was listening") }
        switch outcome {
        case .success:
            return app.policy.loginURL
        case .failure(let error):
            throw WebServerError.didNotStart("cannot listen on 127.0.0.1:\(port): \(error)")
        }
    }

    /// The port actually bound (after `start`).
    public var port: Int { app.policy.port }

    /// Runs until the server stops or fails.
    public func wait() async throws {
        try await running.value?.task.value
    }

    /// Shuts the group down gracefully (background work gets a few seconds, never hangs the
    /// exit), then waits for it.
    public func stop() async {
        guard let (group, task) = running.value else { return }
        await group.triggerGracefulShutdown()
        let finished = Task { _ = try? await task.value }
        if await !WebApp.race(finished, seconds: 5) { task.cancel() }
        _ = try? await task.value
    }
}

public enum WebServerError: Error, CustomStringConvertible {
    case didNotStart(String)
    public var description: String {
        switch self {
        case .didNotStart(let why): why
        }
    }
}
