import type { Writable } from 'node:stream';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from './db';
import * as schema from './schema/schema';
import type { Tx } from './transaction';

/**
 * Runs `statement` so that the transaction's COMMIT travels with it: the statement must be the
 * transaction's last. Without a pipelined connection it simply runs the statement.
 */
export type LastStatement = <R>(statement: () => Promise<R>) => Promise<R>;

/** Runs `work` in a transaction; `last` sends its final statement together with the COMMIT. */
export type WriteTransactions = <T>(
  work: (tx: Tx, last: LastStatement) => Promise<T>,
) => Promise<T>;

type Result = pg.QueryResult;

/**
 * Where a pipelined transaction (as its work sees it) keeps its connection's way in for statements
 * of fixed text sent past drizzle (`prepared.ts`'s `driverStatement`): no query object built per
 * call, no per-statement type-parser closures. Absent on any other database or transaction.
 */
export const directQuery = Symbol('directQuery');

/** Sends one statement on the transaction's connection, BEGIN and COMMIT held as for drizzle's. */
export type DirectQuery = (config: pg.QueryConfig, values: unknown[]) => Promise<Result>;

/**
 * Writes what `send` sends on `client` in one packet (pg writes each query on its own otherwise).
 * Exported for the benchmarks that measure a write's floor with the service's packets.
 */
export function corked<T>(client: pg.PoolClient, send: () => T): T {
  const { stream } = (client as unknown as { connection: { stream: Writable } }).connection;
  stream.cork();
  try {
    return send();
  } finally {
    stream.uncork();
  }
}

/**
 * One pooled connection (in pg's pipeline mode while it runs a transaction) as drizzle's client,
 * sending fewer packets than drizzle's own transactions: BEGIN is held back and written in one
 * packet with the transaction's first statement, and the statement marked last in one packet
 * with COMMIT. A write is then two round trips shorter; on this machine each costs both
 * processes a wake-up and PostgreSQL the reading of one more message.
 */
class TransactionWire {
  /** BEGIN was asked for and not yet sent. */
  private beginHeld = false;
  /** The next statement is the last: COMMIT goes with it. */
  private lastNext = false;
  /** The COMMIT sent with the last statement; the transaction ended with its answer. */
  private commitSent: Promise<Result> | undefined;

  constructor(private readonly client: pg.PoolClient) {}

  begin(): void {
    this.beginHeld = true;
    this.lastNext = false;
    this.commitSent = undefined;
  }

  /**
   * drizzle's way in: every statement of the transaction. Not an async function: a statement in
   * the middle of the transaction is answered with the driver's own promise, and one that travels
   * with BEGIN or COMMIT with one more at most (every promise costs each write a microtask and,
   * while AsyncLocalStorage is on, a hook call).
   */
  query(config: pg.QueryConfig, values?: unknown[]): Promise<Result> {
    if (this.commitSent) {
      return Promise.reject(new Error('A statement after the transaction’s last one.'));
    }
    const begin = this.beginHeld;
    const last = this.lastNext;
    this.beginHeld = false;
    this.lastNext = false;
    if (!begin && !last) return this.client.query(config, values);
    const [began, answer, committed] = corked(this.client, () => [
      begin ? this.client.query('begin') : undefined,
      this.client.query(config, values),
      last ? this.client.query('commit') : undefined,
    ]);
    if (committed) {
      this.commitSent = committed;
      // Read by `commit`; until then, a failure must not be an unhandled rejection.
      committed.catch(() => undefined);
    }
    return began ? afterBegin(began, answer) : answer;
  }

  /** Runs `statement`, whose one query is the transaction's last, with COMMIT in its packet. */
  async withCommit<R>(statement: () => Promise<R>): Promise<R> {
    this.lastNext = true;
    try {
      return await statement();
    } finally {
      this.lastNext = false;
    }
  }

  async commit(): Promise<void> {
    if (this.beginHeld) {
      this.beginHeld = false;
      return;
    }
    const sent = this.commitSent;
    this.commitSent = undefined;
    // PostgreSQL answers the COMMIT of a transaction that failed with ROLLBACK, not an error.
    const answer = await (sent ?? this.client.query('commit'));
    if (answer.command !== 'COMMIT') throw new Error('The transaction was rolled back.');
  }

  async rollback(): Promise<void> {
    const begun = !this.beginHeld;
    const sent = this.commitSent;
    this.beginHeld = false;
    this.commitSent = undefined;
    if (sent) {
      // The last statement failed, so PostgreSQL ended the transaction by answering the COMMIT
      // sent with it with ROLLBACK; had the COMMIT taken, the work failed after its last statement.
      const ended = await sent.then(
        (r) => r.command,
        () => 'ROLLBACK',
      );
      if (ended === 'COMMIT') throw new Error('The transaction committed before its work failed.');
      return;
    }
    if (begun) await this.client.query('rollback');
  }
}

/** The statement's answer, once the BEGIN sent before it in its packet succeeded. */
async function afterBegin(began: Promise<Result>, answer: Promise<Result>): Promise<Result> {
  try {
    await began;
  } catch (err) {
    answer.catch(() => undefined);
    throw err;
  }
  // Awaited: an async function that returns a promise pays one more promise and two microtasks.
  return await answer;
}

/** pg's types make `pipeline` read-only; the client reads it on each query, so it may change. */
const switchable = (client: pg.PoolClient) => client as unknown as { pipeline: boolean };

/**
 * Transactions on `pool` that send BEGIN with their first
 * statement and COMMIT with their last. Each pooled connection keeps its wire and a drizzle
 * instance over it (building one reads the whole schema); the work gets that instance as its
 * transaction, so no drizzle transaction object (which builds a query API per table) is made per
 * call. The work must not open nested transactions of its own (the ambient view joins them).
 */
export function pipelinedTransactions(pool: pg.Pool): WriteTransactions {
  const wires = new WeakMap<pg.PoolClient, { wire: TransactionWire; tx: Tx }>();
  return async (work) => {
    const client = await pool.connect();
    try {
      let known = wires.get(client);
      if (!known) {
        const wire = new TransactionWire(client);
        const db: Db = drizzle({ client: wire as unknown as pg.PoolClient, schema });
        const direct: DirectQuery = (config, values) => wire.query(config, values);
        // Configurable: the ambient view's proxies answer it bound, which a frozen property forbids.
        Object.defineProperty(db, directQuery, { value: direct, configurable: true });
        known = { wire, tx: db as unknown as Tx };
        wires.set(client, known);
      }
      const { wire, tx } = known;
      // Pipeline mode only for the transaction: single reads through the pool ran a fifth slower
      // on pipelined connections. The connection is idle here, and again when it ends (every
      // statement answered), which is when pg allows the switch.
      switchable(client).pipeline = true;
      wire.begin();
      let result;
      try {
        result = await work(tx, (statement) => wire.withCommit(statement));
      } catch (err) {
        await wire.rollback();
        throw err;
      }
      await wire.commit();
      return result;
    } finally {
      switchable(client).pipeline = false;
      // As drizzle's own transactions do: the pool drops a client whose connection failed.
      client.release();
    }
  };
}

/** Transactions on a database without a pipelined connection (the embedded one). */
export function plainTransactions(db: Db): WriteTransactions {
  return (work) => db.transaction((tx) => work(tx, (statement) => statement()));
}
