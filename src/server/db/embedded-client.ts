import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';

/** What the service asks of the embedded database: PGlite's query API, as drizzle uses it. */
export interface EmbeddedQueries {
  query<T>(
    sql: string,
    params?: unknown[],
    options?: { rowMode?: 'array' | 'object'; parsers?: object },
  ): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

export interface EmbeddedClient extends EmbeddedQueries {
  transaction<T>(callback: (tx: EmbeddedQueries) => Promise<T>): Promise<T>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
  close(): Promise<void>;
}

interface Request {
  op: 'query' | 'exec' | 'begin' | 'end' | 'dump' | 'close';
  tx?: number;
  sql?: string;
  params?: unknown[];
  rowMode?: 'array' | 'object';
  rawDates?: boolean;
  commit?: boolean;
  compression?: 'none' | 'gzip' | 'auto';
}

type Reply = {
  id: number;
  result?: unknown;
  error?: Record<string, unknown> & { message: string };
};

/** A PostgreSQL error from the database's thread, with its fields (code, severity, detail…). */
function revive(error: Reply['error'] & object): Error {
  const { message, name, ...fields } = error;
  const err = new Error(message);
  if (typeof name === 'string') err.name = name;
  return Object.assign(err, fields);
}

/**
 * Starts the embedded database on a thread of its own and answers a client for it. PGlite runs
 * PostgreSQL compiled to WebAssembly on whichever thread calls it; on the service's own thread a
 * heavy statement stalled every request, `/healthz` included (issue 33). Statements and
 * transactions keep PGlite's semantics: the worker calls the same API the service called.
 */
export async function startEmbeddedDatabase(options: {
  dataDir?: string;
  template?: Blob;
}): Promise<EmbeddedClient> {
  const template = options.template
    ? new Uint8Array(await options.template.arrayBuffer())
    : undefined;
  const worker = new Worker(new URL('./embedded-worker.mjs', import.meta.url), {
    workerData: { dataDir: options.dataDir, template },
    transferList: template ? [template.buffer] : [],
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let failure: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: Reply | { ready: true }) => {
      if ('ready' in message) return resolve();
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiting?.reject(revive(message.error));
      else waiting?.resolve(message.result);
    });
    const fail = (err: Error) => {
      failure = err;
      reject(err);
      for (const waiting of pending.values()) waiting.reject(err);
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The embedded database stopped (exit ${code}).`)));
  });
  await ready;

  const call = <T>(request: Request): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, ...request });
    });
  };

  const queriesOf = (tx?: number): EmbeddedQueries => ({
    query: (sql, params, config) =>
      call({
        op: 'query',
        tx,
        sql,
        params,
        rowMode: config?.rowMode,
        rawDates: config?.parsers !== undefined,
      }),
    exec: (sql) => call({ op: 'exec', tx, sql }),
  });

  return {
    ...queriesOf(),
    async transaction(callback) {
      const tx = await call<number>({ op: 'begin' });
      let answer;
      try {
        answer = await callback(queriesOf(tx));
      } catch (err) {
        await call({ op: 'end', tx, commit: false });
        throw err;
      }
      await call({ op: 'end', tx, commit: true });
      return answer;
    },
    async dumpDataDir(compression = 'none') {
      const bytes = await call<Uint8Array<ArrayBuffer>>({ op: 'dump', compression });
      return new Blob([bytes]);
    },
    async close() {
      if (!failure) await call({ op: 'close' });
      await worker.terminate();
    },
  };
}
