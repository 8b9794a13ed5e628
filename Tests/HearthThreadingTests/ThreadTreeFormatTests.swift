import HearthThreading
import Testing

/// The IMAP `THREAD` rendering (RFC 5256 §4) of hand-built forests.
@Suite("ThreadTree IMAP rendering")
struct ThreadTreeFormatTests {
    private func node(_ index: Int?, _ children: ThreadTree...) -> ThreadTree {
        ThreadTree(index: index, children: children)
    }

    @Test func chainsBranchesAndPlaceholders() {
        #expect(ThreadTree.imapThreadList([node(1)]) == "(1)")
        #expect(ThreadTree.imapThreadList([node(3, node(2)), node(1)]) == "(3 2)(1)")
        #expect(ThreadTree.imapThreadList([node(1, node(2, node(4)), node(3))]) == "(1 (2 4)(3))")
        #expect(ThreadTree.imapThreadList([node(1), node(nil, node(2), node(3))]) == "(1)((2)(3))")
        // RFC 5256 §4's example.
        let example = node(3, node(6, node(4, node(23)), node(44, node(7, node(96)))))
        #expect(ThreadTree.imapThreadList([node(2), example]) == "(2)(3 6 (4 23)(44 7 96))")
        #expect(ThreadTree.imapThreadList([]) == "")
    }

    @Test func indicesArePreOrder() {
        let tree = node(1, node(2, node(4)), node(nil, node(5)), node(3))
        #expect(tree.indices == [1, 2, 4, 5, 3])
        #expect(tree.placeholderCount == 1)
    }

    @Test func longChainsDoNotRecurse() {
        var tree = node(10_000)
        for index in stride(from: 9_999, through: 1, by: -1) { tree = node(index, tree) }
        let rendered = ThreadTree.imapThreadList([tree])
        #expect(rendered.hasPrefix("(1 2 3 "))
        #expect(rendered.hasSuffix(" 9999 10000)"))
        #expect(tree.indices.count == 10_000)
    }
}
