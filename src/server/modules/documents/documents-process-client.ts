import { setTimeout as sleep } from 'node:timers/promises';
import type { Migration } from '#contract/documents';
import { documentPaths } from '../../testing/documents-test-client';

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

/** A statement runner of either driver: `pg`'s Client or PGlite, for data written straight in. */
export type Query = (statement: string, params: unknown[]) => Promise<unknown>;

/**
 * Users `u-1` … `u-<count>` of organization `org-1`, written straight into the table (the users
 * module is another area's), for tests that give documents many users.
 */
export async function insertOrganizationUsers(
  query: Query,
  apiKeyId: string,
  count: number,
): Promise<void> {
  await query(
    `insert into organization_users (api_key_id, organization_id, user_id, name, email,
       organization_level, created_at, updated_at)
     select $1, 'org-1', 'u-' || n, 'User ' || n, 'u' || n || '@example.com', false, now(), now()
     from generate_series(1, $2::int) as n`,
    [apiKeyId, count],
  );
}
