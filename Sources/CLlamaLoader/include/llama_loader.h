#pragma once
// Opens llama.cpp (libllama and the ggml libraries it needs) when AI is first used, instead of
// linking it into `hearth`: a process that never runs a model — `hearth search`, `hearth
// --version`, every short CLI call — then never pays for loading and relocating it at start.
// See llama_loader.c for how the calls reach the library.
#include <stdbool.h>
#include <stddef.h>

/// The file `hearth_llama_open` opens when given NULL: the versioned name the dynamic loader
/// finds through ld.so.conf, LD_LIBRARY_PATH or the executable's run path.
#define HEARTH_LLAMA_LIBRARY "libllama.so.0"

/// Opens llama.cpp from `path` (NULL: HEARTH_LLAMA_LIBRARY) and looks up every function Hearth
/// calls. Returns true when all were found; the first library that passes stays open and in use
/// for the life of the process, and later calls with NULL return true at once (a later `path`
/// is only checked). On failure nothing changes and `error` holds why: the loader's message for
/// a missing file, or the name of the first function the file lacks. Thread-safe.
bool hearth_llama_open(const char *path, char *error, size_t error_size);

/// Whether llama.cpp's functions are bound (an earlier `hearth_llama_open` succeeded).
bool hearth_llama_is_open(void);
