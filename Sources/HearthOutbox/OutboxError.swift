import HearthCore
import HearthMIME

/// What the outbox tells its caller (the composer, the CLI), with what the user needs to act.
public enum OutboxError: Error, Sendable, CustomStringConvertible {
    case notFound(EmailID)
    /// The message is not in a state that allows this (e.g. undo after it was sent).
    case wrongState(EmailID, OutboxStateKey, String)
    case composition(CompositionError)
    case accountNotConfigured(String)
    case store(StoreError)

    public var description: String {
        switch self {
        case .notFound(let id): "no message \(id) in drafts or the outbox"
        case .wrongState(let id, let state, let action): "cannot \(action) message \(id): it is \(state)"
        case .composition(let e): e.description
        case .accountNotConfigured(let d): d
        case .store(let e): e.description
        }
    }
}
