import Foundation
@testable import HearthAI
import HearthTestSupport
import Testing

/// A catalog model's faster copy (`ModelFileVariant`) is loaded only where the processor runs it
/// fast, and only once installed and verified; the catalog file alone says "installed".
@Suite struct ModelVariantTests {
    static func fixture() throws -> (ModelManager, URL, canonical: URL, variant: URL) {
        let dir = try Corpora.temporaryDirectory("hearth-model-variants")
        let canonical = dir.appendingPathComponent("embed-f16.gguf"), variant = dir.appendingPathComponent("embed-bf16.gguf")
        try Data("GGUF-f16-weights".utf8).write(to: canonical)
        try Data("GGUF-bf16-weights".utf8).write(to: variant)
        let entry = ModelCatalogEntry(
            id: "embed", displayName: "Embed", role: .embedding, fileName: canonical.lastPathComponent, sizeBytes: 16,
            sha256: try DownloaderTests.shaHex(canonical), license: "Apache-2.0", provenance: "test", preference: 0,
            variants: [ModelFileVariant(fileName: variant.lastPathComponent,
                                        sha256: try DownloaderTests.shaHex(variant), needs: .avx512BF16)])
        return (ModelManager(directory: dir, catalog: ModelCatalog(entries: [entry])), dir, canonical, variant)
    }

    @Test func theVariantIsLoadedOnlyWhereTheProcessorRunsItFast() throws {
        let (manager, dir, canonical, variant) = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(manager.installedModel(for: .embedding)?.path == canonical.path)
        #expect(manager.fastestFile(forModelAt: canonical.path, supports: { $0 == .avx512BF16 }) == variant.path)
        #expect(manager.fastestFile(forModelAt: canonical.path, supports: { _ in false }) == canonical.path)
    }

    @Test func aVariantWithOtherBytesOrNoneAtAllIsNotUsed() throws {
        let (manager, dir, canonical, variant) = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("GGUF-bf16-tampered".utf8).write(to: variant)
        #expect(manager.fastestFile(forModelAt: canonical.path, supports: { _ in true }) == canonical.path)
        try FileManager.default.removeItem(at: variant)
        #expect(manager.fastestFile(forModelAt: canonical.path, supports: { _ in true }) == canonical.path)
        // A file that is no catalog model's, or one in another directory, is loaded as given.
        let stray = dir.appendingPathComponent("mine.gguf").path
        #expect(manager.fastestFile(forModelAt: stray, supports: { _ in true }) == stray)
        let elsewhere = "/somewhere/else/\(canonical.lastPathComponent)"
        #expect(manager.fastestFile(forModelAt: elsewhere, supports: { _ in true }) == elsewhere)
    }

    @Test func deletingTheModelDeletesItsVariantToo() throws {
        let (manager, dir, canonical, variant) = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = manager.fastestFile(forModelAt: canonical.path, supports: { _ in true })   // writes the variant's stamp
        #expect(FileManager.default.fileExists(atPath: variant.path + ".sha256"))
        try manager.delete("embed")
        for file in [canonical.path, variant.path, variant.path + ".sha256"] {
            #expect(!FileManager.default.fileExists(atPath: file), "\(file) left behind")
        }
    }

    /// The real files (scripts/fetch-models.sh makes the bf16 copy on AVX-512 BF16 processors):
    /// both give the same vectors, which is why the store keeps one model identifier for them;
    /// opening the model loads the copy exactly when it is there and this llama.cpp computes bf16.
    @Test(.model("minilm")) func theBF16CopyOfMiniLMMakesTheVectorsOfTheF16File() async throws {
        let f16 = try TestModels.require("minilm")
        let variant = try #require(ModelCatalog.standard.entry("minilm")?.variants.first, "the catalog lists no bf16 copy of MiniLM")
        let bf16 = URL(fileURLWithPath: f16).deletingLastPathComponent().appendingPathComponent(variant.fileName).path
        let copyMade = FileManager.default.fileExists(atPath: bf16)
        // fetch-models.sh's own rule: the copy is made wherever /proc/cpuinfo lists avx512_bf16.
        let processorHasBF16 = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.contains(" avx512_bf16") ?? false
        if TestModels.required && processorHasBF16 {
            #expect(copyMade, "scripts/fetch-models.sh makes \(variant.fileName) on this processor")
        }
        let host = InferenceHost(idleUnloadSeconds: 30)
        let opened = try await LlamaTextEmbedder.open(modelPath: f16, modelIdentifier: "minilm", host: host)
        #expect(opened.modelPath == (copyMade && LlamaRuntime.computes(.avx512BF16) ? bf16 : f16))
        #expect(opened.modelIdentifier == "minilm")
        guard copyMade else { return }
        let texts = ["Re: kernel panic on boot with 2.4.18 on the Indy",
                     "Dinner on Saturday? We could try the new Thai place near the station.",
                     "Your order #4821 has shipped and will arrive on Tuesday."]
        let reference = try await LlamaTextEmbedder(modelPath: f16, dimensions: 384, modelIdentifier: "minilm", host: host).embed(texts)
        let copy = try await LlamaTextEmbedder(modelPath: bf16, dimensions: 384, modelIdentifier: "minilm", host: host).embed(texts)
        for (a, b) in zip(reference, copy) {
            let cosine = zip(a, b).reduce(Float(0)) { $0 + $1.0 * $1.1 }
            #expect(cosine > 0.9999, "bf16 vs f16 cosine \(cosine)")
        }
    }
}
