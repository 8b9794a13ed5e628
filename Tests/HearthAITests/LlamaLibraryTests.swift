import Testing
@testable import HearthAI

/// llama.cpp is opened when AI is first used (CLlamaLoader), not linked into the process: a
/// library that is missing, or lacks a function Hearth calls, is `AIError.runtimeMissing` —
/// AI unavailable, as without a model — never a crash or a half-bound library.
@Suite struct LlamaLibraryTests {
    /// The reason of the `runtimeMissing` error opening `library` throws (nil, recorded as an
    /// issue, for any other outcome).
    func runtimeMissingReason(opening library: String) -> String? {
        do {
            try LlamaRuntime.open(library: library)
            Issue.record("\(library) was taken for llama.cpp")
        } catch {
            guard case .runtimeMissing(let reason) = error else { Issue.record("\(error)"); return nil }
            #expect(error.meansUnavailable)
            #expect(error.description.contains("AI features are unavailable"))
            return reason
        }
        return nil
    }

    @Test func aMissingLibraryIsTheTypedError() {
        let reason = runtimeMissingReason(opening: "/nonexistent/hearth/libllama.so.0")
        #expect(reason?.contains("/nonexistent/hearth/libllama.so.0") == true, "\(reason ?? "")")
    }

    /// zlib: a real shared library on every machine Hearth runs on, without llama.cpp in it.
    @Test func aLibraryWithoutLlamasFunctionsIsTheTypedErrorNamingOne() {
        let reason = runtimeMissingReason(opening: "libz.so.1")
        #expect(reason?.contains("llama_backend_init") == true, "\(reason ?? "")")
    }

    /// The installed llama.cpp opens and reads a GGUF header (the test machines have it:
    /// scripts/setup-llama.sh), and a failed check of another file afterwards leaves it in use.
    @Test func theInstalledLibraryOpensAndStaysInUse() throws {
        try LlamaRuntime.ensureInitialised()
        #expect(throws: AIError.self) { try LlamaRuntime.open(library: "libz.so.1") }
        try LlamaRuntime.ensureInitialised()
        #expect(MappedWeights.tensorBytes(named: ["token_embd.weight"], inFile: "/nonexistent.gguf").isEmpty)
    }
}
