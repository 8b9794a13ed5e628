import Foundation
@testable import HearthAI
import HearthTestSupport
import Testing

/// The real models the integration tests use, from the model cache scripts/fetch-models.sh fills.
/// Absent models skip their tests ("skipped: model … not installed") — unless
/// `HEARTH_REQUIRE_MODELS=1` (scripts/test.sh sets it after fetching), where they fail.
enum TestModels {
    static let manager = ModelManager()
    static var required: Bool { ProcessInfo.processInfo.environment["HEARTH_REQUIRE_MODELS"] == "1" }

    static func path(_ id: String) -> String? {
        guard let entry = manager.catalog.entry(id) else { return nil }
        let url = manager.url(of: entry)
        return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
    }

    static func require(_ id: String) throws -> String {
        guard let path = path(id) else {
            throw ModelMissing(description: "model \(id) not installed in \(manager.directory.path) (run scripts/fetch-models.sh)")
        }
        return path
    }

    struct ModelMissing: Error, CustomStringConvertible { let description: String }

    /// One host for all integration tests: a short idle time so the unload path is exercised.
    static let host = InferenceHost(idleUnloadSeconds: 30)
}

extension Trait where Self == ConditionTrait {
    /// Runs only when the model file is present (or when models are required: then it fails).
    static func model(_ id: String) -> Self {
        .enabled(if: TestModels.path(id) != nil || TestModels.required,
                 Comment(rawValue: "skipped: model \(id) not installed (scripts/fetch-models.sh)"))
    }
}

/// The repository's test resources (Tests/HearthAITests/Resources).
enum TestResources {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources")
    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }
}
