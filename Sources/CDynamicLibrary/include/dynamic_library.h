#pragma once
// A shared library opened with dlopen on first use, and the X-macros a loader uses to forward
// each C function its Swift callers use to the library's own (CLlamaLoader, CSecretLoader).
// A loader lists its functions once, as
//     #define FUNCTIONS(F, V) F(result type, name, (parameters), (arguments)) V(name, (parameters), (arguments)) …
// (F for a function with a result, V for one without), and expands that list into a slot enum,
// a name table and one forwarding definition per function with the macros below. Swift keeps
// calling `llama_decode(...)`; the static linker binds the call to the loader's definition, so
// the executable needs no library at link or start time.
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

/// One library opened on first use: where to find it, the functions looked up in it (in slot
/// order) and, once bound, their addresses. Initialise with HEARTH_DYNAMIC_LIBRARY.
typedef struct {
    pthread_mutex_t lock;
    bool bound;
    /// The file opened when the caller names none (found through ld.so.conf, LD_LIBRARY_PATH…).
    const char *default_path;
    /// What the library is, for the message of a call made before it was opened.
    const char *label;
    const char *const *names;
    void **slots;
    size_t count;
} hearth_dynamic_library;

#define HEARTH_DYNAMIC_LIBRARY(default_path, label, names, slots) \
    { PTHREAD_MUTEX_INITIALIZER, false, default_path, label, names, slots, sizeof(names) / sizeof((names)[0]) }

/// Opens the library from `path` (NULL: its default path) and looks up every function. True
/// when all were found: the first library that passes stays open and in use for the life of the
/// process, and later calls with NULL return true at once (a later `path` is only checked). On
/// failure nothing changes and `error` holds why: the loader's message for a missing file, or
/// the name of the first function the file lacks. Thread-safe.
bool hearth_dynamic_library_open(hearth_dynamic_library *library, const char *path, char *error, size_t error_size);

/// Whether an earlier `hearth_dynamic_library_open` of `library` succeeded.
bool hearth_dynamic_library_is_open(hearth_dynamic_library *library);

/// Stops the process with a message: a forwarded function was called before its library was
/// opened — a programming error (callers open the library first and report a missing one as a
/// typed error), never a jump to a null pointer.
_Noreturn void hearth_dynamic_library_unbound(const char *label, const char *function);

/// The slot enum's entry and the name table's entry of one listed function.
#define HEARTH_DYNAMIC_SLOT(type, name, params, args) hearth_slot_##name,
#define HEARTH_DYNAMIC_VOID_SLOT(name, params, args) hearth_slot_##name,
#define HEARTH_DYNAMIC_NAME(type, name, params, args) #name,
#define HEARTH_DYNAMIC_VOID_NAME(name, params, args) #name,

/// The address in `library`'s slot `slot`, or the stop of `hearth_dynamic_library_unbound`.
static inline void *hearth_dynamic_library_slot(hearth_dynamic_library *library, size_t slot, const char *function) {
    void *address = library->slots[slot];
    if (!address) { hearth_dynamic_library_unbound(library->label, function); }
    return address;
}

/// The forwarding definitions, for a loader whose `hearth_dynamic_library` is named `library`.
/// Hidden visibility: `hearth` exports its symbols (--export-dynamic, which CLazyMapping's
/// `mmap` relies on), and an exported definition would also capture the library's own calls to
/// the function. The name is in parentheses so that a header macro of the same name (GLib has
/// some) cannot rewrite the definition.
#define HEARTH_DYNAMIC_FORWARD(type, name, params, args) \
    __attribute__((visibility("hidden"))) type (name) params { \
        return ((type (*) params) hearth_dynamic_library_slot(&library, hearth_slot_##name, #name)) args; \
    }
#define HEARTH_DYNAMIC_VOID_FORWARD(name, params, args) \
    __attribute__((visibility("hidden"))) void (name) params { \
        ((void (*) params) hearth_dynamic_library_slot(&library, hearth_slot_##name, #name)) args; \
    }
