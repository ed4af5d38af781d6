/* store_schema.h - the exact check of a content store's schema.
 *
 * A store is what `vitrine bundle build` writes, nothing more: its tables,
 * their columns (generated and hidden ones included), indexes, triggers and
 * views must be exactly those that content/schema.sql creates. The expected
 * schema is not a second copy: it is made by running the writer's own DDL
 * (author_schema_sql) in a private in-memory database and compared with the
 * store's sqlite_schema rows and table_xinfo pragmas. Only the schema is
 * read, never a row, so a hostile generated column is never evaluated and
 * the check costs the same for any size of store.
 *
 * Both functions take a connection the caller owns and has configured
 * (store.c: read-only, defensive), run on the caller's thread, and return
 * 0, or -1 with one line in why[0..why_len) that names the difference and
 * begins with `name` ("x.vitrine: the content store's table panel has a
 * column the exhibit format does not have: x."). Nothing here logs. */
#ifndef VITRINE_STORE_SCHEMA_H
#define VITRINE_STORE_SCHEMA_H

#include <stddef.h>

#include <sqlite3.h>

/* The file header's format versions (bytes 18 and 19): a store must use a
 * rollback journal as the writer leaves it; WAL mode is refused. Checked
 * before anything else reads db, since reading a WAL store needs its -wal
 * and -shm side files. A file that is not SQLite passes (the first read
 * reports it). */
int store_schema_check_header(sqlite3 *db, const char *name, char *why, size_t why_len);

/* Compares db's schema with the exhibit format's of `version` (see above):
 * STORE_SCHEMA_VERSION, made by the writer's own DDL, or 2 or 3, made by
 * the frozen DDL of that version (content/schema_v2.sql, whose figures are
 * REAL; content/schema_v3.sql, without theme, logo, fonts or
 * translations).
 * Any other version is refused. */
int store_schema_check(sqlite3 *db, const char *name, int version, char *why, size_t why_len);

/* content/schema_v2.sql and schema_v3.sql, frozen, compiled in. */
extern const char store_schema_v2_sql[];
extern const char store_schema_v3_sql[];
extern const char store_schema_v4_sql[];
extern const char store_schema_v5_sql[];
extern const char store_schema_v6_sql[];
extern const char store_schema_v7_sql[];

#endif
