import Foundation

/// `TextGenerator` over llama.cpp: a GGUF chat model run on the shared `InferenceHost`.
/// Creating one loads nothing; the model is loaded on first use and unloaded when idle.
///
/// The context is 1024 tokens by default: the longest prompt a feature builds is a summary,
/// trimmed to fit `contextTokens - maxNewTokens - 64` (≈ 860 tokens), and smart replies take
/// ≈ 350 + 90. A 2048-token context only doubled the KV cache (24 → 12 MB for Qwen2.5 0.5B,
/// f16) and let summary prompts grow to ~1 800 tokens, which take 15–30 s to evaluate on
/// 2 loaded cores — past the background queue's limits.
public struct LlamaTextGenerator: TextGenerator {
    public let modelPath: String
    public let modelIdentifier: String
    public let contextTokens: Int
    private let host: InferenceHost

    /// Where the KV state of prompts' constant beginnings is kept between processes
    /// (`GenerationOptions.stablePrefixMessages`); nil: never on disk.
    public let promptStateDirectory: URL?

    /// `promptStateDirectory` defaults to `prompt-state` beside the model's directory
    /// (~/.cache/hearth/prompt-state for the model manager's models).
    public init(modelPath: String, modelIdentifier: String? = nil, contextTokens: Int = 1024,
                host: InferenceHost = .shared, promptStateDirectory: URL? = nil) {
        self.modelPath = modelPath
        self.modelIdentifier = modelIdentifier ?? URL(fileURLWithPath: modelPath).lastPathComponent
        self.contextTokens = contextTokens
        self.host = host
        self.promptStateDirectory = promptStateDirectory ?? URL(fileURLWithPath: modelPath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("prompt-state")
    }

    public func generate(_ messages: [ChatMessage], options: GenerationOptions) async throws -> GenerationOutput {
        let (path, size, stateDirectory) = (modelPath, contextTokens, promptStateDirectory)
        return try await host.run { host throws(AIError) in
            let context = try host.generationContext(path: path, contextTokens: size)
            let prompt = try context.model.chatPrompt(messages) + options.answerPrefix
            let stable = options.stablePrefixMessages > 0 && options.stablePrefixMessages < messages.count
                ? try context.model.chatPrompt(Array(messages.prefix(options.stablePrefixMessages)), openAssistantTurn: false) : nil
            return try context.generate(prompt: prompt, stablePrefix: stable, stateDirectory: stateDirectory, options: options)
        }
    }

    public func rankChoices(_ messages: [ChatMessage], choices: [String], timeoutSeconds: Double) async throws -> [Double] {
        let (path, size) = (modelPath, contextTokens)
        return try await host.run { host throws(AIError) in
            let context = try host.generationContext(path: path, contextTokens: size)
            let prompt = try context.model.chatPrompt(messages)
            return try context.rankChoices(prompt: prompt, choices: choices, timeoutSeconds: timeoutSeconds)
        }
    }

    public func tokenCount(_ text: String) async throws -> Int {
        let (path, size) = (modelPath, contextTokens)
        return try await host.run { host throws(AIError) in
            try host.generationContext(path: path, contextTokens: size).tokenCount(text)
        }
    }

    /// llama.cpp's raw prompt and generation speed for this model (tokens/s), measured on the
    /// same host and threads as the features, for the benchmark's overhead ratio.
    public func rawThroughput(promptTokens: Int = 256, generatedTokens: Int = 32) async throws -> (prompt: Double, generation: Double) {
        let (path, size) = (modelPath, contextTokens)
        return try await host.run { host throws(AIError) in
            try host.generationContext(path: path, contextTokens: size)
                .rawThroughput(promptTokens: promptTokens, generatedTokens: generatedTokens)
        }
    }
}
