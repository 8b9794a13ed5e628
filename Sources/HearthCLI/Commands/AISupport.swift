import ArgumentParser
import Foundation
import HearthAI
import HearthCore

/// The AI adapters wired for one command: whatever models are installed, nothing otherwise.
package struct AIServices {
    let manager = ModelManager()

    package init() {}

    /// The embedding model, or nil (features then say "unavailable").
    package func embedder() async -> LlamaTextEmbedder? {
        guard let installed = manager.installedModel(for: .embedding) else { return nil }
        return try? await LlamaTextEmbedder.open(modelPath: installed.path, modelIdentifier: installed.entry.id)
    }

    package func generator() -> LlamaTextGenerator? {
        manager.installedModel(for: .generation).map { LlamaTextGenerator(modelPath: $0.path, modelIdentifier: $0.entry.id) }
    }

    static func unavailable(_ feature: String) -> CLIError {
        .notFound("\(feature) is unavailable: no AI model installed (see `hearth model list`; scripts/fetch-models.sh obtains them)")
    }
}

extension CLIError {
    /// Maps AI errors to what the user is told.
    static func fromAI(_ error: any Error) -> CLIError {
        switch error {
        case let e as AIError:
            if e.meansUnavailable { return .notFound(e.description) }
            return .io(e.description)
        case let e as ModelDownloadError: return .io(e.description)
        case let e as ModelManagerError:
            if case .unknownModel = e { return .notFound(e.description) }
            return .invalidInput(e.description)
        default: return from(error) ?? .io(String(describing: error))
        }
    }
}

/// Runs an AI command body; AI errors become a message and an exit code, never a crash.
package func reportingAIErrors(json: Bool, _ body: () throws -> Void) throws {
    try reportingErrors(json: json) {
        do { try body() } catch let error as ExitCode { throw error } catch let error as CLIError { throw error } catch {
            if CLIError.from(error) != nil { throw error }
            throw CLIError.fromAI(error)
        }
    }
}
