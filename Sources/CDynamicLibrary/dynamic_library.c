// dlopen on first use, shared by the loaders of llama.cpp and libsecret (dynamic_library.h).
#include "dynamic_library.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void set_error(char *error, size_t size, const char *format, const char *detail) {
    if (error && size > 0) { snprintf(error, size, format, detail ? detail : "unknown reason"); }
}

bool hearth_dynamic_library_is_open(hearth_dynamic_library *library) {
    pthread_mutex_lock(&library->lock);
    bool open = library->bound;
    pthread_mutex_unlock(&library->lock);
    return open;
}

bool hearth_dynamic_library_open(hearth_dynamic_library *library, const char *path, char *error, size_t error_size) {
    pthread_mutex_lock(&library->lock);
    if (library->bound && !path) {
        pthread_mutex_unlock(&library->lock);
        return true;
    }
    // RTLD_LOCAL: the library's symbols stay out of the process's global namespace; RTLD_LAZY:
    // its own imports resolve when first called (it imports much more than Hearth uses).
    void *handle = dlopen(path ? path : library->default_path, RTLD_LAZY | RTLD_LOCAL);
    if (!handle) {
        set_error(error, error_size, "%s", dlerror());
        pthread_mutex_unlock(&library->lock);
        return false;
    }
    // Every function is looked up before any slot is set: a library that lacks one (another
    // version) is closed again and leaves nothing half-bound.
    void *found[library->count];
    for (size_t i = 0; i < library->count; i++) {
        found[i] = dlsym(handle, library->names[i]);
        if (!found[i]) {
            set_error(error, error_size, "the library has no function %s", library->names[i]);
            dlclose(handle);
            pthread_mutex_unlock(&library->lock);
            return false;
        }
    }
    if (library->bound) {
        // Already bound to a library opened earlier: `path` was only checked (the loader's
        // reference count makes this a no-op close when it is the same file).
        dlclose(handle);
    } else {
        for (size_t i = 0; i < library->count; i++) { library->slots[i] = found[i]; }
        library->bound = true;
    }
    pthread_mutex_unlock(&library->lock);
    return true;
}

_Noreturn void hearth_dynamic_library_unbound(const char *label, const char *function) {
    char message[200];
    int length = snprintf(message, sizeof message, "hearth: %s called before %s was opened\n", function, label);
    if (length > 0) { (void) !write(2, message, (size_t) length < sizeof message ? (size_t) length : sizeof message - 1); }
    abort();
}
