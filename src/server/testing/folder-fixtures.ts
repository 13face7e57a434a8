import { sql } from 'drizzle-orm';
import { rows } from './rows';
import type { TestService } from './test-service';

/** A folder of an Add Folder call, as tests write it. */
export interface FolderItem {
  folderId: string;
  folderName?: string;
  parentFolderId?: string;
  accessType?: string;
}

/**
 * An Add Folder request that creates the organization too, each folder named after its id unless
 * the test names it.
 */
export function addFolderBody(
  organizationId: string,
  folders: FolderItem[],
  extra: Record<string, unknown> = {},
) {
  return {
    organizationId,
    createOrganization: true,
    folders: folders.map((f) => ({ folderName: `Folder ${f.folderId}`, ...f })),
    ...extra,
  };
}

/** Rows an API key holds in the folder tables and organizations, to prove nothing was written. */
export async function storedCounts(svc: TestService, apiKeyId: string) {
  const [counts] = await rows<{ folders: number; closure: number; organizations: number }>(
    svc.database.db,
    sql`select
      (select count(*)::int from folders where api_key_id = ${apiKeyId}) as folders,
      (select count(*)::int from folder_closure where api_key_id = ${apiKeyId}) as closure,
      (select count(*)::int from organizations where api_key_id = ${apiKeyId}) as organizations`,
  );
  if (!counts) throw new Error('no counts');
  return counts;
}

/** The closure rows of one folder: its ancestors with their distances, nearest first. */
export async function closureOf(svc: TestService, apiKeyId: string, folderId: string) {
  return rows<{ ancestor: string; distance: number }>(
    svc.database.db,
    sql`select ancestor_id as ancestor, distance from folder_closure
      where api_key_id = ${apiKeyId} and descendant_id = ${folderId} order by distance`,
  );
}
