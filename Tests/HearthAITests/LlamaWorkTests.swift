import Foundation
import Testing
@testable import HearthAI

/// `LlamaWork`: the exit handler refuses new llama.cpp work and waits, bounded, for what runs.
/// (The crash it prevents — a model load running while the process exits — is a race at exit
/// that no test here can provoke on purpose; this proves the waiting and the refusal.)
@Suite(.serialized) struct LlamaWorkTests {
    @Test func exitWaitsForRunningWorkAndRefusesNewWork() async throws {
        let work = LlamaWork()
        #expect(work.begin())
        let ended = Date().addingTimeInterval(0.3)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { work.end() }
        #expect(work.stopAndWait(upTo: 10))
        #expect(Date() >= ended.addingTimeInterval(-0.05), "it waited for the running work to end")
        #expect(!work.begin(), "no new work once exiting")
        // The process's own work is another instance: real requests beside this test go on.
        #expect(LlamaWork.process.begin())
        LlamaWork.process.end()
    }

    /// The exit handler must run before the destructors of statics llama.cpp creates on first
    /// use; a model first used late (an embedder after many chat requests) brings its own.
    @Test func theFirstRequestsOfEveryModelRegisterTheHandlerAgain() {
        let chat = "/models/chat-\(UUID().uuidString).gguf", embedder = "/models/embed-\(UUID().uuidString).gguf"
        let work = LlamaWork()
        for _ in 0..<LlamaWork.registrationsPerModel { #expect(work.endRegistersAgain(models: [chat])) }
        #expect(!work.endRegistersAgain(models: [chat]), "a model's later requests add no handler")
        #expect(work.endRegistersAgain(models: [embedder]), "another model's first request registers it again")
        #expect(work.endRegistersAgain(models: [chat, embedder]))
    }

    @Test func theWaitIsBounded() {
        let work = LlamaWork()
        defer { work.end() }
        #expect(work.begin())
        let started = Date()
        #expect(!work.stopAndWait(upTo: 0.2))
        #expect(Date().timeIntervalSince(started) < 5)
    }
}
