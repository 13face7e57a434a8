// What the benchmarks that measure the service through HTTP share: where its data lives (the
// embedded database in a temporary directory, or PostgreSQL with DATABASE_URL), how it is
// spawned, and a workspace's API-key credentials.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseTarget } from '#server/db/connection';
import { type ServiceProcess, freePort, spawnService } from '#server/testing/service-process';
import { credentialHeaders } from '#contract/credentials';
import { builtService, removeBuilds } from './built';

export interface BenchService {
  /** `PostgreSQL` or `embedded PGlite`, for the line above a table. */
  label: string;
  /** The database to load rows into directly, while the service is stopped. */
  target: DatabaseTarget;
  /**
   * Starts the service, compiled as `npm start` runs it (`built.ts`, once per bench), on the
   * bench's port and data; SERVICE_NODE_ARGS adds Node arguments, `extraEnv` settings of one run
   * (to compare two of them in alternating rounds).
   */
  spawn(extraEnv?: Record<string, string>): Promise<ServiceProcess>;
  /** Removes the temporary data directory and the build. */
  cleanup(): void;
}

export async function benchService(name: string): Promise<BenchService> {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), `svc-bench-${name}-`));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SVC_MASTER_KEY: '7'.repeat(64),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const port = await freePort();
  const nodeArgs = process.env.SERVICE_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  let built: string[] | undefined;
  return {
    label: databaseUrl ? 'PostgreSQL' : 'embedded PGlite',
    target: databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : { kind: 'pglite', dataDir: join(dataDir, 'pgdata') },
    spawn: (extraEnv = {}) =>
      spawnService({ ...env, ...extraEnv }, port, undefined, [
        ...nodeArgs,
        ...(built ??= builtService(process.cwd(), name)),
      ]),
    cleanup: () => {
      rmSync(dataDir, { recursive: true, force: true });
      removeBuilds();
    },
  };
}

export interface Success {
  result: Record<string, unknown> & { data: unknown };
}

/**
 * POSTs `{ data }`; answers the parsed body, its size and `ms`, the time from sending the request
 * to the answer's last byte (the client's own parsing of the JSON is not the service's latency),
 * and throws on any error answer.
 */
export async function post(
  url: string,
  path: string,
  data: unknown,
  headers: Record<string, string> = {},
): Promise<{ body: Success & Record<string, unknown>; characters: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return {
    body: JSON.parse(text) as Success & Record<string, unknown>,
    characters: text.length,
    ms,
  };
}

/** A new workspace's first API key and the headers that authenticate as it. */
export async function apiKeyOf(
  url: string,
  ownerEmail: string,
): Promise<{
  workspaceId: string;
  apiKey: string;
  headers: Record<string, string>;
  /** The workspace's own credentials (Get Workspace and the other workspace calls). */
  workspaceHeaders: Record<string, string>;
}> {
  const created = await post(url, '/v2/workspace/create', { ownerEmail });
  const ws = created.body.result.data as {
    id: string;
    authToken: string;
    apiKeyList: Record<string, unknown>;
  };
  const apiKey = Object.keys(ws.apiKeyList)[0] ?? '';
  const workspaceHeaders = {
    [credentialHeaders.workspaceId]: ws.id,
    [credentialHeaders.workspaceToken]: ws.authToken,
  };
  const tokens = await post(url, '/v2/workspace/authtokens/get', { apiKey }, workspaceHeaders);
  const { authTokens } = tokens.body.result.data as { authTokens: { token: string }[] };
  return {
    workspaceId: ws.id,
    apiKey,
    workspaceHeaders,
    headers: {
      [credentialHeaders.apiKey]: apiKey,
      [credentialHeaders.apiKeyToken]: authTokens[0]?.token ?? '',
    },
  };
}

/** The q-quantile of sorted numbers. */
export const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
