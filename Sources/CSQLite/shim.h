#ifndef COINWATCH_CSQLITE_SHIM_H
#define COINWATCH_CSQLITE_SHIM_H

#include <sqlite3.h>

/* SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import: bind text
   through a wrapper that makes SQLite copy it before the call returns. */
static inline int cw_sqlite_bind_text(sqlite3_stmt *s, int i, const char *v, int n) {
    return sqlite3_bind_text(s, i, v, n, SQLITE_TRANSIENT);
}

/* The same for a blob. */
static inline int cw_sqlite_bind_blob(sqlite3_stmt *s, int i, const void *v, int n) {
    return sqlite3_bind_blob(s, i, v, n, SQLITE_TRANSIENT);
}

/* sqlite3_open_v2 with the flags every coinwatch connection uses (read-write, create, no mutex:
   one connection per thread; URIs off; a symbolic link at the path is refused, never followed). */
static inline int cw_sqlite_open(const char *path, sqlite3 **db) {
    return sqlite3_open_v2(path, db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW, 0);
}

#endif
