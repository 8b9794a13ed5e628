#pragma once
// The C side of HearthAI's llama.cpp binding: llama.h plus a few helpers that are awkward or
// impossible in Swift 6 strict-concurrency mode (C globals, C function pointers with state).
#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <llama.h>
#include <gguf.h>
#include <ggml-cpu.h>

/// Writes a C string to stderr (fd 2) without touching the `stderr` global.
static inline void hearth_llama_write_stderr(const char *text) {
    if (text) { (void) !write(2, text, strlen(text)); }
}

/// Log callback that keeps only errors: llama.cpp otherwise prints hundreds of lines per load.
static inline void hearth_llama_log_errors_only(enum ggml_log_level level, const char *text, void *user_data) {
    (void) user_data;
    if (level != GGML_LOG_LEVEL_ERROR || !text) { return; }
    // A request stopped at its hard limit (abort callback) makes llama_decode log three error
    // lines; the Swift side reports the timeout itself, so these are dropped.
    if (strncmp(text, "graph_compute:", 14) == 0 || strncmp(text, "process_ubatch:", 15) == 0
        || strncmp(text, "llama_decode: failed to decode", 30) == 0) { return; }
    hearth_llama_write_stderr(text);
}

/// Installs `hearth_llama_log_errors_only` as llama.cpp's logger.
static inline void hearth_llama_quiet_logging(void) {
    llama_log_set(hearth_llama_log_errors_only, NULL);
}

/// A request's hard limit, read by llama.cpp between graph nodes through the abort callback:
/// `deadline` in CLOCK_MONOTONIC seconds, `cancelled` set from any thread.
typedef struct hearth_llama_limit {
    double deadline;
    atomic_int cancelled;
} hearth_llama_limit;

static inline double hearth_llama_monotonic_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/// The abort callback: true (abort the decode) once the deadline passed or the request was cancelled.
static inline bool hearth_llama_limit_reached(void *data) {
    hearth_llama_limit *limit = (hearth_llama_limit *) data;
    if (!limit) { return false; }
    if (atomic_load(&limit->cancelled)) { return true; }
    return limit->deadline > 0 && hearth_llama_monotonic_seconds() > limit->deadline;
}

static inline void hearth_llama_limit_set(hearth_llama_limit *limit, double deadline) {
    limit->deadline = deadline;
    atomic_store(&limit->cancelled, 0);
}

static inline void hearth_llama_limit_cancel(hearth_llama_limit *limit) {
    atomic_store(&limit->cancelled, 1);
}

/// Installs the abort callback on a context, reading `limit`.
static inline void hearth_llama_install_limit(struct llama_context *ctx, hearth_llama_limit *limit) {
    llama_set_abort_callback(ctx, hearth_llama_limit_reached, limit);
}
