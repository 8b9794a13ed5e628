import Foundation
import HearthAI
import HearthApp
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

    /// An imported mailbox, the embedding model in the app's model directory: the store, the
    /// models and the model's id.
    func backlog(_ dir: URL) throws -> (MailStore, URL, String) {
        let store = try importedStore(dir)
        let models = dir.appendingPathComponent("models")
        let minilm = try #require(AIModels.manager.installedModel(for: .embedding))
        _ = try ModelManager(directory: models).importModel(from: URL(fileURLWithPath: minilm.path), as: minilm.entry.id)
        return (store, models, minilm.entry.id)
    }

    func allDone(_ store: MailStore, model: String) throws -> Bool {
        try store.uncategorizedEmails(limit: 50).isEmpty
            && SearchEngine(store: store).indexManager.status(model: model).embedded == AIMailFixture.messages.count
    }

    /// Mail imported without `--ai` (or left by a background run that hit its limit) is not
    /// waiting for the next new mail: starting the web app works through it.
    @Test(.enabled(if: AIModels.manager.installedModel(for: .embedding) != nil || AIModels.required,
                   Comment(rawValue: AIModels.skipReason)))
    func startingTheWebAppPicksUpTheBacklog() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-web-backlog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (store, models, model) = try backlog(dir)
        #expect(try !allDone(store, model: model))
        let server = WebServer(app: WebApp(store: store, dataDirectory: dir, services: WebServices(modelDirectory: models)))
        _ = try await server.start(port: 0)
        let finished = try await eventually(90) { try allDone(store, model: model) }
        await server.stop()
        let left = try store.uncategorizedEmails(limit: 50).count
        #expect(finished, "uncategorised: \(left)")
    }

    /// `hearth sync`'s background run holds the data directory's AI lock: the web app waits for
    /// it instead of running beside it, then does what is left.
    @Test(.enabled(if: AIModels.manager.installedModel(for: .embedding) != nil || AIModels.required,
                   Comment(rawValue: AIModels.skipReason)))
    func aRunOfAnotherProcessIsWaitedFor() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-web-lock-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (store, models, model) = try backlog(dir)
        let held = try #require(AIRunLock.acquire(dataDirectory: dir))
        let server = WebServer(app: WebApp(store: store, dataDirectory: dir, services: WebServices(modelDirectory: models)))
        _ = try await server.start(port: 0)
        try await Task.sleep(for: .seconds(4))
        let waited = try store.uncategorizedEmails(limit: 50).count
        held.release()
        let finished = try await eventually(90) { try allDone(store, model: model) }
        await server.stop()
        #expect(waited == AIMailFixture.messages.count, "the web app ran while another process held the lock")
        #expect(finished)
    }
}
