import Foundation
@testable import HearthSync
import Testing

@Suite struct ConnectionLimiterTests {
    actor Gauge {
        var current = 0, peak = 0
        func enter() { current += 1; peak = max(peak, current) }
        func leave() { current -= 1 }
    }

    @Test func neverMoreThanTheLimitPerAccountAndEveryoneGetsATurn() async {
        let limiter = ConnectionLimiter(limit: 5)
        let gauge = Gauge()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    await limiter.acquire("a@example.test")
                    await gauge.enter()
                    try? await Task.sleep(for: .milliseconds(20))
                    await gauge.leave()
                    await limiter.release("a@example.test")
                }
            }
        }
        #expect(await gauge.peak == 5)
        #expect(await limiter.connections("a@example.test") == 0)
    }

    @Test func accountsDoNotShareSlots() async {
        let limiter = ConnectionLimiter(limit: 1)
        await limiter.acquire("a")
        await limiter.acquire("b")   // would wait forever if slots were shared
        #expect(await limiter.connections("a") == 1)
        #expect(await limiter.connections("b") == 1)
    }

    /// The sync/replay gate: bodies of one account never overlap, a failing body frees the slot.
    @Test func oneBodyAtATimePerAccountEvenWhenOneFails() async throws {
        let gate = ConnectionLimiter(limit: 1)
        let gauge = Gauge()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<6 {
                group.addTask {
                    _ = try? await gate.exclusively(account: "a@example.test") { () throws(SyncError) in
                        await gauge.enter()
                        try? await Task.sleep(for: .milliseconds(10))
                        await gauge.leave()
                        if index.isMultiple(of: 2) { throw SyncError.cancelled }
                    }
                }
            }
        }
        #expect(await gauge.peak == 1)
        #expect(await gate.connections("a@example.test") == 0)
    }
}
