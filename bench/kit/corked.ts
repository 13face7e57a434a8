// Sending several statements in one packet, as the service's write transactions do
// (src/server/db/pipelined-transaction.ts), for the benchmarks that measure a write's floor.
import type { Writable } from 'node:stream';
import type pg from 'pg';

/** Writes what `send` sends in one packet (pg writes each query on its own otherwise). */
export function corked<T>(client: pg.PoolClient, send: () => T): T {
  const { stream } = (client as unknown as { connection: { stream: Writable } }).connection;
  stream.cork();
  try {
    return send();
  } finally {
    stream.uncork();
  }
}
