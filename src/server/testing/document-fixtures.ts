import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Client } from '#contract/client';
import { type Migration, migrateDocumentsStatus } from '#contract/documents';
import type { Db } from '../db/db';

/** Documents named `prefix-00000` …, so that every collation orders them as JavaScript does. */
export function documentBatch(prefix: string, from: number, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const id = `${prefix}-${String(from + i).padStart(5, '0')}`;
    return { documentId: id, documentName: `Name of ${id}` };
  });
}

/**
 * A folder written straight into the table: the folders module is another area's, and a test of
 * documents needs only the row (a top-level folder with the given access type).
 */
export async function insertFolder(
  db: Db,
  apiKeyId: string,
  organizationId: string,
  folderId: string,
  accessType = 'restricted',
): Promise<void> {
  await db.execute(sql`
    insert into folders (api_key_id, organization_id, folder_id, folder_name, parent_folder_id,
      ancestors, depth, access_type, inherit_access_from_parent, created_at, updated_at)
    values (${apiKeyId}, ${organizationId}, ${folderId}, ${folderId}, 'root', array['root'], 1,
      ${accessType}, false, now(), now())`);
}

/** An organization written straight into the table (Add Organizations is another area's). */
export async function insertOrganization(
  db: Db,
  apiKeyId: string,
  organizationId: string,
): Promise<void> {
  await db.execute(sql`
    insert into organizations (api_key_id, organization_id, organization_name, created_at,
      updated_at)
    values (${apiKeyId}, ${organizationId}, ${organizationId}, now(), now())`);
}

/**
 * Users with access to a document, written straight into the tables (the users module is another
 * area's): one organization user and one document membership per user id.
 */
export async function insertDocumentUsers(
  db: Db,
  apiKeyId: string,
  organizationId: string,
  documentId: string,
  userIds: readonly string[],
): Promise<void> {
  const ids = JSON.stringify(userIds);
  await db.execute(sql`
    insert into organization_users (api_key_id, organization_id, user_id, name, email,
      organization_level, created_at, updated_at)
    select ${apiKeyId}, ${organizationId}, u, u, u || '@example.com', false, now(), now()
    from jsonb_array_elements_text(${ids}::jsonb) as u
    on conflict do nothing`);
  await db.execute(sql`
    insert into document_users (api_key_id, organization_id, document_id, user_id, created_at)
    select ${apiKeyId}, ${organizationId}, ${documentId}, u, now()
    from jsonb_array_elements_text(${ids}::jsonb) as u`);
}

/**
 * Polls Migrate Documents Status through the client (of a service in this process or another)
 * until the migration has ended, or fails after `timeoutMs`.
 */
export async function waitForMigration(
  client: Pick<Client, 'call'>,
  organizationId: string,
  migrationId: string,
  timeoutMs = 60_000,
): Promise<Migration> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { data: migration } = await client.call(migrateDocumentsStatus, {
      organizationId,
      migrationId,
    });
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

/**
 * Gives every document of organization `org-1` the users `u-1` … `u-<count>`, written straight in
 * (see insertOrganizationUsers), so that moving a document takes a moment.
 */
export async function insertUsersOfEveryDocument(
  query: Query,
  apiKeyId: string,
  count: number,
): Promise<void> {
  await insertOrganizationUsers(query, apiKeyId, count);
  await query(
    `insert into document_users (api_key_id, organization_id, document_id, user_id, created_at)
     select $1, 'org-1', d.document_id, 'u-' || n, now()
     from documents d, generate_series(1, $2::int) as n
     where d.api_key_id = $1 and d.organization_id = 'org-1'`,
    [apiKeyId, count],
  );
}
