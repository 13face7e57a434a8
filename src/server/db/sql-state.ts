/**
 * PostgreSQL's SQLSTATE of a failed statement, however the drivers wrap it: node-postgres and
 * PGlite put it on the server's error as `code` beside its `severity` (a socket's error has a
 * `code` too, and no severity), drizzle wraps that error as the `cause` of its own.
 */
export function sqlStateOf(err: unknown): string | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const { code, severity } = e as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && typeof severity === 'string') return code;
  }
  return undefined;
}

/** True for a unique-index violation. */
export const isUniqueViolation = (err: unknown): boolean => sqlStateOf(err) === '23505';

/**
 * The failures that say nothing about the transaction itself, only about its timing against
 * another: a deadlock (PostgreSQL ends one of the two) and a serialization failure. The
 * transaction, run again, may well succeed, and PostgreSQL's manual asks clients to do so.
 */
const TRANSIENT_CONFLICTS = new Set(['40P01', '40001']);

export function transientConflictOf(err: unknown): string | undefined {
  const state = sqlStateOf(err);
  return state !== undefined && TRANSIENT_CONFLICTS.has(state) ? state : undefined;
}
