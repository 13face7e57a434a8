// @ts-check
// The embedded database's thread: one PGlite, driven by messages from the service's thread
// (embedded-client.ts), so that its queries run on the second core while the service's thread
// parses HTTP, validates, signs and serialises. Plain JavaScript: a worker thread is started
// from a file Node runs as it is, in the tests (TypeScript source) as in the build.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (!parentPort) throw new Error('embedded-worker.mjs runs as a worker thread');
const port = parentPort;

/**
 * drizzle's PGlite driver keeps dates, times and intervals as PostgreSQL's text (its parsers are
 * functions, which cannot cross threads: the client sends `rawDates` instead).
 * @type {Record<number, (value: string) => string>}
 */
const rawDateParsers = Object.fromEntries(
  [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, (value) => value]),
);

/** @type {{ dataDir?: string, template?: Uint8Array }} */
const init = workerData;
const db = await PGlite.create({
  extensions: { pg_trgm },
  ...(init.dataDir ? { dataDir: init.dataDir } : {}),
  ...(init.template ? { loadDataDir: new Blob([init.template]) } : {}),
});

/**
 * Open transactions by id: each waits in PGlite's `transaction` callback until the client ends it.
 * @type {Map<number, { tx: import('@electric-sql/pglite').Transaction, end: (commit: boolean) => void }>}
 */
const open = new Map();
let nextTx = 1;

/**
 * An error as plain data: PostgreSQL's fields (code, severity, detail, …) and its message. Only
 * plain values cross: PGlite's error also carries the query's options, whose parsers are
 * functions, and a value that cannot be cloned would lose the whole answer.
 */
function plain(/** @type {unknown} */ err) {
  if (!(err instanceof Error)) return { message: String(err) };
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [name, value] of Object.entries(err)) {
    const type = typeof value;
    if (value === null || type === 'string' || type === 'number' || type === 'boolean')
      fields[name] = value;
  }
  return { ...fields, name: err.name, message: err.message };
}

/**
 * @param {{ op: string, tx?: number, sql?: string, params?: unknown[], rowMode?: 'array' | 'object',
 *   rawDates?: boolean, commit?: boolean, compression?: 'none' | 'gzip' | 'auto' }} m
 */
async function handle(m) {
  const target = m.tx === undefined ? db : open.get(m.tx)?.tx;
  if (!target) throw new Error(`No open transaction ${m.tx}`);
  switch (m.op) {
    case 'query':
      return target.query(/** @type {string} */ (m.sql), m.params, {
        ...(m.rowMode ? { rowMode: m.rowMode } : {}),
        ...(m.rawDates ? { parsers: rawDateParsers } : {}),
      });
    case 'exec':
      return target.exec(/** @type {string} */ (m.sql));
    case 'begin':
      return begin();
    case 'end': {
      const entry = open.get(/** @type {number} */ (m.tx));
      open.delete(/** @type {number} */ (m.tx));
      entry?.end(Boolean(m.commit));
      return entry?.done;
    }
    case 'dump':
      return new Uint8Array(await (await db.dumpDataDir(m.compression ?? 'none')).arrayBuffer());
    case 'close':
      await db.close();
      return undefined;
    default:
      throw new Error(`Unknown operation ${m.op}`);
  }
}

/** Opens a transaction and answers its id once BEGIN has run. */
function begin() {
  const id = nextTx++;
  return new Promise((resolve, reject) => {
    /** @type {Promise<void>} */
    const done = db
      .transaction(
        (tx) =>
          new Promise((settle, abort) => {
            open.set(id, {
              tx,
              end: (commit) => (commit ? settle(undefined) : abort(new RollBack())),
              get done() {
                return done;
              },
            });
            resolve(id);
          }),
      )
      .then(
        () => undefined,
        (err) => {
          if (!(err instanceof RollBack)) throw err;
        },
      );
    done.catch(reject);
  });
}

class RollBack extends Error {}

/** Answers a request; an answer that cannot cross threads is answered as the error it is. */
function reply(/** @type {{ id: number, result?: unknown, error?: unknown }} */ answer) {
  try {
    // A dump's bytes move to the service's thread rather than being copied.
    const bytes = answer.result instanceof Uint8Array ? [answer.result.buffer] : [];
    port.postMessage(answer, bytes);
  } catch (err) {
    port.postMessage({ id: answer.id, error: plain(err) });
  }
}

port.on('message', (/** @type {{ id: number }} */ m) => {
  handle(/** @type {never} */ (m)).then(
    (result) => reply({ id: m.id, result }),
    (err) => reply({ id: m.id, error: plain(err) }),
  );
});
port.postMessage({ ready: true });
