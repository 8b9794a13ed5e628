import Foundation
@testable import HearthAI
import Testing

/// A feature's constant prompt beginning (system prompt + worked example) is evaluated once and
/// then read from disk by the next process (`PromptState`), giving the same answer.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct PromptStateTests {
    static let messages = [
        ChatMessage(.system, "You summarise e-mail threads in two short sentences. Use only names and facts from the messages."),
        ChatMessage(.user, "Subject: Printer\n\nRaj: the printer on floor 3 prints blank pages. Lena: I replaced the toner."),
        ChatMessage(.assistant, "Raj reported blank pages and Lena replaced the toner."),
        ChatMessage(.user, "Subject: Demo\n\nAlice: can we move the demo to Tuesday? Bob: Tuesday works, I will set up staging."),
    ]

    @Test(.model("smollm2-135m")) func theConstantBeginningIsEvaluatedOnceAndReadFromDiskByTheNextProcess() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-prompt-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try TestModels.require("smollm2-135m")
        let options = GenerationOptions(maxTokens: 12, stablePrefixMessages: 3)
        func freshProcess() -> (InferenceHost, LlamaTextGenerator) {
            let host = InferenceHost(idleUnloadSeconds: 60)
            return (host, LlamaTextGenerator(modelPath: path, contextTokens: 512, host: host, promptStateDirectory: directory))
        }
        let (firstHost, first) = freshProcess()
        let cold = try await first.generate(Self.messages, options: options)
        #expect(cold.evaluatedPromptTokens == cold.promptTokens)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".kv") }
        #expect(files.count == 1, "\(files)")
        await firstHost.unloadAll()

        // A new process: only the last message (and the assistant's turn) is evaluated.
        let (secondHost, second) = freshProcess()
        let warm = try await second.generate(Self.messages, options: options)
        #expect(warm.promptTokens == cold.promptTokens)
        #expect(warm.evaluatedPromptTokens < cold.evaluatedPromptTokens / 2, "evaluated \(warm.evaluatedPromptTokens) of \(warm.promptTokens)")
        #expect(warm.text == cold.text)
        await secondHost.unloadAll()

        // A damaged file is not used: it is replaced, and the answer is the same.
        let file = directory.appendingPathComponent(files[0])
        try Data("not a state file".utf8).write(to: file)
        let (thirdHost, third) = freshProcess()
        let repaired = try await third.generate(Self.messages, options: options)
        #expect(repaired.evaluatedPromptTokens == cold.evaluatedPromptTokens && repaired.text == cold.text)
        #expect(((try? Data(contentsOf: file).count) ?? 0) > 1_000)
        await thirdHost.unloadAll()

        // Another constant beginning (a changed system prompt) never reads this file.
        var changed = Self.messages
        changed[0].content += " Be brief."
        let (fourthHost, fourth) = freshProcess()
        let other = try await fourth.generate(changed, options: options)
        #expect(other.evaluatedPromptTokens == other.promptTokens)
        await fourthHost.unloadAll()
    }
}
