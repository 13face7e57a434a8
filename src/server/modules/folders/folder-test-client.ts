import { sql } from 'drizzle-orm';
import { addFolder, getFolders, getFoldersV1 } from '../../../contract/folders';
import type { WorkspaceFixture } from '../../testing/fixtures';
import { rows } from '../../testing/rows';
import type { TestService } from '../../testing/test-service';

export interface ItemAnswer {
  success: boolean;
  id: string;
  message: string;
}

/** A folder of an Add Folder call, as tests write it. */
export interface FolderItem {
  folderId: string;
  folderName?: string;
  parentFolderId?: string;
  accessType?: string;
}

/** The folder endpoints through HTTP, with one API key's credentials. */
export function foldersApi(svc: TestService, fx: WorkspaceFixture) {
  const h = fx.apiKeyHeaders;
  return {
    add: (organizationId: string, folders: FolderItem[], extra: Record<string, unknown> = {}) =>
      svc.send(
        addFolder,
        {
          organizationId,
          createOrganization: true,
          folders: folders.map((f) => ({ folderName: `Folder ${f.folderId}`, ...f })),
          ...extra,
        },
        { headers: h },
      ),
    /** Add Folder with a body exactly as given. */
    addRaw: (data: unknown) => svc.send(addFolder, data, { headers: h }),
    get: (data: unknown) => svc.send(getFolders, data, { headers: h }),
    getV1: (data: unknown) => svc.send(getFoldersV1, data, { headers: h }),
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
