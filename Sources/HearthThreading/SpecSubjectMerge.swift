import Foundation
import HearthCore

extension ContainerForest {
    /// The app's subject fallback (spec product §5.2.4 step 4) on the top level: a headerless
    /// message links every message with the same `SubjectNormalizer` subject dated within `window`
    /// of it, and the top-level trees so linked become one thread. This is the relation
    /// `ThreadAssigner` builds incrementally; here it is computed at once.
    ///
    /// Layout: within each joined group the earliest tree stays on top and the others hang below
    /// its root (a placeholder root's children are spliced in, so placeholders stay at the top).
    mutating func mergeHeaderlessBySubject(window: TimeInterval) {
        guard roots.count > 1 else { return }
        // Which top-level tree (by its rank in the date-sorted `roots`) holds each message.
        var treeOf = [Int](repeating: -1, count: inputs.count)
        for (rank, root) in roots.enumerated() {
            var stack = [root]
            while let node = stack.popLast() {
                if let message = containers[node].message { treeOf[message] = rank }
                stack.append(contentsOf: containers[node].children)
            }
        }

        var bySubject: [String: [Int]] = [:]
        for (position, input) in inputs.enumerated() where treeOf[position] >= 0 {
            let subject = SubjectNormalizer.normalize(input.subject)
            if !subject.isEmpty { bySubject[subject, default: []].append(position) }
        }

        var groups = DisjointSets(count: roots.count)
        for positions in bySubject.values where positions.count > 1 {
            guard positions.contains(where: { inputs[$0].isHeaderless }) else { continue }
            let sorted = positions.sorted { (inputs[$0].date, $0) < (inputs[$1].date, $1) }
            // Each headerless message joins the contiguous date range around it. Ranges move
            // forward monotonically, so uniting neighbours not yet united costs linear time.
            var low = 0, high = 0, unitedThrough = 0
            for (rank, position) in sorted.enumerated() where inputs[position].isHeaderless {
                let date = inputs[position].date
                while date.timeIntervalSince(inputs[sorted[low]].date) > window { low += 1 }
                high = max(high, rank)
                while high + 1 < sorted.count,
                      inputs[sorted[high + 1]].date.timeIntervalSince(date) <= window { high += 1 }
                let start = max(low, unitedThrough)
                if start < high {
                    for neighbour in start..<high {
                        groups.union(treeOf[sorted[neighbour]], treeOf[sorted[neighbour + 1]])
                    }
                }
                unitedThrough = max(unitedThrough, high)
            }
        }

        // The earliest tree of each group (lowest rank) keeps its place and adopts the others.
        var anchorOf: [Int: Int] = [:]
        var kept: [Int] = []
        for (rank, root) in roots.enumerated() {
            let group = groups.find(rank)
            guard let anchor = anchorOf[group] else {
                anchorOf[group] = root
                kept.append(root)
                continue
            }
            if isPlaceholder(root) {
                moveChildren(of: root, to: anchor)
            } else {
                link(parent: anchor, child: root)
            }
        }
        roots = kept
    }
}
