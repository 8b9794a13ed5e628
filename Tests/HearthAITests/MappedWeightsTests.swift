import CLazyMapping
import Foundation
@testable import HearthAI
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The model file's pages: llama.cpp maps it with MAP_POPULATE, HearthAI drops the resident
/// pages after the load so only what decoding reads comes back (docs/ai.md, memory).
@Suite(.serialized) struct MappedWeightsTests {
    #if os(Linux)
    /// A temporary file of `size` bytes whose byte at offset i is i·31 (mod 256), opened read-only.
    func patternFile(size: Int) throws -> (URL, Int32) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-mapped-\(UUID().uuidString).bin")
        try Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: url)
        let fd = open(url.path, O_RDONLY)
        #expect(fd >= 0)
        return (url, fd)
    }
    #endif

    @Test func releasingAPopulatedMappingFreesItsPagesAndLosesNothing() throws {
        #if os(Linux)
        let size = 4 << 20
        let (url, fd) = try patternFile(size: size)
        defer { close(fd); try? FileManager.default.removeItem(at: url) }
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

    /// With populate off (what LlamaModel asks for around llama.cpp's load), a mapping asked for
    /// with MAP_POPULATE starts with nothing resident and still reads the file's bytes; with it
    /// on, the same call populates as before (the interposed mmap changes nothing else).
    @Test func aPopulatingMappingMadeWithPopulateOffStartsEmptyAndReadsTheSameBytes() throws {
        #if os(Linux)
        #expect(hearth_mapping_populate_control_available())
        let size = 16 << 20
        let (url, fd) = try patternFile(size: size)
        defer { close(fd); try? FileManager.default.removeItem(at: url) }
        hearth_mapping_populate_off(true)
        let lazy = mmap(nil, size, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, 0)
        hearth_mapping_populate_off(false)
        let base = try #require(lazy == MAP_FAILED ? nil : lazy)
        #expect(MappedWeights.residentBytes(of: url.path) == 0)
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        #expect(bytes[54_321] == UInt8(truncatingIfNeeded: 54_321 &* 31))
        // One read brings in its neighbourhood (a fault maps up to a 2 MB folio here), not the file.
        #expect(MappedWeights.residentBytes(of: url.path) <= size / 4)
        munmap(base, size)
        let populated = mmap(nil, size, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, 0)
        let other = try #require(populated == MAP_FAILED ? nil : populated)
        defer { munmap(other, size) }
        #expect(MappedWeights.residentBytes(of: url.path) >= size - 4096)
        // Errors still come back as mmap's: MAP_FAILED and errno.
        hearth_mapping_populate_off(true)
        let failed = mmap(nil, size, PROT_READ, MAP_SHARED | MAP_POPULATE, -1, 0)
        let code = errno
        hearth_mapping_populate_off(false)
        #expect(failed == MAP_FAILED && code == EBADF)
        #endif
    }

    /// Loading the chat model no longer makes its 469 MB resident at once (the process's peak
    /// was that instant): right after llama.cpp's load, the new mappings of the file hold only
    /// what the loader itself read. Counted on this model's own mappings, so other tests using
    /// the same file at the same time do not disturb the figure.
    @Test(.model("qwen2.5-coder-0.5b")) func loadingTheChatModelLeavesItsFileOutOfMemory() throws {
        #if os(Linux)
        let path = try TestModels.require("qwen2.5-coder-0.5b")
        let before = Self.mappings(of: path)
        let model = try LlamaModel(path: path)
        let mine = Self.mappings(of: path).filter { before[$0.key] == nil }
        // Another suite may load the same file meanwhile; this model's mapping is one of the new ones.
        let resident = mine.values.min() ?? 0
        #expect(!mine.isEmpty)
        #expect(resident < 32 << 20, "\(resident >> 20) MB of the file resident right after the load")
        _ = model
        #endif
    }

    /// After each request the token-embedding rows it read are dropped again (they came in
    /// 64 KB at a time and piled up over a session): a prompt of 60 distinct made-up words
    /// leaves none of the table mapped in, and the answer is the same the second time.
    @Test(.model("qwen2.5-coder-0.5b")) func tokenEmbeddingRowsAreDroppedAfterEachRequest() async throws {
        #if os(Linux)
        let path = try TestModels.require("qwen2.5-coder-0.5b")
        let table = try #require(MappedWeights.tensorBytes(named: "token_embd.weight", inFile: path))
        #expect(table.count > 80 << 20)
        let host = InferenceHost(idleUnloadSeconds: 60)
        let generator = LlamaTextGenerator(modelPath: path, host: host, promptStateDirectory: nil)
        let words = (0..<60).map { "w\($0 * 7919 % 100_000)" }.joined(separator: " ")
        let prompt = [ChatMessage(.user, "Repeat the first word: " + words)]
        let others = Set(Self.mappings(of: path).keys)   // other tests' models of the same file
        let first = try await generator.generate(prompt, options: GenerationOptions(maxTokens: 3, timeoutSeconds: 120))
        let mine = Set(Self.mappings(of: path).keys).subtracting(others)
        #expect(!mine.isEmpty)
        let resident = Self.presentBytes(of: path, fileRange: table, mappings: mine)
        #expect(resident < 1 << 20, "\(resident >> 10) KB of the token-embedding table still mapped in")
        let again = try await generator.generate(prompt, options: GenerationOptions(maxTokens: 3, timeoutSeconds: 120))
        #expect(again.text == first.text)
        await host.unloadAll()
        #endif
    }

    /// Bytes of `fileRange` of `path` mapped into this process's page tables now, over the
    /// given mappings ("start-end" as in /proc/self/maps; /proc/self/pagemap's present bit, so
    /// the page cache is not counted).
    static func presentBytes(of path: String, fileRange: Range<Int>, mappings: Set<String>) -> Int {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let maps = FileHandle(forReadingAtPath: "/proc/self/maps").map({ handle in
            defer { try? handle.close() }
            return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        }) else { return 0 }
        let pagemap = open("/proc/self/pagemap", O_RDONLY)
        guard pagemap >= 0 else { return 0 }
        defer { close(pagemap) }
        let page = sysconf(Int32(_SC_PAGESIZE))
        var present = 0
        for line in maps.split(separator: "\n") where line.hasSuffix(target) {
            let fields = line.split(separator: " ")
            guard fields.count >= 3, mappings.contains(String(fields[0])) else { continue }
            let bounds = fields[0].split(separator: "-").compactMap { Int(String($0), radix: 16) }
            guard bounds.count == 2, let offset = Int(String(fields[2]), radix: 16) else { continue }
            let low = max(bounds[0], bounds[0] + fileRange.lowerBound - offset) / page
            let high = min(bounds[1], bounds[0] + fileRange.upperBound - offset) / page
            guard high > low else { continue }
            var entries = [UInt64](repeating: 0, count: high - low)
            let read = entries.withUnsafeMutableBytes { pread(pagemap, $0.baseAddress, $0.count, off_t(low * 8)) }
            guard read == entries.count * 8 else { continue }
            present += entries.filter { $0 & (1 << 63) != 0 }.count * page
        }
        return present
    }

    /// Resident bytes of each mapping of `path` in this process, by its address range.
    static func mappings(of path: String) -> [String: Int] {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/smaps") else { return [:] }
        defer { try? handle.close() }
        var result: [String: Int] = [:]
        var current: String?
        for line in String(decoding: handle.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n") {
            if let first = line.first, first.isHexDigit, line.contains("-"), !line.hasSuffix(":") {
                current = line.hasSuffix(target) ? String(line.split(separator: " ").first ?? "") : nil
            } else if let range = current, line.hasPrefix("Rss:") {
                result[range, default: 0] += (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) * 1024
            }
        }
        return result
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
