import Foundation
import HearthTestSupport
import Testing
@testable import HearthSafety

/// Sanitizer throughput on the ~1,200 real HTML mails of the SpamAssassin corpus: messages/s
/// and MB/s of input HTML, median of `HEARTH_BENCH_RUNS` runs. A benchmark, so it runs only when
/// that variable is set (CI stays short); the figure in docs/safety.md is
/// `HEARTH_BENCH_RUNS=5 swift test -c release -Xswiftc -enable-testing --filter ThroughputTests`.
/// Remote images blocked, trackers on. Asserted only loosely: a debug build is several times slower.
@Suite(.corporaPresent, .enabled(if: ProcessInfo.processInfo.environment["HEARTH_BENCH_RUNS"] != nil,
                                 "benchmark: set HEARTH_BENCH_RUNS=N to run"))
struct ThroughputTests {
    @Test func sanitizerThroughput() throws {
        let mails = SafetyFixtures.spamAssassinHTML
        #expect(mails.count > 1_000)
        let bytes = mails.reduce(0) { $0 + $1.html.utf8.count }
        let sanitizer = HTMLSanitizer()
        var seconds: [Double] = []
        var fallbacks = 0
        let runs = max(1, Int(ProcessInfo.processInfo.environment["HEARTH_BENCH_RUNS"] ?? "") ?? 1)
        for _ in 0..<runs {
            let start = Date()
            fallbacks = 0
            for mail in mails {
                if (try? sanitizer.sanitize(mail.html)) == nil { fallbacks += 1 }
            }
            seconds.append(Date().timeIntervalSince(start))
        }
        seconds.sort()
        let median = seconds[seconds.count / 2]
        print(String(format: "throughput: %d HTML mails, %.1f MB, median of %d: %.3f s → %.0f messages/s, %.2f MB/s (%d fell back to text)",
                     mails.count, Double(bytes) / 1e6, runs, median, Double(mails.count) / median, Double(bytes) / 1e6 / median, fallbacks))
        #expect(fallbacks == 0)
        #expect(Double(mails.count) / median > 20, "under 20 messages/s even in a debug build")
    }
}
