import Foundation

/// The mutable working state of `ReferenceThreader`: JWZ "containers" (one per Message-ID seen,
/// holding a message or standing in for a missing one) linked by parent/child edges.
///
/// Containers live in an array and refer to each other by position, so the structure is a plain
/// value (no reference cycles, trivially `Sendable`). Every walk is iterative: reference chains in
/// real archives can be hundreds deep and must not exhaust a test thread's stack.
struct ContainerForest {
    struct Container {
        /// The id this container answers to; nil for a message without a (unique) id and for
        /// placeholders made by subject grouping.
        var messageID: String?
        /// Position of the message in the input array; nil for a placeholder.
        var message: Int?
        var parent: Int?
        var children: [Int] = []
    }

    /// What siblings are ordered by (RFC 5256 §2.2): sent date, then sequence number (`index`),
    /// then input position so that the order is total even for repeated indices.
    struct SortKey: Comparable {
        var date: Date
        var index: Int
        var position: Int
        static func < (a: SortKey, b: SortKey) -> Bool {
            (a.date, a.index, a.position) < (b.date, b.index, b.position)
        }
    }

    let inputs: [ThreadInput]
    private(set) var containers: [Container] = []
    private var byID: [String: Int] = [:]
    /// The top level, in the order of the last `sortSiblings()` or as the steps left it.
    var roots: [Int] = []
    /// Sort keys computed by the last `sortSiblings()`; a placeholder takes its first child's.
    private(set) var keys: [SortKey?] = []

    init(inputs: [ThreadInput]) {
        self.inputs = inputs
        containers.reserveCapacity(inputs.count * 2)
        byID.reserveCapacity(inputs.count * 2)
    }

    // MARK: Containers and links

    /// The container for `id`, created empty (a ghost) on first mention.
    mutating func container(for id: String) -> Int {
        if let existing = byID[id] { return existing }
        let new = append(Container(messageID: id, message: nil, parent: nil))
        byID[id] = new
        return new
    }

    /// The container for the message at input `position` (RFC 5256 step 1.A rules on ids): it takes
    /// over the ghost of its id, or gets a container of its own when it has no id or repeats the id
    /// of an earlier message — the later duplicate is treated as if it had a unique id.
    mutating func claimContainer(forMessageAt position: Int) -> Int {
        guard let id = inputs[position].ownID else {
            return append(Container(messageID: nil, message: position, parent: nil))
        }
        if let existing = byID[id] {
            if containers[existing].message == nil {
                containers[existing].message = position
                return existing
            }
            return append(Container(messageID: nil, message: position, parent: nil))
        }
        let new = append(Container(messageID: id, message: position, parent: nil))
        byID[id] = new
        return new
    }

    /// A subject-grouping placeholder holding `children`.
    mutating func makePlaceholder(children: [Int]) -> Int {
        let new = append(Container(messageID: nil, message: nil, parent: nil))
        for child in children { link(parent: new, child: child) }
        return new
    }

    private mutating func append(_ container: Container) -> Int {
        containers.append(container)
        return containers.count - 1
    }

    func parent(of node: Int) -> Int? { containers[node].parent }
    func isPlaceholder(_ node: Int) -> Bool { containers[node].message == nil }
    func children(of node: Int) -> [Int] { containers[node].children }

    /// The input position of the node's message, or of its first child's for a placeholder (RFC 5256
    /// steps 4–5 take a placeholder's subject and date from its first child).
    func representativeMessage(of node: Int) -> Int? {
        var current = node
        while true {
            if let message = containers[current].message { return message }
            guard let first = containers[current].children.first else { return nil }
            current = first
        }
    }

    /// True when linking `parent` above `child` would close a cycle: `parent` is `child` itself or
    /// one of its descendants.
    func wouldLoop(parent: Int, child: Int) -> Bool {
        var current: Int? = parent
        while let node = current {
            if node == child { return true }
            current = containers[node].parent
        }
        return false
    }

    /// Makes `child` the last child of `parent`; the child must have no parent.
    mutating func link(parent: Int, child: Int) {
        containers[child].parent = parent
        containers[parent].children.append(child)
    }

    /// Detaches `child` from its parent, if any.
    mutating func unlink(_ child: Int) {
        guard let parent = containers[child].parent else { return }
        containers[parent].children.removeAll { $0 == child }
        containers[child].parent = nil
    }

    /// Moves all of `source`'s children under `target`.
    mutating func moveChildren(of source: Int, to target: Int) {
        let moved = containers[source].children
        containers[source].children = []
        for child in moved {
            containers[child].parent = nil
            link(parent: target, child: child)
        }
    }

    // MARK: Steps 2–3: roots and pruning

    /// Step 2: every container without a parent is a root.
    mutating func collectRoots() {
        roots = containers.indices.filter { containers[$0].parent == nil }
    }

    /// Step 3: removes placeholders. An empty one goes; one with children is replaced by them —
    /// except at the top level, where children are promoted only if there is exactly one, so that
    /// siblings whose common parent is missing still read as one thread.
    ///
    /// Children are pruned before their parent (post-order), so every pruned child list holds
    /// messages only and a top-level placeholder is judged by its final child count.
    mutating func prune() {
        for node in postOrder() {
            var kept: [Int] = []
            for child in containers[node].children {
                if containers[child].message != nil {
                    kept.append(child)
                } else {
                    // Already pruned: its children are messages.
                    kept.append(contentsOf: containers[child].children)
                    containers[child].children = []
                    containers[child].parent = nil
                }
            }
            for child in kept { containers[child].parent = node }
            containers[node].children = kept
        }
        var topLevel: [Int] = []
        for root in roots {
            guard containers[root].message == nil else { topLevel.append(root); continue }
            let children = containers[root].children
            if children.count >= 2 { topLevel.append(root); continue }
            for child in children { containers[child].parent = nil; topLevel.append(child) }
            containers[root].children = []
        }
        roots = topLevel
    }

    // MARK: Sorting and output

    /// Sorts every sibling set, deepest first, by `SortKey`; a placeholder sorts by its first
    /// child (RFC 5256 steps 4 and 6).
    mutating func sortSiblings() {
        keys = Array(repeating: nil, count: containers.count)
        for node in postOrder() {
            var children = containers[node].children
            if children.count > 1 {
                children.sort { lhs, rhs in Self.compare(keys[lhs], keys[rhs]) }
                containers[node].children = children
            }
            if let position = containers[node].message {
                keys[node] = SortKey(date: inputs[position].date, index: inputs[position].index, position: position)
            } else {
                keys[node] = children.first.flatMap { keys[$0] }
            }
        }
        roots.sort { lhs, rhs in Self.compare(keys[lhs], keys[rhs]) }
    }

    /// Keyless nodes (empty placeholders, which pruning removes) sort last.
    private static func compare(_ lhs: SortKey?, _ rhs: SortKey?) -> Bool {
        switch (lhs, rhs) {
        case let (l?, r?): return l < r
        case (.some, nil): return true
        default: return false
        }
    }

    /// All nodes reachable from `roots`, children before parents.
    func postOrder() -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(containers.count)
        var stack: [(node: Int, expanded: Bool)] = roots.reversed().map { ($0, false) }
        while let (node, expanded) = stack.popLast() {
            if expanded { out.append(node); continue }
            stack.append((node, true))
            for child in containers[node].children.reversed() { stack.append((child, false)) }
        }
        return out
    }

    /// The forest as values, built bottom-up.
    func trees() -> [ThreadTree] {
        var built: [Int: ThreadTree] = [:]
        for node in postOrder() {
            let container = containers[node]
            let children = container.children.compactMap { built.removeValue(forKey: $0) }
            built[node] = ThreadTree(index: container.message.map { inputs[$0].index },
                                     messageID: container.messageID, children: children)
        }
        return roots.compactMap { built[$0] }
    }
}
