// SQLite, for the library index (LibraryIndex, its one importer), and the wrappers Swift
// cannot write itself: SQLITE_TRANSIENT is a cast of -1 to a function pointer, a macro
// Swift does not import, and sqlite3_db_config is variadic.
#ifndef GALLERY_SQLITE_SHIM_H
#define GALLERY_SQLITE_SHIM_H

#include <sqlite3.h>

/// Binds `count` bytes at `bytes` to parameter `index` as a BLOB, copied by SQLite
/// (SQLITE_TRANSIENT): the caller's buffer may go away before the statement runs.
static inline int gallery_sqlite_bind_blob(sqlite3_stmt *statement, int index, const void *bytes,
                                           int count) {
  return sqlite3_bind_blob(statement, index, bytes, count, SQLITE_TRANSIENT);
}

/// Binds `count` bytes of UTF-8 at `text` to parameter `index` as TEXT, copied by SQLite.
static inline int gallery_sqlite_bind_text(sqlite3_stmt *statement, int index, const char *text,
                                           int count) {
  return sqlite3_bind_text(statement, index, text, count, SQLITE_TRANSIENT);
}

/// Hardens `db` against a damaged or crafted file (SQLITE_DBCONFIG_DEFENSIVE: no writes
/// to the schema or pages by SQL) and lets its schema call no function with side effects
/// (trusted_schema off). 0 when both were set.
static inline int gallery_sqlite_defend(sqlite3 *db) {
  int defensive = sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
  int trusted = sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)0);
  return defensive != SQLITE_OK ? defensive : trusted;
}

#endif
