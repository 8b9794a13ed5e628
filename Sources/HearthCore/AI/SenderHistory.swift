import Foundation

/// What the mailbox already knows about a sender (spec §5.6.2 "sender history, reply
/// history"): how often the user wrote to the address, how much mail came from it, and how
/// that mail was categorised. A sender the user writes to is a correspondent (primary); a
/// sender of hundreds of messages the user never answers is a publisher.
public struct SenderHistory: Sendable, Hashable, Codable {
    /// Messages the user sent (Sent folder or the outbox) with this address in To or Cc.
    public var messagesWrittenTo: Int
    /// Messages received from this address.
    public var messagesReceived: Int
    /// Categories of earlier mail from this address (uncategorised mail left out).
    public var categories: [AICategory: Int]

    public init(messagesWrittenTo: Int = 0, messagesReceived: Int = 0, categories: [AICategory: Int] = [:]) {
        self.messagesWrittenTo = messagesWrittenTo; self.messagesReceived = messagesReceived; self.categories = categories
    }

    /// The category most of this sender's earlier mail has, when at least `minimum` messages
    /// agree and they are at least three quarters of it.
    public func usualCategory(minimum: Int = 3) -> AICategory? {
        let total = categories.values.reduce(0, +)
        guard let best = categories.max(by: { $0.value < $1.value }), best.value >= minimum,
              Double(best.value) >= 0.75 * Double(total) else { return nil }
        return best.key
    }
}
