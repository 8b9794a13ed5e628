import Foundation
import HearthCore
import HearthStore
import Hummingbird
import Logging

/// `hearth serve`: the web app on 127.0.0.1 (never another interface), Hummingbird underneath.
///
/// ```swift
/// let server = WebServer(app: WebApp(store: store, dataDirectory: dir, services: services))
/// let url = try await server.start(port: 0)     // prints nothing; the caller shows `url`
/// ...
/// await server.stop()
/// ```
public final class WebServer: Sendable {
    public let app: WebApp
    private let running = Locked<Task<Void, any Error>?>(nil)

    public init(app: WebApp) { self.app = app }

    /// Binds 127.0.0.1:`port` (0: any free port), starts serving and the app's background work,
    /// and returns the login URL (with the per-launch secret). Throws when the port is taken.
    public func start(port: Int = 0, logger: Logger? = nil) async throws -> String {
        var log = logger ?? Logger(label: "hearth.web.http")
        // Hummingbird logs a cancelled shutdown as an error; real failures are thrown instead.
        if logger == nil { log.logLevel = .critical }
        let bound = AsyncStream<Result<Int, any Error>>.makeStream()
        let application = Application(
            responder: WebResponder(app: app),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { channel in
                bound.continuation.yield(.success(channel.localAddress?.port ?? 0))
                bound.continuation.finish()
            },
            logger: log)
        let task = Task {
            do {
                try await application.run()
            } catch {
                bound.continuation.yield(.failure(error))
                bound.continuation.finish()
                throw error
            }
            bound.continuation.finish()
        }
        running.value = task
        var iterator = bound.stream.makeAsyncIterator()
        guard let outcome = await iterator.next() else { throw WebServerError.didNotStart("the server stopped before it was listening") }
        switch outcome {
        case .success(let actual):
            app.policy.port = actual
            app.startBackgroundWork()
            return app.policy.loginURL
        case .failure(let error):
            throw WebServerError.didNotStart("cannot listen on 127.0.0.1:\(port): \(error)")
        }
    }

    /// The port actually bound (after `start`).
    public var port: Int { app.policy.port }

    /// Runs until the task is cancelled or the server fails.
    public func wait() async throws {
        try await running.value?.value
    }

    public func stop() async {
        await app.shutdown()
        let task = running.value
        task?.cancel()
        _ = try? await task?.value
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
