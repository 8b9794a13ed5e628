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
///
/// One instance, `process`, is what the inference hosts and the exit handler share; tests make
/// their own, so marking one "exiting" never refuses the real work of suites running beside
/// them (a parallel `swift test` once failed every real-model test that way).
final class LlamaWork: @unchecked Sendable {
    /// The process's llama.cpp work.
    static let process = LlamaWork()

    private let condition = NSCondition()
    /// Written only under `condition`.
    private var running = 0
    private var exiting = false

    /// Marks one piece of work as started; false once the process is exiting (the caller must
    /// not touch llama.cpp then).
    func begin() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !exiting else { return false }
        running += 1
        return true
    }

    /// Marks one piece of work as ended; `models`: the model files it used.
    func end(models: Set<String> = []) {
        condition.lock()
        running -= 1
        let register = needsHandlerAgain(models: models)
        condition.broadcast()
        condition.unlock()
        if register && self === Self.process { Self.registerExitHandler() }
    }

    /// Exit handlers run newest first, and llama.cpp registers the destructors of its
    /// function-local statics (the tokenizer's Unicode tables, backend objects) when they are
    /// first used — after any handler registered when the library opened. A second test run
    /// crashed that way, in `unicode_cpt_flags_from_cpt`. So the handler is registered again
    /// after each of the first requests ends (by then a load, tokenization and decoding have
    /// created their statics), which makes it run before those destructors.
    ///
    /// Counted per model file, not per process: another model brings its own code paths (an
    /// embedding model's tokenizer, another architecture), first used whenever that model is —
    /// session 12's full run crashed at exit again on the inference queue after every test
    /// passed, in a process whose first requests had all gone to chat models. Eight a model at
    /// most (and eight for work that names none); the later ones find nothing running and
    /// return at once.
    private var requestsEnded: [String: Int] = [:]
    static let registrationsPerModel = 8

    /// Whether an ended request is among the first of one of its models (or of work naming
    /// none); counts it. Called under `condition`.
    private func needsHandlerAgain(models: Set<String>) -> Bool {
        var again = false
        for key in models.isEmpty ? [""] : Array(models) where requestsEnded[key, default: 0] < Self.registrationsPerModel {
            requestsEnded[key, default: 0] += 1
            again = true
        }
        return again
    }

    /// For tests: whether ending a request that used `models` registers the handler again.
    func endRegistersAgain(models: Set<String>) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return needsHandlerAgain(models: models)
    }

    static func registerExitHandler() {
        atexit { LlamaWork.process.stopAndWait(upTo: 15) }
    }

    /// Refuses new work and waits until the running work has ended or `seconds` have passed.
    /// Returns whether nothing is running any more.
    @discardableResult
    func stopAndWait(upTo seconds: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        exiting = true
        let deadline = Date().addingTimeInterval(seconds)
        while running > 0 {
            if !condition.wait(until: deadline) { break }
        }
        return running == 0
    }
}
