import Foundation
import Testing
@testable import HearthAI

/// `LlamaWork`: the exit handler refuses new llama.cpp work and waits, bounded, for what runs.
/// (The crash it prevents — a model load running while the process exits — is a race at exit
/// that no test here can provoke on purpose; this proves the waiting and the refusal.)
@Suite(.serialized) struct LlamaWorkTests {
    @Test func exitWaitsForRunningWorkAndRefusesNewWork() async throws {
        defer { LlamaWork.reopenForTesting() }
        #expect(LlamaWork.begin())
        let ended = Date().addingTimeInterval(0.3)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { LlamaWork.end() }
        #expect(LlamaWork.stopAndWait(upTo: 10))
        #expect(Date() >= ended.addingTimeInterval(-0.05), "it waited for the running work to end")
        #expect(!LlamaWork.begin(), "no new work once exiting")
    }

    @Test func theWaitIsBounded() {
        defer { LlamaWork.end(); LlamaWork.reopenForTesting() }
        #expect(LlamaWork.begin())
        let started = Date()
        #expect(!LlamaWork.stopAndWait(upTo: 0.2))
        #expect(Date().timeIntervalSince(started) < 5)
    }
}
