import HearthTestSupport
import Foundation
import HearthCore
import HearthThreading
import Testing

/// The grouping `ThreadAssigner` builds incrementally must not depend on arrival order, and must
/// equal the connected components computed directly: messages sharing any id, plus the subject
/// relation (same account and subject, at least one of the two headerless, at least one a reply,
/// neither automated without reply headers, dates within the window).
@Suite("ThreadAssigner properties")
struct ThreadAssignerPropertyTests {
    static let window: TimeInterval = 30 * 24 * 3600

    /// A synthetic mailbox: references into earlier and later ids and to ids that never arrive,
    /// messages without an id, duplicated ids, headerless messages with repeated subjects and
    /// dates, two accounts.
    static func messages(seed: UInt64, count: Int) -> [ThreadingKey] {
        var random = SeededGenerator(seed: seed)
        let subjects = ["", "hello", "budget", "status report", "lunch?", "patch 1/2"]
        let start = Date(timeIntervalSince1970: 1_600_000_000)
        return (0..<count).map { index in
            let headerless = Int.random(in: 0..<4, using: &random) == 0
            var ancestors: [String] = []
            if !headerless {
                // Conversations of about ten consecutive messages reference each other, earlier
                // or later ids alike; some ids never arrive (ghosts) and a few references cross
                // to any conversation, merging two.
                let conversation = index / 10
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    switch Int.random(in: 0..<40, using: &random) {
                    case 0: ancestors.append("m\(Int.random(in: 0..<count, using: &random))")
                    case 1...4: ancestors.append("ghost\(conversation)-\(Int.random(in: 0..<3, using: &random))")
                    default: ancestors.append("m\(conversation * 10 + Int.random(in: 0..<10, using: &random))")
                    }
                }
            }
            let id: String?
            switch Int.random(in: 0..<50, using: &random) {
            case 0: id = nil
            case 1: id = "m\(Int.random(in: 0..<count, using: &random))"    // a duplicate
            default: id = "m\(index)"
            }
            ancestors = ancestors.filter { $0 != id }
            // Dates cluster, so subject windows overlap and often repeat exactly.
            let day = Double(Int.random(in: 0..<400, using: &random) / 3 * 3)
            // Some automated mail, and header-less messages that are replies by their subject.
            let automated = Int.random(in: 0..<8, using: &random) == 0
            let replyBySubject = Int.random(in: 0..<3, using: &random) == 0
            return ThreadingKey(accountID: AccountID(Int64.random(in: 1...2, using: &random)), messageID: id,
                                ancestorIDs: ancestors,
                                normalizedSubject: subjects.randomElement(using: &random) ?? "",
                                date: start.addingTimeInterval(day * 24 * 3600),
                                isAutomated: automated, isReply: !ancestors.isEmpty || replyBySubject)
        }
    }

    /// The expected partition, straight from the definition (union–find over message numbers).
    static func components(_ keys: [ThreadingKey]) -> Set<Set<Int>> {
        var parent = Array(keys.indices)
        func find(_ x: Int) -> Int {
            var node = x
            while parent[node] != node { parent[node] = parent[parent[node]]; node = parent[node] }
            return node
        }
        func union(_ a: Int, _ b: Int) { parent[find(a)] = find(b) }
        var holder: [String: Int] = [:]
        for (index, key) in keys.enumerated() {
            for id in [key.messageID].compactMap({ $0 }) + key.ancestorIDs {
                let scoped = "\(key.accountID.rawValue)/\(id)"
                if let other = holder[scoped] { union(index, other) } else { holder[scoped] = index }
            }
        }
        for a in keys.indices {
            for b in keys.indices where b > a {
                let (x, y) = (keys[a], keys[b])
                if x.accountID == y.accountID, !x.normalizedSubject.isEmpty, x.normalizedSubject == y.normalizedSubject,
                   x.isHeaderless || y.isHeaderless, x.isReply || y.isReply,
                   !(x.isAutomated && x.isHeaderless), !(y.isAutomated && y.isHeaderless),
                   abs(x.date.timeIntervalSince(y.date)) <= window {
                    union(a, b)
                }
            }
        }
        var groups: [Int: Set<Int>] = [:]
        for index in keys.indices { groups[find(index), default: []].insert(index) }
        return Set(groups.values)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func partitionIsIndependentOfArrivalOrder(seed: UInt64) throws {
        let keys = Self.messages(seed: seed, count: 3_000)
        let expected = Self.components(keys)
        #expect(expected.count > 100 && expected.contains { $0.count > 20 }, "the generator makes a non-trivial mix")
        let assigner = ThreadAssigner(subjectWindow: Self.window)
        var random = SeededGenerator(seed: seed &* 7919)
        var order = Array(keys.indices)
        for round in 0..<12 {
            if round > 0 { order.shuffle(using: &random) }
            let graph = InMemoryThreadGraph()
            for index in order { try graph.store(keys[index], as: index, using: assigner) }
            #expect(graph.violations.isEmpty)
            #expect(graph.partition() == expected, "seed \(seed) round \(round)")
            #expect(graph.liveThreadCount == expected.count)
        }
    }

    /// The RFC forest with the app's subject rule refines the assigner's partition: its links are
    /// a subset of the reference graph, so no tree spans two threads. The layout threader knows
    /// nothing of replies or automated mail (it only ever lays out one assigner thread), so the
    /// check uses messages for which both subject rules agree: replies, none automated.
    @Test(arguments: [4, 5] as [UInt64])
    func referenceThreaderRefinesThePartition(seed: UInt64) {
        let keys = Self.messages(seed: seed, count: 1_500)
            .filter { $0.accountID == AccountID(1) && $0.isReply && !$0.isAutomated }
        let inputs = keys.enumerated().map { index, key in
            ThreadInput(index: index, messageID: key.messageID, references: key.ancestorIDs,
                        subject: key.normalizedSubject, date: key.date)
        }
        let threadOf = Dictionary(uniqueKeysWithValues: Self.components(keys).enumerated().flatMap { number, thread in
            thread.map { ($0, number) }
        })
        for tree in ReferenceThreader(subjectGrouping: .spec(window: Self.window)).thread(inputs) {
            #expect(Set(tree.indices.compactMap { threadOf[$0] }).count == 1)
        }
    }
}
