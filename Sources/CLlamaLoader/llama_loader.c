// llama.cpp behind dlopen (CDynamicLibrary): every llama.cpp function HearthAI calls is defined
// here under its own name, with llama.h's exact prototype (the compiler checks each one against
// the header), as a forward to the library's own, opened by `hearth_llama_open`. Swift code
// keeps calling `llama_decode(...)`, and the executable needs no libllama at link or start time.
//
// A function Hearth starts to call needs one line in HEARTH_LLAMA_FUNCTIONS (the link fails
// naming it until then).
#include "llama_loader.h"

#include "dynamic_library.h"
#include <llama.h>
#include <gguf.h>
#include <ggml-cpu.h>

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
    F(size_t, gguf_get_tensor_size, (const struct gguf_context *ctx, int64_t tensor_id), (ctx, tensor_id)) \
    F(int, ggml_cpu_has_avx512_bf16, (void), ())

enum { HEARTH_LLAMA_FUNCTIONS(HEARTH_DYNAMIC_SLOT, HEARTH_DYNAMIC_VOID_SLOT) };
static const char *const names[] = { HEARTH_LLAMA_FUNCTIONS(HEARTH_DYNAMIC_NAME, HEARTH_DYNAMIC_VOID_NAME) };
static void *slots[sizeof(names) / sizeof(names[0])];
static hearth_dynamic_library library = HEARTH_DYNAMIC_LIBRARY(HEARTH_LLAMA_LIBRARY, "llama.cpp", names, slots);

HEARTH_LLAMA_FUNCTIONS(HEARTH_DYNAMIC_FORWARD, HEARTH_DYNAMIC_VOID_FORWARD)

bool hearth_llama_open(const char *path, char *error, size_t error_size) {
    return hearth_dynamic_library_open(&library, path, error, error_size);
}

bool hearth_llama_is_open(void) { return hearth_dynamic_library_is_open(&library); }
