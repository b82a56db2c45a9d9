#include "LibSQLite.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

// SQLite's functions, as found in the library once it is loaded.
static struct {
  int (*open_v2)(const char *, rovers_sqlite **, int, const char *);
  int (*close_v2)(rovers_sqlite *);
  int (*busy_timeout)(rovers_sqlite *, int);
  int (*extended_errcode)(rovers_sqlite *);
  const char *(*errmsg)(rovers_sqlite *);
  int (*prepare_v2)(rovers_sqlite *, const char *, int, rovers_sqlite_statement **,
                    const char **);
  int (*finalize)(rovers_sqlite_statement *);
  int (*reset)(rovers_sqlite_statement *);
  int (*step)(rovers_sqlite_statement *);
  int (*bind_null)(rovers_sqlite_statement *, int);
  int (*bind_int64)(rovers_sqlite_statement *, int, int64_t);
  int (*bind_double)(rovers_sqlite_statement *, int, double);
  int (*bind_text)(rovers_sqlite_statement *, int, const char *, int, void (*)(void *));
  int (*column_count)(rovers_sqlite_statement *);
  int (*column_type)(rovers_sqlite_statement *, int);
  int64_t (*column_int64)(rovers_sqlite_statement *, int);
  double (*column_double)(rovers_sqlite_statement *, int);
  const unsigned char *(*column_text)(rovers_sqlite_statement *, int);
  int (*column_bytes)(rovers_sqlite_statement *, int);
} sqlite;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_result = -1;

// Finds `name` in the library into `*slot`; whether it is there.
static int find(void *library, const char *name, void **slot) {
  *slot = dlsym(library, name);
  return *slot != NULL;
}

// The library's name: the runtime package's soname on Linux (libsqlite3.so exists only with
// the -dev package); on macOS the system's copy, which lives in the dyld shared cache rather
// than on disk, so it is asked for by dlopen and never looked for as a file.
#if defined(__APPLE__)
static const char *const library_name = "/usr/lib/libsqlite3.dylib";
#else
static const char *const library_name = "libsqlite3.so.0";
#endif

static void load(void) {
  // RTLD_LOCAL: SQLite's names stay its own, so nothing else in the process binds to them.
  void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return;
  int found = find(library, "sqlite3_open_v2", (void **)&sqlite.open_v2)
              && find(library, "sqlite3_close_v2", (void **)&sqlite.close_v2)
              && find(library, "sqlite3_busy_timeout", (void **)&sqlite.busy_timeout)
              && find(library, "sqlite3_extended_errcode", (void **)&sqlite.extended_errcode)
              && find(library, "sqlite3_errmsg", (void **)&sqlite.errmsg)
              && find(library, "sqlite3_prepare_v2", (void **)&sqlite.prepare_v2)
              && find(library, "sqlite3_finalize", (void **)&sqlite.finalize)
              && find(library, "sqlite3_reset", (void **)&sqlite.reset)
              && find(library, "sqlite3_step", (void **)&sqlite.step)
              && find(library, "sqlite3_bind_null", (void **)&sqlite.bind_null)
              && find(library, "sqlite3_bind_int64", (void **)&sqlite.bind_int64)
              && find(library, "sqlite3_bind_double", (void **)&sqlite.bind_double)
              && find(library, "sqlite3_bind_text", (void **)&sqlite.bind_text)
              && find(library, "sqlite3_column_count", (void **)&sqlite.column_count)
              && find(library, "sqlite3_column_type", (void **)&sqlite.column_type)
              && find(library, "sqlite3_column_int64", (void **)&sqlite.column_int64)
              && find(library, "sqlite3_column_double", (void **)&sqlite.column_double)
              && find(library, "sqlite3_column_text", (void **)&sqlite.column_text)
              && find(library, "sqlite3_column_bytes", (void **)&sqlite.column_bytes);
  // The library stays loaded either way: a process loads it at most once.
  if (found) load_result = 0;
}

int rovers_sqlite_load(void) {
  pthread_once(&load_once, load);
  return load_result;
}

int rovers_sqlite_open_v2(const char *path, rovers_sqlite **database, int flags, const char *vfs) {
  return sqlite.open_v2(path, database, flags, vfs);
}

int rovers_sqlite_close_v2(rovers_sqlite *database) { return sqlite.close_v2(database); }

int rovers_sqlite_busy_timeout(rovers_sqlite *database, int milliseconds) {
  return sqlite.busy_timeout(database, milliseconds);
}

int rovers_sqlite_extended_errcode(rovers_sqlite *database) {
  return sqlite.extended_errcode(database);
}

const char *rovers_sqlite_errmsg(rovers_sqlite *database) { return sqlite.errmsg(database); }

int rovers_sqlite_prepare_v2(rovers_sqlite *database, const char *sql, int bytes,
                             rovers_sqlite_statement **statement, const char **tail) {
  return sqlite.prepare_v2(database, sql, bytes, statement, tail);
}

int rovers_sqlite_finalize(rovers_sqlite_statement *statement) {
  return sqlite.finalize(statement);
}

int rovers_sqlite_reset(rovers_sqlite_statement *statement) { return sqlite.reset(statement); }

int rovers_sqlite_step(rovers_sqlite_statement *statement) { return sqlite.step(statement); }

int rovers_sqlite_bind_null(rovers_sqlite_statement *statement, int index) {
  return sqlite.bind_null(statement, index);
}

int rovers_sqlite_bind_int64(rovers_sqlite_statement *statement, int index, int64_t value) {
  return sqlite.bind_int64(statement, index, value);
}

int rovers_sqlite_bind_double(rovers_sqlite_statement *statement, int index, double value) {
  return sqlite.bind_double(statement, index, value);
}

int rovers_sqlite_bind_text(rovers_sqlite_statement *statement, int index, const char *text,
                            int bytes) {
  // SQLITE_TRANSIENT: SQLite copies the text before the call returns.
  return sqlite.bind_text(statement, index, text, bytes, (void (*)(void *))-1);
}

int rovers_sqlite_column_count(rovers_sqlite_statement *statement) {
  return sqlite.column_count(statement);
}

int rovers_sqlite_column_type(rovers_sqlite_statement *statement, int column) {
  return sqlite.column_type(statement, column);
}

int64_t rovers_sqlite_column_int64(rovers_sqlite_statement *statement, int column) {
  return sqlite.column_int64(statement, column);
}

double rovers_sqlite_column_double(rovers_sqlite_statement *statement, int column) {
  return sqlite.column_double(statement, column);
}

const unsigned char *rovers_sqlite_column_text(rovers_sqlite_statement *statement, int column) {
  return sqlite.column_text(statement, column);
}

int rovers_sqlite_column_bytes(rovers_sqlite_statement *statement, int column) {
  return sqlite.column_bytes(statement, column);
}
