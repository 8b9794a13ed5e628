import Foundation
import HearthApp
import HearthCore
import HearthOutbox
import HearthWeb
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `hearth serve` hands the web app: the application layer's credentials and server
/// settings (the same the other commands use), so the web app never sees how secrets are kept.
enum ServeWiring {
    static func services(_ engine: Engine, watch: Bool) -> WebServices {
        let app = engine.app
        var services = WebServices(
            secrets: try? app.secrets(),
            watchInboxes: watch,
            version: HearthCommand.configuration.version,
            embedder: SearchEmbedders.forServer(),
            remoteContent: MailContent.remote(app))
        services.app = app
        return services
    }

    /// Returns on SIGINT or SIGTERM.
    static func waitForTermination() async {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.resume()
            return source
        }
        var iterator = stream.makeAsyncIterator()
        _ = await iterator.next()
        sources.forEach { $0.cancel() }
    }
}
