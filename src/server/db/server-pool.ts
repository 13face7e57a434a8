import pg from 'pg';

/** What the pool reports of an idle connection the server ended: never the client, which holds the URL. */
export interface LostConnection {
  code: string | undefined;
  message: string;
}

/**
 * A pool of connections to a PostgreSQL server. The server may end an idle connection at any time
 * (a restart, pg_terminate_backend, a dropped database); pg then drops the client and emits
 * 'error' on the pool, which, with no listener, would end the process.
 */
export function openServerPool(url: string, onIdleError?: (lost: LostConnection) => void): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', (err: Error & { code?: string }) =>
    onIdleError?.({ code: err.code, message: err.message }),
  );
  return pool;
}

/**
 * Ends a pool once every connection has said goodbye to the server: pg's own end() answers as soon
 * as it has asked each connection to close, and a server that drops the database right after would
 * still find them (and end them with an error).
 */
export async function endServerPool(pool: pg.Pool): Promise<void> {
  const open = pool.totalCount;
  let closed = 0;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      closed += 1;
      if (closed >= open) resolve();
    });
  });
  await pool.end();
  await allClosed;
}
