import { Socket } from 'node:net';
import pg from 'pg';
import type { Database } from '../db/connection';
import type { EmbeddedClient, EmbeddedQueries } from '../db/embedded-client';

type Query = (...args: unknown[]) => unknown;

/** The text of a statement as pg's `query(config | text, …)` and PGlite's `query(text, …)` take it. */
function textOf(first: unknown): string {
  if (typeof first === 'string') return first;
  const text = (first as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : String(first);
}

/** Records a statement's text into `seen`. */
const textInto =
  (seen: string[]) =>
  (first: unknown): void => {
    seen.push(textOf(first));
  };

/** Replaces `owner[name]` with a version that first hands `record` its statement (first argument). */
function patch(owner: object, name: string, record: (first: unknown) => void): () => void {
  const target = owner as Record<string, Query>;
  const original = target[name];
  if (!original) throw new Error(`no ${name} to watch`);
  const hadOwn = Object.hasOwn(owner, name);
  target[name] = function (this: unknown, ...args: unknown[]) {
    record(args[0]);
    return original.apply(this, args);
  };
  return () => {
    if (hadOwn) target[name] = original;
    else Reflect.deleteProperty(target, name);
  };
}

/** A transaction whose statements are recorded too. */
function watchedTransaction(tx: EmbeddedQueries, seen: string[]): EmbeddedQueries {
  return new Proxy(tx, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if ((property === 'query' || property === 'exec') && typeof value === 'function') {
        return (...args: unknown[]) => {
          seen.push(textOf(args[0]));
          return (value as Query).apply(target, args);
        };
      }
      return value;
    },
  });
}

export interface StatementWatch {
  /** The statements sent since the last take, in order; the list starts again empty. */
  take(): string[];
  stop(): void;
}

/**
 * Records every statement the service sends to `database` from now on, whatever sends it (a
 * module's query, a write's transaction, a rate limit): on PostgreSQL every pg connection of
 * this process, on the embedded database this database's queries and transactions.
 */
export function watchStatements(database: Database): StatementWatch {
  const seen: string[] = [];
  const undo: (() => void)[] = [];
  if (database.kind === 'postgres') {
    undo.push(patch(pg.Client.prototype, 'query', textInto(seen)));
  } else {
    const client = (database.db as unknown as { $client: EmbeddedClient }).$client;
    undo.push(patch(client, 'query', textInto(seen)), patch(client, 'exec', textInto(seen)));
    const own = Object.getOwnPropertyDescriptor(client, 'transaction');
    const transaction = client.transaction.bind(client);
    client.transaction = (callback) => transaction((tx) => callback(watchedTransaction(tx, seen)));
    // The database's own wrapper (statement timing) comes back when the watch ends.
    undo.push(() => {
      if (own) Object.defineProperty(client, 'transaction', own);
      else delete (client as unknown as Record<string, unknown>).transaction;
    });
  }
  return {
    take: () => seen.splice(0, seen.length),
    stop: () => {
      for (const step of undo.reverse()) step();
    },
  };
}

export interface PacketWatch {
  /** The packets written to PostgreSQL since the last take; the count starts again at 0. */
  take(): number;
  stop(): void;
}

/**
 * Counts what the service writes to PostgreSQL's sockets, one write call at a time: statements
 * sent together (corked, or in pg's pipeline mode) go in one packet, one round trip. Sockets are
 * known by the pg connections that send a statement while the watch runs.
 */
export function watchPackets(): PacketWatch {
  const sockets = new WeakSet<object>();
  let packets = 0;
  const undo: (() => void)[] = [];
  const query = Reflect.get(pg.Client.prototype, 'query') as Query;
  pg.Client.prototype.query = function (
    this: { connection: { stream: object } },
    ...args: unknown[]
  ) {
    sockets.add(this.connection.stream);
    return query.apply(this, args);
  } as unknown as typeof pg.Client.prototype.query;
  undo.push(() => {
    pg.Client.prototype.query = query as unknown as typeof pg.Client.prototype.query;
  });
  const socket = Socket.prototype as unknown as Record<'_write' | '_writev', Query>;
  for (const name of ['_write', '_writev'] as const) {
    const own = socket[name];
    socket[name] = function (this: object, ...args: unknown[]) {
      if (sockets.has(this)) packets += 1;
      return own.apply(this, args);
    };
    undo.push(() => {
      socket[name] = own;
    });
  }
  return {
    take: () => {
      const taken = packets;
      packets = 0;
      return taken;
    },
    stop: () => {
      for (const step of undo.reverse()) step();
    },
  };
}

/** A statement pg sent: its text, and its name when it runs as a named prepared statement. */
export interface SentStatement {
  text: string;
  name: string | undefined;
}

/**
 * Records the text and name of every statement this process's pg connections send from now on
 * (PostgreSQL only: the embedded database has no named statements).
 */
export function watchNamedStatements(): {
  take(): SentStatement[];
  stop(): void;
} {
  const seen: SentStatement[] = [];
  const stop = patch(pg.Client.prototype, 'query', (first) => {
    const name = (first as { name?: unknown } | null)?.name;
    seen.push({ text: textOf(first), name: typeof name === 'string' ? name : undefined });
  });
  return { take: () => seen.splice(0, seen.length), stop };
}
