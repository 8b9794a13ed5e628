// llama.cpp behind dlopen. Every llama.cpp function HearthAI calls is defined here under its own
// name, with llama.h's exact prototype (the compiler checks each one against the header), as a
// one-line forward through a pointer that `hearth_llama_open` looks up with dlsym. Swift code
// keeps calling `llama_decode(...)` as before; the static linker binds those calls to these
// definitions, so the executable needs no libllama at link or start time.
//
// The definitions have hidden visibility: `hearth` exports its symbols (the Swift toolchain
// links executables with --export-dynamic, which CLazyMapping's `mmap` relies on), and an
// exported `gguf_init_from_file` here would also capture libllama's own calls to it.
//
// A function Hearth starts to call needs one line in HEARTH_LLAMA_FUNCTIONS (the link fails
// naming it until then). Calling one before a successful open is a programming error (the
// Swift side opens the library first and reports a missing one as AIError.runtimeMissing):
// it stops the process with a message rather than jumping to a null pointer.
#include "llama_loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <llama.h>
#include <gguf.h>

// F(result type, name, parameter list, argument list) for a function with a result,
// V(name, parameter list, argument list) for one without.
#define HEARTH_LLAMA_FUNCTIONS(F, V) \
    V(llama_backend_init, (void), ()) \
    V(llama_log_set, (ggml_log_callback log_callback, void *user_data), (log_callback, user_data)) \
    F(struct llama_model_params, llama_model_default_params, (void), ()) \
    F(struct llama_model *, llama_model_load_from_file, (const char *path_model, struct llama_model_params params), (path_model, params)) \
    V(llama_model_free, (struct llama_model *model), (model)) \
    F(const struct llama_vocab *, llama_model_get_vocab, (const struct llama_model *model), (model)) \
    F(int32_t, llama_model_n_embd_out, (const struct llama_model *model), (model)) \
    F(int32_t, llama_model_n_ctx_train, (const struct llama_model *model), (model)) \
    F(uint64_t, llama_model_n_params, (const struct llama_model *model), (model)) \
    F(uint64_t, llama_model_size, (const struct llama_model *model), (model)) \
    F(int32_t, llama_model_desc, (const struct llama_model *model, char *buf, size_t buf_size), (model, buf, buf_size)) \
    F(int32_t, llama_model_meta_val_str, (const struct llama_model *model, const char *key, char *buf, size_t buf_size), (model, key, buf, buf_size)) \
    F(const char *, llama_model_chat_template, (const struct llama_model *model, const char *name), (model, name)) \
    F(int32_t, llama_chat_apply_template, (const char *tmpl, const struct llama_chat_message *chat, size_t n_msg, bool add_ass, char *buf, int32_t length), (tmpl, chat, n_msg, add_ass, buf, length)) \
    F(int32_t, llama_tokenize, (const struct llama_vocab *vocab, const char *text, int32_t text_len, llama_token *tokens, int32_t n_tokens_max, bool add_special, bool parse_special), (vocab, text, text_len, tokens, n_tokens_max, add_special, parse_special)) \
    F(int32_t, llama_token_to_piece, (const struct llama_vocab *vocab, llama_token token, char *buf, int32_t length, int32_t lstrip, bool special), (vocab, token, buf, length, lstrip, special)) \
    F(bool, llama_vocab_is_eog, (const struct llama_vocab *vocab, llama_token token), (vocab, token)) \
    F(int32_t, llama_vocab_n_tokens, (const struct llama_vocab *vocab), (vocab)) \
    F(struct llama_context_params, llama_context_default_params, (void), ()) \
    F(struct llama_context *, llama_init_from_model, (struct llama_model *model, struct llama_context_params params), (model, params)) \
    V(llama_free, (struct llama_context *ctx), (ctx)) \
    F(uint32_t, llama_n_ctx, (const struct llama_context *ctx), (ctx)) \
    V(llama_set_n_threads, (struct llama_context *ctx, int32_t n_threads, int32_t n_threads_batch), (ctx, n_threads, n_threads_batch)) \
    V(llama_set_abort_callback, (struct llama_context *ctx, ggml_abort_callback abort_callback, void *abort_callback_data), (ctx, abort_callback, abort_callback_data)) \
    F(llama_memory_t, llama_get_memory, (const struct llama_context *ctx), (ctx)) \
    V(llama_memory_clear, (llama_memory_t mem, bool data), (mem, data)) \
    F(bool, llama_memory_seq_rm, (llama_memory_t mem, llama_seq_id seq_id, llama_pos p0, llama_pos p1), (mem, seq_id, p0, p1)) \
    F(struct llama_batch, llama_batch_get_one, (llama_token *tokens, int32_t n_tokens), (tokens, n_tokens)) \
    F(struct llama_batch, llama_batch_init, (int32_t n_tokens, int32_t embd, int32_t n_seq_max), (n_tokens, embd, n_seq_max)) \
    V(llama_batch_free, (struct llama_batch batch), (batch)) \
    F(int32_t, llama_decode, (struct llama_context *ctx, struct llama_batch batch), (ctx, batch)) \
    F(int32_t, llama_encode, (struct llama_context *ctx, struct llama_batch batch), (ctx, batch)) \
    F(float *, llama_get_logits_ith, (struct llama_context *ctx, int32_t i), (ctx, i)) \
    F(float *, llama_get_embeddings_seq, (struct llama_context *ctx, llama_seq_id seq_id), (ctx, seq_id)) \
    F(size_t, llama_state_seq_save_file, (struct llama_context *ctx, const char *filepath, llama_seq_id seq_id, const llama_token *tokens, size_t n_token_count), (ctx, filepath, seq_id, tokens, n_token_count)) \
    F(size_t, llama_state_seq_load_file, (struct llama_context *ctx, const char *filepath, llama_seq_id dest_seq_id, llama_token *tokens_out, size_t n_token_capacity, size_t *n_token_count_out), (ctx, filepath, dest_seq_id, tokens_out, n_token_capacity, n_token_count_out)) \
    F(struct llama_sampler_chain_params, llama_sampler_chain_default_params, (void), ()) \
    F(struct llama_sampler *, llama_sampler_chain_init, (struct llama_sampler_chain_params params), (params)) \
    V(llama_sampler_chain_add, (struct llama_sampler *chain, struct llama_sampler *smpl), (chain, smpl)) \
    F(struct llama_sampler *, llama_sampler_init_greedy, (void), ()) \
    F(struct llama_sampler *, llama_sampler_init_dist, (uint32_t seed), (seed)) \
    F(struct llama_sampler *, llama_sampler_init_temp, (float t), (t)) \
    F(struct llama_sampler *, llama_sampler_init_top_k, (int32_t k), (k)) \
    F(struct llama_sampler *, llama_sampler_init_top_p, (float p, size_t min_keep), (p, min_keep)) \
    F(struct llama_sampler *, llama_sampler_init_min_p, (float p, size_t min_keep), (p, min_keep)) \
    F(llama_token, llama_sampler_sample, (struct llama_sampler *smpl, struct llama_context *ctx, int32_t idx), (smpl, ctx, idx)) \
    V(llama_sampler_reset, (struct llama_sampler *smpl), (smpl)) \
    V(llama_sampler_free, (struct llama_sampler *smpl), (smpl)) \
    F(struct gguf_context *, gguf_init_from_file, (const char *fname, struct gguf_init_params params), (fname, params)) \
    V(gguf_free, (struct gguf_context *ctx), (ctx)) \
    F(int64_t, gguf_find_tensor, (const struct gguf_context *ctx, const char *name), (ctx, name)) \
    F(size_t, gguf_get_data_offset, (const struct gguf_context *ctx), (ctx)) \
    F(size_t, gguf_get_tensor_offset, (const struct gguf_context *ctx, int64_t tensor_id), (ctx, tensor_id)) \
    F(size_t, gguf_get_tensor_size, (const struct gguf_context *ctx, int64_t tensor_id), (ctx, tensor_id))

// The looked-up addresses, one per function; written once under `lock`, before any call.
#define POINTER(type, name, params, args) static type (*name##_pointer) params;
#define VOID_POINTER(name, params, args) static void (*name##_pointer) params;
HEARTH_LLAMA_FUNCTIONS(POINTER, VOID_POINTER)

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool bound = false;

_Noreturn static void called_before_open(const char *name) {
    char message[160];
    int length = snprintf(message, sizeof message, "hearth: %s called before llama.cpp was opened\n", name);
    if (length > 0) { (void) !write(2, message, (size_t) length < sizeof message ? (size_t) length : sizeof message - 1); }
    abort();
}

// The forwarding definitions. The name is in parentheses so that a header macro of the same
// name cannot rewrite the definition.
#define FORWARD(type, name, params, args) \
    __attribute__((visibility("hidden"))) type (name) params { \
        if (!name##_pointer) { called_before_open(#name); } \
        return name##_pointer args; \
    }
#define VOID_FORWARD(name, params, args) \
    __attribute__((visibility("hidden"))) void (name) params { \
        if (!name##_pointer) { called_before_open(#name); } \
        name##_pointer args; \
    }
HEARTH_LLAMA_FUNCTIONS(FORWARD, VOID_FORWARD)

static void set_error(char *error, size_t size, const char *format, const char *detail) {
    if (error && size > 0) { snprintf(error, size, format, detail ? detail : "unknown reason"); }
}

bool hearth_llama_is_open(void) {
    pthread_mutex_lock(&lock);
    bool open = bound;
    pthread_mutex_unlock(&lock);
    return open;
}

bool hearth_llama_open(const char *path, char *error, size_t error_size) {
    pthread_mutex_lock(&lock);
    if (bound && !path) {
        pthread_mutex_unlock(&lock);
        return true;
    }
    // RTLD_LOCAL: llama.cpp's symbols stay out of the process's global namespace; RTLD_LAZY:
    // its own imports resolve when first called (libllama imports much more than Hearth uses).
    void *handle = dlopen(path ? path : HEARTH_LLAMA_LIBRARY, RTLD_LAZY | RTLD_LOCAL);
    if (!handle) {
        set_error(error, error_size, "%s", dlerror());
        pthread_mutex_unlock(&lock);
        return false;
    }
    // Every function is looked up before any pointer is set: a library that lacks one (another
    // llama.cpp version) is closed again and leaves nothing half-bound.
    const char *missing = NULL;
#define LOOK_UP(type, name, params, args) void *name##_found = dlsym(handle, #name); if (!name##_found && !missing) { missing = #name; }
#define VOID_LOOK_UP(name, params, args) LOOK_UP(void, name, params, args)
    HEARTH_LLAMA_FUNCTIONS(LOOK_UP, VOID_LOOK_UP)
    if (missing) {
        set_error(error, error_size, "the library has no function %s (another llama.cpp version?)", missing);
        dlclose(handle);
        pthread_mutex_unlock(&lock);
        return false;
    }
#define KEEP(type, name, params, args) name##_pointer = (type (*) params) name##_found;
#define VOID_KEEP(name, params, args) name##_pointer = (void (*) params) name##_found;
    if (bound) {
        // Already bound to a library opened earlier: `path` was only checked (the loader's
        // reference count makes this a no-op close when it is the same file).
        dlclose(handle);
    } else {
        HEARTH_LLAMA_FUNCTIONS(KEEP, VOID_KEEP)
        bound = true;
    }
    pthread_mutex_unlock(&lock);
    return true;
}
