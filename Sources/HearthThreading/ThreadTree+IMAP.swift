extension ThreadTree {
    /// The forest in the syntax of an IMAP `THREAD` response (RFC 5256 §4, `thread-list`), e.g.
    /// `(3 6 (4 23)(44 7 96))`: a message followed by its only child continues the same list; a
    /// message with several children is followed by one parenthesised list per child; a placeholder
    /// prints no number, so a placeholder root with two children reads `((2)(3))`.
    ///
    /// Tests compare this text with the answers a reference server gives, which pins down the tree
    /// shape and the sibling order at once.
    public static func imapThreadList(_ forest: [ThreadTree]) -> String {
        forest.map { "(" + $0.imapMembers() + ")" }.joined()
    }

    /// `thread-members [SP thread-nested]` for this node. Single-child chains, which can be long,
    /// are walked in a loop; only branching recurses.
    private func imapMembers() -> String {
        var parts: [String] = []
        var node = self
        while true {
            if let index = node.index { parts.append(String(index)) }
            if node.children.count == 1, let only = node.children.first {
                node = only
                continue
            }
            if !node.children.isEmpty {
                parts.append(node.children.map { "(" + $0.imapMembers() + ")" }.joined())
            }
            return parts.joined(separator: " ")
        }
    }
}
