import Hummingbird
import Logging

/// The request context of the web app's router. Besides the server's own source (a socket),
/// it can be made for in-process use (`WebApp.handle`: `hearth bench web` measures the work
/// per request without a socket).
struct WebContext: RequestContext {
    var coreContext: CoreRequestContextStorage

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    init(logger: Logger) {
        coreContext = .init(source: InProcessSource(logger: logger))
    }

    private struct InProcessSource: RequestContextSource {
        let logger: Logger
    }
}
