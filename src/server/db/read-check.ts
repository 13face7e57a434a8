import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { corked } from './pipelined-transaction';
import { nameOf } from './prepared';

/*
 * A read admitted on a credential this process remembers, with the credential's statement sent
 * in the same packet as the read's first statement, so that the check costs no round trip of its
 * own and still sees the database as it is (decision: "credentials checked in the read's round
 * trip"). Another process may have reset the token, removed the member or changed their role a
 * moment ago: the statement's answer is compared with what the process remembered, and the read's
 * answer is used only when they agree; otherwise the request runs again, reading the credential
 * first (`CheckFailed`).
 */

/** The credential's statement, and whether its answer is what the request was admitted on. */
export interface CredentialCheck {
  text: string;
  params: unknown[];
  /** True when the rows answered admit the request as the remembered credential did. */
  holds(rows: unknown[]): boolean;
  /** Told when the rows do not hold: forget what was remembered. */
  forget(): void;
}

/** A remembered credential no longer holds: the request must run again, reading it first. */
export class CheckFailed extends Error {
  constructor() {
    super('A remembered credential changed in the database; the request runs again.');
  }
}

/** One request's check: waiting to travel with the read's first statement, then its verdict. */
class PendingChecks {
  waiting: CredentialCheck[] = [];
  failed = false;
  /** The checks sent and not yet answered. */
  readonly answers: Promise<void>[] = [];

  take(): CredentialCheck[] {
    return this.waiting.splice(0, this.waiting.length);
  }
}

const current = new AsyncLocalStorage<PendingChecks>();

function queryOf(check: CredentialCheck): pg.QueryConfig {
  return { name: nameOf(check.text), text: check.text, values: check.params };
}

/**
 * Whether the request under way may be admitted on a remembered credential (with `carry`): only
 * inside `checkedRead`, a read that sends its statements through the pool.
 */
export function checkingReads(): boolean {
  return current.getStore() !== undefined;
}

/** Sends `check` with the read's first statement (or, failing one, before the answer). */
export function carry(check: CredentialCheck): void {
  const pending = current.getStore();
  if (!pending) throw new Error('A credential check outside a checked read.');
  pending.waiting.push(check);
}

function verdict(pending: PendingChecks, checks: CredentialCheck[], rowsOf: unknown[][]): void {
  checks.forEach((check, i) => {
    if (!check.holds(rowsOf[i] ?? [])) {
      check.forget();
      pending.failed = true;
    }
  });
}

/**
 * A request's checked part: `work` runs with its credential checks carried by its first
 * statement through the pool. Answers `work`'s result once every check has answered and held;
 * throws `CheckFailed` when one did not (whatever `work` made of it).
 */
export class CheckedRead {
  private readonly pending = new PendingChecks();

  constructor(private readonly pool: pg.Pool) {}

  /** Runs `work` with the credential checks it registers carried by its statements. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return current.run(this.pending, work);
  }

  /**
   * Sends the checks no statement carried (a read answered from memory, or through a
   * transaction), waits for every answer, and throws `CheckFailed` when one did not hold.
   */
  async settle(): Promise<void> {
    const pending = this.pending;
    const checks = pending.take();
    if (checks.length > 0) {
      const client = await this.pool.connect();
      try {
        const rows = await Promise.all(
          corked(client, () => checks.map((c) => client.query(queryOf(c)))),
        );
        verdict(
          pending,
          checks,
          rows.map((r): unknown[] => r.rows),
        );
      } finally {
        client.release();
      }
    }
    await Promise.all(pending.answers);
    if (pending.failed) throw new CheckFailed();
  }
}

type PoolQuery = (config: pg.QueryConfig | string, values?: unknown[]) => Promise<pg.QueryResult>;

/**
 * Makes `pool.query` carry the checks of the request under way: its statement goes in one packet
 * with them, on one connection in pg's pipeline mode, and its answer is handed over only once the
 * checks held (else it throws `CheckFailed`). Without checks waiting it is pg's own.
 */
export function carryChecks(pool: pg.Pool): void {
  const own = pool.query.bind(pool) as unknown as (...args: unknown[]) => unknown;
  const carrying: PoolQuery = async (config, values) => {
    const pending = current.getStore();
    const checks = pending?.take() ?? [];
    if (!pending || checks.length === 0) {
      return (await own(config, values)) as pg.QueryResult;
    }
    const client = await pool.connect();
    const switchable = client as unknown as { pipeline: boolean };
    switchable.pipeline = true;
    const [answers, statement] = corked(client, () => [
      Promise.all(checks.map((c) => client.query(queryOf(c)))),
      client.query(config, values),
    ]);
    const checked = answers.then((rows) =>
      verdict(
        pending,
        checks,
        rows.map((r): unknown[] => r.rows),
      ),
    );
    pending.answers.push(checked);
    // Both answered before the connection goes back (pipeline mode off, released).
    const [check, read] = await Promise.allSettled([checked, statement]);
    switchable.pipeline = false;
    const failure = [check, read].find((r) => r.status === 'rejected');
    const reason: unknown = failure?.reason;
    // An error PostgreSQL answered leaves the connection usable; any other may have broken it.
    client.release(
      failure && !(reason instanceof Object && 'severity' in reason)
        ? (reason as Error)
        : undefined,
    );
    if (check.status === 'rejected') throw check.reason;
    if (pending.failed) throw new CheckFailed();
    if (read.status === 'rejected') throw read.reason;
    return read.value;
  };
  (pool as unknown as { query: unknown }).query = (
    config: pg.QueryConfig | string,
    values?: unknown[] | ((...args: unknown[]) => void),
    callback?: (...args: unknown[]) => void,
  ) => {
    // pg's callback form (nothing of the service's uses it with checks waiting).
    if (typeof values === 'function' || typeof callback === 'function') {
      return own(config, values, callback);
    }
    return carrying(config, values);
  };
}

/** Starts a request's checked read: on PostgreSQL `Database.checkedRead`. */
export type StartCheckedRead = () => CheckedRead;

/**
 * Runs `work` (a read: admitting the caller, then answering) as a checked read when `start` is
 * given; when a check did not hold, runs it again unchecked, reading every credential first. A
 * failure of `work` stands only once its checks held: an answer of a caller who was no longer
 * admitted is never given, not even an error.
 */
export async function checkedOrAgain<T>(
  start: StartCheckedRead | undefined,
  work: (checked: CheckedRead | undefined) => Promise<T>,
): Promise<T> {
  const checked = start?.();
  if (!checked) return work(undefined);
  try {
    const answer = await work(checked);
    await checked.settle();
    return answer;
  } catch (err) {
    const again =
      err instanceof CheckFailed ||
      (await checked.settle().then(
        () => false,
        (e: unknown) => e instanceof CheckFailed,
      ));
    if (again) return work(undefined);
    throw err;
  }
}
