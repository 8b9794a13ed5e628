#ifndef HEARTH_FTS5_SNIPPET_H
#define HEARTH_FTS5_SNIPPET_H
typedef struct sqlite3 sqlite3;
/* Registers the FTS5 auxiliary function hearth_snippet() on `db` (same arguments and output
 * as snippet(), linear in the row's matches). Returns an SQLite result code. */
int hearth_fts5_register_snippet(sqlite3 *db);
#endif
