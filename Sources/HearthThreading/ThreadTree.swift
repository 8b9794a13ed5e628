/// One node of a thread forest built by `ReferenceThreader` or `OrderedSubjectThreader`.
///
/// A node is either a message (`index` set) or a placeholder: a message that is referenced but not
/// present (a "ghost"), or a node the subject grouping created to hold same-subject threads side by
/// side. Children are in display order: by sent date, ties by index.
public struct ThreadTree: Sendable, Hashable {
    /// The message's `ThreadInput.index`; `nil` for a placeholder.
    public var index: Int?
    /// The Message-ID the node stands for: the message's own id (nil when it had none or repeated an
    /// earlier message's id), the missing message's id for a ghost, nil for a subject placeholder.
    public var messageID: String?
    public var children: [ThreadTree]

    public init(index: Int?, messageID: String? = nil, children: [ThreadTree] = []) {
        self.index = index; self.messageID = messageID; self.children = children
    }

    public var isPlaceholder: Bool { index == nil }

    /// Every message index in the tree, parents before their children (pre-order).
    public var indices: [Int] {
        var out: [Int] = []
        var stack: [ThreadTree] = [self]
        while let node = stack.popLast() {
            if let index = node.index { out.append(index) }
            stack.append(contentsOf: node.children.reversed())
        }
        return out
    }

    /// Number of placeholder nodes in the tree.
    public var placeholderCount: Int {
        var count = 0
        var stack: [ThreadTree] = [self]
        while let node = stack.popLast() {
            if node.isPlaceholder { count += 1 }
            stack.append(contentsOf: node.children)
        }
        return count
    }
}
