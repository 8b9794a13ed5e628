import Foundation
import HearthCore

/// Incremental thread assignment (spec product §5.2.4 steps 2–4): threads are the connected
/// components of the reference graph, extended by the subject fallback for messages that carry
/// neither References nor In-Reply-To. Adding a message touches only the threads it links; it
/// never rebuilds anything.
///
/// The subject relation is symmetric — a headerless message is linked to same-subject messages
/// within the window whichever arrives first, when at least one of the two is a reply and neither
/// is automated mail without reply headers — so the final grouping does not depend on the
/// order messages are added in (sync adds newest first, import oldest first) (the property tests check this against the components computed
/// directly, and on the linux-mips archive under shuffled orders).
///
/// What the store must provide for that to hold (docs/threading.md, "Store contract"): after
/// `assign` it records the message's normalised subject, date and headerlessness so later
/// `threads(withSubject:…)` calls see it; that query uses an inclusive window (|Δt| ≤ window) and
/// resolves merged threads; `merge` moves every node and message of the absorbed threads.
///
/// Unlike RFC 5256, every id a message names is an edge (References *and* In-Reply-To, spec
/// §5.2.4 step 2), and a repeated Message-ID is one node, so two copies of a message share a thread.
public struct ThreadAssigner: Sendable {
    /// Subject grouping only joins messages this close in time (spec: 30 days).
    public var subjectWindow: TimeInterval

    public init(subjectWindow: TimeInterval = 30 * 24 * 3600) {
        self.subjectWindow = subjectWindow
    }

    /// Finds or creates the thread for `key`, merging threads the message connects, and records
    /// the message's ids as nodes of that thread. Returns the thread the message belongs to.
    public func assign(_ key: ThreadingKey, in graph: some ThreadGraphStore) throws -> ThreadID {
        let ids = ([key.messageID].compactMap { $0 } + key.ancestorIDs).filter { !$0.isEmpty }
        var candidates = Set(try graph.threads(ofMessageIDs: ids, account: key.accountID).values)
        if !key.normalizedSubject.isEmpty, !(key.isAutomated && key.isHeaderless) {
            // A headerless message may join a same-subject thread nearby; a message with
            // headers pulls in only headerless same-subject messages nearby. Either way a reply
            // must be on one side of the link, and automated mail without reply headers is on
            // neither (newsletters and alert series repeat subjects without being threads).
            candidates.formUnion(try graph.threads(
                withSubject: key.normalizedSubject, account: key.accountID, near: key.date,
                window: subjectWindow, headerlessOnly: !key.isHeaderless, repliesOnly: !key.isReply))
        }
        let thread: ThreadID
        if let survivor = candidates.min() {
            thread = survivor
            let absorbed = candidates.filter { $0 != survivor }.sorted()
            if !absorbed.isEmpty { try graph.merge(absorbed, into: survivor) }
        } else {
            thread = try graph.createThread(account: key.accountID)
        }
        if !ids.isEmpty { try graph.link(messageIDs: ids, to: thread, account: key.accountID) }
        return thread
    }
}
