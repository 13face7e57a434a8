import type { z } from 'zod';
import {
  type Folder,
  type FolderV1,
  MAX_FOLDERS_ANSWERED,
  ROOT_FOLDER,
  type getFoldersRequest,
  type getFoldersV1Request,
} from '#contract/folders';
import { organizationExists } from '../../rows/organization-store';
import { type DbOrTx, yieldToEventLoop } from '../../db/transaction';
import { type ServiceError, invalidArgument } from '../../http/service-error';
import { unknownFolder, unknownOrganization } from '../../http/unknown-ids';
import type { Services } from '../../services';
import { folderV1, folderV2, nestFolders, nestTopLevel } from './folder-wire';
import {
  type FolderRow,
  childrenQuery,
  findFolder,
  flatListQuery,
  foldersByIdQuery,
  subtreeQuery,
} from './store';

/** Folders per read of the flat listing: each read a short index range. */
export const FLAT_LIST_CHUNK = 1000;

async function missingFolder(
  db: DbOrTx,
  apiKeyId: string,
  organizationId: string,
  folderId: string,
): Promise<ServiceError> {
  return (await organizationExists(db, apiKeyId, organizationId))
    ? unknownFolder(organizationId, folderId)
    : unknownOrganization(organizationId);
}

/**
 * Every folder of the organization in folderId order, read in keyset chunks of FLAT_LIST_CHUNK
 * (the event loop serves other requests between them) and mapped as they come, up to
 * MAX_FOLDERS_ANSWERED. The chunks are separate reads: a folder added meanwhile may or may not
 * appear, none appears twice.
 */
async function allFolders<T>(
  s: Services,
  apiKeyId: string,
  organizationId: string,
  map: (row: FolderRow) => T,
): Promise<T[]> {
  const answer: T[] = [];
  let after: string | undefined;
  for (;;) {
    const chunk = await flatListQuery(s.db, apiKeyId, organizationId, after, FLAT_LIST_CHUNK);
    if (answer.length + chunk.length > MAX_FOLDERS_ANSWERED) {
      throw invalidArgument(
        `Organization ${organizationId} has more than ${MAX_FOLDERS_ANSWERED} folders: ` +
          'read them a subtree at a time with folderId.',
      );
    }
    for (const row of chunk) answer.push(map(row));
    const last = chunk.at(-1);
    if (chunk.length < FLAT_LIST_CHUNK || !last) break;
    after = last.folderId;
    await yieldToEventLoop();
  }
  if (answer.length === 0 && !(await organizationExists(s.db, apiKeyId, organizationId))) {
    throw unknownOrganization(organizationId);
  }
  return answer;
}

/** The folder's descendants `depth` levels deep, through the closure table. */
async function subtree(s: Services, apiKeyId: string, top: FolderRow, depth: number) {
  const { organizationId, folderId } = top;
  const rows = await subtreeQuery(
    s.db,
    apiKeyId,
    organizationId,
    [folderId],
    depth,
    MAX_FOLDERS_ANSWERED + 1,
  );
  return withinAnswerLimit(rows, folderId, depth);
}

/**
 * Extension: `folderId: root` answers the top-level folders with their subfolders nested
 * `depth - 1` levels, as a folder's answer nests its own, so that a caller can walk a large tree
 * from the top a few levels at a time instead of reading the whole organization.
 */
async function topLevel(s: Services, apiKeyId: string, organizationId: string, depth: number) {
  const tops = await childrenQuery(
    s.db,
    apiKeyId,
    organizationId,
    ROOT_FOLDER,
    MAX_FOLDERS_ANSWERED + 1,
  );
  if (tops.length === 0 && !(await organizationExists(s.db, apiKeyId, organizationId))) {
    throw unknownOrganization(organizationId);
  }
  withinAnswerLimit(tops, ROOT_FOLDER, depth);
  if (depth === 1 || tops.length === 0) return nestTopLevel(tops, []);
  const below = await subtreeQuery(
    s.db,
    apiKeyId,
    organizationId,
    tops.map((top) => top.folderId),
    depth - 1,
    MAX_FOLDERS_ANSWERED - tops.length + 1,
  );
  withinAnswerLimit([...tops, ...below], ROOT_FOLDER, depth);
  return nestTopLevel(tops, below);
}

/** The folder's immediate children, through the parent index. */
async function children(s: Services, apiKeyId: string, top: FolderRow) {
  const { organizationId, folderId } = top;
  const rows = await childrenQuery(
    s.db,
    apiKeyId,
    organizationId,
    folderId,
    MAX_FOLDERS_ANSWERED + 1,
  );
  return withinAnswerLimit(rows, folderId, 1);
}

function withinAnswerLimit(rows: FolderRow[], folderId: string, depth: number): FolderRow[] {
  if (rows.length > MAX_FOLDERS_ANSWERED) {
    const within =
      depth === 1 ? 'as children' : `within ${depth} levels: ask for a smaller maxDepth`;
    throw invalidArgument(
      `Folder ${folderId} has more than ${MAX_FOLDERS_ANSWERED} subfolders ${within}.`,
    );
  }
  return rows;
}

async function requireFolder(
  s: Services,
  apiKeyId: string,
  organizationId: string,
  folderId: string,
): Promise<FolderRow> {
  const top = await findFolder(s.db, apiKeyId, organizationId, folderId);
  if (!top) throw await missingFolder(s.db, apiKeyId, organizationId, folderId);
  return top;
}

/**
 * Extension: the folders of `folderIds` the organization has, flat. None of them is an answer
 * (an empty list), not an error: callers ask this to learn whether folders exist. A missing
 * organization is refused as for every read of it.
 */
async function foldersById(
  s: Services,
  apiKeyId: string,
  organizationId: string,
  folderIds: readonly string[],
): Promise<Folder[]> {
  const rows = await foldersByIdQuery(s.db, apiKeyId, organizationId, [...new Set(folderIds)]);
  if (rows.length === 0 && !(await organizationExists(s.db, apiKeyId, organizationId))) {
    throw unknownOrganization(organizationId);
  }
  return rows.map(folderV2);
}

/**
 * Get Folders v2: without folderId every folder of the organization, flat; with it that folder
 * with its subfolders nested maxDepth levels (1 when omitted); with `root`, the top-level folders
 * nested as deep below the top; with `folderIds` (extension), those of them that exist, flat.
 */
export async function getFoldersV2(
  s: Services,
  apiKeyId: string,
  input: z.output<typeof getFoldersRequest>,
): Promise<Folder[]> {
  const { organizationId, folderId, folderIds } = input;
  if (folderIds !== undefined) return foldersById(s, apiKeyId, organizationId, folderIds);
  if (folderId === undefined) return allFolders(s, apiKeyId, organizationId, folderV2);
  if (folderId === ROOT_FOLDER) {
    return topLevel(s, apiKeyId, organizationId, input.maxDepth ?? 1);
  }
  const top = await requireFolder(s, apiKeyId, organizationId, folderId);
  return [nestFolders(top, await subtree(s, apiKeyId, top, input.maxDepth ?? 1))];
}

/** Get Folders v1: the v1 fields only; with folderId, the folder and its children. */
export async function getFoldersV1(
  s: Services,
  apiKeyId: string,
  input: z.output<typeof getFoldersV1Request>,
): Promise<FolderV1[]> {
  const { organizationId, folderId } = input;
  if (folderId === undefined) return allFolders(s, apiKeyId, organizationId, folderV1);
  const top = await requireFolder(s, apiKeyId, organizationId, folderId);
  const below = await children(s, apiKeyId, top);
  const folder = folderV1(top);
  return [below.length > 0 ? { ...folder, subFolders: below.map(folderV1) } : folder];
}
