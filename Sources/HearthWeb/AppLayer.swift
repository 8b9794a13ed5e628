import Foundation
import HearthApp
import HearthCore

/// The web app's way into the application layer (HearthApp): every operation that changes mail,
/// accounts or settings runs through its use cases, exactly as the CLI's commands do.
extension WebApp {
    /// The application context `hearth serve` handed over; without one (tests that only
    /// browse) a context over this store is built, whose secrets come from `services.secrets`.
    func application() throws(WebError) -> AppContext {
        if let app = services.app { return app }
        guard let secrets = services.secrets else {
            throw .unavailable("This session has no secret store, so accounts cannot be changed here.")
        }
        return AppContext(dataDirectory: dataDirectory, store: store, secrets: { secrets })
    }
}

extension WebError {
    /// An application-layer failure as the page shows it.
    init(_ error: AppError) {
        let message = error.message.prefix(1).uppercased() + error.message.dropFirst()
        switch error.kind {
        case .notFound: self = .notFound(message)
        case .invalidInput, .noPermission, .untrustedCertificate: self = .badRequest(message)
        case .unavailable, .notConfigured: self = .unavailable(message)
        case .io: self = .internal(message)
        }
    }

    static func mapping<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as AppError { throw WebError(error) }
    }

    static func mapping<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as AppError { throw WebError(error) }
    }
}
