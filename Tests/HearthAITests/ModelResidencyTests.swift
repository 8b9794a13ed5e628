import Foundation
@testable import HearthAI
import HearthCore
import HearthTestSupport
import Testing

/// "One model loaded at a time" with the real (small) models: the embedder and the chat model
/// share one residency slot on the inference host, so using one frees the other.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ModelResidencyTests {
    @Test(.model("minilm"), .model("smollm2-135m"))
    func usingTheChatModelUnloadsTheEmbedderAndBack() async throws {
        let host = InferenceHost(idleUnloadSeconds: 60)
        let minilm = try TestModels.require("minilm"), smol = try TestModels.require("smollm2-135m")
        let embedder = try await LlamaTextEmbedder.open(modelPath: minilm, host: host)
        let generator = LlamaTextGenerator(modelPath: smol, contextTokens: 512, host: host)
        _ = try await embedder.embed(["The demo moved to Tuesday."])
        // The file the embedder loads: the catalog's, or its faster copy on this processor (bf16).
        #expect(await host.residentModels() == [embedder.modelPath])
        _ = try await generator.generate([ChatMessage(.user, "Name a colour.")], options: GenerationOptions(maxTokens: 4))
        #expect(await host.residentModels() == [smol])
        _ = try await embedder.embed(["Bob sets up staging."])
        #expect(await host.residentModels() == [embedder.modelPath])
        // Loads: MiniLM (open), SmolLM2, MiniLM again; a second embed of the resident model loads nothing.
        _ = try await embedder.embed(["Again."])
        #expect(await host.loadCount() == 3)
    }

    @Test(.model("smollm2-135m"))
    func generationStopsOnceTheRequestedSentencesAreWritten() async throws {
        let host = InferenceHost(idleUnloadSeconds: 60)
        let generator = LlamaTextGenerator(modelPath: try TestModels.require("smollm2-135m"), contextTokens: 512, host: host)
        let prompt = [ChatMessage(.user, "Write ten short sentences about the sea.")]
        let free = try await generator.generate(prompt, options: GenerationOptions(maxTokens: 80))
        let capped = try await generator.generate(prompt, options: GenerationOptions(maxTokens: 80, stopAfterSentences: 1))
        #expect(SentenceCounter.completeSentences(in: capped.text) <= 1)
        #expect(capped.generatedTokens < free.generatedTokens, "capped: \(capped.text) | free: \(free.text)")
    }
}
