import CLlama
import Crypto
import Foundation

/// The KV-cache state of a prompt's constant beginning (a feature's system prompt and worked
/// example: ~205 tokens for summaries), kept on disk so a new process — `hearth summarize` is
/// one per summary — or a request after other AI work does not evaluate it again: loading
/// ~2.5 MB of K/V takes milliseconds, evaluating 205 tokens 1.5–3 s on two cores.
/// A file is named after the model (path, size, modification time) and the exact tokens, so
/// another model or another prompt never reads it; a file that does not load is deleted and
/// written anew (llama.cpp checks its format and size).
enum PromptState {
    /// Bumped when what a file holds changes meaning (e.g. the KV cache type).
    static let version = "kv-f16-v1"

    static func file(in directory: URL, model: LlamaModel, tokens: ArraySlice<llama_token>) -> URL {
        var hasher = SHA256()
        let attributes = try? FileManager.default.attributesOfItem(atPath: model.path)
        let size = (attributes?[.size] as? Int) ?? 0
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        hasher.update(data: Data("\(version)|\(model.path)|\(size)|\(modified)|".utf8))
        tokens.withContiguousStorageIfAvailable { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        let digest = hasher.finalize().prefix(12).map { String(format: "%02x", $0) }.joined()
        let name = URL(fileURLWithPath: model.path).deletingPathExtension().lastPathComponent
        return directory.appendingPathComponent("\(name)-\(digest).kv")
    }

    enum LoadResult { case loaded, absent, rejected }

    /// Loads `file` into sequence 0 of an emptied cache: `.loaded` when it holds exactly
    /// `tokens`; `.absent` (cache untouched) when there is no file; `.rejected` when it did not
    /// load (the cache is then empty and the file removed).
    static func load(_ file: URL, into context: OpaquePointer, tokens: [llama_token]) -> LoadResult {
        guard FileManager.default.fileExists(atPath: file.path) else { return .absent }
        let memory = llama_get_memory(context)
        llama_memory_clear(memory, true)
        var loaded = [llama_token](repeating: 0, count: tokens.count + 1)
        var count = 0
        let bytes = llama_state_seq_load_file(context, file.path, 0, &loaded, loaded.count, &count)
        guard bytes > 0, count == tokens.count, Array(loaded.prefix(count)) == tokens else {
            llama_memory_clear(memory, true)
            try? FileManager.default.removeItem(at: file)
            return .rejected
        }
        return .loaded
    }

    /// Writes sequence 0 (which must hold exactly `tokens`) to `file`, atomically: a reader
    /// never sees half a file. A failure only costs the next process the evaluation.
    static func save(_ context: OpaquePointer, to file: URL, tokens: [llama_token]) {
        let directory = file.deletingLastPathComponent()
        guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)) != nil else { return }
        let partial = directory.appendingPathComponent(".\(file.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).partial")
        guard llama_state_seq_save_file(context, partial.path, 0, tokens, tokens.count) > 0 else {
            try? FileManager.default.removeItem(at: partial)
            return
        }
        if rename(partial.path, file.path) != 0 { try? FileManager.default.removeItem(at: partial) }
    }
}
