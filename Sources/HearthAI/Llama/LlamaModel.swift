import CLazyMapping
import CLlama
import Foundation

/// A loaded GGUF model: weights and vocabulary. Not thread-safe; HearthAI only touches it on the
/// inference queue (`InferenceHost`), which is why it may cross isolation boundaries.
final class LlamaModel: @unchecked Sendable {
    let pointer: OpaquePointer
    let vocab: OpaquePointer
    let path: String

    init(path: String) throws(AIError) {
        try LlamaRuntime.ensureInitialised()
        var params = llama_model_default_params()
        params.n_gpu_layers = 0
        // No weight repacking: llama.cpp's CPU_REPACK copies part of the weights (28 MB for
        // Qwen2.5 0.5B q4_k_m) into a second buffer while the mmapped originals stay resident;
        // measured here without it: 28 MB less peak RSS, prompt and generation speed unchanged
        // within noise (docs/ai.md).
        params.use_extra_bufts = false
        // llama.cpp maps the file with MAP_POPULATE, which makes all of it resident at once (the
        // process's memory peak); without it only the pages decoding reads come in (CLazyMapping).
        hearth_mapping_populate_off(true)
        let loaded = llama_model_load_from_file(path, params)
        hearth_mapping_populate_off(false)
        guard let model = loaded else { throw .modelLoadFailed(path: path) }
        guard let vocab = llama_model_get_vocab(model) else {
            llama_model_free(model)
            throw .modelLoadFailed(path: path)
        }
        self.pointer = model
        self.vocab = vocab
        self.path = path
    }

    deinit { llama_model_free(pointer) }

    var embeddingSize: Int { Int(llama_model_n_embd_out(pointer)) }
    var trainedContext: Int { Int(llama_model_n_ctx_train(pointer)) }
    var parameterCount: UInt64 { llama_model_n_params(pointer) }
    var sizeBytes: UInt64 { llama_model_size(pointer) }

    var summary: String {
        var buffer = [CChar](repeating: 0, count: 256)
        let n = llama_model_desc(pointer, &buffer, buffer.count)
        return Self.string(buffer, count: Int(n))
    }

    /// A GGUF metadata value, e.g. "general.name".
    func metadata(_ key: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 512)
        let n = llama_model_meta_val_str(pointer, key, &buffer, buffer.count)
        guard n >= 0 else { return nil }
        return Self.string(buffer, count: min(Int(n), buffer.count - 1))
    }

    func tokenize(_ text: String, addSpecial: Bool, parseSpecial: Bool) throws(AIError) -> [llama_token] {
        let length = Int32(clamping: text.utf8.count)
        var tokens = [llama_token](repeating: 0, count: Int(length) + 8)
        var n = llama_tokenize(vocab, text, length, &tokens, Int32(tokens.count), addSpecial, parseSpecial)
        if n < 0 {
            tokens = [llama_token](repeating: 0, count: Int(-n))
            n = llama_tokenize(vocab, text, length, &tokens, Int32(tokens.count), addSpecial, parseSpecial)
        }
        guard n >= 0 else { throw .tokenizationFailed }
        return Array(tokens.prefix(Int(n)))
    }

    /// The bytes a token stands for (a token may hold part of a UTF-8 character).
    func piece(_ token: llama_token) -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: 64)
        var n = llama_token_to_piece(vocab, token, &buffer, Int32(buffer.count), 0, false)
        if n < 0 {
            buffer = [CChar](repeating: 0, count: Int(-n))
            n = llama_token_to_piece(vocab, token, &buffer, Int32(buffer.count), 0, false)
        }
        return buffer.prefix(Int(max(0, n))).map { UInt8(bitPattern: $0) }
    }

    func isEndOfGeneration(_ token: llama_token) -> Bool { llama_vocab_is_eog(vocab, token) }

    /// Formats the chat with the template stored in the GGUF, ending with the assistant's turn
    /// (or, without `openAssistantTurn`, right after the last message: a chat's constant
    /// beginning formatted this way is a prefix of the whole chat's prompt).
    func chatPrompt(_ messages: [ChatMessage], openAssistantTurn: Bool = true) throws(AIError) -> String {
        guard let template = llama_model_chat_template(pointer, nil) else { throw .unsupportedChatTemplate }
        let roles = messages.map { strdup($0.role.rawValue) }
        let contents = messages.map { strdup($0.content) }
        defer { (roles + contents).forEach { free($0) } }
        var chat: [llama_chat_message] = []
        for (role, content) in zip(roles, contents) {
            guard let role, let content else { throw .tokenizationFailed }
            chat.append(llama_chat_message(role: role, content: content))
        }
        let total = messages.reduce(0) { $0 + $1.content.utf8.count + 16 }
        var buffer = [CChar](repeating: 0, count: total * 2 + 512)
        var n = llama_chat_apply_template(template, &chat, chat.count, openAssistantTurn, &buffer, Int32(buffer.count))
        if n > Int32(buffer.count) {
            buffer = [CChar](repeating: 0, count: Int(n) + 1)
            n = llama_chat_apply_template(template, &chat, chat.count, openAssistantTurn, &buffer, Int32(buffer.count))
        }
        guard n >= 0 else { throw .unsupportedChatTemplate }
        return Self.string(buffer, count: Int(n))
    }

    private static func string(_ buffer: [CChar], count: Int) -> String {
        String(decoding: buffer.prefix(max(0, count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
