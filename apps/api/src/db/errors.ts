/**
 * A write refused because a unique key (a unique index or the primary key) already holds the value, on either
 * database: PostgreSQL's SQLSTATE 23505, or better-sqlite3's extended result codes. Callers turn it into the
 * answer of the check it races with (two saves of one slug, two users taking one email).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}
