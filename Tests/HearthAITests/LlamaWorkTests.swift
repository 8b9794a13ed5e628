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

    /// The exit handler must run before the destructors of statics llama.cpp creates on first
    /// use; a model first used late (an embedder after many chat requests) brings its own.
    @Test func theFirstRequestsOfEveryModelRegisterTheHandlerAgain() {
        let chat = "/models/chat-\(UUID().uuidString).gguf", embedder = "/models/embed-\(UUID().uuidString).gguf"
        for _ in 0..<LlamaWork.registrationsPerModel { #expect(LlamaWork.endRegistersAgain(models: [chat])) }
        #expect(!LlamaWork.endRegistersAgain(models: [chat]), "a model's later requests add no handler")
        #expect(LlamaWork.endRegistersAgain(models: [embedder]), "another model's first request registers it again")
        #expect(LlamaWork.endRegistersAgain(models: [chat, embedder]))
    }

    @Test func theWaitIsBounded() {
        defer { LlamaWork.end(); LlamaWork.reopenForTesting() }
        #expect(LlamaWork.begin())
        let started = Date()
        #expect(!LlamaWork.stopAndWait(upTo: 0.2))
        #expect(Date().timeIntervalSince(started) < 5)
    }
}
