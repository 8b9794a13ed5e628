import CLlama
import Foundation

/// Process-wide llama.cpp setup, done once: backend initialisation and quiet logging
/// (llama.cpp prints hundreds of lines per model load; set `HEARTH_LLAMA_LOG=1` to see them).
enum LlamaRuntime {
    private static let initialised: Bool = {
        llama_backend_init()
        if ProcessInfo.processInfo.environment["HEARTH_LLAMA_LOG"] == nil { hearth_llama_quiet_logging() }
        return true
    }()

    static func ensureInitialised() { _ = initialised }

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
