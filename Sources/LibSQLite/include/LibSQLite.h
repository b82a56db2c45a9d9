// The few SQLite functions the catalogue calls, declared here instead of taken from SQLite's
// development headers, which a user's machine does not have: the runtime library is on every
// machine that runs rovers (libsqlite3.so.0 on Linux, in the dyld shared cache on macOS), and
// its C interface has been stable since 3.x. Every signature below matches the library's own;
// the result codes and flags live with the Swift code that uses them (MarsCatalog).
//
// SQLite is loaded (dlopen) by rovers_sqlite_load, when a command first opens the catalogue,
// not when the program starts: `--version`, help, completions and every command that never
// reads the catalogue leave it unloaded. Each rovers_sqlite_ function below calls SQLite's own
// of the same name.

#ifndef ROVERS_LIBSQLITE_H
#define ROVERS_LIBSQLITE_H

#include <stdint.h>

// A database connection and a prepared statement, opaque as in SQLite's own header.
typedef struct sqlite3 rovers_sqlite;
typedef struct sqlite3_stmt rovers_sqlite_statement;

// Loads the system's SQLite and finds the functions below in it, once per process, whichever
// thread asks first: 0 when it is ready, -1 when it is not installed or lacks a function.
// Every other function here needs it to have returned 0.
int rovers_sqlite_load(void);

int rovers_sqlite_open_v2(const char *path, rovers_sqlite **database, int flags, const char *vfs);
int rovers_sqlite_close_v2(rovers_sqlite *database);
int rovers_sqlite_busy_timeout(rovers_sqlite *database, int milliseconds);
int rovers_sqlite_extended_errcode(rovers_sqlite *database);
const char *rovers_sqlite_errmsg(rovers_sqlite *database);

int rovers_sqlite_prepare_v2(rovers_sqlite *database, const char *sql, int bytes,
                             rovers_sqlite_statement **statement, const char **tail);
int rovers_sqlite_finalize(rovers_sqlite_statement *statement);
int rovers_sqlite_reset(rovers_sqlite_statement *statement);
int rovers_sqlite_step(rovers_sqlite_statement *statement);

int rovers_sqlite_bind_null(rovers_sqlite_statement *statement, int index);
int rovers_sqlite_bind_int64(rovers_sqlite_statement *statement, int index, int64_t value);
int rovers_sqlite_bind_double(rovers_sqlite_statement *statement, int index, double value);
// Binds `bytes` bytes of UTF-8 text, copied by SQLite (SQLITE_TRANSIENT), so the caller's
// buffer need not outlive the call.
int rovers_sqlite_bind_text(rovers_sqlite_statement *statement, int index, const char *text,
                            int bytes);

int rovers_sqlite_column_count(rovers_sqlite_statement *statement);
// SQLITE_INTEGER 1, SQLITE_FLOAT 2, SQLITE_TEXT 3, SQLITE_BLOB 4, SQLITE_NULL 5.
int rovers_sqlite_column_type(rovers_sqlite_statement *statement, int column);
int64_t rovers_sqlite_column_int64(rovers_sqlite_statement *statement, int column);
double rovers_sqlite_column_double(rovers_sqlite_statement *statement, int column);
const unsigned char *rovers_sqlite_column_text(rovers_sqlite_statement *statement, int column);
int rovers_sqlite_column_bytes(rovers_sqlite_statement *statement, int column);

#endif
