import HearthCore

/// Why an attachment or a raw message could not be fetched from the server, worded for the
/// person who asked (the web app and the CLI show `description` as is).
public enum RemoteContentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server no longer has the message where the store says it is: expunged, moved by
    /// another client, or the folder was renumbered (UIDVALIDITY changed). A sync fixes the
    /// store; then the user can retry.
    case noLongerOnServer(reason: String)
    /// The message has no copy on a server we know of (imported mail, a local-only draft).
    case notOnAnyServer
    /// No such email or attachment in the store.
    case notFound(String)
    /// The message is there but has no such MIME part (the stored part path is stale).
    case partMissing(String)
    /// Could not connect or sign in (transient or not; see `isTransient`).
    case connection(SyncError)

    public var description: String {
        switch self {
        case .noLongerOnServer(let reason): "this message is no longer on the server; sync and retry (\(reason))"
        case .notOnAnyServer: "this message exists only on this computer and its content was not kept"
        case .notFound(let what): "\(what) was not found"
        case .partMissing(let part): "the message on the server has no part \(part); sync and retry"
        case .connection(let error): error.description
        }
    }

    /// Worth retrying later without changing anything (network down, server busy).
    public var isTransient: Bool {
        if case .connection(let error) = self { return error.isTransient }
        return false
    }
}
