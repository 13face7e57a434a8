import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type Client, createClient, type Reply } from '#contract/client';
import { parseJson } from '#contract/client-call';
import { type Credentials, sourceOf } from '#contract/credentials';
import { type AppOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config/config';
import type { Database } from '../db/connection';
import type { Clock } from '../clock';
import { openTestDatabase } from './test-database';

export type { Reply };

export interface TestService {
  url: string;
  app: FastifyInstance;
  database: Database;
  /** Every log line the service wrote, to scan for leaked secrets. */
  logs: string[];
  /**
   * The contract's client on this service, presenting the credentials given (none by default);
   * a workspace fixture has one with its own.
   */
  client(credentials?: readonly Credentials[]): Client;
  /** A public endpoint's (or, with `options.credentials`, any endpoint's) raw reply. */
  send: Client['send'];
  /** A public endpoint's (or, with `options.credentials`, any endpoint's) unwrapped answer. */
  call: Client['call'];
  /**
   * A POST of `{ data }` with exactly these headers, for requests the client would not send
   * (missing, wrong or hand-written credentials); a path should come from its endpoint.
   */
  post<T = Record<string, unknown>>(
    path: string,
    data?: unknown,
    headers?: Record<string, string>,
  ): Promise<Reply<T>>;
  /** A raw request, for bodies and methods that `post` would not send. */
  fetch(path: string, init?: RequestInit): Promise<Reply<Record<string, unknown>>>;
  /** Restart the HTTP service on the same database, e.g. with another clock or config. */
  close(): Promise<void>;
}

export interface TestServiceOptions {
  env?: Record<string, string>;
  clock?: Clock;
  database?: Database;
  /** E.g. `{ background: false }` to drive webhook delivery with `app.webhookWorker.runOnce()`. */
  webhookWorker?: AppOptions['webhookWorker'];
  /** E.g. `{ background: false }` to drive durable jobs with `app.jobRunner.runOnce()`. */
  jobRunner?: AppOptions['jobRunner'];
}

/**
 * A service whose database no background worker polls: what a test counts (statements, packets,
 * promises) is its own requests' doing. Drive the workers with `runOnce()` where needed.
 */
export const withoutBackgroundWork = {
  webhookWorker: { background: false },
  jobRunner: { background: false },
} as const satisfies TestServiceOptions;

async function readReply<T>(res: Response): Promise<Reply<T>> {
  const text = await res.text();
  const body = parseJson(text);
  // Not JSON: the test sees the raw text, as the contract client's send shows it.
  return {
    status: res.status,
    body: (body === undefined ? text : body) as T,
    headers: res.headers,
  };
}

/**
 * One master key per database, so that a test restarting the service on a database it shares
 * opens what the last service sealed (a database holding secrets under a key the service does
 * not hold refuses to start, as `keys/open-secrets.ts` says).
 */
const masterKeys = new WeakMap<Database, string>();

function masterKeyOf(database: Database | undefined): string {
  const known = database && masterKeys.get(database);
  if (known) return known;
  const key = randomBytes(32).toString('base64');
  if (database) masterKeys.set(database, key);
  return key;
}

/**
 * The real service on a loopback port and a fresh database, for tests that go through HTTP. Rate
 * limits and the retention job are off unless the test's env turns them on.
 */
export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-test-'));
  const ownsDatabase = !options.database;
  const database = options.database ?? (await openTestDatabase());
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    SVC_MASTER_KEY: masterKeyOf(database),
    CONSOLE_DIR: '',
    RATE_LIMITS: 'off',
    // A run at start would add a job to every test's tables and runner passes.
    RETENTION_EVERY_MINUTES: '0',
    // Closed at the end of each test: work under way gives up at once.
    SHUTDOWN_GRACE_MS: '0',
    LOG_LEVEL: 'info',
    ...options.env,
  });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp(config, {
    database,
    checkResponses: true,
    logStream,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.webhookWorker ? { webhookWorker: options.webhookWorker } : {}),
    ...(options.jobRunner ? { jobRunner: options.jobRunner } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;

  const client = (credentials: readonly Credentials[] = []) =>
    createClient({ baseUrl: url, credentials: sourceOf(credentials), name: 'test' });
  const anonymous = client();
  return {
    url,
    app,
    database,
    logs,
    client,
    send: anonymous.send,
    call: anonymous.call,
    async post<T>(path: string, data?: unknown, headers: Record<string, string> = {}) {
      const res = await fetch(url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(data === undefined ? {} : { data }),
      });
      return readReply<T>(res);
    },
    async fetch(path, init) {
      return readReply(await fetch(url + path, init));
    },
    async close() {
      await app.close();
      if (ownsDatabase) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
