import Foundation
@testable import HearthAI
import HearthTestSupport
import Testing

@Suite struct ModelManagerTests {
    /// A catalog whose one model is a small local file, so import/verify/delete run for real.
    static func fixture() throws -> (ModelManager, URL, URL) {
        let dir = try Corpora.temporaryDirectory("hearth-models")
        let source = dir.appendingPathComponent("mine.gguf")
        try Data("GGUF-test-model-bytes".utf8).write(to: source)
        let sha = try DownloaderTests.shaHex(source)
        let entry = ModelCatalogEntry(id: "tiny", displayName: "Tiny", role: .generation, fileName: "tiny.gguf",
                                      sizeBytes: 21, sha256: sha, license: "Apache-2.0",
                                      downloadURL: URL(string: "https://models.example/tiny.gguf"),
                                      provenance: "test", preference: 0)
        let manager = ModelManager(directory: dir.appendingPathComponent("store"), catalog: ModelCatalog(entries: [entry]))
        return (manager, dir, source)
    }

    @Test func importVerifiesListsAndDeletes() throws {
        let (manager, dir, source) = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(manager.statuses().first?.state == .notInstalled)
        #expect(manager.installedModel(for: .generation) == nil)
        try manager.importModel(from: source, as: "tiny")
        #expect(manager.statuses().first?.state == .installed)
        #expect(manager.installedModel(for: .generation)?.entry.id == "tiny")
        #expect(FileManager.default.fileExists(atPath: manager.directory.appendingPathComponent("tiny.gguf.sha256").path))
        try manager.delete("tiny")
        #expect(manager.statuses().first?.state == .notInstalled)
        #expect(manager.installedModel(for: .generation) == nil)
    }

    @Test func importRefusesWrongBytesAndNonGGUF() throws {
        let (manager, dir, _) = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let other = dir.appendingPathComponent("other.gguf")
        try Data("GGUF-but-different".utf8).write(to: other)
        #expect(throws: ModelManagerError.self) { try manager.importModel(from: other, as: "tiny") }
        let text = dir.appendingPathComponent("notes.txt")
        try Data("hello".utf8).write(to: text)
        #expect(throws: ModelManagerError.notGGUF(text.path)) { try manager.importModel(from: text, as: "tiny") }
        #expect(manager.statuses().first?.state == .notInstalled)
    }

    @Test func consentShowsSourceSizeAndLicenceBeforeDownload() throws {
        let (manager, dir, _) = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        let consent = try manager.consent(for: "tiny")
        #expect(consent.sourceURL == "https://models.example/tiny.gguf")
        #expect(consent.sizeBytes == 21 && consent.license == "Apache-2.0")
        #expect(throws: ModelManagerError.unknownModel("nope")) { try manager.consent(for: "nope") }
        // The standard catalog: every entry pinned and licensed; the import-only ones say so.
        for entry in ModelCatalog.standard.entries {
            #expect(entry.sha256.count == 64 && !entry.license.isEmpty)
        }
        let importOnly = ModelManager(directory: dir)
        #expect(throws: ModelManagerError.noDownloadSource("minilm")) { try importOnly.consent(for: "minilm") }
    }

    @Test func aStaleStampIsNotTrusted() throws {
        let (manager, dir, source) = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        try manager.importModel(from: source, as: "tiny")
        // The file changes after verification: size/mtime no longer match the stamp, the hash fails.
        try Data("GGUF-tampered-model-bytes!".utf8).write(to: manager.directory.appendingPathComponent("tiny.gguf"))
        #expect(manager.statuses().first?.state == .notInstalled)
    }
}
