import Foundation

/// One server-sent event: a name the page's script listens for, and a JSON payload.
public struct LiveEvent: Sendable, Hashable {
    public var name: String
    public var json: String
    public init(name: String, json: String) { self.name = name; self.json = json }

    /// The event in the `text/event-stream` format (each line of data prefixed).
    var wireFormat: String {
        "event: \(name)\n" + json.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)" }.joined(separator: "\n") + "\n\n"
    }

    static func make(_ name: String, _ fields: [String: any Sendable]) -> LiveEvent {
        let data = (try? JSONSerialization.data(withJSONObject: fields.mapValues { $0 as Any }, options: [.sortedKeys])) ?? Data("{}".utf8)
        return LiveEvent(name: name, json: String(decoding: data, as: UTF8.self))
    }
}

/// Fans events out to every open page (each `GET /events` subscribes). Slow readers lose the
/// oldest events rather than holding memory: a page only needs the latest state.
final class EventHub: Sendable {
    private let subscribers = Locked<[UUID: AsyncStream<LiveEvent>.Continuation]>([:])

    func subscribe() -> (id: UUID, events: AsyncStream<LiveEvent>) {
        let (stream, continuation) = AsyncStream<LiveEvent>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return (id, stream)
    }

    func unsubscribe(_ id: UUID) {
        let continuation = subscribers.withLock { $0.removeValue(forKey: id) }
        continuation?.finish()
    }

    func publish(_ event: LiveEvent) {
        for continuation in subscribers.value.values { continuation.yield(event) }
    }

    var count: Int { subscribers.value.count }

    func finishAll() {
        let all = subscribers.withLock { current -> [AsyncStream<LiveEvent>.Continuation] in
            defer { current.removeAll() }
            return Array(current.values)
        }
        all.forEach { $0.finish() }
    }
}
