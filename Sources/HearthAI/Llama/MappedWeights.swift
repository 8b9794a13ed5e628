import CLlama
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// llama.cpp maps a model file with MAP_POPULATE on Linux, so from the load on every page of the
/// file counts as resident memory of the process, including the rows of the token-embedding
/// table no prompt ever uses (Qwen2.5 0.5B: 94 MB of its 491 MB file, read one row per token).
/// Dropping the mapping's pages once the model is loaded (MADV_DONTNEED on a read-only shared
/// file mapping: the file stays in the page cache, nothing is re-read from disk, nothing can be
/// lost) lets back in only what inference touches. Linux only; elsewhere nothing happens.
enum MappedWeights {
    /// Bytes of `path`'s mappings resident in this process now (/proc/self/smaps; 0 elsewhere).
    static func residentBytes(of path: String) -> Int {
        #if os(Linux)
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let smaps = procFile("smaps") else { return 0 }
        var inTarget = false
        var kilobytes = 0
        for line in smaps.split(separator: "\n") {
            if let first = line.first, first.isHexDigit, line.contains("-"), !line.hasSuffix(":") {
                inTarget = line.hasSuffix(target)           // a mapping's header line
            } else if inTarget, line.hasPrefix("Rss:") {
                kilobytes += line.split(separator: " ").compactMap { Int($0) }.first ?? 0
            }
        }
        return kilobytes * 1024
        #else
        return 0
        #endif
    }

    /// Drops the resident pages of every mapping of `path` in this process — of the whole file,
    /// or only of the bytes `fileRange` (offsets in the file) when given. Returns the bytes of
    /// address space advised (0 when the file is not mapped or on other systems).
    @discardableResult
    static func releaseResidentPages(of path: String, fileRange: Range<Int>? = nil) -> Int {
        #if os(Linux)
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let maps = procFile("maps") else { return 0 }
        let page = max(1, sysconf(Int32(_SC_PAGESIZE)))
        var advised = 0
        for line in maps.split(separator: "\n") where line.hasSuffix(target) {
            // "start-end perms offset dev inode   path"
            let fields = line.split(separator: " ")
            guard fields.count >= 3, fields[1] == "r--s" else { continue }
            let bounds = fields[0].split(separator: "-").compactMap { Int(String($0), radix: 16) }
            guard bounds.count == 2, bounds[1] > bounds[0], let offset = Int(String(fields[2]), radix: 16) else { continue }
            // The part of this mapping that holds `fileRange`, whole pages only.
            var (low, high) = (bounds[0], bounds[1])
            if let fileRange {
                low = max(low, bounds[0] + fileRange.lowerBound - offset)
                high = min(high, bounds[0] + fileRange.upperBound - offset)
                low = (low + page - 1) / page * page
                high = high / page * page
            }
            guard high > low, let start = UnsafeMutableRawPointer(bitPattern: low) else { continue }
            if madvise(start, high - low, MADV_DONTNEED) == 0 { advised += high - low }
        }
        return advised
        #else
        return 0
        #endif
    }

    /// Where a tensor's bytes are in a GGUF file (read from its header; nil when the file or
    /// the tensor is not there).
    static func tensorBytes(named name: String, inFile path: String) -> Range<Int>? {
        tensorBytes(named: [name], inFile: path)[name]
    }

    /// The same for several tensors, reading the file's header once; tensors not in the file
    /// are left out.
    static func tensorBytes(named names: [String], inFile path: String) -> [String: Range<Int>] {
        // The GGUF reader is llama.cpp's (libggml-base), opened on first use.
        guard (try? LlamaRuntime.ensureInitialised()) != nil,
              let context = gguf_init_from_file(path, gguf_init_params(no_alloc: true, ctx: nil)) else { return [:] }
        defer { gguf_free(context) }
        var found: [String: Range<Int>] = [:]
        for name in names {
            let id = gguf_find_tensor(context, name)
            guard id >= 0 else { continue }
            let start = Int(gguf_get_data_offset(context)) + Int(gguf_get_tensor_offset(context, id))
            found[name] = start..<(start + Int(gguf_get_tensor_size(context, id)))
        }
        return found
    }

    /// A file of /proc/self read to its end (String(contentsOfFile:) stops after the first
    /// 4 KB of these size-less files: measured, 3,930 of 83,898 characters of smaps).
    private static func procFile(_ name: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/" + name) else { return nil }
        defer { try? handle.close() }
        return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
    }
}
