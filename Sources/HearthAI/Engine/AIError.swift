import Foundation

/// What can go wrong in on-device AI, phrased for the person who has to act on it. Every AI
/// feature turns these into "unavailable" or a fallback; none of them is ever fatal to the app
/// (foundation §11: fall back to non-AI operation and say so).
public enum AIError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The feature needs a model that is not installed (`hearth model list` shows what is).
    case modelNotInstalled(String)
    /// llama.cpp itself could not be opened (it is loaded on first use, not linked): not
    /// installed, or a version without a function Hearth calls. `reason` is the loader's message.
    case runtimeMissing(reason: String)
    /// llama.cpp could not load the file (not a GGUF, truncated, or an unsupported architecture).
    case modelLoadFailed(path: String)
    /// llama.cpp could not create an inference context (usually: not enough memory).
    case contextCreationFailed
    case tokenizationFailed
    /// A decode or encode call failed; `code` is llama.cpp's return value.
    case inferenceFailed(code: Int32)
    /// The request hit its hard time limit and was aborted inside llama.cpp.
    case timedOut(seconds: Double)
    case cancelled
    /// The model's GGUF has no chat template llama.cpp understands.
    case unsupportedChatTemplate
    /// The model answered, but not with anything usable (empty, echoed the prompt, …).
    case unusableOutput(String)

    /// AI cannot run here at all (no model, or no llama.cpp): a feature shows as unavailable
    /// rather than failed.
    public var meansUnavailable: Bool {
        switch self {
        case .modelNotInstalled, .runtimeMissing: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .modelNotInstalled(let name):
            "The AI model \(name) is not installed; AI features are unavailable (see `hearth model list`)."
        case .runtimeMissing(let reason):
            "llama.cpp, which runs the AI models, could not be loaded (\(reason)); AI features are unavailable. scripts/setup-llama.sh installs it."
        case .modelLoadFailed(let path):
            "The AI model at \(path) could not be loaded; it may be damaged or unsupported. Delete and re-import it."
        case .contextCreationFailed:
            "Not enough memory to run the AI model right now."
        case .tokenizationFailed:
            "The text could not be prepared for the AI model."
        case .inferenceFailed(let code):
            "The AI model failed while working (llama.cpp code \(code))."
        case .timedOut(let seconds):
            String(format: "The AI model took longer than %.0f s and was stopped.", seconds)
        case .cancelled:
            "The AI request was cancelled."
        case .unsupportedChatTemplate:
            "The AI model has no chat template this version understands."
        case .unusableOutput(let why):
            "The AI model's answer was not usable (\(why))."
        }
    }
}
