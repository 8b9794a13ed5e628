import Foundation

/// A message file a reader could not read and left out, with the reason. Readers collect these
/// instead of throwing: one unreadable file (permissions, a dangling link, a file moved by a
/// running MDA) must not stop an import of thousands of others, and must not vanish silently.
public struct MailboxSkip: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
