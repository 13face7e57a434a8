import { sql } from 'drizzle-orm';
import type { Folder, FolderV1 } from '#contract/folders';
import type { WorkspaceFixture } from './fixtures';
import { rows } from './rows';
import type { TestService } from './test-service';

export interface ItemAnswer {
  success: boolean;
  id: string;
  message: string;
}

interface Envelope<D> {
  result: { status: string; message: string; data: D };
  error?: { status: string; message: string };
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
      svc.post<Envelope<Record<string, ItemAnswer>>>(
        '/v2/organizations/folders/add',
        {
          organizationId,
          createOrganization: true,
          folders: folders.map((f) => ({ folderName: `Folder ${f.folderId}`, ...f })),
          ...extra,
        },
        h,
      ),
    /** Add Folder with a body exactly as given. */
    addRaw: (data: unknown) =>
      svc.post<Envelope<Record<string, ItemAnswer>>>('/v2/organizations/folders/add', data, h),
    get: (data: unknown) => svc.post<Envelope<Folder[]>>('/v2/organizations/folders/get', data, h),
    getV1: (data: unknown) =>
      svc.post<Envelope<FolderV1[]>>('/v1/organizations/folders/get', data, h),
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
