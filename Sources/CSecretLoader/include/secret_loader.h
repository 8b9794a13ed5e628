#pragma once
// Opens libsecret (with GIO, GObject and GLib, which it needs) when a system keyring is first
// used instead of linking it into `hearth`: most processes — a search, `--version`, anything
// run with the encrypted-file store — never touch a keyring and no longer load five libraries
// for it at start. See secret_loader.c for how the calls reach the library.
#include <stdbool.h>
#include <stddef.h>

/// The file `hearth_secret_open` opens when given NULL.
#define HEARTH_SECRET_LIBRARY "libsecret-1.so.0"

/// Opens libsecret from `path` (NULL: HEARTH_SECRET_LIBRARY) and looks up every libsecret and
/// GLib function Hearth calls. True when all were found; the first library that passes stays
/// open and in use, later calls with NULL return true at once (a later `path` is only checked).
/// On failure nothing changes and `error` holds why (the loader's message, or the first missing
/// function). Thread-safe.
bool hearth_secret_open(const char *path, char *error, size_t error_size);
