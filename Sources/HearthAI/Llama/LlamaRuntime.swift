import CLlama
import CLlamaLoader
import Foundation

/// Process-wide llama.cpp setup, done once: opening the library (CLlamaLoader: it is not linked,
/// so processes that run no model never load it), backend initialisation and quiet logging
/// (llama.cpp prints hundreds of lines per model load; set `HEARTH_LLAMA_LOG=1` to see them).
enum LlamaRuntime {
    private static let lock = NSLock()
    /// Written only under `lock`.
    nonisolated(unsafe) private static var initialised = false

    /// Opens and initialises llama.cpp on first use. Throws `AIError.runtimeMissing` when the
    /// library cannot be opened (not installed, or a version without a function Hearth calls):
    /// AI is then unavailable, as without a model. A failure is not remembered, so a library
    /// installed while the web app runs is found by its next AI request.
    static func ensureInitialised() throws(AIError) {
        lock.lock()
        defer { lock.unlock() }
        if initialised { return }
        try open(library: nil)
        llama_backend_init()
        if ProcessInfo.processInfo.environment["HEARTH_LLAMA_LOG"] == nil { hearth_llama_quiet_logging() }
        // Registered after the library's own destructors, so it runs before them: the process
        // waits (at most 15 s) for a model load or decode still running (`LlamaWork`, which
        // registers it again once requests have run).
        LlamaWork.registerExitHandler()
        initialised = true
    }

    /// Opens llama.cpp from `library` (a path or file name; nil: `libllama.so.0` where the
    /// dynamic loader finds it). The first library that opens with every function stays in
    /// use for the process; a later `library` is only checked, not switched to.
    static func open(library: String?) throws(AIError) {
        var message = [CChar](repeating: 0, count: 512)
        guard hearth_llama_open(library, &message, message.count) else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .runtimeMissing(reason: reason.isEmpty ? "unknown reason" : reason)
        }
    }

    /// Whether the opened llama.cpp computes with `feature`: it was built for it (setup-llama.sh
    /// enables AVX-512 BF16 only on a processor that has it), so weights in that format run on
    /// the fast path. False while llama.cpp cannot be opened.
    static func computes(_ feature: ComputeFeature) -> Bool {
        guard (try? ensureInitialised()) != nil else { return false }
        switch feature {
        case .avx512BF16: return ggml_cpu_has_avx512_bf16() != 0
        }
    }

    static func monotonicSeconds() -> Double { hearth_llama_monotonic_seconds() }

    /// Threads for llama.cpp: the cores this process may use, at most 4 (more does not help these
    /// small models and starves the rest of the app).
    static var defaultThreads: Int32 { Int32(max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))) }

    /// Threads for the next request: `maximum` on a quiet machine, 1 when the load average
    /// already fills the cores. llama.cpp's worker threads spin at barriers; oversubscribed, two
    /// threads were measured 5–10x slower than one (the box is shared with builds).
    ///
    /// The load average includes this process's own inference threads, so back-to-back
    /// requests can switch themselves to 1 thread. Tried: allowing for our own threads
    /// (threshold `cores + maximum − 0.5`): in one benchmark run at load 2.7 (other sessions'
    /// work) embeddings fell from ~31 to 7 emails/s and categorisation of 100 emails from 10 to
    /// 39 s, and the summary did not get faster (3.21 s). One run, partly the other load, but
    /// no gain to show for the risk: kept conservative.
    static func threadsForCurrentLoad(maximum: Int32) -> Int32 {
        guard maximum > 1,
              let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
              let load = text.split(separator: " ").first.flatMap({ Double($0) }) else { return maximum }
        let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
        return load > cores - 0.5 ? 1 : maximum
    }
}
