// libsecret behind dlopen (CDynamicLibrary), as CLlamaLoader does for llama.cpp: each
// libsecret/GLib function SecretServiceStore calls is defined here under its own name and
// header prototype (checked by the compiler), forwarding to the library's own, opened by
// `hearth_secret_open`. GLib's own functions (g_str_hash, g_free, …) are found through
// libsecret's handle, which searches the libraries it depends on.
//
// A function HearthSecurity starts to call needs one line in HEARTH_SECRET_FUNCTIONS.
#include "secret_loader.h"

#include "dynamic_library.h"
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

enum { HEARTH_SECRET_FUNCTIONS(HEARTH_DYNAMIC_SLOT, HEARTH_DYNAMIC_VOID_SLOT) };
static const char *const names[] = { HEARTH_SECRET_FUNCTIONS(HEARTH_DYNAMIC_NAME, HEARTH_DYNAMIC_VOID_NAME) };
static void *slots[sizeof(names) / sizeof(names[0])];
static hearth_dynamic_library library = HEARTH_DYNAMIC_LIBRARY(HEARTH_SECRET_LIBRARY, "libsecret", names, slots);

HEARTH_SECRET_FUNCTIONS(HEARTH_DYNAMIC_FORWARD, HEARTH_DYNAMIC_VOID_FORWARD)

bool hearth_secret_open(const char *path, char *error, size_t error_size) {
    return hearth_dynamic_library_open(&library, path, error, error_size);
}
