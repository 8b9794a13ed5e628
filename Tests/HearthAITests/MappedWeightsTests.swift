import Foundation
@testable import HearthAI
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The model file's pages: llama.cpp maps it with MAP_POPULATE, HearthAI drops the resident
/// pages after the load so only what decoding reads comes back (docs/ai.md, memory).
@Suite struct MappedWeightsTests {
    @Test func releasingAPopulatedMappingFreesItsPagesAndLosesNothing() throws {
        #if os(Linux)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-mapped-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: url) }
        let size = 4 << 20
        try Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: url)
        let fd = open(url.path, O_RDONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        // As llama.cpp maps a model: read-only, shared, populated.
        let address = mmap(nil, size, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, 0)
        let base = try #require(address == MAP_FAILED ? nil : address)
        defer { munmap(base, size) }
        #expect(MappedWeights.residentBytes(of: url.path) >= size - 4096)
        #expect(MappedWeights.releaseResidentPages(of: url.path) >= size)
        #expect(MappedWeights.residentBytes(of: url.path) < size / 4)
        // The bytes are still there: a read faults them back from the file.
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        #expect(bytes[12_345] == UInt8(truncatingIfNeeded: 12_345 &* 31))
        #expect(bytes[size - 1] == UInt8(truncatingIfNeeded: (size - 1) &* 31))
        #expect(MappedWeights.releaseResidentPages(of: "/nonexistent/model.gguf") == 0)
        #endif
    }

    /// Qwen2.5 0.5B has its own output matrix, so most rows of its 94 MB token-embedding table
    /// are never read by a short request and stay out of memory.
    @Test(.model("qwen2.5-coder-0.5b")) func aLoadedChatModelKeepsOnlyTheWeightsItReadsResident() async throws {
        let path = try TestModels.require("qwen2.5-coder-0.5b")
        let host = InferenceHost(idleUnloadSeconds: 60)
        let generator = LlamaTextGenerator(modelPath: path, host: host)
        _ = try await generator.generate([ChatMessage(.user, "Name a colour.")], options: GenerationOptions(maxTokens: 4))
        let file = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        let resident = MappedWeights.residentBytes(of: path)
        #expect(resident > 0 && resident < file - 50 << 20, "resident \(resident >> 20) MB of a \(file >> 20) MB file")
        await host.unloadAll()
    }
}
