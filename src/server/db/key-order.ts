/**
 * The rows in one fixed order of their key, for bulk writes. Two transactions writing the same
 * rows lock them in the order they insert them; in one common order neither can wait on the other
 * while holding a row it needs (a deadlock, which PostgreSQL ends by failing one of them).
 */
export function inKeyOrder<T>(rows: readonly T[], key: (row: T) => string): T[] {
  return rows
    .map((row) => ({ row, k: key(row) }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0))
    .map((r) => r.row);
}
