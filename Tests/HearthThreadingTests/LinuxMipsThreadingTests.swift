import Foundation
import HearthCore
import HearthTestSupport
import HearthThreading
import Testing

/// The linux-mips list archive (1996–2005 in the corpus) threaded at scale: `ThreadAssigner` over the
/// in-memory graph in arrival order and in shuffled orders (the partition must not change), and
/// `ReferenceThreader(.spec)` over the same messages for comparison.
@Suite("linux-mips bulk threading")
struct LinuxMipsThreadingTests {
    @Test(.corporaPresent, .timeLimit(.minutes(10)))
    func statisticsAndOrderIndependence() throws {
        let clock = ContinuousClock()
        let started = clock.now
        let files = Corpora.files(in: "bulk-linux-mips") { $0.lastPathComponent.hasSuffix(".mboxrd.xz") }
        try #require(!files.isEmpty, "no linux-mips archives")
        var messages: [ThreadingHeaders] = []
        for file in files { messages += try ThreadingHeaders.read(mbox: file) }
        let readTime = clock.now - started

        let account = AccountID(1)
        let keys = messages.map { $0.threadingKey(account: account) }
        let assigner = ThreadAssigner()
        let assignStarted = clock.now
        let graph = InMemoryThreadGraph()
        for (index, key) in keys.enumerated() { try graph.store(key, as: index, using: assigner) }
        let assignTime = clock.now - assignStarted
        #expect(graph.violations.isEmpty, "assigner misused the store: \(graph.violations.prefix(3))")

        let partition = graph.partition()
        let sizes = partition.map(\.count)
        let stats = """
            linux-mips: \(messages.count) messages from \(files.count) files, \
            \(partition.count) threads, largest \(sizes.max() ?? 0), \
            \(sizes.filter { $0 == 1 }.count) singletons, \(graph.ghostCount) ghost nodes; \
            read \(readTime), assign \(assignTime)
            """
        print(stats)
        #expect(sizes.reduce(0, +) == messages.count)
        #expect(graph.liveThreadCount == partition.count)

        for seed in [11, 22, 33] as [UInt64] {
            var random = SeededGenerator(seed: seed)
            let shuffled = InMemoryThreadGraph()
            for index in keys.indices.shuffled(using: &random) {
                try shuffled.store(keys[index], as: index, using: assigner)
            }
            #expect(shuffled.partition() == partition, "shuffle \(seed) changed the partition")
            #expect(shuffled.ghostCount == graph.ghostCount)
        }

        // How much of the merging comes from addresses written as In-Reply-To ids.
        let filtered = InMemoryThreadGraph()
        var affected = 0
        for (index, message) in messages.enumerated() {
            let key = message.threadingKey(account: account, droppingParticipantAddresses: true)
            if key.ancestorIDs != keys[index].ancestorIDs { affected += 1 }
            try filtered.store(key, as: index, using: assigner)
        }
        let filteredSizes = filtered.partition().map(\.count)
        print("""
            linux-mips with reference ids equal to a From/To/Cc address dropped (\(affected) messages): \
            \(filteredSizes.count) threads, largest \(filteredSizes.max() ?? 0), \(filtered.ghostCount) ghost nodes
            """)

        let threaderStarted = clock.now
        let inputs = messages.enumerated().map { $0.element.threadInput(index: $0.offset) }
        let forest = ReferenceThreader(subjectGrouping: .spec()).thread(inputs)
        let threaderTime = clock.now - threaderStarted
        let comparison = ComponentComparison(assigner: partition, trees: forest.map { Set($0.indices) },
                                             messages: messages)
        print("""
            linux-mips ReferenceThreader(.spec): \(forest.count) trees in \(threaderTime); \
            \(comparison.identical) threads identical, \(comparison.split.count) assigner threads \
            split into \(comparison.splitTreeCount) trees (causes: \(comparison.causeSummary)); \
            \(comparison.straddling) trees straddle assigner threads; total \(clock.now - started)
            """)
        #expect(forest.reduce(0) { $0 + $1.indices.count } == messages.count)
        // RFC 5256's links are a subset of the reference graph, so without subject grouping a
        // tree never spans two assigner threads. (With `.spec` grouping it may: the layout
        // threader does not know replies from automated mail, and only ever lays out one
        // assigner thread; docs/threading.md.)
        let referenceForest = ReferenceThreader(subjectGrouping: .none).thread(inputs)
        let referenceOnly = ComponentComparison(assigner: partition, trees: referenceForest.map { Set($0.indices) },
                                                messages: messages)
        #expect(referenceOnly.straddling == 0)
    }
}

/// How the trees of `ReferenceThreader` relate to the threads of `ThreadAssigner`, with a guess at
/// why an assigner thread splits into several trees.
struct ComponentComparison {
    var identical = 0
    var straddling = 0
    var split: [Set<Int>] = []
    var splitTreeCount = 0
    var causes: [String: Int] = [:]

    init(assigner: Set<Set<Int>>, trees: [Set<Int>], messages: [ThreadingHeaders]) {
        var threadOf: [Int: Int] = [:]
        let threads = Array(assigner)
        for (number, thread) in threads.enumerated() { for message in thread { threadOf[message] = number } }
        var treesPerThread: [Int: Int] = [:]
        for tree in trees {
            let owners = Set(tree.compactMap { threadOf[$0] })
            if owners.count > 1 { straddling += 1 }
            for owner in owners { treesPerThread[owner, default: 0] += 1 }
        }
        var firstHolder: [String: Int] = [:]
        for (index, message) in messages.enumerated() {
            if let id = message.messageID, firstHolder[id] == nil { firstHolder[id] = index }
        }
        for (number, thread) in threads.enumerated() {
            let count = treesPerThread[number] ?? 0
            guard count > 1 else { identical += 1; continue }
            split.append(thread)
            splitTreeCount += count
            causes[Self.cause(of: thread, messages: messages, firstHolder: firstHolder), default: 0] += 1
        }
    }

    /// The first RFC 5256 rule in this thread that drops a reference-graph edge.
    private static func cause(of thread: Set<Int>, messages: [ThreadingHeaders], firstHolder: [String: Int]) -> String {
        if thread.contains(where: { index in messages[index].messageID.map { firstHolder[$0] != index } ?? false }) {
            return "duplicate Message-ID"
        }
        if thread.contains(where: { index in
            let message = messages[index]
            return !message.references.isEmpty && message.inReplyTo.contains { !message.references.contains($0) }
        }) {
            return "In-Reply-To not in References"
        }
        return "first-parent-wins / re-parenting"
    }

    var causeSummary: String {
        causes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }
}
