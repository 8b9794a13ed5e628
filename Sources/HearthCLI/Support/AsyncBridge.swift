import Foundation

/// Runs async engine work from a synchronous command and waits for its result. The command tree
/// is mostly synchronous (ArgumentParser's `ParsableCommand`); the engine's network, AI and
/// search calls are async. One bridge for all of them.
package enum AsyncBridge {
    package static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let cell = ResultCell<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { cell.set(.success(try await body())) } catch { cell.set(.failure(error)) }
            done.signal()
        }
        done.wait()
        return try cell.get()
    }
}

/// A result handed from a task to the thread waiting for it.
final class ResultCell<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error>?
    func set(_ value: Result<T, any Error>) { lock.withLock { result = value } }
    func get() throws -> T {
        guard let result = lock.withLock({ result }) else { throw CLIError.io("interrupted before a result") }
        return try result.get()
    }
}
