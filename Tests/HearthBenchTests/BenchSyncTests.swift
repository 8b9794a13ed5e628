import Foundation
@testable import HearthBench
import Testing

/// `hearth-bench sync` without the rig: argument and environment handling only (the benchmark
/// itself needs the rig and minutes; its figures are in docs/benchmarks.md).
@Suite struct BenchSyncTests {
    @Test func parsesTheRigEnvironmentFile() {
        let values = RigEnvironment.parse("""
        # source me
        export RIG_HOST=127.0.0.1
        export RIG_IMAPS_PORT=14993        # implicit TLS
        export RIG_CA="/tmp/mailrig/tls/ca.pem"
        """)
        #expect(values["RIG_HOST"] == "127.0.0.1")
        #expect(values["RIG_IMAPS_PORT"] == "14993")
        #expect(values["RIG_CA"] == "/tmp/mailrig/tls/ca.pem")
    }

    @Test func mediansOfRuns() throws {
        let runs = [3.0, 1.0, 2.0].map { BenchSyncMeasurement(seconds: $0, peakRSSBytes: 1_048_576, messages: 100) }
        let op = try #require(BenchSyncOperation(runs))
        #expect(op.medianSeconds == 2.0 && op.minSeconds == 1.0 && op.maxSeconds == 3.0)
        #expect(op.messagesPerSecond == 50 && op.medianPeakRSSMB == 1)
        #expect(BenchSyncOperation([nil, nil]) == nil)
    }

    @Test func withoutTheRigItSaysHowToStartIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-benchsync-\(UUID().uuidString)")
        let result = try BuiltExecutable.named("hearth-bench").run(
            ["sync", "--sizes", "10", "--no-mbsync"],
            environment: ["RIG_ENV_FILE": dir.appendingPathComponent("no-such-env").path])
        #expect(result.status == 66)
        #expect(result.stderr.contains("start the rig: testenv/rig/rig up"))
        #expect(result.stdout.isEmpty)
    }

    /// No guessed location: without RIG_ENV_FILE or the rig's variables, it says what to set.
    @Test func withoutAnyRigVariableItNamesThem() throws {
        let result = try BuiltExecutable.named("hearth-bench").run(["sync", "--sizes", "10", "--no-mbsync"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("RIG_ENV_FILE"))
    }
}
