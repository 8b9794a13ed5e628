// libsecret behind dlopen, the same way as CLlamaLoader's llama.cpp: each libsecret/GLib function
// SecretServiceStore calls is defined here under its own name and header prototype (checked by
// the compiler), with hidden visibility, forwarding through a pointer looked up by
// `hearth_secret_open`. GLib's own functions (g_str_hash, g_free, …) are found through
// libsecret's handle, which searches the libraries it depends on.
//
// A function HearthSecurity starts to call needs one line in HEARTH_SECRET_FUNCTIONS. Calling
// one before a successful open is a programming error (SecretServiceStore opens the library
// first and reports a missing one as "no usable system keyring"): it stops the process with a
// message rather than jumping to a null pointer.
#include "secret_loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <libsecret/secret.h>

// F(result type, name, parameter list, argument list), V(name, parameter list, argument list).
#define HEARTH_SECRET_FUNCTIONS(F, V) \
    F(SecretSchema *, secret_schema_newv, (const gchar *name, SecretSchemaFlags flags, GHashTable *attribute_names_and_types), (name, flags, attribute_names_and_types)) \
    F(SecretValue *, secret_value_new, (const gchar *secret, gssize length, const gchar *content_type), (secret, length, content_type)) \
    F(const gchar *, secret_value_get, (SecretValue *value, gsize *length), (value, length)) \
    V(secret_value_unref, (gpointer value), (value)) \
    F(gboolean, secret_password_storev_binary_sync, (const SecretSchema *schema, GHashTable *attributes, const gchar *collection, const gchar *label, SecretValue *value, GCancellable *cancellable, GError **error), (schema, attributes, collection, label, value, cancellable, error)) \
    F(SecretValue *, secret_password_lookupv_binary_sync, (const SecretSchema *schema, GHashTable *attributes, GCancellable *cancellable, GError **error), (schema, attributes, cancellable, error)) \
    F(gboolean, secret_password_clearv_sync, (const SecretSchema *schema, GHashTable *attributes, GCancellable *cancellable, GError **error), (schema, attributes, cancellable, error)) \
    F(SecretService *, secret_service_get_sync, (SecretServiceFlags flags, GCancellable *cancellable, GError **error), (flags, cancellable, error)) \
    F(SecretCollection *, secret_collection_for_alias_sync, (SecretService *service, const gchar *alias, SecretCollectionFlags flags, GCancellable *cancellable, GError **error), (service, alias, flags, cancellable, error)) \
    F(gboolean, secret_collection_get_locked, (SecretCollection *self), (self)) \
    V(g_object_unref, (gpointer object), (object)) \
    V(g_error_free, (GError *error), (error)) \
    F(GHashTable *, g_hash_table_new_full, (GHashFunc hash_func, GEqualFunc key_equal_func, GDestroyNotify key_destroy_func, GDestroyNotify value_destroy_func), (hash_func, key_equal_func, key_destroy_func, value_destroy_func)) \
    F(gboolean, g_hash_table_insert, (GHashTable *hash_table, gpointer key, gpointer value), (hash_table, key, value)) \
    V(g_hash_table_unref, (GHashTable *hash_table), (hash_table)) \
    F(gchar *, g_strdup, (const gchar *str), (str)) \
    F(guint, g_str_hash, (gconstpointer v), (v)) \
    F(gboolean, g_str_equal, (gconstpointer v1, gconstpointer v2), (v1, v2)) \
    V(g_free, (gpointer mem), (mem))

#define POINTER(type, name, params, args) static type (*name##_pointer) params;
#define VOID_POINTER(name, params, args) static void (*name##_pointer) params;
HEARTH_SECRET_FUNCTIONS(POINTER, VOID_POINTER)

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool bound = false;

_Noreturn static void called_before_open(const char *name) {
    char message[160];
    int length = snprintf(message, sizeof message, "hearth: %s called before libsecret was opened\n", name);
    if (length > 0) { (void) !write(2, message, (size_t) length < sizeof message ? (size_t) length : sizeof message - 1); }
    abort();
}

// The name in parentheses: GLib defines some of these names as macros too.
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
HEARTH_SECRET_FUNCTIONS(FORWARD, VOID_FORWARD)

bool hearth_secret_open(const char *path, char *error, size_t error_size) {
    pthread_mutex_lock(&lock);
    if (bound && !path) {
        pthread_mutex_unlock(&lock);
        return true;
    }
    void *handle = dlopen(path ? path : HEARTH_SECRET_LIBRARY, RTLD_LAZY | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        if (error && error_size > 0) { snprintf(error, error_size, "%s", why ? why : "unknown reason"); }
        pthread_mutex_unlock(&lock);
        return false;
    }
    const char *missing = NULL;
#define LOOK_UP(type, name, params, args) void *name##_found = dlsym(handle, #name); if (!name##_found && !missing) { missing = #name; }
#define VOID_LOOK_UP(name, params, args) LOOK_UP(void, name, params, args)
    HEARTH_SECRET_FUNCTIONS(LOOK_UP, VOID_LOOK_UP)
    if (missing) {
        if (error && error_size > 0) { snprintf(error, error_size, "the library has no function %s", missing); }
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
        HEARTH_SECRET_FUNCTIONS(KEEP, VOID_KEEP)
        bound = true;
    }
    pthread_mutex_unlock(&lock);
    return true;
}
