import Foundation
import HearthCore
import HearthThreading

/// A `ThreadGraphStore` in memory, for testing `ThreadAssigner` without SQLite.
///
/// Merges are recorded as forwarding pointers (union–find with path compression) instead of
/// rewriting every node and message of the absorbed threads, so a long run of merges stays cheap;
/// lookups resolve through the pointers. The fake also plays the store's other part — remembering
/// each stored message's subject, date and thread — through `store(_:as:using:)`, and it checks the
/// assigner's calls: using a deleted or foreign thread, or linking an id away from the thread it is
/// in, is recorded in `violations`.
final class InMemoryThreadGraph: ThreadGraphStore {
    private struct NodeKey: Hashable { var account: AccountID; var id: String }
    private struct SubjectKey: Hashable { var account: AccountID; var subject: String }
    private struct SubjectEntry { var date: Date; var isHeaderless: Bool; var isReply: Bool; var isAutomated: Bool; var thread: ThreadID }

    private var nodes: [NodeKey: ThreadID] = [:]
    private var storedIDs: Set<NodeKey> = []
    private var subjects: [SubjectKey: [SubjectEntry]] = [:]
    private var absorbedInto: [ThreadID: ThreadID] = [:]
    private var liveThreads: [ThreadID: AccountID] = [:]
    private var messageThreads: [Int: ThreadID] = [:]
    private var nextThread: Int64 = 1
    /// Misuses of the store by the assigner; a correct assigner leaves this empty.
    private(set) var violations: [String] = []

    // MARK: ThreadGraphStore

    func threads(ofMessageIDs ids: [String], account: AccountID) throws -> [String: ThreadID] {
        var found: [String: ThreadID] = [:]
        for id in ids {
            if let thread = nodes[NodeKey(account: account, id: id)] { found[id] = resolve(thread) }
        }
        return found
    }

    func threads(withSubject subject: String, account: AccountID, near date: Date,
                 window: TimeInterval, headerlessOnly: Bool, repliesOnly: Bool) throws -> [ThreadID] {
        guard let entries = subjects[SubjectKey(account: account, subject: subject)] else { return [] }
        var found = Set<ThreadID>()
        for entry in entries where (!headerlessOnly || entry.isHeaderless) && (!repliesOnly || entry.isReply)
            && !(entry.isAutomated && entry.isHeaderless)
            && abs(entry.date.timeIntervalSince(date)) <= window {
            found.insert(resolve(entry.thread))
        }
        return Array(found)
    }

    func createThread(account: AccountID) throws -> ThreadID {
        let thread = ThreadID(nextThread)
        nextThread += 1
        liveThreads[thread] = account
        return thread
    }

    func merge(_ absorbed: [ThreadID], into survivor: ThreadID) throws {
        guard let account = liveThreads[survivor] else {
            violations.append("merge into dead thread \(survivor)")
            return
        }
        for thread in absorbed {
            guard liveThreads[thread] == account, thread != survivor else {
                violations.append("merge of \(thread) into \(survivor): dead, same or other account")
                continue
            }
            absorbedInto[thread] = survivor
            liveThreads[thread] = nil
        }
    }

    func link(messageIDs: [String], to thread: ThreadID, account: AccountID) throws {
        guard liveThreads[thread] == account else {
            violations.append("link to dead or foreign thread \(thread)")
            return
        }
        for id in messageIDs {
            let key = NodeKey(account: account, id: id)
            if let existing = nodes[key], resolve(existing) != thread {
                violations.append("link moved \(id) out of thread \(resolve(existing))")
            }
            nodes[key] = thread
        }
    }

    // MARK: The store's own bookkeeping

    /// Assigns `key` a thread the way the store does and records the message (test handle
    /// `message`) so later subject look-ups and `partition()` see it.
    @discardableResult
    func store(_ key: ThreadingKey, as message: Int, using assigner: ThreadAssigner) throws -> ThreadID {
        let thread = try assigner.assign(key, in: self)
        if let id = key.messageID { storedIDs.insert(NodeKey(account: key.accountID, id: id)) }
        if !key.normalizedSubject.isEmpty {
            subjects[SubjectKey(account: key.accountID, subject: key.normalizedSubject), default: []]
                .append(SubjectEntry(date: key.date, isHeaderless: key.isHeaderless, isReply: key.isReply,
                                     isAutomated: key.isAutomated, thread: thread))
        }
        messageThreads[message] = thread
        return thread
    }

    /// The current thread of a stored message.
    func thread(of message: Int) -> ThreadID? { messageThreads[message].map(resolve) }

    /// The stored messages grouped by thread: the partition that must not depend on arrival order.
    func partition() -> Set<Set<Int>> {
        var groups: [ThreadID: Set<Int>] = [:]
        for (message, thread) in messageThreads { groups[resolve(thread), default: []].insert(message) }
        return Set(groups.values)
    }

    /// Threads that exist (created and not merged away).
    var liveThreadCount: Int { liveThreads.count }

    /// Ids recorded as nodes without a stored message: referenced but missing.
    var ghostCount: Int { nodes.keys.filter { !storedIDs.contains($0) }.count }

    private func resolve(_ thread: ThreadID) -> ThreadID {
        var root = thread
        while let next = absorbedInto[root] { root = next }
        var current = thread
        while let next = absorbedInto[current], next != root {
            absorbedInto[current] = root
            current = next
        }
        return root
    }
}
