import Foundation
import HearthAI
import HearthCore

/// The suggested replies generated lately, per conversation and newest message, kept in memory
/// only. Opening the reply composer right after reading a conversation asks for the same
/// suggestions again; generating them twice costs seconds of CPU for an identical answer (the
/// prompt is the same) and, on a busy machine, can miss the request's deadline so the composer
/// shows none. A new message in the thread, or another chat model (installed from the CLI or
/// the web app), changes the key, so nothing stale is offered. Nothing is written to disk:
/// suggestions are never stored (spec §5.6.4).
struct RecentReplies: Sendable {
    struct Key: Hashable, Sendable { var thread: ThreadID; var newest: EmailID; var model: String }

    static let capacity = 16
    private var entries: [(key: Key, replies: [SmartReply])] = []

    func replies(for key: Key) -> [SmartReply]? {
        entries.last { $0.key == key }?.replies
    }

    /// Remembers `replies` for `key`, dropping the oldest entry beyond the capacity.
    mutating func remember(_ replies: [SmartReply], for key: Key) {
        entries.removeAll { $0.key == key }
        entries.append((key, replies))
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }
}
