import Foundation

/// The `REFERENCES` threading algorithm of RFC 5256 §2 (after Jamie Zawinski's): builds the
/// parent/child forest of a set of messages from their References (or, lacking those, the first
/// In-Reply-To), with ghosts for missing parents, loop prevention, duplicate Message-ID handling,
/// pruning, optional subject grouping of the top level, and date ordering of siblings.
///
/// It is pure and in-memory. The app uses `ThreadAssigner` to decide *which* conversation a message
/// belongs to, and this type to lay out the messages *inside* a conversation for display.
public struct ReferenceThreader: Sendable {
    /// How top-level trees are joined by subject after the reference links are made.
    public enum SubjectGrouping: Sendable, Hashable {
        /// No subject grouping: the forest reflects the reference headers only.
        case none
        /// RFC 5256 step 5: top-level threads with the same base subject are gathered, a reply
        /// going under an original of the same subject, otherwise both under a placeholder.
        case rfc5256
        /// The app's rule (spec product §5.2.4 step 4): a message with neither References nor
        /// In-Reply-To joins the thread of any message whose normalised subject (`SubjectNormalizer`)
        /// is equal and whose date is within `window` of its own. This is the rule `ThreadAssigner`
        /// applies, so the forest's trees never straddle two of its threads.
        case spec(window: TimeInterval = 30 * 24 * 3600)
    }

    public var subjectGrouping: SubjectGrouping

    public init(subjectGrouping: SubjectGrouping = .rfc5256) {
        self.subjectGrouping = subjectGrouping
    }

    /// The thread forest of `messages`, roots and siblings ordered by sent date (ties by index).
    /// Each message appears exactly once.
    public func thread(_ messages: [ThreadInput]) -> [ThreadTree] {
        var forest = ContainerForest(inputs: messages)
        // Step 1, in sequence order: the first of two messages sharing an id keeps it.
        let order = messages.indices.sorted { (messages[$0].index, $0) < (messages[$1].index, $1) }
        for position in order { Self.linkReferences(ofMessageAt: position, in: &forest) }
        forest.collectRoots()   // step 2
        forest.prune()          // step 3
        forest.sortSiblings()   // step 4
        switch subjectGrouping {
        case .none: break
        case .rfc5256: forest.mergeRootsByBaseSubject()        // step 5
        case .spec(let window): forest.mergeHeaderlessBySubject(window: window)
        }
        forest.sortSiblings()   // step 6
        return forest.trees()
    }

    /// RFC 5256 step 1 for one message: chain its references parent-to-child (A), then hang the
    /// message under the last one (B).
    private static func linkReferences(ofMessageAt position: Int, in forest: inout ContainerForest) {
        let message = forest.inputs[position]
        let own = forest.claimContainer(forMessageAt: position)
        var ids = message.references.filter { !$0.isEmpty }
        if ids.isEmpty, let parent = message.inReplyTo.first(where: { !$0.isEmpty }) { ids = [parent] }
        // A reference to the message's own container (its own id) is ignored: it carries no
        // information and would only be refused as a loop after disturbing the chain.
        let chain = ids.map { forest.container(for: $0) }.filter { $0 != own }

        // (A) Each reference becomes the parent of the next, unless the next already has a parent
        // (the first header to speak wins) or the link would close a loop.
        for (parent, child) in zip(chain, chain.dropFirst())
        where forest.parent(of: child) == nil && !forest.wouldLoop(parent: parent, child: child) {
            forest.link(parent: parent, child: child)
        }
        // (B) The message's own header is authoritative for its parent: an existing link (made by
        // another message's possibly truncated References) is broken first, and the new one is
        // made unless it would close a loop — in which case the message is left as a root.
        forest.unlink(own)
        if let parent = chain.last, !forest.wouldLoop(parent: parent, child: own) {
            forest.link(parent: parent, child: own)
        }
    }
}
