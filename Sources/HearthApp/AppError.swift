/// A failure of a use case, phrased for the person who has to act on it, with the kind of
/// action it asks for. Front ends map the kind onto their own vocabulary (the CLI's exit codes
/// and JSON error codes, the web app's HTTP statuses) and show `message` as it is.
public struct AppError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable {
        /// The named account, message or file does not exist.
        case notFound
        /// The input is wrong: fix it and ask again.
        case invalidInput
        /// The server could not be reached or dropped the connection: try again later.
        case unavailable
        /// The server refused the credentials: fix the password or sign in again.
        case noPermission
        /// The server's certificate is not trusted (or names another host): waiting will not
        /// help; the user adds the CA file or the expected server name.
        case untrustedCertificate
        /// Something this session does not have (no secret store, sending not configured).
        case notConfigured
        /// The local store or a file could not be written.
        case io
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) { self.kind = kind; self.message = message }

    public var description: String { message }

    public static func notFound(_ m: String) -> AppError { AppError(.notFound, m) }
    public static func invalidInput(_ m: String) -> AppError { AppError(.invalidInput, m) }
    public static func unavailable(_ m: String) -> AppError { AppError(.unavailable, m) }
    public static func noPermission(_ m: String) -> AppError { AppError(.noPermission, m) }
    public static func notConfigured(_ m: String) -> AppError { AppError(.notConfigured, m) }
}
