import Foundation
import HearthAI
import HearthCore
import HearthSearch
import HearthStore
import HearthWeb
import Testing

/// The web app's post-sync hook (`WebApp.runAIAfterSync`, HearthWeb/Live/LiveAI.swift): with
/// only the embedding model in the app's model directory, new mail gets categories and search
/// vectors in the background; with an empty directory nothing is written.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct WebAIAfterSyncTests {
    func importedStore(_ dir: URL) throws -> MailStore {
        let mbox = try AIMailFixture.writeMbox(in: dir.appendingPathComponent("in"))
        let imported = try HearthBinary(dataDirectory: dir).run(["import", mbox.path, "--no-progress"])
        #expect(imported.status == 0, "\(imported.stderr)")
        return try MailStore.open(directory: dir)
    }

    /// Waits (bounded) until `done` holds.
    func eventually(_ seconds: Double, _ done: () throws -> Bool) async throws -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if try done() { return true }
            try await Task.sleep(for: .milliseconds(200))
        }
        return try done()
    }

    @Test(.enabled(if: AIModels.manager.installedModel(for: .embedding) != nil || AIModels.required,
                   Comment(rawValue: AIModels.skipReason)))
    func afterSyncTheWebAppCategorisesAndEmbedsInTheBackground() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-web-ai-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try importedStore(dir)
        let models = dir.appendingPathComponent("models")
        let minilm = try #require(AIModels.manager.installedModel(for: .embedding))
        _ = try ModelManager(directory: models).importModel(from: URL(fileURLWithPath: minilm.path), as: minilm.entry.id)

        let app = WebApp(store: store, dataDirectory: dir, services: WebServices(modelDirectory: models))
        app.runAIAfterSync()
        let count = AIMailFixture.messages.count
        let index = SearchEngine(store: store).indexManager
        let finished = try await eventually(90) {
            try store.uncategorizedEmails(limit: 50).isEmpty && index.status(model: minilm.entry.id).embedded == count
        }
        let left = try store.uncategorizedEmails(limit: 50).count
        let status = try index.status(model: minilm.entry.id)
        #expect(finished, "uncategorised: \(left), \(status)")
        await app.shutdown()
    }

    @Test func withoutAModelTheWebAppWritesNothing() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-web-noai-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try importedStore(dir)
        let empty = dir.appendingPathComponent("models")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let app = WebApp(store: store, dataDirectory: dir, services: WebServices(modelDirectory: empty))
        app.runAIAfterSync()
        try await Task.sleep(for: .seconds(1))
        #expect(try store.uncategorizedEmails(limit: 50).count == AIMailFixture.messages.count)
        await app.shutdown()
    }
}
