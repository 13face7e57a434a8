import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './db';
import type { LastStatement, WriteTransactions } from './pipelined-transaction';
import type { Tx } from './transaction';

interface Ambient {
  tx: Tx;
  /** `tx` as the modules see it. */
  joined: Tx;
  /** What waits for the commit: wakes of background consumers that must find the work. */
  afterCommit: (() => void)[];
}

const ambient = new AsyncLocalStorage<Ambient>();

/**
 * The ambient transactions begun and not yet ended. On Node 20 an AsyncLocalStorage that has been
 * run keeps async_hooks' promise hooks on, so that every promise of the process, a read's too,
 * runs an init hook (about 3 µs of a 50 µs read); `disable()` turns them off again once no
 * instance is enabled, and the next `run` turns them on. So the storage is enabled only while a
 * write call is under way: a promise made while none is sees no transaction, which is what it
 * would see anyway.
 */
let underWay = 0;

/**
 * The call's transaction as a module's own `transaction(work)` sees it: `work` runs in it
 * directly, without a savepoint (two round trips fewer per write). A module's transaction that
 * fails fails the call, which rolls it all back; an explicit rollback has no savepoint to return
 * to, so it is refused (only dry runs use one, and they never run in a write's transaction).
 */
function joined(tx: Tx): Tx {
  return new Proxy(tx, {
    get(target, property) {
      if (property === 'rollback') {
        return () => {
          throw new Error('A rollback inside a write call’s transaction is not supported.');
        };
      }
      if (property === 'transaction') {
        return <T>(work: (inner: Tx) => Promise<T>) => work(joined(target));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/**
 * The database as the modules see it: inside `inAmbientTransaction` every query, and every
 * `transaction` (joined, see `joined`), runs in that call's transaction; elsewhere it is the
 * database itself. This is how a write call's own statements and its audit entry commit or roll
 * back together without every store function taking the transaction as a parameter.
 */
export function ambientDb(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      const store = ambient.getStore();
      if (store) return Reflect.get(store.joined, property, store.joined) as unknown;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

/**
 * Runs `work` in one transaction of `transactions` (on the database itself, not `ambientDb`'s
 * view) that every query through `ambientDb` joins; then, once it committed, what `afterCommit`
 * deferred.
 */
export async function inAmbientTransaction<T>(
  transactions: WriteTransactions,
  work: (tx: Tx, last: LastStatement) => Promise<T>,
): Promise<T> {
  const deferred: (() => void)[] = [];
  underWay++;
  let result: T;
  try {
    result = await transactions((tx, last) =>
      ambient.run({ tx, joined: joined(tx), afterCommit: deferred }, () => work(tx, last)),
    );
  } finally {
    // Only when none is under way: disabling hides every transaction's store, also one whose
    // work is still running (its statements would then escape it).
    if (--underWay === 0) ambient.disable();
  }
  // Outside the transaction's context, so that what they start runs on the database itself.
  ambient.exit(() => {
    for (const fn of deferred) fn();
  });
  return result;
}

/** Runs `fn` now, or after the ambient transaction commits (never, if it rolls back). */
export function afterCommit(fn: () => void): void {
  const store = ambient.getStore();
  if (store) store.afterCommit.push(fn);
  else fn();
}

/** Runs `fn` outside any ambient transaction: work that must not join the caller's. */
export function outsideAmbientTransaction<T>(fn: () => T): T {
  return ambient.exit(fn);
}
