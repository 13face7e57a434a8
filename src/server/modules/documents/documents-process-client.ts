import { setTimeout as sleep } from 'node:timers/promises';
import type { Migration } from '../../../contract/documents';
import { documentPaths } from './documents-test-client';

/** What the documents endpoints of a service process answer, for process tests. */
export async function postData<T>(
  url: string,
  path: string,
  data: unknown,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<T> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
    ...(signal ? { signal } : {}),
  });
  const body = (await res.json()) as { result?: { data: T } };
  if (res.status !== 200 || !body.result) {
    throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return body.result.data;
}

export async function startMigration(
  url: string,
  headers: Record<string, string>,
  request: { organizationId: string; documentId: string; newDocumentId: string },
): Promise<string> {
  const started = await postData<{ migrationId: string }>(
    url,
    documentPaths.migrate,
    request,
    headers,
  );
  return started.migrationId;
}

export function readMigration(
  url: string,
  headers: Record<string, string>,
  organizationId: string,
  migrationId: string,
  signal?: AbortSignal,
): Promise<Migration> {
  return postData<Migration>(
    url,
    documentPaths.status,
    { organizationId, migrationId },
    headers,
    signal,
  );
}

/** Polls Migrate Documents Status until the migration has ended, or fails after `timeoutMs`. */
export async function waitForMigration(
  url: string,
  headers: Record<string, string>,
  organizationId: string,
  migrationId: string,
  timeoutMs = 60_000,
): Promise<Migration> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const migration = await readMigration(url, headers, organizationId, migrationId);
    if (migration.status === 'completed' || migration.status === 'failed') return migration;
    if (Date.now() > deadline) throw new Error(`migration not done: ${JSON.stringify(migration)}`);
    await sleep(50);
  }
}
