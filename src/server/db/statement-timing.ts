import type pg from 'pg';
import type { EmbeddedClient } from './embedded-client';

/** Told how long each statement took, in seconds, whatever sent it. */
export type StatementObserver = (seconds: number) => void;

type Method = (...args: unknown[]) => unknown;

/**
 * The observers of one database's statements. The timing wrappers stay on the connections; with
 * no observer they only pass calls through.
 */
export class StatementObservers {
  private readonly observers = new Set<StatementObserver>();

  add(observer: StatementObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** Calls `method` and reports its duration once its promise or callback settles. */
  timed(method: Method, self: unknown, args: unknown[]): unknown {
    if (this.observers.size === 0) return method.apply(self, args);
    const started = performance.now();
    const report = () => {
      const seconds = (performance.now() - started) / 1000;
      for (const observer of this.observers) observer(seconds);
    };
    const last = args.at(-1);
    if (typeof last === 'function') {
      // pg's callback form (its pool's own query uses it).
      const callback = last as Method;
      args[args.length - 1] = function (this: unknown, ...results: unknown[]) {
        report();
        return callback.apply(this, results);
      };
      return method.apply(self, args);
    }
    const result = method.apply(self, args);
    if (result instanceof Promise) result.then(report, report);
    return result;
  }

  /**
   * As `timed`, for a pg client's `query`: a statement asked for in pg's promise form is sent in
   * its callback form and answered with one promise made here. pg's promise form makes two per
   * statement (its own and a `catch` that mends the error's stack), and timing it a third.
   */
  timedDriver(method: Method, self: unknown, args: unknown[]): unknown {
    const config = args[0];
    const promiseForm =
      this.observers.size > 0 &&
      typeof args.at(-1) !== 'function' &&
      (typeof config === 'string' ||
        (typeof config === 'object' && config !== null && !isSubmittable(config)));
    if (!promiseForm) return this.timed(method, self, args);
    return new Promise((resolve, reject) => {
      this.timed(method, self, [
        ...args,
        (err: Error | null, answer: unknown) => {
          if (!err) return resolve(answer);
          // As pg's promise form does: a stack that leads back to the caller, not the socket.
          Error.captureStackTrace(err);
          reject(err);
        },
      ]);
    });
  }
}

/** A pg query object of its own (a cursor, a stream): it answers through itself, not a promise. */
function isSubmittable(config: object): boolean {
  return typeof (config as { submit?: unknown }).submit === 'function';
}

/**
 * Times a pg client's `query`, looking the method up on its prototype at each call, so that a
 * wrapper installed there later (a test's statement watch) still runs.
 */
function timeQuery(client: object, lookup: () => Method, observers: StatementObservers): void {
  Object.defineProperty(client, 'query', {
    configurable: true,
    writable: true,
    value(this: unknown, ...args: unknown[]) {
      return observers.timedDriver(lookup(), this, args);
    },
  });
}

/** Times every statement of each connection the pool opens. */
export function timePoolStatements(pool: pg.Pool, observers: StatementObservers): void {
  pool.on('connect', (client) => {
    const prototype = Object.getPrototypeOf(client) as { query: Method };
    timeQuery(client, () => prototype.query, observers);
  });
}

/** Times the embedded database's statements, inside transactions too. */
export function timeEmbeddedStatements(
  client: EmbeddedClient,
  observers: StatementObservers,
): void {
  for (const name of ['query', 'exec'] as const) {
    const original = client[name].bind(client) as Method;
    (client as unknown as Record<string, Method>)[name] = (...args: unknown[]) =>
      observers.timed(original, client, args);
  }
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) =>
      callback(
        new Proxy(tx, {
          get(target, property, receiver) {
            const value: unknown = Reflect.get(target, property, receiver);
            if ((property === 'query' || property === 'exec') && typeof value === 'function') {
              return (...args: unknown[]) => observers.timed(value as Method, target, args);
            }
            return value;
          },
        }),
      ),
    );
}
