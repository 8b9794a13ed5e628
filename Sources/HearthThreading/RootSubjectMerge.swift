extension ContainerForest {
    /// RFC 5256 §2 step 5: gathers top-level threads whose base subjects are equal.
    ///
    /// Per subject the table keeps one representative, preferring a placeholder, then an original
    /// over a reply. Every other top-level thread of that subject then joins it: a placeholder's
    /// children merge, a thread goes under a placeholder, a reply goes under an original, and two
    /// peers (two originals, or two replies) are put side by side under a new placeholder.
    /// Threads with an empty base subject are never gathered.
    mutating func mergeRootsByBaseSubject() {
        let order = roots
        var subjects: [Int: BaseSubject] = [:]
        for root in order {
            guard let message = representativeMessage(of: root) else { continue }
            let base = BaseSubject.extract(inputs[message].subject)
            if !base.text.isEmpty { subjects[root] = base }
        }
        // A placeholder is never "a reply": the RFC's rules test placeholders first.
        func isReply(_ node: Int) -> Bool { !isPlaceholder(node) && (subjects[node]?.isReplyOrForward ?? false) }

        // (A)–(D) The subject table.
        var table: [String: Int] = [:]
        for root in order {
            guard let key = subjects[root]?.key else { continue }
            guard let current = table[key] else { table[key] = root; continue }
            if !isPlaceholder(current) && (isPlaceholder(root) || (isReply(current) && !isReply(root))) {
                table[key] = root
            }
        }

        // (E) Merging.
        var atTop = Set(order)
        var replacedBy: [Int: Int] = [:]
        for root in order where atTop.contains(root) {
            guard let key = subjects[root]?.key, let target = table[key], target != root else { continue }
            if isPlaceholder(target) && isPlaceholder(root) {
                moveChildren(of: root, to: target)
                atTop.remove(root)
            } else if isPlaceholder(target) || (isReply(root) && !isReply(target)) {
                link(parent: target, child: root)
                atTop.remove(root)
            } else {
                let holder = makePlaceholder(children: [target, root])
                atTop.subtract([target, root])
                atTop.insert(holder)
                replacedBy[target] = holder
                table[key] = holder
            }
        }
        roots = order.map { replacedBy[$0] ?? $0 }.filter { atTop.contains($0) }
    }
}
