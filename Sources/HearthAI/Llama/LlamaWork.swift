import Foundation

/// The llama.cpp work running now, across every `InferenceHost`, so that the process does not
/// exit in the middle of it.
///
/// Why: llama.cpp's C++ globals (the backend registry) are destroyed when the process exits.
/// A model load or decode still running on the inference queue then reads freed memory: a
/// full test run crashed with SIGSEGV in `ggml_backend_dev_type` under
/// `llama_model_load_from_file_impl`, after every test had passed (session 11), and a
/// `hearth` process ending while its background AI loads a model can do the same. The exit
/// handler (`LlamaRuntime`, registered after the library is opened, so it runs before the
/// library's own destructors) stops new work and waits a bounded time for what is running.
enum LlamaWork {
    private static let condition = NSCondition()
    /// Written only under `condition`.
    nonisolated(unsafe) private static var running = 0
    nonisolated(unsafe) private static var exiting = false

    /// Marks one piece of work as started; false once the process is exiting (the caller must
    /// not touch llama.cpp then).
    static func begin() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !exiting else { return false }
        running += 1
        return true
    }

    static func end() {
        condition.lock()
        running -= 1
        let register = handlersRegistered < 8
        if register { handlersRegistered += 1 }
        condition.broadcast()
        condition.unlock()
        if register { registerExitHandler() }
    }

    /// Exit handlers run newest first, and llama.cpp registers the destructors of its
    /// function-local statics (the tokenizer's Unicode tables, backend objects) when they are
    /// first used — after any handler registered when the library opened. A second test run
    /// crashed that way, in `unicode_cpt_flags_from_cpt`. So the handler is registered again
    /// after each of the first requests ends (by then a load, tokenization and decoding have
    /// created their statics), which makes it run before those destructors. Eight at most; the
    /// later ones find nothing running and return at once.
    nonisolated(unsafe) private static var handlersRegistered = 0

    static func registerExitHandler() {
        atexit { LlamaWork.stopAndWait(upTo: 15) }
    }

    /// Refuses new work and waits until the running work has ended or `seconds` have passed.
    /// Returns whether nothing is running any more.
    @discardableResult
    static func stopAndWait(upTo seconds: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        exiting = true
        let deadline = Date().addingTimeInterval(seconds)
        while running > 0 {
            if !condition.wait(until: deadline) { break }
        }
        return running == 0
    }

    /// For tests: accept work again after `stopAndWait`.
    static func reopenForTesting() {
        condition.lock()
        exiting = false
        condition.unlock()
    }
}
