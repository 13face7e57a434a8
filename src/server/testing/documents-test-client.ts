import { sql } from 'drizzle-orm';
import {
  addDocuments,
  type Document,
  getDocuments,
  migrateDocuments,
  migrateDocumentsStatus,
  type Migration,
} from '#contract/documents';
import type { Db } from '../db/db';
import type { WorkspaceFixture } from './fixtures';
import type { Reply, TestService } from './test-service';
import { addCommentAnnotations } from '#contract/activities';
import { addReactions } from '#contract/reactions';
import { addRecordings } from '#contract/recordings';
import { addNotifications } from '#contract/notifications';

export const documentPaths = {
  add: addDocuments.path,
  get: getDocuments.path,
  migrate: migrateDocuments.path,
  status: migrateDocumentsStatus.path,
  addComments: addCommentAnnotations.path,
  addReactions: addReactions.path,
  addRecordings: addRecordings.path,
  addNotification: addNotifications.path,
} as const;

export interface ItemResult {
  success: boolean;
  id: string;
  message: string;
}
type Envelope<T, Extra = object> = { result: { status: string; message: string; data: T } & Extra };
export type ErrorBody = { error: { status: string; message: string } };

/** The documents endpoints of one API key, answering the raw reply. */
export function documentsOf(svc: TestService, fx: WorkspaceFixture) {
  const post = <T>(path: string, data: unknown) =>
    svc.post<T & Partial<ErrorBody>>(path, data, fx.apiKeyHeaders);
  return {
    add: (data: unknown) => post<Envelope<Record<string, ItemResult>>>(documentPaths.add, data),
    get: (data: unknown) =>
      post<Envelope<Document[], { pageToken?: string | null }>>(documentPaths.get, data),
    migrate: (data: unknown) =>
      post<Envelope<{ migrationId: string }>>(documentPaths.migrate, data),
    status: (data: unknown) => post<Envelope<Migration>>(documentPaths.status, data),
  };
}

/** The body of a 200 reply, or a failure that shows what came instead. */
export function ok<T>(reply: Reply<{ result?: { data: T } } & Partial<ErrorBody>>): T {
  if (reply.status !== 200 || !reply.body.result) {
    throw new Error(`expected 200, got ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  return reply.body.result.data;
}

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
